"""Forget intents from the conversation ("别再记我的地址了", "forget my phone number"): delete the
matching memories (all versions), snippets, summary lines and working-memory items, and say so."""
from django.db.models import Q

from . import actions, crypto
from .models import Memory, SessionSummary, Snippet, Turn
from .working_memory import replace_session_items, session_items


def _matches(text: str, terms: list[str]) -> bool:
    lowered = (text or "").lower()
    return any(term and term.lower() in lowered for term in terms)


def apply_forget_request(*, tenant: str, user_id: str, request, actor: str, session_id: str = "",
                         turn_id: str = "") -> dict:
    if request.everything:
        counts = actions.forget_user(tenant, user_id, actor=actor)
        return {"scope": "everything", **counts}
    terms = [term for term in request.terms if term and len(term.strip()) >= 1]
    key_filter = Q()
    for prefix in request.key_prefixes:
        key_filter |= Q(key__startswith=prefix)
    memories = Memory.objects.for_user(tenant, user_id)
    doomed = list(memories.filter(key_filter)) if request.key_prefixes else []
    doomed_ids = {memory.pk for memory in doomed}
    for memory in memories.exclude(pk__in=doomed_ids).defer("embedding"):
        haystack = " ".join([crypto.reveal_text(memory), crypto.reveal_value(memory), memory.key, *memory.entities])
        if _matches(haystack, terms):
            doomed.append(memory)
    keys = sorted({memory.key for memory in doomed})
    deleted = actions.delete_memories(doomed, actor=actor, reason="user asked to forget", session_id=session_id,
                                      turn_id=turn_id)
    snippets = [snippet.pk for snippet in Snippet.objects.for_user(tenant, user_id).only("pk", "text") if _matches(snippet.text, terms)]
    Snippet.objects.filter(pk__in=snippets).delete()
    for summary in SessionSummary.objects.for_user(tenant, user_id):
        lines = [line for line in summary.text.split("\n") if not _matches(line, terms)]
        if len(lines) != len(summary.text.split("\n")):
            summary.text = "\n".join(lines)
            summary.save(update_fields=["text"])
    turns = [turn.pk for turn in Turn.objects.for_user(tenant, user_id).only("pk", "text", "reply")
             if _matches(turn.text, terms) or _matches(turn.reply, terms)]
    Turn.objects.filter(pk__in=turns).update(text="[forgotten]", reply="")
    if session_id:
        kept = [item for item in session_items(tenant, user_id, session_id) if not _matches(item["text"], terms)]
        replace_session_items(tenant, user_id, session_id, kept)
    return {"scope": "matching", "keys": keys, "memories": deleted, "snippets": len(snippets)}
