"""Request and response shapes of the REST API (memory_app.api). Validation failures become 422s that
name the field and the reason, so a caller can fix its request."""
from datetime import datetime
from typing import Annotated, Literal

from ninja import Field, Schema
from pydantic import AfterValidator, model_validator

from . import crypto
from .conf import app_settings
from .input_text import storable
from .models import Memory, MemoryKind, MemoryStatus

_ID_CHARS = Memory._meta.get_field("user_id").max_length  # session and turn ids share the user id's bound


def _bounded_text(text: str) -> str:
    """Chat text: something to read, storable, and not more than the configured maximum (read live, per request)."""
    storable(text)
    if not text.strip():
        raise ValueError("must not be empty")
    limit = app_settings.MAX_MESSAGE_CHARS
    if len(text) > limit:
        raise ValueError(f"is {len(text)} characters long; the limit is {limit} (CHATMEM_MAX_MESSAGE_CHARS)")
    return text


ChatText = Annotated[str, AfterValidator(_bounded_text)]
OptionalReply = Annotated[str, AfterValidator(lambda text: _bounded_text(text) if text else text)]
# An id names a conversation or a turn, also in cache keys: printable text, no control characters.
ConversationId = Annotated[str, Field(max_length=_ID_CHARS, pattern=r"^[^\x00-\x1f\x7f]*$"), AfterValidator(storable)]
SearchText = Annotated[str, AfterValidator(storable)]


class ContextIn(Schema):
    message: ChatText
    session_id: ConversationId = ""
    turn_id: ConversationId = ""
    include_private: bool = False


class TurnIn(Schema):
    user_message: ChatText
    assistant_message: OptionalReply = ""
    session_id: ConversationId = ""
    turn_id: ConversationId = ""
    # True when the reply was written without memory in its prompt (the context of /context injected nothing)
    reply_without_memory: bool = False


class MemoryFilters(Schema):
    kind: MemoryKind | None = None
    status: MemoryStatus | Literal["all"] = MemoryStatus.ACTIVE
    key_prefix: SearchText = Field("", max_length=200)
    q: SearchText = Field("", max_length=200, description="text that the memory's sentence or value contains")


class MemoryPatchIn(Schema):
    value: ChatText | None = None
    text: ChatText | None = Field(None, description="the memory as one sentence; defaults to the new value")
    is_private: bool | None = None

    @model_validator(mode="after")
    def _something_to_change(self):
        if self.value is None and self.text is None and self.is_private is None:
            raise ValueError("nothing to change: give value, text or is_private")
        return self


class ForgetMeIn(Schema):
    confirm: bool = Field(False, description="must be true: everything remembered about the user is erased")


class MemoryOut(Schema):
    id: int
    kind: str
    key: str
    value: str
    text: str
    status: str
    version: int
    confidence: float
    importance: float
    sensitivity: str
    is_private: bool
    polarity: int
    topic: str
    entities: list[str]
    source: str
    sources: list[dict]
    needs_confirmation: bool
    needs_review: bool
    access_count: int
    observed_at: datetime
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime | None
    expires_at: datetime | None

    # High-sensitivity rows may be encrypted at rest; their owner sees them in the clear.
    @staticmethod
    def resolve_value(memory: Memory) -> str:
        return crypto.reveal_value(memory)

    @staticmethod
    def resolve_text(memory: Memory) -> str:
        return crypto.reveal_text(memory)


class MemoryDetailOut(MemoryOut):
    versions: list[MemoryOut] = Field(description="every version of this memory's key, oldest first")

    @staticmethod
    def resolve_versions(memory: Memory) -> list[Memory]:
        return list(Memory.objects.for_user(memory.tenant, memory.user_id).filter(key=memory.key).order_by("version", "id"))


class TurnOut(Schema):
    turn_pk: int | None
    status: str
    outcome: dict


class DeletedOut(Schema):
    deleted: int


class ForgetMeOut(Schema):
    deleted: dict[str, int]


class ErrorOut(Schema):
    detail: str


class ValidationErrorOut(Schema):
    """A request that does not fit its schema: one entry per problem, naming where (``loc``) and why (``msg``)."""
    detail: list[dict]
