"""The demo as `make run` serves it (migrate, demo_setup, the daphne-backed runserver), in a subprocess on a
free 127.0.0.1 port, against a database of its own: a SQLite file, or a fresh database on the PostgreSQL
that DATABASE_URL points at (the suite's PostgreSQL run)."""
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlsplit

PROJECT_DIR = Path(__file__).resolve().parents[2]
STARTUP_WAIT_SECONDS = 120  # a guard against a server that never comes up, not a timing assert


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ThrowawayDatabase:
    """A database only this server uses, dropped afterwards."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.admin_url = os.environ.get("DATABASE_URL", "")
        self.name = f"chatmem_e2e_{uuid.uuid4().hex[:10]}"
        self.on_postgres = self.admin_url.startswith(("postgres://", "postgresql://"))

    @property
    def url(self) -> str:
        if not self.on_postgres:
            return f"sqlite:///{self.folder / 'e2e.sqlite3'}"
        return urlsplit(self.admin_url)._replace(path=f"/{self.name}").geturl()

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:  # libpq reads the URL as it is
            connection.execute(sql)

    def create(self) -> None:
        if self.on_postgres:
            self._admin(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        if self.on_postgres:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class DemoServer:
    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.database = ThrowawayDatabase(folder)
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen | None = None
        self.env = {name: value for name, value in os.environ.items()
                    if not name.startswith(("OPENAI_", "CHATMEM_", "DJANGO_"))}  # offline, default settings
        self.env.update(DATABASE_URL=self.database.url, CHATMEM_VAR_DIR=str(folder / "var"), DEBUG="true",
                        DJANGO_SETTINGS_MODULE="chatmem.settings", PYTHONUNBUFFERED="1",
                        ALLOWED_HOSTS="127.0.0.1,localhost",
                        CSRF_TRUSTED_ORIGINS=self.base_url)

    def manage(self, *args: str) -> str:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=PROJECT_DIR, env=self.env,
                                capture_output=True, text=True, check=False)
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def prepare(self) -> str:
        """What `make run` does before serving; returns demo_setup's sign-in instructions."""
        self.database.create()
        self.manage("migrate", "--noinput")
        return self.manage("demo_setup")

    def start(self) -> None:
        log = self.log_path.open("a")
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload"],
            cwd=PROJECT_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + STARTUP_WAIT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the demo server exited:\n{self.log()}")
            try:
                urllib.request.urlopen(f"{self.base_url}/accounts/login/", timeout=5)
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        raise RuntimeError(f"the demo server did not answer:\n{self.log()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def close(self) -> None:
        self.stop()
        self.database.drop()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:] if self.log_path.exists() else ""
