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


# access_count / last_accessed_at change on every read. A row with a 384-dim vector is ~1.8 kB, four to a page,
# so at the default fillfactor (100) no page has room for the new row version: every counter update was a
# non-HOT update, a new entry in every index of the table, the HNSW graph included (~1,400 buffers a row).
# 75 keeps 2 kB of each page free, room for one more version of any row whose vector is stored inline (a
# longer row has its vector moved out to TOAST: pgvector's storage is EXTERNAL), so the update stays on its
# page and touches no index (HOT). Pruning frees the old version on a later visit of the page.
COUNTER_TABLE_FILLFACTOR = 75


def set_fillfactor(connection, percent: int | None) -> None:
    """Leave ``100 - percent`` % of each new heap page free (None: PostgreSQL's default). Pages written
    before keep their layout until the table is rewritten (VACUUM FULL, pg_repack) or their rows move."""
    with connection.cursor() as cursor:
        for table in VECTOR_TABLES:
            cursor.execute(f"ALTER TABLE {table} SET (fillfactor = {int(percent)})" if percent
                           else f"ALTER TABLE {table} RESET (fillfactor)")
