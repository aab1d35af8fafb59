"""Free space in the heap pages of the memory and snippet tables (PostgreSQL only), so that the usage counters
a read bumps are updated in place (HOT) instead of inserting into every index; see pgindex.COUNTER_TABLE_FILLFACTOR.

Only pages written from now on get the space. An existing deployment gets it for a row on that row's next
update, or for the whole table at once with ``VACUUM FULL memory_app_memory, memory_app_snippet`` (an
exclusive lock while it rewrites the tables and rebuilds their indexes, HNSW included) or pg_repack (online).
"""
from django.db import migrations


def set_counter_fillfactor(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from memory_app.pgindex import COUNTER_TABLE_FILLFACTOR, set_fillfactor

    set_fillfactor(schema_editor.connection, COUNTER_TABLE_FILLFACTOR)


def reset_fillfactor(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from memory_app.pgindex import set_fillfactor

    set_fillfactor(schema_editor.connection, None)


class Migration(migrations.Migration):
    dependencies = [("memory_app", "0007_search_index")]
    operations = [migrations.RunPython(set_counter_fillfactor, reset_fillfactor)]
