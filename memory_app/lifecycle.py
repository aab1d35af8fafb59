"""Memory lifecycle policy: expiry by kind and sensitivity."""
from datetime import timedelta

from .conf import app_settings


def expiry_for(memory):
    """The earliest of the TTLs that apply to this memory's kind and sensitivity (None: keeps)."""
    days = [
        app_settings.TTL_DAYS_BY_KIND.get(memory.kind),
        app_settings.TTL_DAYS_BY_SENSITIVITY.get(memory.sensitivity),
    ]
    days = [value for value in days if value]
    if not days:
        return None
    return memory.observed_at + timedelta(days=min(days))
