from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("memory_app", "0017_standing_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="standingforgetrequest",
            name="guarded_turns",
            field=models.JSONField(blank=True, default=list,
                                   help_text="[session, turn] of the message said in confidence it withholds"),
        ),
    ]
