"""Working memory: one-off context for the current session ("这会儿在机场等登机"), kept in the cache with a
TTL, never written to long-term storage."""
import time

from .conf import app_settings
from .redaction import redact
from .session_cache import cache


def _key(tenant: str, user_id: str, session_id: str) -> str:
    return f"chatmem:wm:{tenant}:{user_id}:{session_id}"


def replace_session_items(tenant: str, user_id: str, session_id: str, items: list[dict]) -> None:
    cache.set(_key(tenant, user_id, session_id), items, app_settings.WORKING_MEMORY_TTL_SECONDS)


def clear_session(tenant: str, user_id: str, session_id: str) -> None:
    cache.delete(_key(tenant, user_id, session_id))


def _index_key(tenant: str, user_id: str) -> str:
    return f"chatmem:wm-sessions:{tenant}:{user_id}"


def remember_for_session(tenant: str, user_id: str, session_id: str, text: str, sources: list[dict]) -> dict:
    ttl = app_settings.WORKING_MEMORY_TTL_SECONDS
    item = {"text": redact(text), "sources": sources, "at": time.time()}
    items = [entry for entry in cache.get(_key(tenant, user_id, session_id), []) if entry["text"] != item["text"]]
    items = (items + [item])[-app_settings.WORKING_MEMORY_MAX_ITEMS:]
    cache.set(_key(tenant, user_id, session_id), items, ttl)
    sessions = set(cache.get(_index_key(tenant, user_id), set())) | {session_id}
    cache.set(_index_key(tenant, user_id), sessions, ttl)
    return item


def session_items(tenant: str, user_id: str, session_id: str) -> list[dict]:
    return list(cache.get(_key(tenant, user_id, session_id), []))


def user_session_items(tenant: str, user_id: str) -> dict[str, list[dict]]:
    """Every live session's one-off items of a user (forgetting looks through all of them)."""
    return {session_id: session_items(tenant, user_id, session_id)
            for session_id in cache.get(_index_key(tenant, user_id), set())}


def clear_user_working_memory(tenant: str, user_id: str) -> None:
    for session_id in cache.get(_index_key(tenant, user_id), set()):
        cache.delete(_key(tenant, user_id, session_id))
    cache.delete(_index_key(tenant, user_id))
