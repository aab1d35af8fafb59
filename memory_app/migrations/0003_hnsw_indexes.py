"""HNSW cosine indexes on PostgreSQL, built on a cast to the configured embedding dimension (the column
itself has none, so a new embedder needs no schema change; ``memory reembed`` rebuilds these)."""
from django.db import migrations


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from memory_app.conf import app_settings
    from memory_app.pgindex import create_hnsw_indexes

    create_hnsw_indexes(schema_editor.connection, app_settings.EMBEDDING_DIM)


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from memory_app.pgindex import drop_hnsw_indexes

    drop_hnsw_indexes(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("memory_app", "0002_initial")]
    operations = [migrations.RunPython(create_indexes, drop_indexes)]
