"""after_turn's real work, run as a background task from a Turn row: answer a pending question,
extract, forget on request, merge, keep one-off context in working memory, write the semantic layer,
bump heat. A failure marks the turn for retry; nothing the user said is lost."""
import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .actions import FORGET_REQUEST
from .adapter import get_adapter
from .conf import app_settings
from .confirmation import resolve_answer
from .db_retry import retry_on_busy
from .erasure import clear_text_caches
from .extraction import extract
from .extraction.forget import what_else_it_says
from .forgetting import apply_forget_request, described_by
from .heat import bump_heat
from .intent import detect_intent
from .merge import merge_candidate
from .models import Turn, TurnStatus
from .redaction import redact
from .semantic import link_revision, record_snippet, reply_words_of, update_session_summary, worth_a_snippet
from .when_said import said_window
from .working_memory import remember_for_session

logger = logging.getLogger(__name__)
ASSISTANT = "assistant"
SAVED_FIELDS = ("status", "last_error", "attempts", "outcome", "text", "reply")


def extract_turn(turn: Turn):
    """The slow, read-only part of a turn (rules, or the model): run before any write transaction opens."""
    if turn.speaker == ASSISTANT:
        return None
    result = extract(turn.text, speaker=turn.speaker, assistant_reply=turn.reply)
    if result.forget_requests:  # what else the message says is kept, unless the request describes it too
        rest = what_else_it_says(turn.text, result.forget_requests)
        if rest and not described_by(rest, result.forget_requests):
            kept = extract(rest, speaker=turn.speaker)
            if not (kept.forget_requests or kept.orders):
                result.rest_text, result.rest = rest, kept
    return result


def process_turn(turn: Turn, result) -> dict:
    """Write what ``extract_turn`` found for one stored turn; returns the outcome (also saved on the turn).
    Runs inside run_turn's transaction, so a turn's writes land all together or not at all."""
    tenant, user_id, session_id, turn_id = turn.tenant, turn.user_id, turn.session_id, turn.turn_id
    actor = f"turn:{session_id}/{turn_id}"
    sources = [{"session": session_id, "turn": turn_id}]
    outcome: dict = {key: [] for key in ("extracted", "created", "touched", "superseded", "pending", "asked",
                                         "resolved", "forgotten", "blocked", "working_memory", "snippets", "review",
                                         "dropped")}
    if result is None:  # the assistant's own turn
        return outcome

    answer = resolve_answer(tenant, user_id, session_id, turn.text, actor=actor, turn_id=turn_id)
    if answer:
        outcome["resolved"].append(answer)

    outcome["blocked"] = (turn.outcome or {}).get("blocked", []) + [
        item for item in result.blocked if item not in (turn.outcome or {}).get("blocked", [])]
    outcome["dropped"] = list(result.dropped)  # a copy: a retried write starts from the extraction again
    if result.orders:  # the snippet below keeps the turn findable; injection leaves it out (turn_context)
        outcome["flagged"] = [{"reason": "gives the assistant standing orders", "orders": result.orders}]
    if result.llm_error:
        outcome["llm_error"] = result.llm_error

    with transaction.atomic():
        if result.forget_requests:
            said_between = said_window(turn.text, turn.occurred_at)  # one date for every request of the message
            for request in result.forget_requests:
                outcome["forgotten"].append(apply_forget_request(
                    tenant=tenant, user_id=user_id, request=request, actor=actor, session_id=session_id,
                    turn_id=turn_id, asking_turn_pk=turn.pk, said_between=said_between, asked_at=turn.occurred_at))
            # The request itself names what must go (and the reply may repeat it): only what else the message
            # says is kept (found by extract_turn, before this transaction).
            clear_text_caches()  # reading the request again cached its words (the subject's among them)
            turn.reply = ""
            if result.rest is None:
                turn.text = FORGET_REQUEST
                return outcome
            turn.text, result = result.rest_text, result.rest
        for text in result.one_off:
            remember_for_session(tenant, user_id, session_id, text, sources)
            outcome["working_memory"].append(redact(text))
        kept = []  # what the host let through
        for extracted in result.candidates:
            outcome["extracted"].append(extracted.as_dict())
            candidate = get_adapter().pre_write(tenant=tenant, user_id=user_id, candidate=extracted)
            if candidate is None:  # the host vetoed it
                outcome["dropped"].append({"key": redact(extracted.key), "reason": "vetoed by the host's adapter",
                                           "source": extracted.source})
                continue
            kept.append(candidate)
            write, flagged = merge_candidate(tenant=tenant, user_id=user_id, candidate=candidate, sources=sources,
                                             observed_at=turn.occurred_at, message=turn.text,
                                             is_correction=result.is_correction, actor=actor, session_id=session_id,
                                             turn_id=turn_id)
            outcome[write.action].append(write.as_dict())
            outcome["review"] += [{"key": memory.key, "id": memory.pk} for memory in flagged]

        # The raw-turn floor: every user turn stays retrievable as a snippet, whatever extraction made of it,
        # so recall is never below plain retrieval over what the user said.
        intent = detect_intent(turn.text)
        topic = intent.primary_scene if intent.scenes else ""
        snippet = record_snippet(tenant=tenant, user_id=user_id, session_id=session_id, turn_id=turn_id,
                                 speaker=turn.speaker, text=turn.text, topic=topic, observed_at=turn.occurred_at,
                                 reply_words=reply_words_of(turn))
        outcome["snippets"].append(snippet.pk)
        revised = link_revision(snippet)
        if revised is not None:
            outcome["revises"] = revised.pk
        if not result.low_information and not answer and not result.orders and worth_a_snippet(
                turn.text, extracted_something=bool(result.candidates or result.one_off)):
            update_session_summary(tenant=tenant, user_id=user_id, session_id=session_id, turn_id=turn_id,
                                   speaker=turn.speaker, text=turn.text, now=turn.occurred_at)
            entities = [entity for candidate in kept for entity in candidate.entities]
            bump_heat(tenant, user_id, intent.scene_names + [c.topic for c in kept] + entities,
                      turn.occurred_at)
    return outcome


def run_turn(turn_pk: int) -> dict:
    """Entry point of the background task, idempotent per turn: the turn's writes and its "processed" mark commit
    in one transaction, under a lock on the turn's row. A worker killed mid-turn leaves nothing behind, and a
    second run (``memory retry``, a task delivered twice) either does the whole turn or finds it done.
    LLM trouble falls back to rules inside extraction; the turn is then kept as failed so a retry runs the
    model again (merging is idempotent)."""
    turn = Turn.objects.filter(pk=turn_pk).first()
    if turn is None:  # the user (or this conversation) was forgotten before the task ran: nothing to learn
        return {"error": "turn no longer exists"}
    if turn.status == TurnStatus.PROCESSED:
        return turn.outcome
    try:
        result = extract_turn(turn)
        return retry_on_busy(lambda: _write_turn(turn_pk, result), what=f"turn {turn_pk}", conflicts=True)
    except Exception as error:  # the chat must not break: record, retry later
        logger.exception("after_turn failed for turn %s", turn_pk)
        last_error = redact(f"{type(error).__name__}: {error}")[:500]
        Turn.objects.filter(pk=turn_pk).exclude(status=TurnStatus.PROCESSED).update(
            status=TurnStatus.FAILED, last_error=last_error, attempts=F("attempts") + 1)
        turn = Turn.objects.filter(pk=turn_pk).first()
        if turn is not None and turn.status == TurnStatus.FAILED:
            schedule_retry(turn)
        return {"error": last_error}


def _write_turn(turn_pk: int, result) -> dict:
    """One transaction (retry_on_busy opens it): the turn's row is locked, so two runs of it never interleave."""
    turn = Turn.objects.select_for_update().filter(pk=turn_pk).first()
    if turn is None:  # erased while this run was extracting
        return {"error": "turn no longer exists"}
    if turn.status == TurnStatus.PROCESSED:  # another run finished it while this one was extracting
        return turn.outcome
    turn.attempts += 1
    outcome = process_turn(turn, result)
    failed = bool(outcome.get("llm_error")) and turn.attempts < app_settings.TASK_MAX_ATTEMPTS
    turn.status = TurnStatus.FAILED if failed else TurnStatus.PROCESSED
    turn.last_error = outcome.get("llm_error", "")[:500]
    turn.outcome = outcome
    _save(turn, SAVED_FIELDS)
    if failed:
        schedule_retry(turn)
    return outcome


def _save(turn: Turn, fields) -> None:
    """An update, not ``save()``: if processing (or a concurrent erase) removed the row, there is nothing left
    to record on, and that is not an error."""
    Turn.objects.filter(pk=turn.pk).update(**{name: getattr(turn, name) for name in fields})


def schedule_retry(turn: Turn) -> bool:
    """Re-enqueue with back-off when the task backend can run things later (django-tasks-db can); with the
    immediate backend, ``manage.py memory retry`` (cron) picks failed turns up."""
    from django_tasks import default_task_backend

    from .tasks import process_turn_task

    if turn.attempts >= app_settings.TASK_MAX_ATTEMPTS or not default_task_backend.supports_defer:
        return False
    delay = app_settings.TASK_RETRY_DELAY_SECONDS * 2 ** (turn.attempts - 1)
    process_turn_task.using(run_after=timezone.now() + timedelta(seconds=delay)).enqueue(turn.pk)
    return True
