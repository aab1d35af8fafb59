"""The host's adapter (the pattern of django-allauth's adapters): one class, named by dotted path in
``CHATMEM_ADAPTER``, that memory asks where the host has a say.

    # host/adapters.py
    from memory_app.adapter import MemoryAdapter

    class HostMemoryAdapter(MemoryAdapter):
        def user_id_for(self, user):
            return user.profile.public_id          # chatmem's user id for the host's own user model

        def pre_write(self, *, tenant, user_id, candidate):
            if candidate.key.startswith("work."):
                return None                          # veto: this product does not keep work details
            return candidate                         # or an edited copy: dataclasses.replace(candidate, ...)

    # settings.py
    CHATMEM_ADAPTER = "host.adapters.HostMemoryAdapter"
"""
from functools import lru_cache

from django.utils.module_loading import import_string

from .candidates import MemoryCandidate
from .conf import app_settings


class MemoryAdapter:
    """The defaults: a Django user is known to memory by its primary key, in the default tenant, and every
    validated write is stored as extracted."""

    def user_id_for(self, user) -> str:
        """chatmem's user id for one of the host's users (the signed-in user of the REST API and the demo)."""
        return str(user.pk)

    def tenant_for(self, user) -> str:
        """The tenant a signed-in user's memory lives in (service tokens are bound to their own tenant)."""
        return app_settings.DEFAULT_TENANT

    def pre_write(self, *, tenant: str, user_id: str, candidate: MemoryCandidate) -> MemoryCandidate | None:
        """Called for each memory a turn is about to store (after validation, before merging), inside the turn's
        transaction: keep it quick. Return the candidate, an edited copy, or None to veto the write (the turn's
        outcome lists it as dropped). Values are redacted again when stored, whatever is returned."""
        return candidate


@lru_cache(maxsize=4)
def _adapter(dotted_path: str) -> MemoryAdapter:
    return import_string(dotted_path)()


def get_adapter() -> MemoryAdapter:
    return _adapter(app_settings.ADAPTER)
