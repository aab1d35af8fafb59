"""Every change to memories goes through here, and every change leaves a MemoryEvent.

Details written to events are redacted; content-bearing details are erased when the content is deleted.
"""
import logging
from collections.abc import Callable, Iterable
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from . import crypto, signals
from .candidates import MemoryCandidate
from .embedding import apply_embedding
from .models import (
    EventAction,
    Memory,
    MemoryEntity,
    MemoryEvent,
    MemoryStatus,
    SessionSummary,
    Snippet,
    StandingForgetRequest,
    TopicHeat,
    Turn,
)
from .redaction import redact, redact_data
from .search_index import bump_version
from .working_memory import clear_session, clear_user_working_memory

logger = logging.getLogger(__name__)
FORGOTTEN = "[forgotten]"  # what a turn's message becomes when its words are forgotten
FORGET_REQUEST = "[forget request]"  # what a message that asked to forget is kept as


def record_event(memory: Memory | None, action: str, *, actor: str = "system", tenant: str = "", user_id: str = "",
                 session_id: str = "", turn_id: str = "", detail: dict | None = None) -> MemoryEvent:
    """The audit event of one change; the host's signal for it goes out on commit (memory_app.signals)."""
    if memory is not None:
        signals.memory_event(memory, action, actor)
    return MemoryEvent.objects.create(
        memory=memory,
        memory_ref=memory.pk if memory else None,
        tenant=memory.tenant if memory else tenant,
        user_id=memory.user_id if memory else user_id,
        action=action,
        actor=actor,
        session_id=session_id or "",
        turn_id=turn_id or "",
        detail=redact_data(detail or {}),
    )


def _content_detail(memory: Memory) -> dict:
    if memory.sensitivity == "high":  # the audit log never holds a high-sensitivity value
        return {"key": memory.key, "version": memory.version}
    return {"key": memory.key, "value": crypto.reveal_value(memory), "version": memory.version}


def _link_entities(memory: Memory) -> None:
    links = [
        MemoryEntity(memory=memory, tenant=memory.tenant, user_id=memory.user_id, entity=entity.strip().lower()[:128])
        for entity in dict.fromkeys(memory.entities or [])
        if entity and entity.strip()
    ]
    MemoryEntity.objects.bulk_create(links, ignore_conflicts=True)


def create_memory(*, tenant: str, user_id: str, candidate: MemoryCandidate, sources: list[dict], observed_at: datetime,
                  actor: str = "system", session_id: str = "", turn_id: str = "", status: str = MemoryStatus.ACTIVE,
                  previous: Memory | None = None, version: int = 1, needs_confirmation: bool = False) -> Memory:
    from .lifecycle import expiry_for  # lifecycle policy decides TTLs

    memory = Memory(
        tenant=tenant, user_id=user_id, kind=candidate.kind, key=candidate.key,
        value=redact(candidate.value), text=redact(candidate.text), entities=candidate.entities, topic=candidate.topic,
        polarity=candidate.polarity, confidence=candidate.confidence, importance=candidate.importance,
        sensitivity=candidate.sensitivity, is_private=candidate.is_private, source=candidate.source,
        sources=sources, observed_at=observed_at, created_at=observed_at, updated_at=observed_at,
        status=status, previous=previous, version=version, needs_confirmation=needs_confirmation,
    )
    memory.expires_at = expiry_for(memory)
    apply_embedding(memory, memory.text)
    crypto.seal(memory)
    memory.save()
    _link_entities(memory)
    action = EventAction.PENDING if status == MemoryStatus.PENDING else EventAction.CREATE
    record_event(memory, action, actor=actor, session_id=session_id, turn_id=turn_id,
                 detail={**_content_detail(memory), "confidence": memory.confidence, "source": memory.source})
    return memory


def touch_memory(memory: Memory, *, sources: list[dict], observed_at: datetime, confidence: float, actor: str = "system",
                 session_id: str = "", turn_id: str = "") -> Memory:
    """The same value again: no new row, just fresher, surer, better sourced."""
    memory.sources = _merge_sources(memory.sources, sources)
    memory.confidence = max(memory.confidence, confidence)
    memory.observed_at = max(memory.observed_at, observed_at)
    memory.updated_at = timezone.now()
    memory.strength = 1.0
    memory.needs_review = False
    memory.save(update_fields=["sources", "confidence", "observed_at", "updated_at", "strength", "needs_review"])
    record_event(memory, EventAction.TOUCH, actor=actor, session_id=session_id, turn_id=turn_id,
                 detail={"key": memory.key, "confidence": memory.confidence})
    return memory


def _merge_sources(existing: list[dict], new: list[dict]) -> list[dict]:
    merged = list(existing or [])
    for source in new:
        if source not in merged:
            merged.append(source)
    return merged[-20:]


@transaction.atomic
def supersede_memory(old: Memory, *, candidate: MemoryCandidate, sources: list[dict], observed_at: datetime,
                     actor: str = "system", session_id: str = "", turn_id: str = "") -> Memory:
    """Newest wins: the old row stays as a superseded version, the new one is active."""
    Memory.objects.filter(pk=old.pk).update(status=MemoryStatus.SUPERSEDED, updated_at=timezone.now())
    old.status = MemoryStatus.SUPERSEDED
    record_event(old, EventAction.SUPERSEDE, actor=actor, session_id=session_id, turn_id=turn_id,
                 detail={"key": old.key, "from_version": old.version, "to_version": old.version + 1})
    new = create_memory(tenant=old.tenant, user_id=old.user_id, candidate=candidate, sources=sources,
                        observed_at=observed_at, actor=actor, session_id=session_id, turn_id=turn_id,
                        previous=old, version=_next_version(old))
    Memory.objects.filter(tenant=old.tenant, user_id=old.user_id, key=old.key, status=MemoryStatus.PENDING).update(
        needs_confirmation=False, status=MemoryStatus.SUPERSEDED)
    return new


def _next_version(memory: Memory) -> int:
    latest = Memory.objects.filter(tenant=memory.tenant, user_id=memory.user_id, key=memory.key).order_by("-version").first()
    return (latest.version if latest else memory.version) + 1


def add_pending(active: Memory, *, candidate: MemoryCandidate, sources: list[dict], observed_at: datetime,
                ask_user: bool, actor: str = "system", session_id: str = "", turn_id: str = "") -> Memory:
    """A weaker or contradicting value waits instead of overwriting; ``ask_user`` puts a question to the user."""
    return create_memory(tenant=active.tenant, user_id=active.user_id, candidate=candidate, sources=sources,
                         observed_at=observed_at, actor=actor, session_id=session_id, turn_id=turn_id,
                         status=MemoryStatus.PENDING, previous=active, version=_next_version(active),
                         needs_confirmation=ask_user)


@transaction.atomic
def confirm_pending(pending: Memory, *, actor: str = "system", session_id: str = "", turn_id: str = "") -> Memory:
    active = Memory.objects.filter(tenant=pending.tenant, user_id=pending.user_id, key=pending.key,
                                   status=MemoryStatus.ACTIVE).first()
    if active:
        active.status = MemoryStatus.SUPERSEDED
        active.save(update_fields=["status"])
        record_event(active, EventAction.SUPERSEDE, actor=actor, session_id=session_id, turn_id=turn_id,
                     detail={"key": active.key, "from_version": active.version, "to_version": pending.version})
    pending.status = MemoryStatus.ACTIVE
    pending.needs_confirmation = False
    pending.updated_at = timezone.now()
    pending.save(update_fields=["status", "needs_confirmation", "updated_at"])
    record_event(pending, EventAction.CONFIRM, actor=actor, session_id=session_id, turn_id=turn_id, detail={"key": pending.key})
    return pending


def reject_pending(pending: Memory, *, actor: str = "system", session_id: str = "", turn_id: str = "") -> None:
    pending.status = MemoryStatus.ARCHIVED
    pending.needs_confirmation = False
    pending.save(update_fields=["status", "needs_confirmation"])
    record_event(pending, EventAction.REJECT, actor=actor, session_id=session_id, turn_id=turn_id, detail={"key": pending.key})


def flag_for_review(memories: Iterable[Memory], *, reason: str, actor: str = "system") -> list[Memory]:
    flagged = []
    for memory in memories:
        if memory.needs_review:
            continue
        memory.needs_review = True
        memory.save(update_fields=["needs_review"])
        record_event(memory, EventAction.REVIEW, actor=actor, detail={"key": memory.key, "reason": reason})
        flagged.append(memory)
    return flagged


def update_memory(memory: Memory, *, value: str | None = None, text: str | None = None, actor: str,
                  **fields) -> Memory:
    """A person (the user, a moderator) edits a memory in place; the event keeps the old value."""
    before = _content_detail(memory)
    if value is not None:
        memory.value = redact(value)
    if text is not None or value is not None:
        # A sealed row's stored text is ciphertext: embed and re-seal the plain sentence, never the cipher.
        memory.text = redact(text if text is not None else crypto.reveal_text(memory))
        apply_embedding(memory, memory.text)
    for name, field_value in fields.items():
        setattr(memory, name, field_value)
    memory.updated_at = timezone.now()
    crypto.seal(memory)
    memory.save()
    if text is not None or value is not None:
        bump_version(memory.tenant, memory.user_id, vectors_replaced=True)  # an existing row's vector changed
    record_event(memory, EventAction.UPDATE, actor=actor, detail={"before": before, "after": _content_detail(memory)})
    return memory


def reseal_memory(memory: Memory, *, actor: str, reason: str) -> Memory:
    """Save a row whose value/text were just (re-)encrypted in place (key rotation, encryption switched on).
    The content is unchanged, so the event names the key only."""
    memory.save(update_fields=["value", "text", "is_encrypted"])
    record_event(memory, EventAction.UPDATE, actor=actor, detail={"key": memory.key, "reason": reason})
    return memory


def refresh_strengths(tenant: str, user_id: str, strengths: dict[int, float], *, actor: str) -> int:
    """Store recomputed decay strengths of one user's memories. Strength is derived bookkeeping (like the
    access counter), so one summary event per user and run is written rather than one per row."""
    if not strengths:
        return 0
    rows = list(Memory.objects.for_user(tenant, user_id).filter(pk__in=list(strengths)).only("pk", "strength"))
    for row in rows:
        row.strength = strengths[row.pk]
    Memory.objects.bulk_update(rows, ["strength"], batch_size=500)
    record_event(None, EventAction.REVIEW, actor=actor, tenant=tenant, user_id=user_id,
                 detail={"job": "decay", "refreshed": len(rows)})
    return len(rows)


def set_status(memory: Memory, status: str, *, action: str, actor: str, reason: str = "") -> Memory:
    memory.status = status
    memory.updated_at = timezone.now()
    memory.save(update_fields=["status", "updated_at"])
    record_event(memory, action, actor=actor, detail={"key": memory.key, "reason": reason})
    return memory


def deactivate_memory(memory: Memory, *, actor: str, reason: str = "") -> Memory:
    return set_status(memory, MemoryStatus.ARCHIVED, action=EventAction.DEACTIVATE, actor=actor, reason=reason)


def archive_memory(memory: Memory, *, actor: str, reason: str = "") -> Memory:
    return set_status(memory, MemoryStatus.ARCHIVED, action=EventAction.ARCHIVE, actor=actor, reason=reason)


@transaction.atomic
def restore_version(memory: Memory, *, actor: str) -> Memory:
    """Make an older version of a key the active one again; the current active one is superseded."""
    current = Memory.objects.filter(tenant=memory.tenant, user_id=memory.user_id, key=memory.key,
                                    status=MemoryStatus.ACTIVE).exclude(pk=memory.pk).first()
    if current:
        set_status(current, MemoryStatus.SUPERSEDED, action=EventAction.SUPERSEDE, actor=actor, reason="restore")
    memory.status = MemoryStatus.ACTIVE
    memory.needs_confirmation = False
    memory.updated_at = timezone.now()
    memory.save(update_fields=["status", "needs_confirmation", "updated_at"])
    record_event(memory, EventAction.RESTORE, actor=actor, detail={"key": memory.key, "version": memory.version})
    return memory


def _erase_event_content(queryset) -> None:
    """Events outlive deleted content, but not the content itself."""
    queryset.update(detail={"erased": True})


def versions_of(memories):
    """Every version (any status) of the keys these memories hold: what a hard delete takes with it."""
    doomed = Memory.objects.none()
    for tenant, user_id, key in {(memory.tenant, memory.user_id, memory.key) for memory in memories}:
        doomed = doomed | Memory.objects.filter(tenant=tenant, user_id=user_id, key=key)
    return doomed


def drop_summary_lines(summary: SessionSummary, drop: Callable[[str, dict], bool]) -> bool:
    """Remove the lines ``drop(line, source)`` picks from a session summary, with their sources."""
    lines = summary.text.split("\n")
    # Lines and sources are kept aligned from the end (update_session_summary trims both).
    sources = ([{}] * len(lines) + list(summary.sources or []))[-len(lines):]
    kept = [(line, source) for line, source in zip(lines, sources) if not drop(line, source)]
    if len(kept) == len(lines):
        return False
    summary.text = "\n".join(line for line, _ in kept)
    summary.sources = [source for _, source in kept if source]
    summary.save(update_fields=["text", "sources"])
    return True


def record_snippet_use(snippet_ids: list[int], now: datetime) -> None:
    """Snippets placed in a prompt count as used (usage feeds ranking); no audit event, they are not memories."""
    if snippet_ids:
        Snippet.objects.filter(pk__in=snippet_ids).update(access_count=F("access_count") + 1, last_accessed_at=now)


def _erase_source_copies(doomed: list[Memory]) -> None:
    """A deleted memory must not live on in the words it came from: the snippets of its source turns go,
    their lines leave the session summary, and the turn log keeps a placeholder instead of the text."""
    turns_by_user: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for memory in doomed:
        turns_by_user.setdefault((memory.tenant, memory.user_id), set()).update(
            (source.get("session", ""), source.get("turn", "")) for source in memory.sources or [])
    for (tenant, user_id), turns in turns_by_user.items():
        def from_doomed_turn(source: dict) -> bool:
            return (source.get("session", ""), source.get("turn", "")) in turns

        snippets = Snippet.objects.for_user(tenant, user_id).filter(session_id__in={session for session, _ in turns})
        Snippet.objects.filter(pk__in=[snippet.pk for snippet in snippets.only("pk", "sources")
                                       if any(map(from_doomed_turn, snippet.sources or []))]).delete()
        for summary in SessionSummary.objects.for_user(tenant, user_id).filter(session_id__in={s for s, _ in turns}):
            drop_summary_lines(summary, lambda line, source: from_doomed_turn(source))
        for session, turn in turns:
            erase_turns(Turn.objects.for_user(tenant, user_id).filter(session_id=session, turn_id=turn))


@transaction.atomic
def delete_memories(memories, *, actor: str, reason: str = "", session_id: str = "", turn_id: str = "",
                    every_version: bool = True) -> int:
    """Hard delete: the rows, all versions of their keys (unless ``every_version`` is off: forgetting by
    meaning judges each version itself, as a key may hold several things), vectors, entity links, and
    content in events."""
    memories = list(memories)
    if not memories:
        return 0
    by_key = {(memory.tenant, memory.user_id, memory.key) for memory in memories}
    rows = versions_of(memories) if every_version else Memory.objects.filter(pk__in=[memory.pk for memory in memories])
    doomed = list(rows.defer("embedding"))
    doomed_ids = [memory.pk for memory in doomed]
    signals.memories_forgotten(doomed, reason=reason, actor=actor)
    _erase_source_copies(doomed)
    _erase_event_content(MemoryEvent.objects.filter(memory_ref__in=doomed_ids))
    Memory.objects.filter(pk__in=doomed_ids).delete()
    erasure.erase_copies(doomed)
    for tenant, user_id, key in by_key:
        record_event(None, EventAction.DELETE, actor=actor, tenant=tenant, user_id=user_id, session_id=session_id,
                     turn_id=turn_id, detail={"count": sum(1 for m in memories if m.key == key), "reason": reason})
    return len(doomed_ids)


@transaction.atomic
def forget_user(tenant: str, user_id: str, *, actor: str, keep_turn_pk: int | None = None) -> dict:
    """Everything about one user goes: memories and versions, vectors, snippets, summaries, turns, heat,
    standing forget requests, working memory, and the content of past events (the events stay as a content-free trail).
    ``keep_turn_pk``: the turn that asked ("forget everything about me") stays, emptied, so that the task
    processing it can record its outcome."""
    turns = Turn.objects.for_user(tenant, user_id).exclude(pk=keep_turn_pk)
    erasure.erase_task_results(Turn.objects.for_user(tenant, user_id))
    counts = {
        "memories": Memory.objects.for_user(tenant, user_id).count(),
        "snippets": Snippet.objects.for_user(tenant, user_id).count(),
        "summaries": SessionSummary.objects.for_user(tenant, user_id).count(),
        "turns": turns.count(),
    }
    _erase_event_content(MemoryEvent.objects.for_user(tenant, user_id))
    signals.memories_forgotten(Memory.objects.for_user(tenant, user_id).only(*signals.FORGOTTEN_FIELDS),
                               reason="forget everything about the user", actor=actor)
    Memory.objects.for_user(tenant, user_id).delete()
    turns.delete()
    Turn.objects.filter(pk=keep_turn_pk).update(text=FORGET_REQUEST, reply="", outcome={})
    for model in (Snippet, SessionSummary, TopicHeat, MemoryEntity, StandingForgetRequest):
        model.objects.for_user(tenant, user_id).delete()
    clear_user_working_memory(tenant, user_id)
    erasure.clear_text_caches()
    record_event(None, EventAction.DELETE, actor=actor, tenant=tenant, user_id=user_id,
                 detail={"scope": "user", **counts})
    return counts


@transaction.atomic
def forget_session(tenant: str, user_id: str, session_id: str, *, actor: str) -> dict:
    """Forget by conversation: what came only from that session goes, with its snippets and summary."""
    turn_ids = set(Turn.objects.for_user(tenant, user_id).filter(session_id=session_id).values_list("turn_id", flat=True))
    from_session = [
        memory for memory in Memory.objects.for_user(tenant, user_id)
        if memory.sources and all(source.get("session") == session_id for source in memory.sources)
    ]
    deleted = delete_memories(from_session, actor=actor, reason="forget session")
    snippets = Snippet.objects.for_user(tenant, user_id).filter(session_id=session_id)
    counts = {"memories": deleted, "snippets": snippets.count(), "turns": len(turn_ids)}
    snippets.delete()
    SessionSummary.objects.for_user(tenant, user_id).filter(session_id=session_id).delete()
    # A standing request of that session is a copy of its words (their vector): it goes with them.
    StandingForgetRequest.objects.for_user(tenant, user_id).filter(session_id=session_id).delete()
    _erase_event_content(MemoryEvent.objects.for_user(tenant, user_id).filter(session_id=session_id))
    erasure.erase_task_results(Turn.objects.for_user(tenant, user_id).filter(session_id=session_id))
    Turn.objects.for_user(tenant, user_id).filter(session_id=session_id).delete()
    clear_session(tenant, user_id, session_id)
    erasure.clear_text_caches()
    record_event(None, EventAction.DELETE, actor=actor, tenant=tenant, user_id=user_id, detail={"scope": "session", **counts})
    return counts


def record_reads(memories: Iterable[Memory], *, actor: str, session_id: str = "", turn_id: str = "",
                 purpose: str = "recall") -> None:
    """Every recall or injection is a read: logged, and counted towards usage (which feeds ranking)."""
    memories = [memory for memory in memories if memory.pk]
    if not memories:
        return
    now = timezone.now()
    Memory.objects.filter(pk__in=[memory.pk for memory in memories]).update(
        access_count=F("access_count") + 1, last_accessed_at=now)
    MemoryEvent.objects.bulk_create([
        MemoryEvent(memory=memory, memory_ref=memory.pk, tenant=memory.tenant, user_id=memory.user_id,
                    action=EventAction.READ, actor=actor, session_id=session_id or "", turn_id=turn_id or "",
                    detail={"key": memory.key, "purpose": purpose}, created_at=now)
        for memory in memories
    ])


def record_export(tenant: str, user_id: str, *, actor: str, count: int) -> None:
    record_event(None, EventAction.EXPORT, actor=actor, tenant=tenant, user_id=user_id, detail={"count": count})


# Forgetting by meaning and the erasing of turns live next door (this module stays readable); callers still
# use them as ``actions.forget_described`` and so on.
from .actions_forget import erase_turns, forget_described, without_content  # noqa: E402,F401
from . import erasure  # noqa: E402  (imports this module's names)
