from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('memory_app', '0009_snippet_revises'),
    ]

    operations = [
        migrations.AddField(
            model_name='snippet',
            name='context_turn',
            field=models.CharField(blank=True, default='', max_length=128,
                                   help_text="the other person's line (a turn of this session) read with it into the vector"),
        ),
    ]
