from django.db import migrations, models


def stamp_users_with_standing_requests(apps, schema_editor):
    """Users who already have standing requests get a version, or a turn would take them to have none."""
    from memory_app.search_index.keyword import new_version

    state = apps.get_model("memory_app", "SearchIndexState")
    standing = apps.get_model("memory_app", "StandingForgetRequest")
    for tenant, user_id in set(standing.objects.values_list("tenant", "user_id")):
        version = new_version()
        state.objects.update_or_create(tenant=tenant, user_id=user_id, defaults={"standing_version": version},
                                       create_defaults={"standing_version": version, "version": new_version(),
                                                        "vectors_version": new_version()})


class Migration(migrations.Migration):

    dependencies = [
        ("memory_app", "0016_standing_forget_request"),
    ]

    operations = [
        migrations.AddField(
            model_name="searchindexstate",
            name="standing_version",
            field=models.BigIntegerField(db_default=0, default=0),
        ),
        migrations.RunPython(stamp_users_with_standing_requests, migrations.RunPython.noop),
    ]
