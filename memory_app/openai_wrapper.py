"""Long-term memory around an OpenAI-compatible client, for hosts that call the model themselves.

    client = MemoryOpenAI(openai.OpenAI(), user_id="u42", session_id="chat-7")
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[...])            # or stream=True

    client = AsyncMemoryOpenAI(openai.AsyncOpenAI(), user_id="u42", session_id="chat-7")
    reply = await client.chat.completions.create(model="gpt-4o-mini", messages=[...])      # or stream=True

Each ``chat.completions.create`` call runs ``service.before_turn`` on the last user message, puts the memory
block in as a system message right after the host's own system messages, calls the real client unchanged
otherwise, and records the turn with ``service.after_turn`` once the reply is complete (for a stream: when
it is exhausted or closed; chunks pass through untouched). Memory is an extra: if it fails, the chat call
goes on without it and a redacted warning is logged. Everything else is the wrapped client's own.
"""
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

from . import service
from .redaction import redact
from .types import TurnContext

logger = logging.getLogger(__name__)

LEADING_ROLES = ("system", "developer")  # the host's instructions stay first; memory comes after them


def _field(message, name: str):
    return message.get(name) if isinstance(message, dict) else getattr(message, name, None)


def _plain_text(content) -> str:
    """Message content is a string or a list of parts; memory reads the text parts."""
    if isinstance(content, str):
        return content
    parts = content or []
    return "\n".join(str(_field(part, "text") or "") for part in parts if _field(part, "type") == "text").strip()


def last_user_text(messages: list) -> str:
    for message in reversed(messages):
        if _field(message, "role") == "user":
            return _plain_text(_field(message, "content"))
    return ""


def with_memory(messages: list, context: TurnContext | None) -> list:
    system_message = context.system_message() if context else None
    if system_message is None:
        return messages
    position = 0
    while position < len(messages) and _field(messages[position], "role") in LEADING_ROLES:
        position += 1
    return [*messages[:position], system_message, *messages[position:]]


def _reply_text(completion) -> str:
    choices = getattr(completion, "choices", None) or []
    return (choices[0].message.content or "") if choices and choices[0].message else ""


def _delta_text(chunk) -> str:
    choices = getattr(chunk, "choices", None) or []
    return (choices[0].delta.content or "") if choices and choices[0].delta else ""


class RememberingStream:
    """The client's stream, chunk for chunk; calls ``on_complete(reply_text)`` once, when it ends."""

    def __init__(self, stream, on_complete: Callable[[str], None]):
        self._stream = stream
        self._on_complete = on_complete
        self._pieces: list[str] = []
        self._completed = False
        self._chunks = self._pass_through()

    def _pass_through(self) -> Iterator:
        for chunk in self._stream:
            self._pieces.append(_delta_text(chunk))
            yield chunk
        self._complete()

    def _complete(self) -> None:
        if not self._completed:
            self._completed = True
            self._on_complete("".join(self._pieces))

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._chunks)

    def close(self) -> None:
        """A host that stops early still gets the user's message remembered (with the partial reply)."""
        self._stream.close()
        self._complete()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __getattr__(self, name):
        return getattr(self._stream, name)


class AsyncRememberingStream:
    """The async client's stream, chunk for chunk; awaits ``on_complete(reply_text)`` once, when it ends."""

    def __init__(self, stream, on_complete: Callable[[str], Awaitable[None]]):
        self._stream = stream
        self._on_complete = on_complete
        self._pieces: list[str] = []
        self._completed = False
        self._chunks: AsyncIterator = stream.__aiter__()

    async def _complete(self) -> None:
        if not self._completed:
            self._completed = True
            await self._on_complete("".join(self._pieces))

    def __aiter__(self):
        return self

    async def __anext__(self):
        try:
            chunk = await self._chunks.__anext__()
        except StopAsyncIteration:
            await self._complete()
            raise
        self._pieces.append(_delta_text(chunk))
        return chunk

    async def close(self) -> None:
        """A host that stops early still gets the user's message remembered (with the partial reply)."""
        await self._stream.close()
        await self._complete()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.close()

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _PreparedCall:
    """What one ``create`` call needs from memory: the user's message and a turn id tying its reads to its writes."""

    def __init__(self, messages):
        self.messages = list(messages)
        self.user_message = last_user_text(self.messages)
        self.turn_id = uuid.uuid4().hex

    @property
    def remembers(self) -> bool:
        return bool(self.user_message.strip())


def _without_memory(context: TurnContext | None) -> bool:
    """The model wrote its reply with no memory in the prompt: before_turn injected nothing (or was not reached)."""
    return context is None or not context.injected


class _MemoryCompletions:
    def __init__(self, owner: "MemoryOpenAI"):
        self._owner = owner

    def create(self, *, messages, **kwargs):
        owner, call = self._owner, _PreparedCall(messages)
        context = owner._before_turn(call.user_message, call.turn_id) if call.remembers else None
        owner.last_context = context
        response = owner.client.chat.completions.create(messages=with_memory(call.messages, context), **kwargs)

        def remember(reply: str) -> None:
            if call.remembers:
                owner._after_turn(call.user_message, reply, call.turn_id, _without_memory(context))

        if kwargs.get("stream"):
            return RememberingStream(response, remember)
        remember(_reply_text(response))
        return response

    def __getattr__(self, name):
        return getattr(self._owner.client.chat.completions, name)


class _AsyncMemoryCompletions(_MemoryCompletions):
    async def create(self, *, messages, **kwargs):
        owner, call = self._owner, _PreparedCall(messages)
        context = await owner._abefore_turn(call.user_message, call.turn_id) if call.remembers else None
        owner.last_context = context
        response = await owner.client.chat.completions.create(messages=with_memory(call.messages, context), **kwargs)

        async def remember(reply: str) -> None:
            if call.remembers:
                await owner._aafter_turn(call.user_message, reply, call.turn_id, _without_memory(context))

        if kwargs.get("stream"):
            return AsyncRememberingStream(response, remember)
        await remember(_reply_text(response))
        return response


class _MemoryChat:
    def __init__(self, owner: "MemoryOpenAI", completions_class=_MemoryCompletions):
        self._owner = owner
        self.completions = completions_class(owner)

    def __getattr__(self, name):
        return getattr(self._owner.client.chat, name)


def _warn(stage: str, consequence: str, error: Exception) -> None:
    logger.warning("chatmem %s failed, %s: %s", stage, consequence, redact(f"{type(error).__name__}: {error}"))


class MemoryOpenAI:
    """An ``openai.OpenAI`` client with memory for one user (and one conversation, if ``session_id``).

    ``last_context`` holds the TurnContext of the latest call (what was injected, and why), or None."""

    completions_class = _MemoryCompletions

    def __init__(self, client, *, user_id: str, tenant: str = "default", session_id: str = "",
                 include_private: bool = False):
        if not str(user_id or "").strip():
            raise ValueError(f"{type(self).__name__} needs the user_id whose memory it uses")
        self.client = client
        self.user_id = str(user_id).strip()
        self.tenant = tenant
        self.session_id = session_id
        self.include_private = include_private
        self.last_context: TurnContext | None = None
        self.chat = _MemoryChat(self, self.completions_class)

    def __getattr__(self, name):
        return getattr(self.client, name)

    def _before_options(self, turn_id: str) -> dict:
        return {"tenant": self.tenant, "session_id": self.session_id, "turn_id": turn_id,
                "include_private": self.include_private}

    def _after_options(self, turn_id: str, reply_without_memory: bool) -> dict:
        return {"tenant": self.tenant, "session_id": self.session_id, "turn_id": turn_id,
                "reply_without_memory": reply_without_memory}

    def _before_turn(self, user_message: str, turn_id: str) -> TurnContext | None:
        try:
            return service.before_turn(self.user_id, user_message, **self._before_options(turn_id))
        except Exception as error:  # memory is an extra: the host's chat must not fail because of it
            _warn("before_turn", "the chat goes on without memory", error)
            return None

    def _after_turn(self, user_message: str, reply: str, turn_id: str, reply_without_memory: bool = False) -> None:
        try:
            service.after_turn(self.user_id, user_message, reply, **self._after_options(turn_id, reply_without_memory))
        except Exception as error:
            _warn("after_turn", "this turn is not remembered", error)


class AsyncMemoryOpenAI(MemoryOpenAI):
    """An ``openai.AsyncOpenAI`` client with memory: the same as MemoryOpenAI, awaited. Memory's own work runs off
    the event loop (service.abefore_turn / aafter_turn)."""

    completions_class = _AsyncMemoryCompletions

    async def _abefore_turn(self, user_message: str, turn_id: str) -> TurnContext | None:
        try:
            return await service.abefore_turn(self.user_id, user_message, **self._before_options(turn_id))
        except Exception as error:
            _warn("before_turn", "the chat goes on without memory", error)
            return None

    async def _aafter_turn(self, user_message: str, reply: str, turn_id: str, reply_without_memory: bool = False) -> None:
        try:
            await service.aafter_turn(self.user_id, user_message, reply,
                                      **self._after_options(turn_id, reply_without_memory))
        except Exception as error:
            _warn("after_turn", "this turn is not remembered", error)
