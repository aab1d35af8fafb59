"""Keyword postings and per-user index state (memory_app.search_index), backfilled from the stored rows."""
import django.db.models.deletion
from django.db import migrations, models


def backfill(apps, schema_editor):
    # Documents are made exactly as the write path makes them (crypto, key terms), from the historical rows.
    from memory_app.search_index import indexed_users, reindex_user

    models = {"memory": apps.get_model("memory_app", "Memory"), "snippet": apps.get_model("memory_app", "Snippet")}
    for tenant, user_id in indexed_users(models=models):
        reindex_user(tenant, user_id, models)


def _posting(model_name, target):
    return migrations.CreateModel(
        name=model_name,
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("tenant", models.CharField(max_length=64)),
            ("user_id", models.CharField(max_length=128)),
            ("term", models.BigIntegerField()),
            ("frequency", models.PositiveIntegerField()),
            ("length", models.PositiveIntegerField()),
            ("item", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                       to=f"memory_app.{target}")),
        ],
        options={"indexes": [models.Index(fields=["tenant", "user_id", "term"],
                                          name=f"{model_name.lower()}_lookup")]},
    )


class Migration(migrations.Migration):
    dependencies = [("memory_app", "0006_turn_recorded_at")]

    operations = [
        _posting("MemoryTerm", "memory"),
        _posting("SnippetTerm", "snippet"),
        migrations.CreateModel(
            name="TermDocuments",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("tenant", models.CharField(max_length=64)),
                ("user_id", models.CharField(max_length=128)),
                ("term", models.BigIntegerField()),
                ("documents", models.IntegerField(default=0)),
            ],
            options={"constraints": [models.UniqueConstraint(fields=("tenant", "user_id", "term"),
                                                             name="one_count_per_term")]},
        ),
        migrations.CreateModel(
            name="SearchIndexState",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("tenant", models.CharField(max_length=64)),
                ("user_id", models.CharField(max_length=128)),
                ("documents", models.IntegerField(default=0)),
                ("total_length", models.BigIntegerField(default=0)),
                ("version", models.BigIntegerField(default=0)),
            ],
            options={"constraints": [models.UniqueConstraint(fields=("tenant", "user_id"),
                                                             name="one_index_state_per_user")]},
        ),
        migrations.AddIndex(
            model_name="snippet",
            index=models.Index(fields=["tenant", "user_id", "speaker"], name="snippet_user_speaker"),
        ),
        migrations.AddIndex(
            model_name="memory",
            index=models.Index(fields=["tenant", "user_id", "status", "key"], name="memory_user_status_key"),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
