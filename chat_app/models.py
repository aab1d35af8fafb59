"""The demo's conversations. The memory layer keeps its own (redacted) turn log; these rows are what the
person sees when they reopen a conversation, and they go when the person asks to forget everything."""
from django.conf import settings
from django.db import models
from django.utils import timezone


class Conversation(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversations")
    title = models.CharField(max_length=120, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["user", "-updated_at"], name="conversation_user_recent")]

    def __str__(self):
        return self.title or f"#{self.pk}"

    @property
    def session_id(self) -> str:
        """The memory layer's session for this conversation (summaries and working memory hang on it)."""
        return f"conv-{self.pk}"


class MessageRole(models.TextChoices):
    USER = "user", "user"
    ASSISTANT = "assistant", "assistant"
    ERROR = "error", "error"  # shown in the chat so the person knows, never sent to the model


class Message(models.Model):
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField(max_length=16, choices=MessageRole.choices)
    content = models.TextField()
    turn_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return f"{self.role}: {self.content[:40]}"
