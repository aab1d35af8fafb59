"""Snippet.asks_only: the message only asks something (every clause a question or a request to the assistant), and
ranks a little below one that states something. Existing snippets are classified from their stored text."""
from django.db import migrations, models

BATCH = 2000


def classify_existing(apps, schema_editor):
    from memory_app.extraction.filters import only_asks

    snippet_model = apps.get_model("memory_app", "Snippet")
    asking = [pk for pk, text in snippet_model.objects.values_list("pk", "text").iterator(chunk_size=BATCH)
              if only_asks(text)]
    for start in range(0, len(asking), BATCH):
        snippet_model.objects.filter(pk__in=asking[start:start + BATCH]).update(asks_only=True)


class Migration(migrations.Migration):

    dependencies = [
        ("memory_app", "0014_memory_pending_question_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="snippet",
            name="asks_only",
            field=models.BooleanField(default=False, help_text="every clause asks something (a question, a request to "
                                      "the assistant): ranked a little below a message that states something"),
        ),
        migrations.RunPython(classify_existing, migrations.RunPython.noop),
    ]
