"""Embedding memories and snippets, tolerant of a failing embedder (the row is stored without a vector
and ``reembed --missing`` or the next retry fills it in)."""
import logging

import numpy as np

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


def embed_query_safely(text: str) -> np.ndarray | None:
    try:
        return get_embedder().embed_query(text)
    except EmbedderError as error:
        logger.warning("query embedding skipped, keyword recall only: %s", error)
        return None


def apply_embedding(row, text: str) -> None:
    """Set a Memory's or Snippet's vector fields in memory (the caller saves)."""
    (vector,), model_name = embed_passages_safely([text])
    row.embedding = vector
    row.embedding_model = model_name if vector is not None else ""
    row.embedding_dim = int(vector.shape[0]) if vector is not None else None
