"""Everything the memory layer holds about one user, as JSON-ready data or as one CSV.

The export is the owner's copy: values sealed at rest are revealed (secrets were never stored, so there
is nothing to leak that the store did not already refuse). Every export leaves an audit event.
"""
import csv
import io
import json

from django.utils import timezone

from . import actions, crypto
from .models import Memory, MemoryEvent, SessionSummary, Snippet, StandingForgetRequest, TopicHeat, Turn
from .redaction import redact_data
from .working_memory import user_session_items


def _time(value) -> str:
    return value.isoformat() if value else ""


def _memory_row(memory: Memory) -> dict:
    return {
        "id": memory.pk, "kind": memory.kind, "key": memory.key,
        "value": crypto.reveal_value(memory), "text": crypto.reveal_text(memory),
        "status": memory.status, "version": memory.version, "previous_id": memory.previous_id,
        "confidence": memory.confidence, "importance": memory.importance, "sensitivity": memory.sensitivity,
        "is_private": memory.is_private, "polarity": memory.polarity, "topic": memory.topic,
        "entities": memory.entities, "source": memory.source, "sources": memory.sources,
        "strength": memory.strength, "access_count": memory.access_count,
        "needs_confirmation": memory.needs_confirmation, "needs_review": memory.needs_review,
        "observed_at": _time(memory.observed_at), "created_at": _time(memory.created_at),
        "updated_at": _time(memory.updated_at), "last_accessed_at": _time(memory.last_accessed_at),
        "expires_at": _time(memory.expires_at),
    }


def _event_row(event: MemoryEvent) -> dict:
    return {
        "id": event.pk, "memory_id": event.memory_ref, "action": event.action, "actor": event.actor,
        "session_id": event.session_id, "turn_id": event.turn_id,
        "detail": redact_data(event.detail),  # redacted when written; again here for rows older code wrote
        "created_at": _time(event.created_at),
    }


def _snippet_row(snippet: Snippet) -> dict:
    return {"id": snippet.pk, "session_id": snippet.session_id, "speaker": snippet.speaker, "text": snippet.text,
            "reply_words": snippet.reply_words, "topic": snippet.topic, "sources": snippet.sources,
            "observed_at": _time(snippet.observed_at)}


def _summary_row(summary: SessionSummary) -> dict:
    return {"id": summary.pk, "session_id": summary.session_id, "text": summary.text, "sources": summary.sources,
            "updated_at": _time(summary.updated_at)}


def _turn_row(turn: Turn) -> dict:
    return {"id": turn.pk, "session_id": turn.session_id, "turn_id": turn.turn_id, "speaker": turn.speaker,
            "text": turn.text, "reply": turn.reply, "status": turn.status, "outcome": turn.outcome,
            "occurred_at": _time(turn.occurred_at)}


def _topic_row(heat: TopicHeat) -> dict:
    return {"id": heat.pk, "topic": heat.topic, "heat": heat.heat, "updated_at": _time(heat.updated_at)}


def _standing_row(request: StandingForgetRequest) -> dict:
    """Which turn asked and when, and which of the user's messages it withholds; its vector is no readable content."""
    return {"id": request.pk, "session_id": request.session_id, "turn_id": request.turn_id,
            "asked_at": _time(request.asked_at), "withholds_turns": request.guarded_turns}


def _working_memory_rows(tenant: str, user_id: str) -> list[dict]:
    return [{"session_id": session_id, "text": item.get("text", ""), "sources": item.get("sources", [])}
            for session_id, items in sorted(user_session_items(tenant, user_id).items()) for item in items]


def export_user_data(tenant: str, user_id: str, *, actor: str) -> dict:
    """Everything held about one user that deleting or forgetting removes: memories (every version and status),
    audit events, snippets, summaries, turns with what processing them did (outcome), topics talked about, forget
    requests that found nothing and stand (``forget_guard``), and this session's one-off items (working memory)."""
    data = {
        "tenant": tenant,
        "user_id": user_id,
        "exported_at": _time(timezone.now()),
        "memories": [_memory_row(memory) for memory in
                     Memory.objects.for_user(tenant, user_id).defer("embedding").order_by("key", "version", "pk")],
        "events": [_event_row(event) for event in MemoryEvent.objects.for_user(tenant, user_id).order_by("created_at", "pk")],
        "snippets": [_snippet_row(snippet) for snippet in
                     Snippet.objects.for_user(tenant, user_id).defer("embedding").order_by("observed_at", "pk")],
        "summaries": [_summary_row(summary) for summary in
                      SessionSummary.objects.for_user(tenant, user_id).order_by("session_id")],
        "turns": [_turn_row(turn) for turn in Turn.objects.for_user(tenant, user_id).order_by("occurred_at", "pk")],
        "topics": [_topic_row(heat) for heat in TopicHeat.objects.for_user(tenant, user_id).order_by("topic")],
        "standing_forget_requests": [
            _standing_row(request)
            for request in StandingForgetRequest.objects.for_user(tenant, user_id).order_by("asked_at", "pk")],
        "working_memory": _working_memory_rows(tenant, user_id),
    }
    actions.record_export(tenant, user_id, actor=actor, count=len(data["memories"]))
    return data


# One flat table for every record type: a spreadsheet user filters on the first column.
CSV_COLUMNS = ["record", "id", "memory_id", "session_id", "turn_id", "kind", "key", "value", "text", "status",
               "version", "confidence", "sensitivity", "is_private", "action", "actor", "sources", "detail", "time",
               "reply", "outcome", "topic"]
_TIME_FIELD = {"memories": "observed_at", "events": "created_at", "snippets": "observed_at",
               "summaries": "updated_at", "turns": "occurred_at", "topics": "updated_at",
               "standing_forget_requests": "asked_at", "working_memory": ""}
_RECORD_NAME = {"memories": "memory", "events": "event", "snippets": "snippet", "summaries": "summary",
                "turns": "turn", "topics": "topic",
                "standing_forget_requests": "standing_forget_request", "working_memory": "working_memory"}


def _cell(value) -> str:
    if isinstance(value, (dict, list)):
        value = json.dumps(value, ensure_ascii=False)
    text = "" if value is None else str(value)
    # A cell starting with = + - @ is run as a formula by spreadsheets: make it inert text.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def export_user_csv(tenant: str, user_id: str, *, actor: str) -> str:
    data = export_user_data(tenant, user_id, actor=actor)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for section, record in _RECORD_NAME.items():
        for row in data[section]:
            cells = {**row, "record": record, "time": row.get(_TIME_FIELD[section])}
            writer.writerow({column: _cell(cells.get(column)) for column in CSV_COLUMNS})
    return buffer.getvalue()
