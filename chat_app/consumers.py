"""The chat websocket: one JSON message in ({"type": "chat.message", "conversation_id", "text", "client_id"}), a
stream of events out, in this order for a turn:

    turn.started   the conversation (created if new) and the memory context (what was injected and why)
    token          a piece of the reply, as the model produces it (many)
    error          if the model failed or timed out (the conversation keeps working)
    turn.finished  the reply as kept and what memory learned from the turn (extracted, merged, forgotten...)

``client_id`` (optional, the browser's id for the message: 1-48 letters, digits, - or _) makes sending the same
message again after a dropped connection safe: the turn is kept, and learned from, once.

A ``status`` event ({"code", "ok", "message"}) says when the shared cache (Redis) becomes unreachable or comes back:
on connecting if it is down, then before a turn whenever that changed. The chat goes on either way.

Bad input (not JSON, nested too deep, a NUL or a broken surrogate in the text, an unknown conversation) gets one
``error`` event with a ``code`` and a ``message`` in the browser's language, and nothing else: nothing is kept, and
the socket stays open. A failure on the server's side sends an ``error`` event and closes with 4500.

Signing out closes the person's sockets (code 4401): at once through their channel-layer group, and in any case
before the next message is acted on (``accounts``).
"""
import asyncio
import json
import logging

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from memory_app.providers import get_llm
from memory_app.session_cache import cache_problem
from memory_app.providers.llm import LLMError

from . import turns
from .accounts import session_still_signed_in, user_group
from .conf import demo_settings
from .language import language_for_scope

logger = logging.getLogger(__name__)

# Close code for "sign in first", also when the person signed out (the 4000-4999 range is for applications).
CLOSE_UNAUTHENTICATED = 4401
CLOSE_SERVER_ERROR = 4500
LAYER_RETRY_MAX_SECONDS = 30.0


class ChatConsumer(AsyncJsonWebsocketConsumer):
    reported_cache_problem = ""  # what the person was last told about the shared cache ("" = nothing wrong)

    # channels assigns the channel layer's receive here when the socket opens; reading it through a guard means an
    # unreachable Redis pauses this inbox (nothing is sent to it yet) instead of closing the person's websocket.
    @property
    def channel_receive(self):
        return self._receive_from_layer

    @channel_receive.setter
    def channel_receive(self, receive):
        self._layer_receive = receive

    async def _receive_from_layer(self):
        delay = 1.0
        while True:
            try:
                return await self._layer_receive()
            except Exception as error:  # redis' ConnectionError and TimeoutError, an OSError
                logger.warning("channel layer unavailable (%s); trying again in %.0f s", type(error).__name__, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, LAYER_RETRY_MAX_SECONDS)

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        self.language = language_for_scope(self.scope)
        self.group = user_group(user.pk)
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except Exception as error:  # Redis away: the check before each message still ends a signed-out socket
            logger.warning("could not join %s (%s)", self.group, type(error).__name__)
        await self.accept()
        with translation.override(self.language):
            await self.report_cache_state()

    async def report_cache_state(self) -> None:
        """Tell the person when the shared cache went away or came back (nothing while all is well)."""
        problem = await sync_to_async(cache_problem, thread_sensitive=False)()
        if bool(problem) == bool(self.reported_cache_problem):
            return
        self.reported_cache_problem = problem
        if problem:
            await self.send_json({"type": "status", "code": "cache_unavailable", "ok": False, "message": _(
                "Redis, the shared cache, is unreachable: the chat goes on without this session's short-term "
                "memory. Long-term memory still works.")})
        else:
            await self.send_json({"type": "status", "code": "cache_restored", "ok": True,
                                  "message": _("Redis is back: session memory works again.")})

    async def disconnect(self, code):
        if getattr(self, "group", None):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception as error:
                logger.warning("could not leave %s (%s)", self.group, type(error).__name__)

    async def session_signed_out(self, event):
        """The person signed out (accounts.close_sockets_on_sign_out): this socket ends with them."""
        await self.close(code=CLOSE_UNAUTHENTICATED)

    async def websocket_receive(self, message):
        """Every message is checked against the stored session first: signed out (here or in another process),
        password changed, or account disabled, and the socket closes without running a turn."""
        session_key = getattr(self.scope.get("session"), "session_key", None)
        if not await database_sync_to_async(session_still_signed_in)(session_key, self.user):
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        await super().websocket_receive(message)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        with translation.override(self.language):
            try:
                content = json.loads(text_data) if text_data is not None else None
            except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
                content = None
            if not isinstance(content, dict) or content.get("type") != "chat.message":
                await self.send_error("bad_request", _("The demo did not understand that request."))
                return
            try:
                await self.run_turn(content.get("conversation_id"), content.get("text"), content.get("client_id"))
            except Exception:  # a bug, not the person's input: say so and close cleanly rather than with 1011
                logger.exception("chat turn failed")
                await self.send_error("server_error", _("Something went wrong on our side; please reload the page."))
                await self.close(code=CLOSE_SERVER_ERROR, reason="server error")

    async def run_turn(self, conversation_id, text, client_id=None) -> None:
        await self.report_cache_state()
        try:
            turn = await turns.start_turn(self.user, conversation_id, text, client_id)
        except turns.ChatInputError as error:
            await self.send_error(error.code, error.message)
            return
        conversation = turn.conversation
        await self.send_json({
            "type": "turn.started",
            "turn_id": turn.turn_id,
            "conversation": {"id": conversation.pk, "title": conversation.title,
                             "url": reverse("chat:conversation", args=[conversation.pk])},
            "context": turn.context.as_dict(),
        })
        reply, error_code, error_message = await self.stream_reply(turn.prompt)
        if error_code:
            await self.send_error(error_code, error_message)
        try:
            outcome = await turns.finish_turn(turn, reply, error_message)
        except Exception:  # the reply is already with the person; say memory missed this turn, carry on
            logger.exception("after_turn failed for turn %s", turn.turn_id)
            outcome = None
            await self.send_error("memory_failed", _("Memory could not learn from this turn; the chat still works."))
        await self.send_json({"type": "turn.finished", "turn_id": turn.turn_id, "reply": reply, "outcome": outcome})

    async def stream_reply(self, prompt: list[dict]) -> tuple[str, str, str]:
        """Send the reply piece by piece. Returns (reply so far, error code, error message for the person)."""
        pieces = get_llm().stream_chat(prompt)
        # The model client blocks; each piece is fetched in a worker thread so the event loop stays free.
        next_piece = sync_to_async(_next_or_none, thread_sensitive=False)
        reply = ""
        while True:
            try:
                piece = await asyncio.wait_for(next_piece(pieces), demo_settings.REPLY_PIECE_TIMEOUT_SECONDS)
            except TimeoutError:
                return reply, "model_timeout", _("The model took too long to answer. Please try again.")
            except Exception as error:  # LLMError from our providers; anything from a custom one
                if not isinstance(error, LLMError):
                    logger.exception("chat model raised an unexpected error")
                logger.warning("chat model failed: %s", error)
                return reply, "model_failed", _("The model failed to answer (%(reason)s). Please try again.") % {
                    "reason": _short_reason(error)}
            if piece is None:
                return reply, "", ""
            reply += piece
            await self.send_json({"type": "token", "text": piece})

    async def send_error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "code": code, "message": str(message)})


def _next_or_none(iterator):
    return next(iterator, None)


def _short_reason(error: Exception) -> str:
    cause = error.__cause__ or error
    return type(cause).__name__
