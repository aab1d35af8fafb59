"""One embedding column for every database: pgvector's ``vector`` on PostgreSQL, float32 bytes elsewhere."""
import numpy as np
from django.db import models
from pgvector import Vector  # the codec only: pgvector.django would import django.contrib.postgres, hence psycopg


class EmbeddingField(models.Field):
    """Holds a 1-d float32 numpy array (or None).

    The column has no fixed dimension so that a change of embedder needs no schema change; the HNSW index
    on PostgreSQL is built on a cast to the configured dimension (see migration 0002 and ``reembed``).
    A plain Field rather than pgvector's VectorField, so that a host on SQLite needs no PostgreSQL driver.
    """

    description = "Embedding vector"
    empty_strings_allowed = False

    def db_type(self, connection):
        if connection.vendor == "postgresql":
            return "vector"
        return connection.data_types["BinaryField"] % {}

    def get_db_prep_value(self, value, connection, prepared=False):
        if value is None:
            return None
        vector = np.asarray(value, dtype=np.float32)
        if connection.vendor == "postgresql":
            return Vector._to_db(vector)
        return vector.tobytes()

    def from_db_value(self, value, expression, connection):
        return self.to_python(value)

    def to_python(self, value):
        if value is None or isinstance(value, np.ndarray):
            return value
        if isinstance(value, (bytes, bytearray, memoryview)):
            return np.frombuffer(bytes(value), dtype=np.float32).copy()
        if isinstance(value, str):  # PostgreSQL's text form, "[0.1,0.2,...]"
            value = Vector._from_db(value)
        return np.asarray(value, dtype=np.float32)

    def value_to_string(self, obj):
        return ""
