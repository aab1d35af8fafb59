from django.db import migrations, models
import django.db.models.deletion


class Migration(migrations.Migration):

    dependencies = [
        ('memory_app', '0008_counter_fillfactor'),
    ]

    operations = [
        migrations.AddField(
            model_name='snippet',
            name='revises',
            field=models.ForeignKey(blank=True, help_text='the earlier statement this message corrects or changes',
                                    null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name='revisions', to='memory_app.snippet'),
        ),
    ]
