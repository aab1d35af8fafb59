"""Embedder and LLM providers, chosen by dotted path in settings (CHATMEM_EMBEDDER, CHATMEM_LLM)."""
from functools import lru_cache

from django.utils.module_loading import import_string

from ..conf import app_settings


@lru_cache(maxsize=8)
def _build(dotted_path: str):
    return import_string(dotted_path)()


def get_embedder():
    return _build(app_settings.EMBEDDER)


def get_llm():
    path = app_settings.LLM or (
        "memory_app.providers.llm.OpenAIChatLLM" if app_settings.llm_configured else "memory_app.providers.llm.OfflineLLM"
    )
    return _build(path)


def reset_providers():
    """Forget built providers (after settings change, e.g. in tests)."""
    _build.cache_clear()
