from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate

MODERATOR_GROUP = "Memory moderators"
# Exactly what a moderator needs in admin: see, correct and delete memories, read the audit log, see and lift
# standing forget requests. Nothing else (no adding memories by hand, no editing the log, no other models).
MODERATOR_PERMISSIONS = ("view_memory", "change_memory", "delete_memory", "view_memoryevent",
                         "view_standingforgetrequest", "delete_standingforgetrequest")


def ensure_moderator_group(sender=None, using="default", **kwargs) -> None:
    """post_migrate: create the moderators group and reset its permissions to exactly the list above,
    so a permission added by hand is taken away again at the next deploy."""
    from django.contrib.auth.models import Group, Permission

    permissions = list(Permission.objects.using(using).filter(
        content_type__app_label="memory_app", codename__in=MODERATOR_PERMISSIONS))
    if len(permissions) != len(MODERATOR_PERMISSIONS):
        return  # permissions are created by auth's own post_migrate handler; not there yet on this run
    group, _ = Group.objects.using(using).get_or_create(name=MODERATOR_GROUP)
    group.permissions.set(permissions)


class MemoryAppConfig(AppConfig):
    name = "memory_app"
    verbose_name = "Memory"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import forget_guard, pg_timestamps
        from .search_index import signals as search_index_signals
        from .search_index.vector import configure_pgvector_session

        search_index_signals.connect()
        forget_guard.connect()
        post_migrate.connect(ensure_moderator_group, sender=self, dispatch_uid="memory_app.moderator_group")
        connection_created.connect(configure_pgvector_session, dispatch_uid="memory_app.pgvector_session")
        pg_timestamps.connect()
