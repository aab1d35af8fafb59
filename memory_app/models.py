"""The memory store: long-term memories with their versions, the audit log, the turn log that feeds
extraction, the semantic layer (snippets and session summaries), entity links, topic heat and the forget requests
that found nothing to delete.

Mutations of these rows go through ``memory_app.actions`` so that every change leaves an event.
"""
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .fields import EmbeddingField


class MemoryKind(models.TextChoices):
    PREFERENCE = "preference", "preference"
    FACT = "fact", "fact"
    EPISODE = "episode", "episode"
    PROCEDURE = "procedure", "procedure"


class MemoryStatus(models.TextChoices):
    ACTIVE = "active", "active"
    SUPERSEDED = "superseded", "superseded"
    PENDING = "pending", "pending"
    ARCHIVED = "archived", "archived"


class Sensitivity(models.TextChoices):
    LOW = "low", "low"
    MEDIUM = "medium", "medium"
    HIGH = "high", "high"


class Polarity(models.IntegerChoices):
    AVOID = -1, "dislikes / avoids"
    NEUTRAL = 0, "neutral"
    LIKE = 1, "likes"


class UserScopedQuerySet(models.QuerySet):
    def for_user(self, tenant: str, user_id: str):
        return self.filter(tenant=tenant, user_id=user_id)


class Memory(models.Model):
    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    kind = models.CharField(max_length=16, choices=MemoryKind.choices)
    key = models.CharField(max_length=200, help_text="dotted key used for merging, e.g. shipping.carrier")
    value = models.TextField()
    text = models.TextField(help_text="the memory as one sentence")
    entities = models.JSONField(default=list, blank=True)
    topic = models.CharField(max_length=64, blank=True, default="")
    polarity = models.SmallIntegerField(choices=Polarity.choices, default=Polarity.NEUTRAL)
    confidence = models.FloatField()
    importance = models.FloatField(default=0.5)
    sensitivity = models.CharField(max_length=8, choices=Sensitivity.choices, default=Sensitivity.LOW)
    is_private = models.BooleanField(default=False)
    is_encrypted = models.BooleanField(default=False)
    source = models.CharField(max_length=16, default="rule", help_text="rule, llm, api, manual, admin")
    sources = models.JSONField(default=list, blank=True, help_text="[{session, turn}] the memory came from")
    observed_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    last_accessed_at = models.DateTimeField(null=True, blank=True)
    access_count = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=16, choices=MemoryStatus.choices, default=MemoryStatus.ACTIVE)
    previous = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_versions")
    needs_confirmation = models.BooleanField(default=False, help_text="contradicts the active value; ask the user")
    needs_review = models.BooleanField(default=False, help_text="a linked memory changed; may be stale")
    strength = models.FloatField(default=1.0)
    expires_at = models.DateTimeField(null=True, blank=True)
    embedding = EmbeddingField(null=True, blank=True)
    embedding_model = models.CharField(max_length=128, blank=True, default="")
    embedding_dim = models.PositiveIntegerField(null=True, blank=True)

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "user_id", "key"],
                condition=Q(status="active"),
                name="one_active_memory_per_key",
            ),
            models.CheckConstraint(condition=Q(confidence__gte=0) & Q(confidence__lte=1), name="confidence_in_unit_range"),
        ]
        indexes = [
            models.Index(fields=["tenant", "user_id", "status"], name="memory_user_status"),
            models.Index(fields=["tenant", "user_id", "key"], name="memory_user_key"),
            models.Index(fields=["tenant", "user_id", "status", "key"], name="memory_user_status_key"),
            models.Index(fields=["status", "expires_at"], name="memory_expiry"),
            models.Index(fields=["tenant", "user_id", "observed_at"], condition=models.Q(needs_confirmation=True),
                         name="memory_pending_question"),
        ]
        verbose_name_plural = "memories"

    def __str__(self):
        return f"{self.key} = {self.value}"


class EventAction(models.TextChoices):
    CREATE = "create", "create"
    UPDATE = "update", "update"
    TOUCH = "touch", "touch"
    SUPERSEDE = "supersede", "supersede"
    PENDING = "pending", "pending"
    CONFIRM = "confirm", "confirm"
    REJECT = "reject", "reject"
    DEACTIVATE = "deactivate", "deactivate"
    ARCHIVE = "archive", "archive"
    DELETE = "delete", "delete"
    READ = "read", "read"
    EXPORT = "export", "export"
    RESTORE = "restore", "restore"
    REVIEW = "review", "review"


class MemoryEvent(models.Model):
    """Append-only audit log. ``detail`` is redacted before it is written; a hard delete erases the
    content it held but keeps the fact that something happened."""

    memory = models.ForeignKey(Memory, null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    memory_ref = models.BigIntegerField(null=True, blank=True, help_text="memory id, kept after a hard delete")
    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    action = models.CharField(max_length=16, choices=EventAction.choices)
    actor = models.CharField(max_length=128, default="system")
    session_id = models.CharField(max_length=128, blank=True, default="")
    turn_id = models.CharField(max_length=128, blank=True, default="")
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["tenant", "user_id", "created_at"], name="event_user_time"),
            models.Index(fields=["memory_ref"], name="event_memory_ref"),
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.action} {self.memory_ref} by {self.actor}"


class TurnStatus(models.TextChoices):
    PENDING = "pending", "pending"
    PROCESSED = "processed", "processed"
    FAILED = "failed", "failed"


class Turn(models.Model):
    """One message of a conversation as the memory layer saw it (text redacted). It is the unit of
    background work: extraction reads it, and a failed extraction is retried from it."""

    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    session_id = models.CharField(max_length=128, blank=True, default="")
    turn_id = models.CharField(max_length=128)
    speaker = models.CharField(max_length=64, default="user")
    text = models.TextField()
    reply = models.TextField(blank=True, default="", help_text="the assistant reply to this message, redacted")
    reply_without_memory = models.BooleanField(
        default=False, help_text="the reply was written without memory in its prompt (it may describe the message)")
    occurred_at = models.DateTimeField(default=timezone.now)
    recorded_at = models.DateTimeField(default=timezone.now, help_text="when the server took it (occurred_at is the caller's clock)")
    status = models.CharField(max_length=16, choices=TurnStatus.choices, default=TurnStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True, default="")
    outcome = models.JSONField(default=dict, blank=True, help_text="what after_turn did, for the inspector")

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tenant", "user_id", "session_id", "turn_id"], name="one_turn_per_id")
        ]
        indexes = [models.Index(fields=["status", "attempts"], name="turn_status")]


class Snippet(models.Model):
    """Semantic layer: an informative user message, embedded, with the turn it came from."""

    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    session_id = models.CharField(max_length=128, blank=True, default="")
    speaker = models.CharField(max_length=64, default="user")
    text = models.TextField()
    sources = models.JSONField(default=list, blank=True)
    topic = models.CharField(max_length=64, blank=True, default="")
    observed_at = models.DateTimeField(default=timezone.now)
    access_count = models.PositiveIntegerField(default=0)
    last_accessed_at = models.DateTimeField(null=True, blank=True)
    stale_since = models.DateTimeField(null=True, blank=True, help_text="a memory it stated was superseded")
    revises = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="revisions",
                                help_text="the earlier statement this message corrects or changes")
    context_turn = models.CharField(max_length=128, blank=True, default="",
                                    help_text="the other person's line (a turn of this session) read with it into the vector")
    reply_words = models.TextField(blank=True, default="", help_text="the opening of the assistant's reply, redacted, "
                                   "keyword-indexed with the message (only a reply written without memory)")
    asks_only = models.BooleanField(default=False, help_text="every clause asks something (a question, a request to "
                                    "the assistant): ranked a little below a message that states something")
    expires_at = models.DateTimeField(null=True, blank=True)
    embedding = EmbeddingField(null=True, blank=True)
    embedding_model = models.CharField(max_length=128, blank=True, default="")
    embedding_dim = models.PositiveIntegerField(null=True, blank=True)

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["tenant", "user_id", "observed_at"], name="snippet_user_time"),
                   models.Index(fields=["tenant", "user_id", "speaker"], name="snippet_user_speaker")]


class SessionSummary(models.Model):
    """Running summary of one session, with the turns it covers."""

    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    session_id = models.CharField(max_length=128)
    text = models.TextField(default="")
    sources = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "user_id", "session_id"], name="one_summary_per_session")]
        verbose_name_plural = "session summaries"


class StandingForgetRequest(models.Model):
    """A request to forget that found nothing to delete ("drop what I told you about my housing worries", when no
    message fits the description well enough to be erased). It stays standing: what was said before it and
    resembles it is not injected when a later question is about that subject, nor, on any question, the message the
    user had said in confidence that the description fits best (``forget_guard``). Only the description's vector is
    kept, never its words: they name what was to go."""

    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    session_id = models.CharField(max_length=128, blank=True, default="")
    turn_id = models.CharField(max_length=128, blank=True, default="")
    vector = models.JSONField(help_text="the description's query embedding")
    embedding_model = models.CharField(max_length=128)
    asked_at = models.DateTimeField(default=timezone.now)
    guarded_turns = models.JSONField(default=list, blank=True,
                                     help_text="[session, turn] of the message said in confidence it withholds")

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["tenant", "user_id"], name="standing_forget_user")]


class MemoryEntity(models.Model):
    """Entity links: a memory mentions an entity (a city, a company, a pet, a person)."""

    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="entity_links")
    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    entity = models.CharField(max_length=128)

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["memory", "entity"], name="one_link_per_entity")]
        indexes = [models.Index(fields=["tenant", "user_id", "entity"], name="entity_user")]


class TopicHeat(models.Model):
    """How much a user has talked about a topic or entity lately (decays with time)."""

    tenant = models.CharField(max_length=64, default="default")
    user_id = models.CharField(max_length=128)
    topic = models.CharField(max_length=128)
    heat = models.FloatField(default=0.0)
    updated_at = models.DateTimeField(default=timezone.now)

    objects = UserScopedQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "user_id", "topic"], name="one_heat_per_topic")]


class ApiToken(models.Model):
    """A service credential for the REST API. Bound to one tenant; the end user a call acts for is named
    per request. Only a SHA-256 of the token is stored."""

    tenant = models.CharField(max_length=64, default="default")
    name = models.CharField(max_length=100)
    token_prefix = models.CharField(max_length=12, help_text="first characters, to recognise a token")
    token_hash = models.CharField(max_length=64, unique=True)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.name} ({self.token_prefix}…, tenant {self.tenant})"


# --- search indexes, written with every item (memory_app.search_index keeps them) -----------------------


class IndexedTerm(models.Model):
    """One term of one item's keyword document: a posting. Terms are stored as 63-bit digests, so the index
    holds no readable text; ``length`` is the item's document length, kept here so BM25 needs no join."""

    tenant = models.CharField(max_length=64)
    user_id = models.CharField(max_length=128)
    term = models.BigIntegerField()
    frequency = models.PositiveIntegerField()
    length = models.PositiveIntegerField()

    class Meta:
        abstract = True


class MemoryTerm(IndexedTerm):
    item = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["tenant", "user_id", "term"], name="memoryterm_lookup")]


class SnippetTerm(IndexedTerm):
    item = models.ForeignKey(Snippet, on_delete=models.CASCADE, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["tenant", "user_id", "term"], name="snippetterm_lookup")]


class TermDocuments(models.Model):
    """How many of one user's items contain a term (BM25's document frequency, per user)."""

    tenant = models.CharField(max_length=64)
    user_id = models.CharField(max_length=128)
    term = models.BigIntegerField()
    documents = models.IntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "user_id", "term"], name="one_count_per_term")]


class SearchIndexState(models.Model):
    """Per user: how many items are keyword-indexed and their total length (BM25's corpus statistics), and
    a version every write bumps, which tells a per-process vector cache that the user's rows changed."""

    tenant = models.CharField(max_length=64)
    user_id = models.CharField(max_length=128)
    documents = models.IntegerField(default=0)
    total_length = models.BigIntegerField(default=0)
    version = models.BigIntegerField(default=0)
    # Changed only when stored vectors of existing rows were replaced (re-embedding, an edit, a forgotten context
    # line); a new version alone means rows were added or removed, so a cached matrix needs only the new rows.
    vectors_version = models.BigIntegerField(default=0, db_default=0)
    # Changed whenever the user's standing forget requests change; 0 while they have none (forget_guard caches
    # them per process by it, so a turn reads them only after a change, and not at all for most users).
    standing_version = models.BigIntegerField(default=0, db_default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "user_id"], name="one_index_state_per_user")]
