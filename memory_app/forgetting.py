"""Forget requests from the conversation ("what I told you about my visa interview, drop it", "那次体检的结果
别留着了", "forget everything about me"): find what the description means among the user's items
(``forget_matching``), delete every copy (``actions``), and report what went without repeating it.

Only a request about the user as a whole erases the user; "everything about my daughter's school trouble" is
about the school trouble.
"""
from datetime import datetime

from django.utils import timezone

from . import actions, forget_guard, forget_matching


def apply_forget_request(*, tenant: str, user_id: str, request, actor: str, session_id: str = "",
                         turn_id: str = "", asking_turn_pk: int | None = None,
                         said_between: tuple[datetime, datetime] | None = None,
                         asked_at: datetime | None = None) -> dict:
    """Carry out one ``ForgetRequest``; ``asking_turn_pk`` is the turn that asked (never itself matched: it is
    emptied by its own processing), ``said_between`` when the message asking says its subject was said
    (``when_said``: "what I told you last month"), ``asked_at`` when it was asked. A request that finds nothing
    stays standing (``forget_guard``): ``standing`` in the entry.
    Returns the entry for ``outcome["forgotten"]``: counts, key kinds and item ids, never a forgotten value, and
    not the description either (it names what was to go)."""
    if request.everything:
        counts = actions.forget_user(tenant, user_id, actor=actor, keep_turn_pk=asking_turn_pk)
        return {"scope": "everything", **counts}
    matches = forget_matching.find(tenant, user_id, request.description, skip_turn_pk=asking_turn_pk,
                                   whole_subject=request.whole_subject, request=request.text, said_between=said_between)
    items = _item_ids(matches)
    counts = actions.forget_described(tenant, user_id, matches, actor=actor, session_id=session_id, turn_id=turn_id)
    entry = {"scope": "described", **counts, "items": items}
    if matches.empty:
        entry["standing"] = forget_guard.record(tenant, user_id, request.description, session_id=session_id,
                                                turn_id=turn_id, asked_at=asked_at or timezone.now(),
                                                guarded_turns=matches.confidence_left)
    return entry


def described_by(text: str, requests) -> bool:
    """Would any of these requests take ``text`` (by meaning and words, as it takes a stored message)?"""
    for request in requests:
        item = forget_matching.Item("turn", None, text)
        forget_matching.score(request.description, [item])
        if item.matched:
            return True
    return False


MAX_LISTED_ITEMS = 20


def _item_ids(matches: forget_matching.Matches) -> list[str]:
    """Which rows went, by id ("memory:12", "turn:s1/t3"): enough for the inspector, no content."""
    ids = [f"memory:{memory.pk}" for memory in matches.memories]
    ids += [f"snippet:{pk}" for pk in sorted(matches.snippets)]
    ids += [f"turn:{session}/{turn}" for session, turn in sorted(matches.turn_refs)]
    return ids[:MAX_LISTED_ITEMS]
