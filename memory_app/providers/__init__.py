"""Embedder and LLM providers, chosen by dotted path in settings (CHATMEM_EMBEDDER, CHATMEM_LLM)."""
from functools import lru_cache

from django.utils.module_loading import import_string

from ..conf import app_settings
from .embedders import Embedder, EmbedderError


class GuardedEmbedder:
    """The configured embedder as the rest of memory_app sees it. Whatever goes wrong inside it (a custom class's
    own exception, a model that fails to load) comes out as EmbedderError, which every caller already handles by
    going on without vectors: memories are stored without one, recall falls back to keywords, and
    ``memory reembed --missing`` fills them in later. A class that failed to load is tried again on the next call."""

    def __init__(self, dotted_path: str):
        self.dotted_path = dotted_path
        self._loaded: Embedder | None = None

    def _embedder(self) -> Embedder:
        if self._loaded is None:
            try:
                self._loaded = import_string(self.dotted_path)()
            except Exception as error:
                raise EmbedderError(f"cannot load {self.dotted_path}: {type(error).__name__}: {error}") from error
        return self._loaded

    def __getattr__(self, name: str):  # name, dim, similarity_spread: the class defaults while it cannot load
        try:
            return getattr(self._embedder(), name)
        except EmbedderError:
            return getattr(Embedder, name)

    def _call(self, method: str, argument):
        try:
            return getattr(self._embedder(), method)(argument)
        except EmbedderError:
            raise
        except Exception as error:
            raise EmbedderError(f"{self.dotted_path} failed: {type(error).__name__}: {error}") from error

    def embed_queries(self, texts):
        return self._call("embed_queries", texts)

    def embed_passages(self, texts):
        return self._call("embed_passages", texts)

    def embed_query(self, text):
        return self._call("embed_query", text)

    def embed_passage(self, text):
        return self._call("embed_passage", text)


@lru_cache(maxsize=8)
def _build(dotted_path: str):
    return import_string(dotted_path)()


@lru_cache(maxsize=8)
def _guarded_embedder(dotted_path: str) -> GuardedEmbedder:
    return GuardedEmbedder(dotted_path)


def get_embedder():
    return _guarded_embedder(app_settings.EMBEDDER)


def get_llm():
    path = app_settings.LLM or (
        "memory_app.providers.llm.OpenAIChatLLM" if app_settings.llm_configured else "memory_app.providers.llm.OfflineLLM"
    )
    return _build(path)


def reset_providers():
    """Forget built providers (after settings change, e.g. in tests)."""
    _build.cache_clear()
    _guarded_embedder.cache_clear()
