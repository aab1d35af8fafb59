"""The facade a host product calls. Everything else in memory_app is an implementation detail.

    ctx = service.before_turn("u1", "周末想烤点饼干，配料上要避开什么？", session_id="s1", turn_id="t2")
    messages = [system_prompt, ctx.system_message(), {"role": "user", "content": message}]
    ...call the model...
    service.after_turn("u1", message, reply, session_id="s1", turn_id="t2")

Async views and consumers await ``abefore_turn`` / ``aafter_turn`` instead (same arguments, same results).
"""
import logging
import uuid
from datetime import datetime, timedelta

from asgiref.sync import sync_to_async
from django.db import IntegrityError, close_old_connections
from django.db.models import Q
from django.utils import timezone

from . import actions, signals
from .conf import app_settings
from .db_retry import retry_on_busy
from .input_text import unstorable_reason
from .lifecycle import expire
from .models import Memory, Snippet, Turn, TurnStatus
from .recall import rank
from .redaction import find_secrets, redact
from .turn_context import build_context, empty_context
from .types import ScoredMemory, TurnContext, TurnRecord, WriteOutcome

logger = logging.getLogger(__name__)


class MemoryInputError(ValueError):
    """Bad input from the caller (empty message, unknown user, …): a clear reason, nothing written."""


def _tenant(tenant: str | None) -> str:
    return tenant or app_settings.DEFAULT_TENANT


def _check_storable(name: str, text: str) -> str:
    reason = unstorable_reason(text)
    if reason:
        raise MemoryInputError(f"{name} {reason}")
    return text


def _check_id(name: str, value: str, limit: int = 128) -> str:
    """Session and turn ids, a speaker's name: optional, storable, within the column."""
    value = _check_storable(name, str(value or ""))
    if len(value) > limit:
        raise MemoryInputError(f"{name} is longer than {limit} characters")
    return value


def _check_user(user_id: str) -> str:
    user_id = _check_storable("user_id", str(user_id or "").strip())
    if not user_id:
        raise MemoryInputError("user_id is required")
    if len(user_id) > 128:
        raise MemoryInputError("user_id is longer than 128 characters")
    return user_id


def _aware(now: datetime | None) -> datetime:
    """The caller's clock, or now; a naive time is read in the project's time zone."""
    if now is None:
        return timezone.now()
    return timezone.make_aware(now) if timezone.is_naive(now) else now


def _check_message(message: str, name: str = "message") -> str:
    if not isinstance(message, str) or not message.strip():
        raise MemoryInputError(f"{name} is empty")
    if len(message) > app_settings.MAX_MESSAGE_CHARS:
        raise MemoryInputError(f"{name} is longer than {app_settings.MAX_MESSAGE_CHARS} characters")
    return _check_storable(name, message.strip())


def before_turn(user_id: str, message: str, *, tenant: str = "", session_id: str = "", turn_id: str = "",
                include_private: bool = False, now: datetime | None = None) -> TurnContext:
    """The memory block for the prompt of this turn, and why. A failure inside memory gives an empty
    context with the reason, never an exception into the chat (bad input does raise MemoryInputError)."""
    user_id, message, tenant = _check_user(user_id), _check_message(message), _tenant(tenant)
    session_id, turn_id = _check_id("session_id", session_id), _check_id("turn_id", turn_id)
    try:
        context = build_context(tenant=tenant, user_id=user_id, message=message, session_id=session_id,
                                turn_id=turn_id, include_private=include_private, now=_aware(now))
    except Exception as error:
        logger.exception("before_turn failed; the turn goes on without memory")
        return empty_context(f"memory unavailable: {type(error).__name__}")
    signals.send(signals.context_built, TurnContext, tenant=tenant, user_id=user_id, context=context, message=message,
                 session_id=session_id, turn_id=turn_id)
    return context


def after_turn(user_id: str, user_message: str, assistant_message: str = "", *, tenant: str = "", session_id: str = "",
               turn_id: str = "", speaker: str = "user", now: datetime | None = None,
               reply_without_memory: bool = False) -> TurnRecord:
    """Record the turn and hand it to the background task that extracts, merges and forgets.

    ``reply_without_memory``: the assistant's reply was written with no memory in its prompt (before_turn injected
    nothing, ``TurnContext.injected`` False). Such a reply describes this message alone, so its opening
    (CHATMEM_SNIPPET_REPLY_MAX_CHARS) is keyword-indexed with the message; leave it False when unsure."""
    from django_tasks import TaskResultStatus

    from .tasks import process_turn_task

    user_id, user_message = _check_user(user_id), _check_message(user_message, "user_message")
    session_id, turn_id = _check_id("session_id", session_id), _check_id("turn_id", turn_id)
    speaker = _check_id("speaker", speaker, limit=64)
    _check_storable("assistant_message", assistant_message or "")
    tenant = _check_id("tenant", _tenant(tenant), limit=64)
    turn_id = turn_id or uuid.uuid4().hex[:12]
    # Only the redacted text is stored; what was redacted is noted now, since the raw text is gone after this.
    blocked = [{"kind": secret.kind, "reason": "sensitive value not stored"} for secret in find_secrets(user_message)]
    fields = {"speaker": speaker or "user", "text": redact(user_message), "reply": redact(assistant_message or ""),
              "reply_without_memory": bool(reply_without_memory and assistant_message),
              "occurred_at": _aware(now), "outcome": {"blocked": blocked}}

    try:  # in its own transaction (a savepoint inside the caller's): a duplicate must not break the caller's
        turn = retry_on_busy(lambda: Turn.objects.create(tenant=tenant, user_id=user_id, session_id=session_id,
                                                          turn_id=turn_id, **fields),
                             what=f"after_turn {session_id}/{turn_id}")
    except IntegrityError:
        return _replayed_turn(tenant, user_id, session_id, turn_id, fields["text"])
    try:
        # django-tasks-db writes the task row in the caller's transaction, so it appears only with the turn.
        result = process_turn_task.enqueue(turn.pk)
    except Exception:
        logger.exception("could not enqueue turn %s; it stays pending for retry", turn.pk)
        return TurnRecord(turn_pk=turn.pk, status=TurnStatus.PENDING)
    stored = Turn.objects.filter(pk=turn.pk).values("status", "outcome").first()
    if stored is None:  # erased while it was processed (a forget-me from elsewhere): report what the task said
        finished = result.status == TaskResultStatus.SUCCESSFUL
        return TurnRecord(turn_pk=None, status=TurnStatus.PROCESSED if finished else TurnStatus.PENDING,
                          outcome=result.return_value if finished else {})
    return TurnRecord(turn_pk=turn.pk, status=stored["status"], outcome=stored["outcome"])


def _off_the_event_loop(function):
    """``function`` run in a worker thread, with its database connection handled there as channels'
    database_sync_to_async does (an expired or broken one is replaced before, closed after per CONN_MAX_AGE).

    Not Django's shared thread (thread_sensitive=True): a turn holds its thread for the embedder and, with the
    immediate task backend, the whole extraction, so each awaiting caller gets a thread of its own and one
    user's turn never queues behind another's. Nothing here depends on the caller's thread or transaction."""
    def with_fresh_connection(*args, **kwargs):
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(with_fresh_connection, thread_sensitive=False)


async def abefore_turn(user_id: str, message: str, **options) -> TurnContext:
    """``before_turn`` for async code: the event loop goes on while memory embeds and reads (same keyword
    arguments, same result; bad input raises MemoryInputError here too)."""
    return await _off_the_event_loop(before_turn)(user_id, message, **options)


async def aafter_turn(user_id: str, user_message: str, assistant_message: str = "", **options) -> TurnRecord:
    """``after_turn`` for async code: recording the turn (and, with the immediate task backend, extracting and
    merging it) runs off the event loop."""
    return await _off_the_event_loop(after_turn)(user_id, user_message, assistant_message, **options)


def _replayed_turn(tenant: str, user_id: str, session_id: str, turn_id: str, text: str) -> TurnRecord:
    """The same turn sent again (a client retrying after a lost answer) is the turn already recorded; a different
    message under a recorded turn id is the caller's mistake."""
    turn = Turn.objects.filter(tenant=tenant, user_id=user_id, session_id=session_id, turn_id=turn_id).first()
    if turn is None or turn.text != text:
        raise MemoryInputError(f"turn {turn_id!r} of session {session_id!r} was already recorded")
    return TurnRecord(turn_pk=turn.pk, status=turn.status, outcome=turn.outcome)


def retry_failed_turns(limit: int = 100, stale_after_seconds: float | None = None) -> int:
    """Run again the turns whose processing failed, and those still pending after CHATMEM_TURN_STALE_AFTER_SECONDS
    (their worker died, or the task was never queued): cron, ``memory retry``. Running a turn twice is safe."""
    from .turn_processing import run_turn

    if stale_after_seconds is None:
        stale_after_seconds = app_settings.TURN_STALE_AFTER_SECONDS
    stale = timezone.now() - timedelta(seconds=stale_after_seconds)
    turns = Turn.objects.filter(Q(status=TurnStatus.FAILED) | Q(status=TurnStatus.PENDING, recorded_at__lte=stale),
                                attempts__lt=app_settings.TASK_MAX_ATTEMPTS).order_by("recorded_at", "pk")[:limit]
    count = 0
    for turn in turns:
        run_turn(turn.pk)
        count += 1
    return count


def remember(user_id: str, text: str, *, tenant: str = "", session_id: str = "", turn_id: str = "",
             actor: str = "user", now: datetime | None = None) -> list[WriteOutcome]:
    """Extract and merge one statement right now (the CLI's and the API's direct write)."""
    record = after_turn(user_id, text, tenant=tenant, session_id=session_id or "direct", turn_id=turn_id, now=now)
    outcome = record.outcome or {}
    writes = []
    for action in ("created", "touched", "superseded", "pending", "asked"):
        writes += [WriteOutcome(**{**item, "action": action}) for item in outcome.get(action, [])]
    writes += [WriteOutcome(action="blocked", key=item.get("kind", ""), reason=item.get("reason", ""))
               for item in outcome.get("blocked", [])]
    writes += [WriteOutcome(action="working_memory", value=text) for text in outcome.get("working_memory", [])]
    for forgotten in outcome.get("forgotten", []):
        if forgotten.get("standing"):  # nothing matched it: it stands (forget_guard)
            writes.append(WriteOutcome(action="forget_standing", reason="nothing matched; the request stands"))
        else:
            writes.append(WriteOutcome(action="forgotten", key=",".join(forgotten.get("keys", [])),
                                       reason=f"{forgotten.get('memories', 0)} memories"))
    if not writes and record.status == TurnStatus.FAILED:
        error = Turn.objects.filter(pk=record.turn_pk).values_list("last_error", flat=True).first() or ""
        writes.append(WriteOutcome(action="failed", reason=error))
    elif not writes:
        writes.append(WriteOutcome(action="dropped", reason="nothing worth remembering"))
    return writes


def recall(user_id: str, query: str, *, tenant: str = "", limit: int | None = None, include_private: bool = False,
           actor: str = "system", session_id: str = "", turn_id: str = "", now: datetime | None = None) -> list[ScoredMemory]:
    """Ranked long-term memories for a query (no gate, no packing); every returned memory is logged as read."""
    user_id, query = _check_user(user_id), _check_message(query, "query")
    tenant, now = _tenant(tenant), _aware(now)
    limit = limit or app_settings.RECALL_LIMIT
    ranked, _ = rank(tenant, user_id, query, now=now, include_private=include_private)
    ranked = [item for item in ranked if item.source_type == "memory" and item.relevance >= app_settings.RECALL_MIN_SCORE][:limit]
    actions.record_reads([item.row for item in ranked], actor=actor, session_id=session_id, turn_id=turn_id)
    return [item.to_scored() for item in ranked]


def forget_memory(memory_id: int, *, tenant: str, user_id: str, actor: str) -> int:
    memory = Memory.objects.for_user(_tenant(tenant), _check_user(user_id)).filter(pk=memory_id).first()
    if memory is None:
        return 0
    return actions.delete_memories([memory], actor=actor, reason="forget one memory")


def forget_user(tenant: str, user_id: str, *, actor: str) -> dict:
    return actions.forget_user(_tenant(tenant), _check_user(user_id), actor=actor)


def forget_session(tenant: str, user_id: str, session_id: str, *, actor: str) -> dict:
    return actions.forget_session(_tenant(tenant), _check_user(user_id), _check_id("session_id", session_id), actor=actor)


def forget_expired(now: datetime | None = None) -> int:
    """Deactivate expired memories and delete expired snippets; returns how many went."""
    now = now or timezone.now()
    report = expire(now=now)
    snippets, _ = Snippet.objects.filter(expires_at__lte=now).delete()
    return len(report.changes) + snippets


def export_user(tenant: str, user_id: str, *, actor: str) -> dict:
    from .exports import export_user_data

    return export_user_data(_tenant(tenant), _check_user(user_id), actor=actor)
