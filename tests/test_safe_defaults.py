"""Safe defaults (issue 11, item 6), each through ``manage.py`` in a fresh process with the environment a person
would give it: DEBUG is off unless DEBUG=1; with DEBUG off a missing or public SECRET_KEY stops the start with one
line that says what to do; production-like values pass ``check --deploy`` without a warning; the demo's assets are
served with DEBUG off."""
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from chatmem.settings import PUBLIC_DEV_SECRET_KEY

ROOT = Path(__file__).resolve().parent.parent
# Left out of the child's environment: every setting this test decides, and the test run's own choices.
DECIDED = ("DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "HTTPS",
           "SECURE_", "SESSION_COOKIE_", "CSRF_COOKIE_", "BEHIND_TLS_PROXY", "DATABASE_URL", "REDIS_URL")


def manage(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    child_env = {name: value for name, value in os.environ.items() if not name.startswith(DECIDED)}
    child_env.update(DJANGO_SETTINGS_MODULE="chatmem.settings", CHATMEM_VAR_DIR=str(tmp_path), **env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=child_env, capture_output=True,
                          text=True, timeout=300)


def debug_of(tmp_path, **env) -> str:
    result = manage(tmp_path, "shell", "-c", "from django.conf import settings; print(settings.DEBUG)", **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]  # after the shell's own note on what it imported


def test_debug_is_off_unless_asked_for(tmp_path):
    key = secrets.token_urlsafe(50)
    assert debug_of(tmp_path, SECRET_KEY=key) == "False"
    assert debug_of(tmp_path, SECRET_KEY=key, DEBUG="0") == "False"
    assert debug_of(tmp_path, DEBUG="1") == "True", "make run's DEBUG=1 needs no key of its own"


@pytest.mark.parametrize("key", [None, "", PUBLIC_DEV_SECRET_KEY])
def test_without_a_real_secret_key_the_start_stops_with_one_clear_line(tmp_path, key):
    result = manage(tmp_path, "check", **({} if key is None else {"SECRET_KEY": key}))
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("chatmem: SECRET_KEY is missing or is the public development key") and "DEBUG=1" in line
    assert "Traceback" not in result.stderr


def test_check_deploy_is_clean_with_production_values(tmp_path):
    result = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING",
                    SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="chat.example.com", HTTPS="1",
                    CSRF_TRUSTED_ORIGINS="https://chat.example.com", BEHIND_TLS_PROXY="1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "System check identified no issues (0 silenced)."
    assert result.stderr == ""


def test_check_deploy_names_what_a_plain_http_setup_lacks(tmp_path):
    """The check is real: without HTTPS=1 it lists the settings to change."""
    result = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", SECRET_KEY=secrets.token_urlsafe(50))
    assert result.returncode == 1
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr, warning


@pytest.mark.django_db
def test_the_demo_assets_are_served_with_debug_off(settings):
    assert settings.DEBUG is False  # as in production (pytest-django runs with DEBUG off)
    response = Client().get("/static/chat_app/inspector.js")
    assert response.status_code == 200
    assert b"describeForgotten" in b"".join(response.streaming_content)
