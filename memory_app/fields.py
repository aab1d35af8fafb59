"""One embedding column for every database: pgvector's ``vector`` on PostgreSQL, float32 bytes elsewhere."""
import numpy as np
from pgvector.django import VectorField


class EmbeddingField(VectorField):
    """Holds a 1-d float32 numpy array (or None).

    The column has no fixed dimension so that a change of embedder needs no schema change; the HNSW index
    on PostgreSQL is built on a cast to the configured dimension (see migration 0002 and ``reembed``).
    """

    def db_type(self, connection):
        if connection.vendor == "postgresql":
            return "vector"
        return connection.data_types["BinaryField"] % {}

    def get_db_prep_value(self, value, connection, prepared=False):
        if value is None:
            return None
        if connection.vendor == "postgresql":
            return super().get_db_prep_value(list(np.asarray(value, dtype=np.float32)), connection, prepared)
        return np.asarray(value, dtype=np.float32).tobytes()

    def from_db_value(self, value, expression, connection):
        if value is None:
            return None
        if isinstance(value, (bytes, bytearray, memoryview)):
            return np.frombuffer(bytes(value), dtype=np.float32).copy()
        return np.asarray(super().from_db_value(value, expression, connection), dtype=np.float32)

    def to_python(self, value):
        if value is None or isinstance(value, np.ndarray):
            return value
        if isinstance(value, (bytes, bytearray, memoryview)):
            return np.frombuffer(bytes(value), dtype=np.float32).copy()
        return np.asarray(super().to_python(value), dtype=np.float32)

    def value_to_string(self, obj):
        return ""
