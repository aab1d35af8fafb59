"""HNSW index management for the pgvector columns (PostgreSQL only)."""

VECTOR_TABLES = ("memory_app_memory", "memory_app_snippet")


def create_hnsw_indexes(connection, dim: int) -> None:
    with connection.cursor() as cursor:
        for table in VECTOR_TABLES:
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {table}_embedding_hnsw_{dim} ON {table} "
                f"USING hnsw ((embedding::vector({dim})) vector_cosine_ops) WHERE embedding_dim = {dim}"
            )


def _hnsw_index_names(cursor, table: str) -> list[str]:
    cursor.execute(
        "SELECT indexname FROM pg_indexes WHERE tablename = %s AND indexname LIKE %s",
        [table, f"{table}_embedding_hnsw_%"],
    )
    return [name for (name,) in cursor.fetchall()]


def drop_hnsw_indexes(connection) -> None:
    with connection.cursor() as cursor:
        for table in VECTOR_TABLES:
            for name in _hnsw_index_names(cursor, table):
                cursor.execute(f"DROP INDEX IF EXISTS {name}")


def existing_hnsw_dims(connection) -> set[int]:
    """The dimensions the current HNSW indexes are built for (the number ends each index name)."""
    with connection.cursor() as cursor:
        suffixes = [name.rsplit("_", 1)[1] for table in VECTOR_TABLES for name in _hnsw_index_names(cursor, table)]
    return {int(suffix) for suffix in suffixes if suffix.isdigit()}
