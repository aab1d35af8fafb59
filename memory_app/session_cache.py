"""The cache that holds per-session state (working memory, the question asked last), tolerant of an outage.

With REDIS_URL set the cache is Redis, shared by every process. When Redis is down, that state is lost for a
while, which is what a cache with a TTL allows anyway: a read is a miss and a write is skipped, so the turn goes on
with long-term memory (in the database) only. ``cache_problem`` tells the demo whether to say so.
"""
import logging

from django.core.cache import cache as django_cache

logger = logging.getLogger(__name__)
PROBE_KEY = "chatmem:probe"


class _State:
    down = False


def _failed(operation: str, error: Exception) -> None:
    if not _State.down:  # once per outage, not once per call
        logger.warning("cache unavailable (%s: %s); session state is skipped until it returns",
                       operation, type(error).__name__)
    _State.down = True


def _worked() -> None:
    if _State.down:
        logger.warning("cache available again")
    _State.down = False


class TolerantCache:
    """The default cache's get, set and delete; an outage is a miss or a skipped write, never an exception."""

    def get(self, key: str, default=None):
        try:
            value = django_cache.get(key, default)
        except Exception as error:  # any backend's connection error: Redis, memcached, a database cache
            _failed("get", error)
            return default
        _worked()
        return value

    def set(self, key: str, value, timeout=None) -> None:
        try:
            django_cache.set(key, value, timeout)
        except Exception as error:
            _failed("set", error)
            return
        _worked()

    def delete(self, key: str) -> None:
        try:
            django_cache.delete(key)
        except Exception as error:
            _failed("delete", error)
            return
        _worked()


cache = TolerantCache()


def cache_problem() -> str:
    """Empty when the cache answers; otherwise what went wrong, in a few words (asks the cache once)."""
    try:
        django_cache.get(PROBE_KEY)
    except Exception as error:
        _failed("probe", error)
        return f"{type(error).__name__}: {error}"[:200]
    _worked()
    return ""
