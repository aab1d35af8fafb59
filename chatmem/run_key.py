"""A signing key for tools that run Django but serve nobody past their own run (benchmarks, calibration, the load
test's stack): chatmem/settings.py refuses to start with DEBUG off and no SECRET_KEY, and DEBUG would log every
query and change what they measure."""
import os
import secrets


def ensure_secret_key() -> str:
    """The SECRET_KEY of the environment, or a random one made now and put there (child processes inherit it)."""
    return os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
