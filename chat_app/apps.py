from django.apps import AppConfig


class ChatAppConfig(AppConfig):
    name = "chat_app"
    verbose_name = "Chat demo"
    default_auto_field = "django.db.models.BigAutoField"
