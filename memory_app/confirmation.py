"""Asking the user about contradictions: a pending memory marked for confirmation is turned into a
question on the next relevant turn ("您之前说在北京工作，现在是在上海了吗？"), and the user's answer
confirms (the new value becomes active, the old one a version) or rejects it."""
import re

from . import actions, crypto
from .models import Memory, MemoryStatus
from .session_cache import cache
from .taxonomy import scene_of_key

ASKED_TTL_SECONDS = 24 * 3600
_YES = re.compile(r"^\s*(是的?|对的?|没错|嗯+|确实|现在是|对，|yes|yeah|yep|correct|right|that's right)", re.IGNORECASE)
_NO = re.compile(r"^\s*(不是|没有|不对|错了|还是原来|还是之前|no\b|nope|not really|wrong)", re.IGNORECASE)


def _asked_key(tenant: str, user_id: str, session_id: str) -> str:
    return f"chatmem:asked:{tenant}:{user_id}:{session_id}"


def question_for(pending: Memory, language: str) -> str:
    old = pending.previous
    old_value = crypto.reveal_value(old) if old else ""
    new_value = crypto.reveal_value(pending)
    if language == "zh":
        return f"您之前说“{old_value}”，现在是“{new_value}”了吗？（请先向用户确认这一点）"
    return f'Earlier the user said "{old_value}"; is it "{new_value}" now? (Ask the user to confirm.)'


def awaiting_confirmation(tenant: str, user_id: str):
    """The user's pending contradictions, newest first. Read through the partial index of the memories that need
    confirmation (``memory_pending_question``): a user has a handful at most, and the filter on the status alone
    looked unselective to SQLite's statistics (every memory of a heavy user is active), which then scanned the
    table on every turn whose gate opened."""
    return (Memory.objects.for_user(tenant, user_id).filter(needs_confirmation=True, status=MemoryStatus.PENDING)
            .select_related("previous").order_by("-observed_at"))


def pick_question(tenant: str, user_id: str, session_id: str, scenes: list[str], language: str) -> str:
    """The question to ask in this turn, if a pending contradiction concerns what the user is talking about."""
    for pending in awaiting_confirmation(tenant, user_id):
        if not scenes or scene_of_key(pending.key) in scenes:
            cache.set(_asked_key(tenant, user_id, session_id), pending.pk, ASKED_TTL_SECONDS)
            return question_for(pending, language)
    return ""


def resolve_answer(tenant: str, user_id: str, session_id: str, message: str, *, actor: str, turn_id: str = "") -> dict | None:
    """If we asked something in this session and the message answers it, settle the pending memory."""
    pending_pk = cache.get(_asked_key(tenant, user_id, session_id))
    if not pending_pk:
        return None
    pending = Memory.objects.for_user(tenant, user_id).filter(pk=pending_pk, status=MemoryStatus.PENDING).first()
    if pending is None:
        cache.delete(_asked_key(tenant, user_id, session_id))
        return None
    context = {"actor": actor, "session_id": session_id, "turn_id": turn_id}
    if _YES.search(message):
        from .merge import settle_superseded  # merge imports this module's neighbours; keep the cycle out

        previous = pending.previous
        actions.confirm_pending(pending, **context)
        if previous is not None:
            settle_superseded(previous, pending, pending.observed_at)
        result = {"key": pending.key, "answer": "confirmed"}
    elif _NO.search(message):
        actions.reject_pending(pending, **context)
        result = {"key": pending.key, "answer": "rejected"}
    else:
        return None
    cache.delete(_asked_key(tenant, user_id, session_id))
    return result
