"""Forgetting by meaning and the erasing of turns: part of ``memory_app.actions`` (which re-exports these), kept
in its own module so that both stay short. Every change leaves a MemoryEvent; no content goes into it."""
from django.db import transaction

from .actions import FORGOTTEN, delete_memories, drop_summary_lines, record_event
from .models import EventAction, MemoryEvent, SessionSummary, Snippet, TopicHeat, Turn
from .taxonomy import key_kind
from .working_memory import replace_session_items, user_session_items

def erase_turns(turns) -> set[int]:
    """A turn whose words are forgotten keeps its place in the log: a placeholder for the message, no reply,
    and an outcome with keys and counts but no values; its task results lose their return value too.
    Returns the pks of the turns erased."""
    from .erasure import erase_task_results  # erasure builds on this module

    from .semantic import drop_context_of

    erased, refs_by_user = set(), {}
    for turn in turns.only("pk", "tenant", "user_id", "session_id", "turn_id", "text", "reply", "outcome"):
        turn.text, turn.reply = FORGOTTEN, ""
        turn.outcome = without_content(turn.outcome or {})
        turn.save(update_fields=["text", "reply", "outcome"])
        erased.add(turn.pk)
        refs_by_user.setdefault((turn.tenant, turn.user_id), set()).add((turn.session_id, turn.turn_id))
    erase_task_results(erased)
    for (tenant, user_id), refs in refs_by_user.items():  # the next speaker's vectors were made with these words too
        drop_context_of(tenant, user_id, refs)
    return erased


def without_content(data):
    """An outcome or event detail with its values, sentences and entities replaced; keys keep only their kind
    ("health.allergy.<value>" -> "health.allergy")."""
    if isinstance(data, list):
        return [FORGOTTEN if isinstance(value, str) else without_content(value) for value in data]
    if not isinstance(data, dict):
        return data
    cleaned = {}
    for name, value in data.items():
        if name == "key" and isinstance(value, str):
            cleaned[name] = key_kind(value)
        elif name in ("value", "text", "before", "after", "entities", "terms"):
            cleaned[name] = [] if isinstance(value, list) else FORGOTTEN
        else:
            cleaned[name] = without_content(value)
    return cleaned


@transaction.atomic
def forget_described(tenant: str, user_id: str, matches, *, actor: str, session_id: str = "", turn_id: str = "") -> dict:
    """Forget by meaning ("what I told you about X, drop it"): the matched memories (each version is matched
    on its own) and the words they came from, and every matched snippet, summary line, turn message, reply,
    outcome, audit detail (the event stays) and working-memory item, as ``forget_matching.Matches`` lists
    them. Returns counts and key kinds, never content; one DELETE event records the counts."""
    from .erasure import clear_text_caches, erase_task_results

    doomed_sources = [source for memory in matches.memories for source in memory.sources or []]
    erased = {(str(source.get("session", "")), str(source.get("turn", ""))) for source in doomed_sources}
    entities = {entity.strip().lower() for memory in matches.memories for entity in memory.entities or [] if entity}
    counts = {"keys": sorted({key_kind(memory.key) for memory in matches.memories})}
    snippets_before, lines_before = _semantic_tally(tenant, user_id)
    counts["memories"] = delete_memories(matches.memories, actor=actor, reason="user asked to forget",
                                         session_id=session_id, turn_id=turn_id, every_version=False)
    Snippet.objects.for_user(tenant, user_id).filter(pk__in=matches.snippets).delete()
    for summary in SessionSummary.objects.for_user(tenant, user_id).filter(pk__in=list(matches.summary_lines)):
        doomed_lines = matches.summary_lines[summary.pk]
        drop_summary_lines(summary, lambda line, source: line in doomed_lines)
    snippets_after, lines_after = _semantic_tally(tenant, user_id)  # the memories' sources went too: count all
    counts["snippets"], counts["summary_lines"] = snippets_before - snippets_after, lines_before - lines_after
    user_turns = Turn.objects.for_user(tenant, user_id)
    erased |= set(user_turns.filter(pk__in=matches.turns).values_list("session_id", "turn_id"))
    erase_turns(user_turns.filter(pk__in=matches.turns))
    user_turns.filter(pk__in=matches.replies - matches.turns).update(reply="")
    for turn in user_turns.filter(pk__in=matches.outcomes - matches.turns).only("pk", "outcome"):
        turn.outcome = without_content(turn.outcome or {})
        turn.save(update_fields=["outcome"])
    erase_task_results(matches.outcomes | matches.replies)
    counts["turns"] = len(erased)
    counts["events"] = MemoryEvent.objects.for_user(tenant, user_id).filter(pk__in=matches.events).update(
        detail={"erased": True})
    counts["working_memory"] = forget_working_items(tenant, user_id, matches.working)
    TopicHeat.objects.for_user(tenant, user_id).filter(topic__in=entities).delete()
    clear_text_caches()
    record_event(None, EventAction.DELETE, actor=actor, tenant=tenant, user_id=user_id, session_id=session_id,
                 turn_id=turn_id, detail={"scope": "described", **{k: v for k, v in counts.items() if k != "keys"}})
    return counts


def _semantic_tally(tenant: str, user_id: str) -> tuple[int, int]:
    lines = sum(len([line for line in text.split("\n") if line.strip()]) for text in
                SessionSummary.objects.for_user(tenant, user_id).values_list("text", flat=True))
    return Snippet.objects.for_user(tenant, user_id).count(), lines


def forget_working_items(tenant: str, user_id: str, doomed: set[tuple[str, str]]) -> int:
    """Drop (session, text) items from the user's working memory (the cache holds no audit trail of its own)."""
    count = 0
    for session, items in user_session_items(tenant, user_id).items():
        kept = [item for item in items if (session, item["text"]) not in doomed]
        if len(kept) < len(items):
            count += len(items) - len(kept)
            replace_session_items(tenant, user_id, session, kept)
    return count
