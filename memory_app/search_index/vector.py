"""The vector index: nearest neighbours inside one user's rows, one interface over two stores.

Both stores: each user's matrix is read once per process and kept, normalised, in a bounded LRU
(``CachedMatrixVectorIndex``); the user's index version (bumped by every write, see
``keyword.PostingsKeywordIndex._count`` and ``signals``) tells when new rows must be appended, ``vectors_version``
when it must be read again. The search is an exact product in process, the same figures on both stores.
PostgreSQL hands its users past ``CHATMEM_VECTOR_MATRIX_MAX_ITEMS`` to pgvector's HNSW index instead
(``PgVectorIndex``): the tenant/user filter in the same query and iterative scans (see
``configure_pgvector_session``), so the index never returns another user's rows and still returns as many as asked.
Searches answer the rows that pass the caller's queryset (status, expiry, privacy), or only their primary keys
(``nearest_each``). Rows found otherwise (by keyword, by rule) are read with their vector beside them
(``rows_with_vectors_each``: from the user's cached matrix once ``prepare`` has it, else the stored one), before
the query's vector is known, and compared in numpy once it is (``similarities``): the same figure on both stores."""
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from django.db import connection, transaction
from django.db.models import BinaryField, ExpressionWrapper, F, Func, QuerySet, Value
from django.db.models.functions import Cast

from ..conf import app_settings
from .queries import AnyOf, union_all
from .state import IndexState, read_index_state


def configure_pgvector_session(sender=None, connection=None, **kwargs) -> None:
    """HNSW first finds the ef_search nearest rows of the whole table and only then applies the user filter,
    so a user whose rows are not among them got fewer results than asked (seen in CI: 2 of 3). Iterative
    scans (pgvector 0.8) keep scanning until enough rows pass the filter, in exact distance order."""
    if connection is None or connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SET hnsw.iterative_scan = strict_order")
        cursor.execute("SET hnsw.ef_search = %s" % int(app_settings.HNSW_EF_SEARCH))


class VectorIndex:
    """What both stores answer. ``nearest_rows_each`` gives the nearest rows (the caller's filter and columns
    applied), ``nearest_each`` only their primary keys; ``rows_with_vectors_each`` loads rows with their vectors,
    ``similarities`` compares those with the query."""

    def prepare(self, tenant: str, user_id: str, models: list, dim: int, state: IndexState | None = None):
        """What a search of this user can do before the query's vector is known (a turn does it while the query
        is embedded), handed back to ``nearest_each`` / ``nearest_rows_each`` as ``prepared``. ``state``: the
        user's index state when the caller has read it already (see ``KeywordQuery.index_state``). Nothing here."""
        return None

    def nearest_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray,
                     prepared=None) -> list[dict[int, float]]:
        """For each (queryset, limit) of one user: up to ``limit`` primary keys -> similarity, best first."""
        raise NotImplementedError

    def nearest_rows_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray,
                          prepared=None, known: list[dict] | None = None) -> list[list[tuple[object, float]]]:
        """``nearest_each`` with the rows themselves (the queryset's columns, the vector field deferred): for each
        (queryset, limit), up to ``limit`` (row, similarity), best first. Here the winners of each search are read
        after it (one read per search that found any); PostgreSQL returns them from the search's own statement.
        ``known``: for each search, rows the caller has read already (primary key -> row, with the search's filter
        and columns), handed back instead of read again."""
        found = []
        for (queryset, _), near, read in zip(searches, self.nearest_each(searches, tenant, user_id, query_vector,
                                                                          prepared), _row_readers(searches, known)):
            rows = read(queryset.defer("embedding"), list(near)) if near else {}
            found.append([(rows[pk], similarity) for pk, similarity in near.items() if pk in rows])
        return found

    def rows_with_similarity(self, queryset: QuerySet, query_vector: np.ndarray | None,
                             known: dict[int, float] | None = None) -> list[tuple[object, float | None]]:
        """Every row of ``queryset`` (its vector not kept) with its cosine similarity to the query (see
        ``similarities``)."""
        return self.similarities(self.rows_with_vectors_each([queryset])[0], query_vector, known)

    def rows_with_vectors_each(self, querysets: list[QuerySet],
                               prepared=None) -> list[list[tuple[object, np.ndarray | None]]]:
        """The rows of several querysets of one model, each with its stored vector beside it (the field itself
        deferred, so a save never writes it), in each queryset's own order: read before the query's vector is
        known, compared with it by ``similarities`` once it is. ``prepared`` (from ``prepare``): a store that
        already holds the user's vectors hands them from there instead of reading them again."""
        return [[(row, self._decoded(row.__dict__.pop("stored_vector"))) for row in rows]
                for rows in self._read_each([queryset.annotate(stored_vector=self._stored_vector())
                                             for queryset in querysets])]

    @staticmethod
    def _read_each(querysets: list[QuerySet]) -> list[list]:
        """The rows of each queryset (the vector field deferred), in its own order."""
        return [list(queryset.defer("embedding")) for queryset in querysets]

    def _stored_vector(self):
        """The column's bytes as the store keeps them (see ``_decoded``)."""
        return ExpressionWrapper(F("embedding"), output_field=BinaryField())

    @staticmethod
    def _decoded(stored) -> np.ndarray | None:
        return None if stored is None else np.frombuffer(stored, dtype=np.float32)  # as EmbeddingField, no copy

    @staticmethod
    def similarities(rows: list[tuple[object, np.ndarray | None]], query_vector: np.ndarray | None,
                     known: dict[int, float] | None = None) -> list[tuple[object, float | None]]:
        """Cosine similarity of each (row, vector) from ``rows_with_vectors_each`` to the query, in numpy on both
        stores (the same figure for the same row on either); a row whose similarity the vector search gave
        (``known``) keeps it; None without a query vector or for a vector of another dimension."""
        if query_vector is None:
            return [(row, None) for row, _ in rows]
        known = known or {}
        query_norm = np.linalg.norm(query_vector)
        found = []
        for row, vector in rows:
            similarity = known.get(row.pk)
            if similarity is None and vector is not None and len(vector) == len(query_vector):
                # sqrt(v . v) is what np.linalg.norm computes for a vector, without its checks
                similarity = float(np.dot(vector, query_vector) / ((np.sqrt(vector.dot(vector)) * query_norm) or 1.0))
            found.append((row, similarity))
        return found

    def nearest(self, queryset: QuerySet, tenant: str, user_id: str, query_vector: np.ndarray,
                limit: int) -> list[tuple[object, float]]:
        return self.nearest_rows_each([(queryset, limit)], tenant, user_id, query_vector)[0]


def _cosine_distance(dim: int, query_vector: np.ndarray):
    from pgvector.django import CosineDistance, VectorField  # needs psycopg, which only PostgreSQL hosts have

    # The same expression as the HNSW index (pgindex.create_hnsw_indexes), or the planner cannot use it.
    return CosineDistance(Cast("embedding", VectorField(dimensions=dim)),
                          Value(_vector_text(query_vector.dtype.str, query_vector.tobytes())))


@lru_cache(maxsize=16)
def _vector_text(dtype: str, vector_bytes: bytes) -> str:
    """pgvector's text form of a vector, as CosineDistance writes it: a turn's reads send the query's vector
    several times, and writing out 384 numbers each time showed in profiles. A function of the vector alone."""
    from pgvector import Vector

    return Vector(np.frombuffer(vector_bytes, dtype=dtype).tolist()).to_text()


def _similarity(distance) -> float:
    """pgvector's distance as a similarity; a zero vector (NaN distance) is as unrelated as numpy makes it."""
    return 0.0 if math.isnan(distance) else 1.0 - float(distance)


def _read_each_in_one_statement(querysets: list[QuerySet]) -> list[list]:
    """``VectorIndex._read_each`` in one statement, a UNION ALL whose parts are tagged (PostgreSQL keeps each part's
    rows in their own order): a round trip saved per queryset."""
    if len(querysets) < 2:
        return VectorIndex._read_each(querysets)
    found: list[list] = [[] for _ in querysets]
    for row in union_all([queryset.defer("embedding").annotate(vector_read=Value(position))
                          for position, queryset in enumerate(querysets)]):
        found[row.__dict__.pop("vector_read")].append(row)
    return found


class PgVectorIndex(VectorIndex):
    def nearest_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray,
                     prepared=None) -> list[dict[int, float]]:
        """One statement for every search (a UNION ALL of one ORDER BY ... LIMIT per search, each through its
        HNSW index): a round trip per search saved, and no row read until the caller loads the winners."""
        distance = _cosine_distance(int(query_vector.shape[0]), query_vector)
        parts = [self._by_distance(queryset, tenant, user_id, query_vector, distance)
                 .annotate(vector_search=Value(position))
                 .values_list("vector_search", "pk", "vector_distance")[:limit]
                 for position, (queryset, limit) in enumerate(searches) if limit > 0]
        found: list[dict[int, float]] = [{} for _ in searches]
        if parts:
            best_first = sorted(union_all(parts), key=lambda row: (row[0], -_similarity(row[2])))
            for position, pk, vector_distance in best_first:
                found[position][pk] = _similarity(vector_distance)
        return found

    def nearest_rows_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray,
                          prepared=None, known: list[dict] | None = None) -> list[list[tuple[object, float]]]:
        """One statement per search that returns the winners' columns with their distances: reading them again by
        primary key afterwards cost a round trip and a second index lookup per row (searches of different models
        cannot share a UNION, their columns differ). The search reads its rows anyway: ``known`` saves nothing."""
        distance = _cosine_distance(int(query_vector.shape[0]), query_vector)
        found = []
        for queryset, limit in searches:
            rows = self._by_distance(queryset.defer("embedding"), tenant, user_id, query_vector, distance)[:limit] \
                if limit > 0 else []
            # best first as nearest_each sorts them (a stable sort: ties keep the index's order)
            found.append(sorted(((row, _similarity(row.__dict__.pop("vector_distance"))) for row in rows),
                                key=lambda pair: -pair[1]))
        return found

    @staticmethod
    def _by_distance(queryset: QuerySet, tenant: str, user_id: str, query_vector: np.ndarray, distance) -> QuerySet:
        """The user's rows with a vector of the query's dimension, nearest first (through the HNSW index)."""
        return (queryset.filter(tenant=tenant, user_id=user_id, embedding__isnull=False,
                                embedding_dim=int(query_vector.shape[0]))
                .annotate(vector_distance=distance).order_by("vector_distance"))

    _read_each = staticmethod(_read_each_in_one_statement)

    def _stored_vector(self):
        # pgvector's binary form: the dimension and an unused word (2 bytes each), then big-endian float4s. No
        # text to format on the server and parse here.
        return Func(F("embedding"), function="vector_send", output_field=BinaryField())

    @staticmethod
    def _decoded(stored) -> np.ndarray | None:
        return None if stored is None else np.frombuffer(stored, dtype=">f4", offset=4).astype(np.float32)


# Elements per matrix-vector product. OpenBLAS spreads a larger product over threads that spin-wait: on a busy
# 2-core server a 10,000 x 384 product took 8 ms, against 2.7 ms in one thread. A row's result is the same in
# whichever block it is computed, as long as blocks start on a multiple of BLOCK_ALIGN rows and none is smaller
# (tests/test_search_index.py checks it bit for bit): blocks give what one thread gives for the whole product.
PRODUCT_ELEMENTS = 2 ** 18
BLOCK_ALIGN = 64


def _similarities(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    rows = max(BLOCK_ALIGN, PRODUCT_ELEMENTS // max(1, matrix.shape[1]) // BLOCK_ALIGN * BLOCK_ALIGN)
    if len(matrix) <= rows:
        return matrix @ query
    bounds = [*range(0, len(matrix), rows), len(matrix)]
    if bounds[-1] - bounds[-2] < BLOCK_ALIGN:
        del bounds[-2]  # a last block of a few rows joins the one before
    return np.concatenate([matrix[start:end] @ query for start, end in zip(bounds, bounds[1:])])


def _best_first(similarities: np.ndarray, count: int) -> np.ndarray:
    """Indices of the ``count`` highest similarities, best first, without sorting all of them."""
    if count >= len(similarities):
        return np.argsort(-similarities)
    top = np.argpartition(-similarities, count)[:count]
    return top[np.argsort(-similarities[top])]


class _PrimaryKeys:
    """Reads which of the nearest rows pass the caller's filter. Keys are cheap to read: the first window is
    twice the limit, so a filter that rejects some rarely costs a second read."""

    @staticmethod
    def first_window(limit: int) -> int:
        return limit * 2

    def __call__(self, queryset: QuerySet, pks: list[int]) -> dict[int, int]:
        return {pk: pk for pk in queryset.filter(AnyOf(F("pk"), pks)).values_list("pk", flat=True)}


class _Rows(_PrimaryKeys):
    """Reads the nearest rows that pass the caller's filter, with its columns. A row costs more to read and
    build than a key, and most pass: the first window holds a quarter more than the limit. Rows the caller has
    read already (``known``: a turn's keyword hits, read while its query was embedded) are not read again: the read
    after the vector, which nothing hides, gets shorter."""

    def __init__(self, known: dict | None = None):
        self.known = known or {}

    @staticmethod
    def first_window(limit: int) -> int:
        return limit + (limit + 3) // 4

    def __call__(self, queryset: QuerySet, pks: list[int]) -> dict[int, object]:
        found = {pk: self.known[pk] for pk in pks if pk in self.known}
        missing = [pk for pk in pks if pk not in found]
        if missing:
            found.update((row.pk, row) for row in queryset.filter(AnyOf(F("pk"), missing)))
        return found


def _row_readers(searches, known: list[dict] | None) -> list[_Rows]:
    """One row reader per search, each with the rows the caller read for it already."""
    return [_Rows(rows) for rows in known or [{}] * len(searches)]


class _UserMatrix:
    __slots__ = ("version", "vectors_version", "pks", "matrix", "committed")

    def __init__(self, version: int, vectors_version: int, pks: np.ndarray, matrix: np.ndarray, committed: int):
        self.version, self.vectors_version, self.pks, self.matrix = version, vectors_version, pks, matrix
        # How many leading rows are known to be committed. Rows past them were read inside a transaction that has
        # not committed yet (after_turn reads the matrix in its write transaction): a rollback may take them back
        # and their keys may come again (SQLite), so until the commit settles them they are read again, and only
        # they: never the user's whole history.
        self.committed = committed

    def settle(self) -> None:
        self.committed = len(self.pks)

    @property
    def settled(self) -> bool:
        return self.committed == len(self.pks)

    @property
    def last_committed_pk(self) -> int:
        return int(self.pks[self.committed - 1]) if self.committed else 0

    def vector_of(self, pk: int) -> np.ndarray | None:
        """The row's normalised vector (a view into the matrix), None when the matrix has no such row (no vector,
        another dimension, or added after the state this matrix was read for). Keys are kept sorted."""
        position = int(np.searchsorted(self.pks, pk))
        return self.matrix[position] if position < len(self.pks) and self.pks[position] == pk else None


@dataclass
class PreparedSearch:
    """What ``CachedMatrixVectorIndex.prepare`` read: the user's index state (see ``state.IndexState``)
    and their matrices by model label (none for a user searched elsewhere)."""
    state: IndexState
    matrices: dict[str, _UserMatrix] = field(default_factory=dict)


class CachedMatrixVectorIndex(VectorIndex):
    """Exact cosine over a cached, normalised float32 matrix per (model, user, dimension)."""

    def __init__(self):
        self._cache: OrderedDict[tuple, _UserMatrix] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    # PostgreSQL: users past CHATMEM_VECTOR_MATRIX_MAX_ITEMS are searched here (pgvector's HNSW index); None:
    # every user from the matrix (SQLite has no index of its own to hand them to).
    larger_users: VectorIndex | None = None

    def prepare(self, tenant: str, user_id: str, models: list, dim: int,
                state: IndexState | None = None) -> PreparedSearch:
        """The user's index state (read here unless given), and their matrices of the embedder's dimension brought
        up to date (new rows appended, or a first read): a turn's vector search then reads only its winners, and
        the rows the turn reads before it take their vectors from the matrices (``rows_with_vectors_each``)."""
        state = read_index_state(tenant, user_id) if state is None else state
        prepared = PreparedSearch(state)
        if dim and not self._too_large(state):
            for model in models:
                prepared.matrices[model._meta.label] = self._matrix(model, tenant, user_id, dim, *state[:2])
        return prepared

    def rows_with_vectors_each(self, querysets: list[QuerySet],
                               prepared: PreparedSearch | None = None) -> list[list[tuple[object, np.ndarray | None]]]:
        """The vectors come from the user's cached matrix when ``prepared`` holds it: only the rows' columns are
        read (on PostgreSQL a vector is 1.5 KB on the wire, sent as hex, for every row). A matrix row is the stored
        vector normalised, so ``similarities`` gives the same cosine (to float32 rounding) on both stores."""
        matrix = prepared.matrices.get(querysets[0].model._meta.label) if prepared is not None and querysets else None
        if matrix is None:
            return super().rows_with_vectors_each(querysets)
        return [[(row, matrix.vector_of(row.pk)) for row in rows] for rows in self._read_each(querysets)]

    def nearest_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray,
                     prepared=None) -> list[dict[int, float]]:
        state = read_index_state(tenant, user_id) if prepared is None else prepared.state
        if self._too_large(state):
            return self.larger_users.nearest_each(searches, tenant, user_id, query_vector)
        found = self._search(searches, tenant, user_id, query_vector, state, [_PrimaryKeys()] * len(searches))
        return [{pk: similarity for pk, (_, similarity) in near.items()} for near in found]

    def nearest_rows_each(self, searches, tenant: str, user_id: str, query_vector: np.ndarray,
                          prepared=None, known: list[dict] | None = None) -> list[list[tuple[object, float]]]:
        """The winners' rows come from the reads that apply the caller's filter to them (one per search, deeper
        only when the filter rejects many), not read again by primary key afterwards; nor are the ``known`` ones."""
        state = read_index_state(tenant, user_id) if prepared is None else prepared.state
        if self._too_large(state):
            return self.larger_users.nearest_rows_each(searches, tenant, user_id, query_vector)
        found = self._search([(queryset.defer("embedding"), limit) for queryset, limit in searches],
                             tenant, user_id, query_vector, state, _row_readers(searches, known))
        return [list(near.values()) for near in found]

    def _too_large(self, state: IndexState) -> bool:
        return self.larger_users is not None and state.documents > int(app_settings.VECTOR_MATRIX_MAX_ITEMS)

    def _search(self, searches, tenant: str, user_id: str, query_vector: np.ndarray, state, readers) -> list[dict]:
        """``readers``: what reads each search's rows (``_PrimaryKeys`` or ``_Rows``), one per search."""
        version, vectors_version = state.version, state.vectors_version
        query = query_vector / (np.linalg.norm(query_vector) or 1.0)
        dim = int(query.shape[0])
        return [self._nearest(queryset, self._matrix(queryset.model, tenant, user_id, dim, version, vectors_version),
                              query, limit, read) for (queryset, limit), read in zip(searches, readers)]

    @staticmethod
    def _nearest(queryset: QuerySet, entry: "_UserMatrix", query: np.ndarray, limit: int, read) -> dict:
        """Up to ``limit`` primary keys -> (what ``read`` gave for it, similarity), best first."""
        if limit <= 0 or not len(entry.pks):
            return {}
        similarities = _similarities(entry.matrix, query)
        found: dict = {}
        start, batch = 0, read.first_window(limit)
        # Rows the caller's filter rejects (superseded, expired, private) are skipped: read further down.
        while len(found) < limit and start < len(similarities):
            window = _best_first(similarities, start + batch)[start:]
            passing = read(queryset, [int(pk) for pk in entry.pks[window]])
            found.update((int(entry.pks[index]), (passing[int(entry.pks[index])], float(similarities[index])))
                         for index in window if int(entry.pks[index]) in passing)
            start, batch = start + batch, batch * 4
        return dict(list(found.items())[:limit])

    def _matrix(self, model, tenant: str, user_id: str, dim: int, version: int, vectors_version: int) -> _UserMatrix:
        """The user's matrix as of ``version``. A live chat writes between every two turns: when only rows were
        added or removed since the cached matrix (``vectors_version`` unchanged), only the rows past its last
        committed key are read and appended (primary keys only grow; a removed row stays in the matrix and the
        caller's queryset drops it), so a turn does not read the user's whole history again."""
        key = (model._meta.label, tenant, user_id, dim)
        with self._lock:
            entry = self._cache.get(key)
            # Outside a transaction, rows read inside one are read again (a rollback may have taken them back).
            if entry is not None and entry.version == version and (entry.settled or connection.in_atomic_block):
                self._cache.move_to_end(key)
                return entry
        rows = model.objects.filter(tenant=tenant, user_id=user_id, embedding__isnull=False, embedding_dim=dim)
        kept = entry.committed if entry is not None and entry.vectors_version == vectors_version else 0
        # The store's own binary form of the vectors (see _stored_vector): PostgreSQL's text form would be parsed
        # number by number.
        pks, matrix = self._normalised(list((rows.filter(pk__gt=entry.last_committed_pk) if kept else rows)
                                            .annotate(stored_vector=self._stored_vector())
                                            .values_list("pk", "stored_vector")), dim)
        if kept:
            pks, matrix = np.concatenate([entry.pks[:kept], pks]), np.concatenate([entry.matrix[:kept], matrix])
        in_transaction = connection.in_atomic_block
        entry = _UserMatrix(version, vectors_version, pks, matrix, committed=kept if in_transaction else len(pks))
        if in_transaction:
            transaction.on_commit(entry.settle)
        self._store(key, entry)
        return entry

    def _normalised(self, pairs: list, dim: int) -> tuple[np.ndarray, np.ndarray]:
        """Keys and normalised vectors in key order: appended rows (keys past the last) keep it, ``vector_of``
        searches it, and both stores hold a user's rows in the same order (ties in a search then fall alike)."""
        if not pairs:
            return np.zeros(0, dtype=np.int64), np.zeros((0, dim), dtype=np.float32)
        pairs.sort(key=lambda pair: pair[0])
        matrix = np.stack([self._decoded(stored) for _, stored in pairs])
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return np.array([pk for pk, _ in pairs], dtype=np.int64), matrix / norms

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


class PgCachedMatrixVectorIndex(CachedMatrixVectorIndex):
    """PostgreSQL: users up to CHATMEM_VECTOR_MATRIX_MAX_ITEMS searched in the cached matrix as on SQLite (exact,
    in process: the HNSW statement's round trip and server time, ~2 ms a turn, saved, and the same similarities as
    SQLite's), larger ones through pgvector's HNSW index (a matrix that size costs memory in every process and a
    long first read). PostgreSQL's own reads of rows and vectors either way."""

    def __init__(self):
        super().__init__()
        self.larger_users = PgVectorIndex()

    _read_each = staticmethod(_read_each_in_one_statement)

    def _stored_vector(self):
        return self.larger_users._stored_vector()

    _decoded = staticmethod(PgVectorIndex._decoded)
