"""The vector index: nearest neighbours inside one user's rows, one interface over two stores.

PostgreSQL: pgvector's HNSW index, the tenant/user filter in the same query and iterative scans (see
``configure_pgvector_session``), so the index never returns another user's rows and
still returns as many as asked. SQLite: each user's matrix is read once per process and kept, normalised, in
a bounded LRU; the user's index version (bumped by every write, see ``keyword.PostingsKeywordIndex._count``
and ``signals``) tells when it must be read again. The winners are then loaded through the caller's
queryset, which applies status, expiry and privacy."""
import threading
from collections import OrderedDict

import numpy as np
from django.db.models import QuerySet
from django.db.models.functions import Cast

from ..conf import app_settings
from ..models import SearchIndexState


def configure_pgvector_session(sender=None, connection=None, **kwargs) -> None:
    """HNSW first finds the ef_search nearest rows of the whole table and only then applies the user filter,
    so a user whose rows are not among them got fewer results than asked (seen in CI: 2 of 3). Iterative
    scans (pgvector 0.8) keep scanning until enough rows pass the filter, in exact distance order."""
    if connection is None or connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SET hnsw.iterative_scan = strict_order")
        cursor.execute("SET hnsw.ef_search = %s" % int(app_settings.HNSW_EF_SEARCH))


class PgVectorIndex:
    def nearest_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray) -> list[list]:
        """``nearest`` for several (queryset, limit) pairs of one user."""
        return [self.nearest(queryset, tenant, user_id, query_vector, limit) for queryset, limit in searches]

    def nearest(self, queryset: QuerySet, tenant: str, user_id: str, query_vector: np.ndarray,
                limit: int) -> list[tuple[object, float]]:
        from pgvector.django import CosineDistance, VectorField  # needs psycopg, which only PostgreSQL hosts have

        dim = int(query_vector.shape[0])
        queryset = queryset.filter(tenant=tenant, user_id=user_id, embedding__isnull=False, embedding_dim=dim)
        distance = CosineDistance(Cast("embedding", VectorField(dimensions=dim)), query_vector.tolist())
        rows = list(queryset.defer("embedding").annotate(distance=distance).order_by("distance")[:limit])
        return [(row, 1.0 - float(row.distance)) for row in rows]


def _best_first(similarities: np.ndarray, count: int) -> np.ndarray:
    """Indices of the ``count`` highest similarities, best first, without sorting all of them."""
    if count >= len(similarities):
        return np.argsort(-similarities)
    top = np.argpartition(-similarities, count)[:count]
    return top[np.argsort(-similarities[top])]


class _UserMatrix:
    __slots__ = ("version", "pks", "matrix")

    def __init__(self, version: int, pks: np.ndarray, matrix: np.ndarray):
        self.version, self.pks, self.matrix = version, pks, matrix


class CachedMatrixVectorIndex:
    """Exact cosine over a cached, normalised float32 matrix per (model, user, dimension)."""

    def __init__(self):
        self._cache: OrderedDict[tuple, _UserMatrix] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def nearest(self, queryset: QuerySet, tenant: str, user_id: str, query_vector: np.ndarray,
                limit: int) -> list[tuple[object, float]]:
        return self.nearest_each([(queryset, limit)], tenant, user_id, query_vector)[0]

    def nearest_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray) -> list[list]:
        """``nearest`` for several (queryset, limit) pairs of one user, reading the user's version once."""
        version = SearchIndexState.objects.filter(tenant=tenant, user_id=user_id).values_list(
            "version", flat=True).first() or 0
        query = query_vector / (np.linalg.norm(query_vector) or 1.0)
        return [self._nearest(queryset, self._matrix(queryset.model, tenant, user_id, int(query.shape[0]), version),
                              query, limit) for queryset, limit in searches]

    @staticmethod
    def _nearest(queryset: QuerySet, entry: "_UserMatrix", query: np.ndarray, limit: int) -> list[tuple[object, float]]:
        if limit <= 0 or not len(entry.pks):
            return []
        similarities = entry.matrix @ query
        results: list[tuple[object, float]] = []
        start, batch = 0, limit * 2
        # Rows the caller's filter rejects (superseded, expired, private) are skipped: read further down.
        while len(results) < limit and start < len(similarities):
            window = _best_first(similarities, start + batch)[start:]
            rows = queryset.defer("embedding").in_bulk([int(pk) for pk in entry.pks[window]])
            results.extend((rows[int(entry.pks[index])], float(similarities[index]))
                           for index in window if int(entry.pks[index]) in rows)
            start, batch = start + batch, batch * 4
        return results[:limit]

    def _matrix(self, model, tenant: str, user_id: str, dim: int, version: int) -> _UserMatrix:
        key = (model._meta.label, tenant, user_id, dim)
        with self._lock:
            entry = self._cache.get(key)
            if entry is not None and entry.version == version:
                self._cache.move_to_end(key)
                return entry
        pairs = list(model.objects.filter(tenant=tenant, user_id=user_id, embedding__isnull=False,
                                          embedding_dim=dim).values_list("pk", "embedding"))
        if pairs:
            matrix = np.stack([np.asarray(vector, dtype=np.float32) for _, vector in pairs])
            norms = np.linalg.norm(matrix, axis=1, keepdims=True)
            norms[norms == 0] = 1.0
            entry = _UserMatrix(version, np.array([pk for pk, _ in pairs], dtype=np.int64), matrix / norms)
        else:
            entry = _UserMatrix(version, np.zeros(0, dtype=np.int64), np.zeros((0, dim), dtype=np.float32))
        self._store(key, entry)
        return entry

    def _store(self, key, entry: _UserMatrix) -> None:
        budget = int(app_settings.VECTOR_CACHE_MB) * 1024 * 1024
        with self._lock:
            old = self._cache.pop(key, None)
            self._bytes -= old.matrix.nbytes if old is not None else 0
            self._cache[key] = entry
            self._bytes += entry.matrix.nbytes
            while self._bytes > budget and len(self._cache) > 1:
                _, evicted = self._cache.popitem(last=False)
                self._bytes -= evicted.matrix.nbytes

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._bytes = 0
