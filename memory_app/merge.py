"""Versioned merging by key: same value → touch; an explicit change or a clearly surer value →
supersede (old version kept, an event written, linked memories flagged for review); a weaker value →
pending; a contradiction at about the same confidence → pending, and the user is asked."""
import re
from datetime import datetime

from . import actions, crypto
from .candidates import MemoryCandidate
from .conf import app_settings
from .models import Memory, MemoryEntity, MemoryStatus
from .semantic import mark_snippets_stale
from .types import WriteOutcome

# Words that say "this replaces what was said before", and words that end or resume something (a job left, a diet
# given up or broken: "quit", "used to", "until", "again", 辞职, 以前, 重新).
_CHANGE_MARKERS = re.compile(
    r"(算了|不对|改成|改到|改走|改用|换成|换到|改为|不再|戒了|不.{0,3}了[，,。]|从现在开始|以后|今后|现在|还是|搬到|搬去"
    r"|辞职|离职|被裁|辞退|以前|原来|重新|又开始)"
    r"|\b(actually|changed my mind|from now on|instead|no longer|not anymore|these days|now|moved to|switch(ed)? to"
    r"|quit|gave up|stopped|used to|until|again|resigned|laid off|let go|fired|made redundant)\b",
    re.IGNORECASE,
)


def _normalize(value: str) -> str:
    return re.sub(r"[\s，。,.!！?？；;：:、\"'“”]+", "", (value or "").lower())


def states_a_change(text: str) -> bool:
    return bool(_CHANGE_MARKERS.search(text or ""))


def merge_candidate(*, tenant: str, user_id: str, candidate: MemoryCandidate, sources: list[dict], observed_at: datetime,
                    message: str, is_correction: bool, actor: str = "system", session_id: str = "",
                    turn_id: str = "") -> tuple[WriteOutcome, list[Memory]]:
    """Returns what happened and the memories flagged for review because of it."""
    context = {"sources": sources, "observed_at": observed_at, "actor": actor, "session_id": session_id, "turn_id": turn_id}
    active = Memory.objects.for_user(tenant, user_id).filter(key=candidate.key, status=MemoryStatus.ACTIVE).first()
    if active is None:
        memory = actions.create_memory(tenant=tenant, user_id=user_id, candidate=candidate, **context)
        return _outcome("created", memory), []
    if _normalize(crypto.reveal_value(active)) == _normalize(candidate.value) and active.polarity == candidate.polarity:
        memory = actions.touch_memory(active, confidence=candidate.confidence, **context)
        return _outcome("touched", memory), []
    margin = app_settings.CONFIDENCE_MARGIN
    if is_correction or states_a_change(message) or candidate.confidence > active.confidence + margin:
        memory = actions.supersede_memory(active, candidate=candidate, **context)
        flagged = settle_superseded(active, memory, observed_at)
        return _outcome("superseded", memory, reason=f"replaces version {active.version}"), flagged
    ask_user = candidate.confidence >= active.confidence - margin
    memory = actions.add_pending(active, candidate=candidate, ask_user=ask_user, **context)
    return _outcome("asked" if ask_user else "pending", memory,
                    reason="contradicts the active value" if ask_user else "less certain than the active value"), []


def settle_superseded(old: Memory, new: Memory, now: datetime) -> list[Memory]:
    """After a new version wins: the old statement's snippets go stale, and memories linked to an entity the
    new version dropped are flagged for review (returned)."""
    mark_snippets_stale(old, now)
    return _flag_linked(old, new)


def _flag_linked(old: Memory, new: Memory) -> list[Memory]:
    """Moving from 北京 to 上海 makes every other memory about 北京 (a subway line, a gym) doubtful."""
    gone = {entity.lower() for entity in old.entities or []} - {entity.lower() for entity in new.entities or []}
    if not gone:
        return []
    linked_ids = MemoryEntity.objects.for_user(old.tenant, old.user_id).filter(entity__in=gone).values_list("memory_id", flat=True)
    linked = Memory.objects.filter(pk__in=linked_ids, status=MemoryStatus.ACTIVE).exclude(key=old.key)
    return actions.flag_for_review(linked, reason=f"{old.key} changed")


def _outcome(action: str, memory: Memory, reason: str = "") -> WriteOutcome:
    value = "" if memory.sensitivity == "high" else crypto.reveal_value(memory)
    return WriteOutcome(action=action, key=memory.key, value=value, confidence=memory.confidence,
                        memory_id=memory.pk, reason=reason)
