"""Optional encryption at rest of high-sensitivity values (Fernet; keys from CHATMEM_ENCRYPTION_KEYS,
newest first).

Rotation: prepend a new key, run ``manage.py memory_maintenance rotate-keys`` (re-encrypts every sealed
row with the newest key, and seals high-sensitivity rows written before encryption was switched on),
then drop the old key from the setting.
"""
from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from .conf import app_settings

_PREFIX = "enc:v1:"
UNREADABLE = "[encrypted]"  # shown when no configured key opens a value


class EncryptionKeyError(ValueError):
    """CHATMEM_ENCRYPTION_KEYS holds something that is not a Fernet key."""


def _keys() -> list[str]:
    raw = app_settings.ENCRYPTION_KEYS
    if isinstance(raw, (list, tuple)):
        return [key for key in raw if key]
    return [key.strip() for key in (raw or "").split(",") if key.strip()]


def _fernets() -> list[Fernet]:
    """The configured keys as Fernets, newest first; a clear error (without the key) for a bad one."""
    fernets = []
    for position, key in enumerate(_keys(), start=1):
        try:
            fernets.append(Fernet(key.encode() if isinstance(key, str) else key))
        except (ValueError, TypeError) as error:
            raise EncryptionKeyError(
                f"CHATMEM_ENCRYPTION_KEYS: key #{position} is not a valid Fernet key "
                "(32 url-safe base64-encoded bytes; make one with Fernet.generate_key())") from error
    return fernets


def _fernet() -> MultiFernet | None:
    fernets = _fernets()
    return MultiFernet(fernets) if fernets else None


def check_keys() -> None:
    """Raise ``EncryptionKeyError`` now rather than halfway through a job."""
    _fernets()


def encryption_enabled() -> bool:
    return bool(_keys())


def is_sealed_text(stored: str) -> bool:
    return bool(stored) and stored.startswith(_PREFIX)


def _encrypt(fernet: MultiFernet, plain: str) -> str:
    return _PREFIX + fernet.encrypt(plain.encode()).decode()


def _decrypt(stored: str) -> str:
    if not is_sealed_text(stored):
        return stored  # written before encryption was on, or edited in place since: plain already
    fernet = _fernet()
    if fernet is None:
        return UNREADABLE
    try:
        return fernet.decrypt(stored[len(_PREFIX):].encode()).decode()
    except InvalidToken:
        return UNREADABLE


def seal(memory) -> None:
    """Encrypt value and text of a high-sensitivity memory in place, when a key is configured.

    Each field is checked on its own (not the ``is_encrypted`` flag) because an edit may have put a
    new plain value into a row that was sealed before."""
    if memory.sensitivity != "high" or not encryption_enabled():
        return
    fernet = _fernet()
    if not is_sealed_text(memory.value):
        memory.value = _encrypt(fernet, memory.value)
    if not is_sealed_text(memory.text):
        memory.text = _encrypt(fernet, memory.text)
    memory.is_encrypted = True


def reveal_value(memory) -> str:
    return _decrypt(memory.value) if memory.is_encrypted else memory.value


def reveal_text(memory) -> str:
    return _decrypt(memory.text) if memory.is_encrypted else memory.text


def rotate(memory) -> bool:
    """Re-encrypt with the newest key; True when the row changed (False when it already is under the
    newest key, so rotation can run routinely). Raises ``InvalidToken`` when no configured key opens
    the row (the caller reports it and leaves the row alone)."""
    fernets = _fernets()
    if not fernets or not memory.is_encrypted:
        return False
    newest, every_key = fernets[0], MultiFernet(fernets)
    changed = False
    for field in ("value", "text"):
        stored = getattr(memory, field)
        if not is_sealed_text(stored):
            setattr(memory, field, _encrypt(every_key, stored))
            changed = True
            continue
        token = stored[len(_PREFIX):].encode()
        try:
            newest.decrypt(token)
            continue  # already under the newest key
        except InvalidToken:
            pass
        setattr(memory, field, _PREFIX + every_key.rotate(token).decode())
        changed = True
    return changed
