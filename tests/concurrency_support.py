"""A database that several threads and processes really share, for concurrency and fault tests.

On PostgreSQL, pytest-django's test database already is one (with ``transaction=True``). On SQLite it is an
in-memory database in shared-cache mode, where locks are per table and the busy timeout does not apply: nothing
like the file the product runs on. ``shared_database`` then copies the migrated schema into a file and points the
default connection at it for one test, in the test's thread and in every thread it starts. It yields a
DATABASE_URL a subprocess (a worker, a server) can use to reach the same data.
"""
import os
import sqlite3
import threading
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection, connections


def subprocess_database_url(base_url: str, settings_dict: dict) -> str:
    """The configured DATABASE_URL with the test database's name in place of the configured one."""
    parts = urlsplit(base_url)
    return urlunsplit(parts._replace(path="/" + settings_dict["NAME"]))


@pytest.fixture
def shared_database(transactional_db, tmp_path):
    if connection.vendor != "sqlite":
        yield subprocess_database_url(os.environ["DATABASE_URL"], connection.settings_dict)
        return
    path = tmp_path / "chatmem.sqlite3"
    connection.ensure_connection()
    copy = sqlite3.connect(path)
    connection.connection.backup(copy)  # the schema pytest-django migrated, without running migrations again
    copy.close()
    with default_database_settings(NAME=str(path)):
        yield f"sqlite:///{path}"


@contextmanager
def default_database_settings(**changes):
    """The default connection, in this thread and in every thread started meanwhile, with these settings
    changed until the block ends; then the connection the test had before is back."""
    saved_settings, saved_connection = connections.settings["default"], connections["default"]
    connections.settings["default"] = {**saved_settings, **changes}
    connections["default"] = connections.create_connection("default")
    try:
        yield
    finally:
        connections["default"].close()
        connections["default"] = saved_connection
        connections.settings["default"] = saved_settings


def run_in_threads(work, arguments: list) -> list:
    """``work(argument)`` in one thread per argument, all started together; returns results in order and
    re-raises the first exception. Each thread closes its own database connection."""
    results: list = [None] * len(arguments)
    errors: list[BaseException] = []
    start = threading.Barrier(len(arguments))

    def run(index, argument):
        try:
            start.wait()
            results[index] = work(argument)
        except BaseException as error:  # noqa: BLE001 (handed to the test below)
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, argument)) for index, argument in enumerate(arguments)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results
