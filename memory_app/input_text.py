"""Text every database can store, checked where it comes in (REST, websocket, the service facade).

Two things pass Python's ``str`` but no table: a NUL character (PostgreSQL refuses it in text) and an unpaired
surrogate ("\\ud800", which JSON can spell but UTF-8 cannot encode, so SQLite and PostgreSQL both refuse it).
Refused with a reason the caller can act on, never stored in part.
"""
import re

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def unstorable_reason(text: str) -> str:
    """Why ``text`` cannot be stored as it is, or ""."""
    found = _UNSTORABLE.search(text or "")
    if found is None:
        return ""
    if found.group() == "\x00":
        return "contains a NUL character (\\u0000)"
    return f"contains an unpaired surrogate (\\u{ord(found.group()):04x}), which is not valid Unicode text"


def storable(text: str) -> str:
    """``text`` unchanged, or ValueError (what pydantic validators and the service turn into a 4xx)."""
    reason = unstorable_reason(text)
    if reason:
        raise ValueError(reason)
    return text
