"""One place that retries a short write transaction when the database says "not now, try again".

What counts as "try again":
- SQLite: the write lock was still held after the busy timeout ("database is locked").
- PostgreSQL: a deadlock, a serialization failure or a lock that could not be taken (SQLSTATE 40P01, 40001, 55P03).
- With ``conflicts=True``, also a unique constraint lost to a concurrent writer: the work re-reads what the winner
  committed and merges into it (two turns of one user stating the same new fact at the same moment).

Each attempt runs in its own transaction, so a failed attempt leaves nothing behind; keep the work short (on SQLite
it holds the one write lock). Inside a caller's transaction the attempt is a savepoint and is not repeated: the
caller's transaction is what was refused, and only its owner can start it again.
"""
import logging
import random
import time
from collections.abc import Callable
from typing import TypeVar

from django.db import IntegrityError, OperationalError, connection, transaction

from .conf import app_settings

logger = logging.getLogger(__name__)
T = TypeVar("T")

_SQLITE_BUSY_WORDS = ("database is locked", "database table is locked", "database is busy")
_POSTGRES_TRY_AGAIN = {"40P01", "40001", "55P03"}  # deadlock, serialization failure, lock not available
_UNIQUE_VIOLATION = "23505"


def _sqlstate(error: Exception) -> str:
    return getattr(error.__cause__, "sqlstate", None) or ""


def is_busy(error: Exception) -> bool:
    """The database was busy with another writer: the same work may succeed a moment later."""
    if not isinstance(error, OperationalError):
        return False
    return _sqlstate(error) in _POSTGRES_TRY_AGAIN or any(word in str(error).lower() for word in _SQLITE_BUSY_WORDS)


def is_lost_race(error: Exception) -> bool:
    """A unique constraint failed because a concurrent transaction inserted the same row first."""
    if not isinstance(error, IntegrityError):
        return False
    return _sqlstate(error) == _UNIQUE_VIOLATION or "unique constraint failed" in str(error).lower()


def retry_on_busy(work: Callable[[], T], *, what: str, conflicts: bool = False) -> T:
    """Run ``work()`` in a transaction; when the database was busy (or, with ``conflicts``, a concurrent writer won a unique
    race), wait a little — doubling each time, with jitter so that the losers do not collide again — and run
    it again, up to CHATMEM_DB_RETRY_ATTEMPTS times in all."""
    attempts = max(1, int(app_settings.DB_RETRY_ATTEMPTS))
    if connection.in_atomic_block:
        attempts = 1
    delay = float(app_settings.DB_RETRY_BASE_DELAY_SECONDS)
    for attempt in range(1, attempts + 1):
        try:
            with transaction.atomic():
                return work()
        except (OperationalError, IntegrityError) as error:
            retriable = is_busy(error) or (conflicts and is_lost_race(error))
            if not retriable or attempt == attempts:
                raise
            logger.info("%s: database busy (%s); attempt %d of %d", what, type(error).__name__, attempt, attempts)
            time.sleep(delay * (0.5 + random.random()))  # noqa: S311 (jitter, not cryptography)
            delay *= 2
    raise AssertionError("unreachable")
