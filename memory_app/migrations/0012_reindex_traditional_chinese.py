"""Keyword terms now read Traditional Chinese as Simplified (memory_app.chinese_script): the postings of rows typed in
Traditional characters are rebuilt, so a question in either script finds them. Users with no such row are left as
they are."""
from django.db import migrations


def reindex_traditional(apps, schema_editor):
    from memory_app.chinese_script import to_simplified
    from memory_app.search_index import indexed_users, reindex_user

    models = {"memory": apps.get_model("memory_app", "Memory"), "snippet": apps.get_model("memory_app", "Snippet")}
    for tenant, user_id in indexed_users(models=models):
        # Encrypted memory text reads as ciphertext here; it is ASCII, so only snippets and plain memories decide.
        texts = (text for model in models.values()
                 for text in model.objects.filter(tenant=tenant, user_id=user_id).values_list("text", flat=True).iterator())
        if any(to_simplified(text) != text for text in texts):
            reindex_user(tenant, user_id, models)


class Migration(migrations.Migration):

    dependencies = [
        ("memory_app", "0011_reply_words"),
    ]

    operations = [
        migrations.RunPython(reindex_traditional, migrations.RunPython.noop),
    ]
