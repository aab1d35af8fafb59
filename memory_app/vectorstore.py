"""Nearest neighbours for one user's rows, one interface over two stores.

PostgreSQL: pgvector cosine distance in SQL, the tenant/user filter in the same WHERE clause, so the HNSW
index (built on the configured dimension) never sees another user's rows. Elsewhere: the user's active
vectors are read as float32 bytes and scored with numpy.
"""
import numpy as np
from django.db import connection
from django.db.models import QuerySet
from django.db.models.functions import Cast

from .conf import app_settings


def configure_pgvector_session(sender=None, connection=None, **kwargs) -> None:
    """HNSW first finds the ef_search nearest rows of the whole table and only then applies the user filter,
    so a user whose rows are not among them got fewer results than asked (seen in CI: 2 of 3). Iterative
    scans (pgvector 0.8) keep scanning until enough rows pass the filter, in exact distance order."""
    if connection is None or connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SET hnsw.iterative_scan = strict_order")
        cursor.execute("SET hnsw.ef_search = %s" % int(app_settings.HNSW_EF_SEARCH))


def nearest(queryset: QuerySet, query_vector: np.ndarray, limit: int) -> list[tuple[object, float]]:
    """Rows of ``queryset`` (already scoped to one tenant and user) closest to ``query_vector``, with
    cosine similarity in [-1, 1], best first."""
    if query_vector is None or limit <= 0:
        return []
    query_vector = np.asarray(query_vector, dtype=np.float32)
    dim = int(query_vector.shape[0])
    queryset = queryset.filter(embedding__isnull=False, embedding_dim=dim)
    if connection.vendor == "postgresql":
        from pgvector.django import CosineDistance, VectorField  # needs psycopg, which only PostgreSQL hosts have

        distance = CosineDistance(Cast("embedding", VectorField(dimensions=dim)), query_vector.tolist())
        rows = list(queryset.annotate(distance=distance).order_by("distance")[:limit])
        return [(row, 1.0 - float(row.distance)) for row in rows]
    # Score every vector of the user, then load only the winners as rows (building thousands of model
    # instances per query cost more than the arithmetic).
    pairs = list(queryset.values_list("pk", "embedding"))
    if not pairs:
        return []
    ids = [pk for pk, _ in pairs]
    matrix = np.stack([vector for _, vector in pairs])
    norms = np.linalg.norm(matrix, axis=1) * (np.linalg.norm(query_vector) or 1.0)
    norms[norms == 0] = 1.0
    similarities = matrix @ query_vector / norms
    order = np.argsort(-similarities)[:limit]
    winners = queryset.model.objects.in_bulk([ids[index] for index in order])
    return [(winners[ids[index]], float(similarities[index])) for index in order if ids[index] in winners]
