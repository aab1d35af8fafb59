from django.apps import AppConfig


class ChatAppConfig(AppConfig):
    name = "chat_app"
    verbose_name = "Chat demo"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import accounts  # noqa: F401  (connects the sign-out signal)
