"""Optional encryption at rest of high-sensitivity values (Fernet; keys from CHATMEM_ENCRYPTION_KEYS,
newest first, so rotation is: prepend a new key, run ``memory rotate-keys``, drop the old key)."""
from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from .conf import app_settings

_PREFIX = "enc:v1:"


def _keys() -> list[str]:
    raw = app_settings.ENCRYPTION_KEYS
    if isinstance(raw, (list, tuple)):
        return [key for key in raw if key]
    return [key.strip() for key in (raw or "").split(",") if key.strip()]


def _fernet() -> MultiFernet | None:
    keys = _keys()
    return MultiFernet([Fernet(key.encode()) for key in keys]) if keys else None


def encryption_enabled() -> bool:
    return bool(_keys())


def _encrypt(plain: str) -> str:
    return _PREFIX + _fernet().encrypt(plain.encode()).decode()


def _decrypt(stored: str) -> str:
    fernet = _fernet()
    if fernet is None or not stored.startswith(_PREFIX):
        return stored
    try:
        return fernet.decrypt(stored[len(_PREFIX):].encode()).decode()
    except InvalidToken:
        return "[encrypted]"


def seal(memory) -> None:
    """Encrypt value and text of a high-sensitivity memory in place, when a key is configured."""
    if memory.sensitivity != "high" or not encryption_enabled() or memory.is_encrypted:
        return
    memory.value, memory.text = _encrypt(memory.value), _encrypt(memory.text)
    memory.is_encrypted = True


def reveal_value(memory) -> str:
    return _decrypt(memory.value) if memory.is_encrypted else memory.value


def reveal_text(memory) -> str:
    return _decrypt(memory.text) if memory.is_encrypted else memory.text


def rotate(memory) -> bool:
    """Re-encrypt with the newest key; True when the row changed."""
    fernet = _fernet()
    if fernet is None or not memory.is_encrypted:
        return False
    memory.value = _PREFIX + fernet.rotate(memory.value[len(_PREFIX):].encode()).decode()
    memory.text = _PREFIX + fernet.rotate(memory.text[len(_PREFIX):].encode()).decode()
    return True
