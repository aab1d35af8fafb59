"""HNSW index management for the pgvector columns (PostgreSQL only)."""

VECTOR_TABLES = ("memory_app_memory", "memory_app_snippet")


def create_hnsw_indexes(connection, dim: int) -> None:
    with connection.cursor() as cursor:
        for table in VECTOR_TABLES:
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {table}_embedding_hnsw_{dim} ON {table} "
                f"USING hnsw ((embedding::vector({dim})) vector_cosine_ops) WHERE embedding_dim = {dim}"
            )


def drop_hnsw_indexes(connection) -> None:
    with connection.cursor() as cursor:
        for table in VECTOR_TABLES:
            cursor.execute(
                "SELECT indexname FROM pg_indexes WHERE tablename = %s AND indexname LIKE %s",
                [table, f"{table}_embedding_hnsw_%"],
            )
            for (name,) in cursor.fetchall():
                cursor.execute(f"DROP INDEX IF EXISTS {name}")
