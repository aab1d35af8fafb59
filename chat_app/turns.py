"""One chat turn of the demo, in two awaitable steps the websocket consumer calls: ``start_turn`` (check the
message, keep it, ask memory what to inject, build the prompt) and ``finish_turn`` (keep the reply, let memory learn
from the turn). The consumer does the streaming between. The demo's own tables are written in Django's thread for
database work (channels' database_sync_to_async); memory is asked through its async API (service.abefore_turn /
aafter_turn), as any async host would.

What the demo keeps (messages, conversation titles) is redacted like everything memory stores: a card number or
a password typed into the chat is sent to the model for this turn only, and never lands in a table.
"""
import re
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from django.utils import timezone
from django.utils.translation import gettext as _

from memory_app import service
from memory_app.adapter import get_adapter
from memory_app.db_retry import retry_on_busy
from memory_app.input_text import unstorable_reason
from memory_app.providers import get_llm
from memory_app.providers.llm import OfflineLLM
from memory_app.redaction import redact
from memory_app.types import TurnContext

from .conf import demo_settings
from .models import Conversation, Message, MessageRole

# A message id the browser chose: the same id sent again (after a dropped connection) is the same turn, once.
CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{1,48}$")
LARGEST_ID = 2**63 - 1


class ChatInputError(ValueError):
    """A message the demo will not send on; ``code`` is for programs, ``message`` for the person."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class PreparedTurn:
    user_id: str
    conversation: Conversation
    user_message: Message  # as kept: redacted
    text: str  # as typed: for this turn's prompt and for memory (which reports what it blocked), never stored
    history: list[dict] = field(default_factory=list)  # the conversation before this message
    context: TurnContext | None = None  # what memory injects, once asked
    prompt: list[dict] = field(default_factory=list)

    @property
    def turn_id(self) -> str:
        return self.user_message.turn_id


def memory_user_id(user) -> str:
    """The memory layer's user id for a Django user (the same everywhere in the demo): the adapter's mapping."""
    return get_adapter().user_id_for(user)


def clean_message_text(text) -> str:
    if not isinstance(text, str):
        raise ChatInputError("bad_request", _("The message must be text."))
    if unstorable_reason(text):  # checked before anything is kept: a refused message leaves no conversation
        raise ChatInputError("bad_text", _("The message contains characters that are not text (a NUL or a broken "
                                           "surrogate). Please remove them and send it again."))
    text = text.strip()
    if not text:
        raise ChatInputError("empty", _("The message is empty. Type something first."))
    limit = demo_settings.MAX_MESSAGE_CHARS
    if len(text) > limit:
        raise ChatInputError(
            "too_long",
            _("The message is %(length)d characters long; the limit is %(limit)d. Please shorten it.")
            % {"length": len(text), "limit": limit},
        )
    return text


def conversation_for(user, conversation_id) -> Conversation:
    """The user's own conversation, or a new one when no id is given."""
    if conversation_id in (None, ""):
        return Conversation.objects.create(user=user)
    try:
        pk = int(conversation_id)
        if not 0 < pk <= LARGEST_ID:  # no row has it, and a database refuses to compare with it
            raise ValueError(pk)
        return Conversation.objects.get(pk=pk, user=user)
    except (TypeError, ValueError, OverflowError, Conversation.DoesNotExist):
        raise ChatInputError("not_found", _("That conversation does not exist (it may have been deleted).")) from None


def clean_client_id(client_id) -> str:
    if client_id in (None, ""):
        return ""
    if not isinstance(client_id, str) or not CLIENT_ID.match(client_id):
        raise ChatInputError("bad_request", _("The demo did not understand that request."))
    return client_id


async def start_turn(user, conversation_id, text, client_id=None) -> PreparedTurn:
    turn = await database_sync_to_async(keep_user_message)(user, conversation_id, text, client_id)
    # before_turn never raises for a failure inside memory: it returns an empty context with the reason.
    turn.context = await service.abefore_turn(turn.user_id, turn.text, tenant=demo_settings.TENANT,
                                              session_id=turn.conversation.session_id, turn_id=turn.turn_id)
    turn.prompt = build_prompt(turn.context, turn.history, turn.text)
    return turn


def keep_user_message(user, conversation_id, text, client_id=None) -> PreparedTurn:
    """Check the message and keep it (redacted): the turn as far as the demo's own tables go."""
    text, client_id = clean_message_text(text), clean_client_id(client_id)
    conversation, history, user_message = retry_on_busy(
        lambda: _keep_user_message(user, conversation_id, text, client_id), what="demo start_turn")
    return PreparedTurn(memory_user_id(user), conversation, user_message, text=text, history=history)


def _keep_user_message(user, conversation_id, text: str, client_id: str) -> tuple[Conversation, list[dict], Message]:
    """One short transaction (the caller retries it when the database is busy): the conversation, the history
    before this message, and the message as kept (redacted)."""
    if client_id:
        sent = (Message.objects.filter(conversation__user=user, role=MessageRole.USER, turn_id=f"c{client_id}")
                .select_related("conversation").first())
        if sent is not None:  # sent again after a dropped connection: the same turn goes on
            return sent.conversation, recent_history(sent.conversation, before=sent), sent
    conversation = conversation_for(user, conversation_id)
    history = recent_history(conversation)
    kept_text = redact(text)
    user_message = Message.objects.create(conversation=conversation, role=MessageRole.USER, content=kept_text)
    user_message.turn_id = f"c{client_id}" if client_id else f"m{user_message.pk}"
    user_message.save(update_fields=["turn_id"])
    _touch_conversation(conversation, first_text=kept_text)
    return conversation, history, user_message


def recent_history(conversation: Conversation, before: Message | None = None) -> list[dict]:
    spoken = conversation.messages.filter(role__in=[MessageRole.USER, MessageRole.ASSISTANT]).order_by("-created_at", "-id")
    if before is not None:
        spoken = spoken.filter(id__lt=before.pk)
    latest = list(spoken[: demo_settings.HISTORY_MESSAGES])
    return [{"role": message.role, "content": message.content} for message in reversed(latest)]


def build_prompt(context: TurnContext, history: list[dict], text: str) -> list[dict]:
    messages = [{"role": "system", "content": demo_settings.PERSONA}]
    memory_message = context.system_message()
    if memory_message:
        messages.append(memory_message)
    return messages + history + [{"role": "user", "content": text}]


def _touch_conversation(conversation: Conversation, *, first_text: str) -> None:
    conversation.updated_at = timezone.now()
    if not conversation.title:  # from the redacted text, so a cut never leaves half a secret unrecognised
        limit = demo_settings.CONVERSATION_TITLE_CHARS
        conversation.title = first_text if len(first_text) <= limit else first_text[: limit - 1] + "…"
    conversation.save(update_fields=["updated_at", "title"])


def reply_came_without_memory(turn: PreparedTurn) -> bool:
    """A model's reply to a prompt that held no memory describes this message alone. The offline responder's text
    describes nothing (it says it is offline), so it never counts."""
    return not isinstance(get_llm(), OfflineLLM) and not (turn.context and turn.context.injected)


async def finish_turn(turn: PreparedTurn, reply: str, error_message: str = "") -> dict:
    """Keep what the person saw, then let memory learn from the turn. Returns after_turn's outcome
    ({} if the memory layer failed). Even when the model failed, the person's message is learned from."""
    await database_sync_to_async(keep_reply)(turn, reply, error_message)
    record = await service.aafter_turn(turn.user_id, turn.text, reply, tenant=demo_settings.TENANT,
                                       session_id=turn.conversation.session_id, turn_id=turn.turn_id,
                                       reply_without_memory=reply_came_without_memory(turn))
    return {"status": record.status, **(record.outcome or {})}


def keep_reply(turn: PreparedTurn, reply: str, error_message: str = "") -> None:
    retry_on_busy(lambda: _keep_reply(turn, reply, error_message), what="demo finish_turn")


def _keep_reply(turn: PreparedTurn, reply: str, error_message: str) -> None:
    replied = turn.conversation.messages.filter(role=MessageRole.ASSISTANT, turn_id=turn.turn_id).exists()
    if reply and not replied:  # a turn sent again keeps its first reply; the model may repeat what it was told
        Message.objects.create(conversation=turn.conversation, role=MessageRole.ASSISTANT, content=redact(reply),
                               turn_id=turn.turn_id)
    if error_message:
        Message.objects.create(conversation=turn.conversation, role=MessageRole.ERROR, content=redact(error_message),
                               turn_id=turn.turn_id)
