"""What a deletion reaches beyond the deleted rows themselves. ``actions`` removes a memory with its versions, its
source turns' words, snippets and summary lines; copies of its content also live elsewhere:

- the outcomes of other turns (a confirmation answer names the key, a review names the key that changed, a later
  turn extracted the same value) and the audit details of other memories ("<key> changed");
- topic heat bumped by its entities, and one-off items in working memory that came from its source turns;
- the result rows a task backend keeps (django-tasks-db stores what each task returned);
- in-process caches keyed by stored text.

Mentions are replaced where they occur (a string that holds a deleted value becomes the placeholder, an entry about
a deleted memory id loses its content); the rest of an outcome or event stays. Nothing here writes an event:
the caller's DELETE event covers it.
"""
import re

from django.apps import apps

from .actions import FORGOTTEN
from .actions_forget import forget_working_items, without_content
from .crypto import reveal_text, reveal_value
from .models import EventAction, MemoryEvent, TopicHeat, Turn
from .taxonomy import key_kind
from .working_memory import user_session_items

TURN_TASK_PATH = "memory_app.tasks.process_turn_task"
ERASED_DETAIL = {"erased": True}
_CJK = re.compile(r"[\u3400-\u9fff]")


def _worth_matching(needle: str) -> bool:
    """Too short a needle ("2", "猫") would blank unrelated bookkeeping; the sentence and key still catch copies."""
    return len(needle) >= 3 or (len(needle) == 2 and bool(_CJK.search(needle)))


def needles_of(memories) -> set[str]:
    """The strings that give a memory's content away, lower-cased: value, sentence, entities, and the key when it
    ends in a value ("health.allergy.<thing>")."""
    found = set()
    for memory in memories:
        found |= {reveal_value(memory), reveal_text(memory), *(memory.entities or [])}
        if key_kind(memory.key) != memory.key:
            found.add(memory.key)
    return {needle.strip().lower() for needle in found if isinstance(needle, str) and _worth_matching(needle.strip())}


def without_mentions(data, needles: set[str], memory_ids: set[int]):
    """``data`` (an outcome or event detail) with every string holding a needle replaced, and every entry about one
    of ``memory_ids`` stripped of its content."""
    if isinstance(data, str):
        return FORGOTTEN if any(needle in data.lower() for needle in needles) else data
    if isinstance(data, list):
        return [without_mentions(item, needles, memory_ids) for item in data]
    if not isinstance(data, dict):
        return data
    if any(data.get(name) in memory_ids for name in ("memory_id", "id")):
        data = without_content(data)
    return {name: without_mentions(value, needles, memory_ids) for name, value in data.items()}


def erase_mentions(tenant: str, user_id: str, needles: set[str], memory_ids: set[int]) -> set[int]:
    """Scrub one user's turn outcomes and event details (reads are skipped: they name their own memory only, and
    those are erased by memory id). Returns the pks of the turns whose outcome changed."""
    if not needles and not memory_ids:
        return set()
    changed_turns = []
    for turn in Turn.objects.for_user(tenant, user_id).exclude(outcome={}).only("pk", "outcome").iterator():
        cleaned = without_mentions(turn.outcome, needles, memory_ids)
        if cleaned != turn.outcome:
            turn.outcome = cleaned
            changed_turns.append(turn)
    Turn.objects.bulk_update(changed_turns, ["outcome"], batch_size=500)
    events = MemoryEvent.objects.for_user(tenant, user_id).exclude(action=EventAction.READ).exclude(detail=ERASED_DETAIL)
    changed_events = []
    for event in events.only("pk", "detail").iterator():
        cleaned = without_mentions(event.detail, needles, memory_ids)
        if cleaned != event.detail:
            event.detail = cleaned
            changed_events.append(event)
    MemoryEvent.objects.bulk_update(changed_events, ["detail"], batch_size=500)
    return {turn.pk for turn in changed_turns}


def erase_derived_state(tenant: str, user_id: str, needles: set[str], source_turns: set[tuple[str, str]]) -> None:
    """Heat rows named after the deleted content, and working-memory items from its source turns or naming it."""
    heat = TopicHeat.objects.for_user(tenant, user_id)
    heat.filter(pk__in=[row.pk for row in heat.only("pk", "topic") if any(n in row.topic for n in needles)]).delete()
    doomed = {
        (session, item["text"])
        for session, items in user_session_items(tenant, user_id).items() for item in items
        if any(needle in item["text"].lower() for needle in needles)
        or any((str(s.get("session", "")), str(s.get("turn", ""))) in source_turns for s in item.get("sources") or [])
    }
    if doomed:
        forget_working_items(tenant, user_id, doomed)


def erase_task_results(turns) -> int:
    """The result rows of the turn task for these turns (pks, or a Turn queryset) lose their return value: rows
    written before results were made content-free hold the turn's outcome."""
    turn_pks = list(turns.values_list("pk", flat=True)) if hasattr(turns, "values_list") else list(turns)
    if not turn_pks or not apps.is_installed("django_tasks_db"):
        return 0
    from django_tasks_db.models import DBTaskResult

    rows = DBTaskResult.objects.filter(task_path=TURN_TASK_PATH, args_kwargs__args__0__in=turn_pks)
    return rows.filter(return_value__isnull=False).update(return_value=None)


def erase_copies(doomed) -> None:
    """Everything above, for memories just deleted (``doomed``, loaded before the delete; ``actions`` already
    emptied their source turns)."""
    for tenant, user_id in {(memory.tenant, memory.user_id) for memory in doomed}:
        mine = [memory for memory in doomed if (memory.tenant, memory.user_id) == (tenant, user_id)]
        needles = needles_of(mine)
        changed = erase_mentions(tenant, user_id, needles, {memory.pk for memory in mine})
        sources = {(str(s.get("session", "")), str(s.get("turn", ""))) for m in mine for s in m.sources or []}
        erase_derived_state(tenant, user_id, needles, sources)
        erase_task_results(changed)
    clear_text_caches()


def clear_text_caches() -> None:
    """Per-process caches keyed by stored text (a sentence's keyword terms, an object's nearest kind, a message's
    query vector) are dropped whole: a deleted sentence must not stay readable in a worker's memory. Other
    processes keep theirs until evicted or restarted; nothing of them is persistent."""
    from .embedding import query_vector_cache
    from .extraction.things import _nearest_kind_in
    from .keywords import _terms

    _terms.cache_clear()
    _nearest_kind_in.cache_clear()
    query_vector_cache.clear()
