"""pgvector on PostgreSQL; nothing on other databases (they store vectors as bytes)."""
from django.db import migrations


def create_extension(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS vector")


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [migrations.RunPython(create_extension, migrations.RunPython.noop)]
