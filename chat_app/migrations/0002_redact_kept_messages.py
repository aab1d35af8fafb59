"""Messages and titles kept before the demo redacted them: scrub them once, as new ones are written."""
from django.db import migrations


def redact_kept_text(apps, schema_editor):
    from memory_app.redaction import redact  # today's detector: a migration that forgets secrets, not a schema step

    Conversation, Message = apps.get_model("chat_app", "Conversation"), apps.get_model("chat_app", "Message")
    for message in Message.objects.only("pk", "content").iterator(chunk_size=500):
        kept = redact(message.content)
        if kept != message.content:
            Message.objects.filter(pk=message.pk).update(content=kept)
    for conversation in Conversation.objects.only("pk", "title").iterator(chunk_size=500):
        kept = redact(conversation.title)
        if kept != conversation.title:
            Conversation.objects.filter(pk=conversation.pk).update(title=kept[:120])


class Migration(migrations.Migration):
    dependencies = [("chat_app", "0001_initial")]
    operations = [migrations.RunPython(redact_kept_text, migrations.RunPython.noop)]
