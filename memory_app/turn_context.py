"""before_turn: intent → hybrid recall → gate → pack → audit. Never raises into the chat: if memory is
unavailable the turn goes on with an empty context and the reason."""
import logging
import time
from dataclasses import replace
from datetime import datetime

from django.db import transaction

from . import actions
from .chinese_script import as_written_mandarin
from .conf import app_settings
from .confirmation import pick_question
from .extraction.forget import detect_forget_requests, what_else_it_says
from .extraction.safety import gives_orders, has_link
from .intent import Intent, asks_for_writing
from .models import Memory, Snippet
from .packing import language_of, pack
from .recall import RecallItem, is_style_rule, rank
from .redaction import redact
from .types import TurnContext
from .working_memory import session_items

logger = logging.getLogger(__name__)


def gate_threshold(intent: Intent) -> float:
    """The primary scene decides: customer-service scenes want memory readily, small talk hardly ever."""
    by_scene = app_settings.GATE_THRESHOLDS_BY_SCENE
    return by_scene.get(intent.primary_scene, app_settings.GATE_THRESHOLD)


IMPERSONAL_SCENES = ("general_knowledge", "small_talk")

# Once the gate is open, the best-ranked items go in whatever their own relevance: the gate follows the
# ranking, so evidence that ranks first is injected. Further down, an item must be relevant on its own.
ALWAYS_INJECT_TOP = 3
GATE_LOOKS_AT_TOP = 5


def select_for_injection(facts: list[RecallItem], threshold: float) -> list[RecallItem]:
    floor = max(app_settings.RECALL_MIN_SCORE, threshold * 0.85)
    facts = [item for item in facts if not item.outdated]
    head = facts[:ALWAYS_INJECT_TOP]
    return head + [item for item in facts[ALWAYS_INJECT_TOP:] if item.relevance >= floor]


def carries_orders(item: RecallItem) -> bool:
    """Read back into a prompt, this item would be an order to the assistant (a flagged episode, or a row written
    before the write path refused such things): it stays findable, and is never injected."""
    return gives_orders(item.display_text) or (is_style_rule(item) and has_link(item.display_text))


def without_orders(items: list[RecallItem]) -> list[RecallItem]:
    """The items fit to inject; a session summary keeps its other lines."""
    kept = []
    for item in items:
        if item.source_type == "summary":
            lines = [line for line in item.text.split("\n") if line.strip() and not gives_orders(line)]
            if not lines:
                continue
            item = replace(item, text="\n".join(lines)) if len(lines) != len(item.text.split("\n")) else item
        elif carries_orders(item):
            continue
        kept.append(item)
    return kept


def without_forget_requests(message: str) -> str:
    """What a message asks besides forgetting: a request to forget something ("delete what I said about my ex")
    is an instruction about memory, not a question, and recalling what it describes would put that very thing in
    front of the model (which may repeat it) just as the user asks for it to go. The grammar of
    ``extraction.forget`` only: it reads no vector, so this costs the turn nothing. Empty when the message asks
    nothing else."""
    requests = detect_forget_requests(as_written_mandarin(redact(message)))
    return what_else_it_says(message, requests) if requests else message


def build_context(*, tenant: str, user_id: str, message: str, session_id: str, turn_id: str,
                  include_private: bool, now: datetime) -> TurnContext:
    """The gate reads the answer-bearing items only. How the user wants to be answered rides along with a
    request for writing or explaining something of theirs (a standing rule), but never opens the gate for facts
    by itself."""
    started = time.perf_counter()
    message = without_forget_requests(message)
    if not message.strip():
        context = empty_context("a request to forget: nothing is recalled for it")
        context.elapsed_ms = (time.perf_counter() - started) * 1000
        return context
    ranked, intent = rank(tenant, user_id, message, now=now, include_private=include_private, session_id=session_id)
    ranked = ranked[: app_settings.RECALL_LIMIT * 2]
    # What a standing forget request guards from this question stays among the candidates, never in the prompt.
    withheld = sum(1 for item in ranked if item.withheld)
    injectable = [item for item in without_orders(ranked) if not item.withheld]
    facts = [item for item in injectable if not is_style_rule(item)]
    # A fact or a yes or no about the world, and small talk, take nothing from memory, not even how the user
    # likes answers ("nothing relevant, nothing injected" holds for the whole block); an explanation asked for
    # is written for this user, in their style.
    style = [item for item in injectable if is_style_rule(item) and item.standing_rule
             and (intent.primary_scene not in IMPERSONAL_SCENES or asks_for_writing(message))]
    threshold = gate_threshold(intent)
    top = max((item.relevance for item in facts[:GATE_LOOKS_AT_TOP]), default=0.0)
    gate_open = top >= threshold
    language = language_of(message)
    question = pick_question(tenant, user_id, session_id, intent.scene_names, language) if gate_open else ""
    working = [item["text"] for item in session_items(tenant, user_id, session_id)] if session_id else []
    working = [text for text in working if not gives_orders(text)]

    context = TurnContext(budget=app_settings.TOKEN_BUDGET, scenes=intent.as_list(), working_memory=working,
                          candidates=[item.to_scored() for item in ranked[: app_settings.RECALL_LIMIT]])
    chosen = (select_for_injection(facts, threshold) if gate_open else []) + style
    comparison = "≥" if gate_open else "<"
    reason = f"top relevance {top:.2f} {comparison} threshold {threshold:.2f} ({intent.primary_scene}, {intent.request_type})"
    if style and not gate_open:
        reason += "; reply style only"
    if withheld:
        reason += f"; {withheld} withheld: the user asked to forget something they had said"
    packed = pack(chosen, language=language, budget=app_settings.TOKEN_BUDGET,
                  max_items=app_settings.MAX_INJECTED_MEMORIES, working_memory=working, confirmation_question=question)
    if chosen or question or working:  # this session's own context is always fair to show
        _fill(context, packed)
    context.confirmation_question = question
    context.gate = {"top_relevance": round(top, 3), "threshold": threshold, "injected": bool(packed.used),
                    "reason": reason}
    _audit_reads(packed.used, tenant=tenant, user_id=user_id, session_id=session_id, turn_id=turn_id, now=now)
    context.elapsed_ms = (time.perf_counter() - started) * 1000
    return context


def _fill(context: TurnContext, packed) -> None:
    context.block = packed.block
    context.slots = packed.slots
    context.slot_tokens = packed.slot_tokens
    context.tokens = packed.tokens
    context.memories = [item.to_scored() for item in packed.used]
    context.injected = bool(packed.used)


def _audit_reads(used: list[RecallItem], *, tenant, user_id, session_id, turn_id, now) -> None:
    """The read audit and the usage counters in one transaction: one commit per turn, not three."""
    if not used:
        return
    memories = [item.row for item in used if isinstance(item.row, Memory)]
    with transaction.atomic():
        actions.record_reads(memories, actor=f"prompt:{tenant}:{user_id}", session_id=session_id, turn_id=turn_id,
                             purpose="injected")
        actions.record_snippet_use([item.row.pk for item in used if isinstance(item.row, Snippet)], now)


def empty_context(reason: str) -> TurnContext:
    return TurnContext(budget=app_settings.TOKEN_BUDGET, gate={"top_relevance": 0.0, "threshold": None,
                                                                "injected": False, "reason": reason})
