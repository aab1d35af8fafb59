"""The extraction stage of ``after_turn``: from one message to validated memory candidates.

    result = extract(text, speaker="user", assistant_reply="", use_llm=None)

Order matters and says why: secrets are found first (and only their kind is kept); forget intents next (a
forget message never stores the thing it forgets); then orders to the assistant (a message that gives the
assistant standing orders is not a memory of any kind, see ``safety``); then the write filters (filler, questions, one-off
context); then the model (when configured) or the rules; and one validation for both.
"""
import logging
import re
from dataclasses import dataclass, field

from ..candidates import MemoryCandidate
from ..chinese_script import as_written_mandarin, in_the_users_script
from ..redaction import redact
from .filters import blocked_secrets, is_low_information, keep_clauses
from .forget import detect_forget_requests, is_forget_clause
from .forget_description import ForgetRequest
from .forget_meaning import requests_by_meaning
from .language import USER_SPEAKERS, Sentence, is_correction
from .rules import run_rules
from .safety import standing_orders
from .validation import validate

logger = logging.getLogger(__name__)

__all__ = ["extract", "ExtractionResult", "ForgetRequest", "MemoryCandidate"]

# An assistant reply that confirms what the user said ("记住了…", "Got it…") makes the memory a little surer.
_CONFIRMATION = re.compile(r"记住了|记下了|好的|明白|收到|知道了|没问题|(?i:\bgot it\b|\bnoted\b|\bwill remember\b|\bi'll remember\b|\bsure\b|\bunderstood\b|\bwill do\b)")
_CONFIRMATION_BONUS = 0.05
_ASSISTANT_SPEAKERS = {"assistant", "system", "bot", "ai"}


@dataclass
class ExtractionResult:
    candidates: list[MemoryCandidate] = field(default_factory=list)
    blocked: list[dict] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)
    low_information: bool = False
    one_off: list[str] = field(default_factory=list)
    forget_requests: list[ForgetRequest] = field(default_factory=list)
    is_correction: bool = False
    llm_error: str = ""
    orders: list[str] = field(default_factory=list)  # kinds of standing order the message gives the assistant
    # A forget request's message: what else it says, and that read as a message of its own (None: nothing is kept).
    rest_text: str = ""
    rest: "ExtractionResult | None" = None

    def as_dict(self) -> dict:
        return {
            "candidates": [candidate.as_dict() for candidate in self.candidates], "blocked": self.blocked,
            "dropped": self.dropped, "low_information": self.low_information, "one_off": self.one_off,
            "forget_requests": [request.as_dict() for request in self.forget_requests],
            "is_correction": self.is_correction, "llm_error": self.llm_error, "orders": self.orders,
        }


def extract(text: str, *, speaker: str = "user", assistant_reply: str = "", use_llm: bool | None = None) -> ExtractionResult:
    text = (text or "").strip()
    if (speaker or "").strip().lower() in _ASSISTANT_SPEAKERS:
        return ExtractionResult(low_information=not text)  # the assistant is never a source of facts
    result = ExtractionResult(blocked=blocked_secrets(text))
    typed = redact(text)
    safe_text = as_written_mandarin(typed)  # the grammar and lexicons are written in Mandarin (see chinese_script)
    result.forget_requests = detect_forget_requests(safe_text) or requests_by_meaning(safe_text)
    result.orders = standing_orders(safe_text)
    if result.orders:  # kept only as a flagged episode (its snippet), never as a memory
        return result
    if is_low_information(safe_text):
        result.low_information = True
        return result
    result.is_correction = is_correction(safe_text)
    between_people = (speaker or "").strip().lower() not in USER_SPEAKERS  # a named speaker talking to a friend
    sentences, result.one_off = keep_clauses(safe_text, between_people=between_people)
    sentences = _without_forget_clauses(sentences)
    if not sentences:
        return result
    candidates = _candidates(result, typed, sentences, speaker=speaker, assistant_reply=assistant_reply, use_llm=use_llm)
    candidates = [candidate for candidate in candidates if not _forgotten(candidate, result.forget_requests)]
    _boost_confirmed(candidates, assistant_reply)
    validated = validate(candidates)
    result.candidates = [_in_the_users_script(candidate, typed) for candidate in validated.candidates]
    result.dropped += validated.dropped
    return result


def _in_the_users_script(candidate: MemoryCandidate, typed: str) -> MemoryCandidate:
    """A memory the rules made from the Simplified reading of a Traditional message reads as the user wrote it."""
    candidate.text = in_the_users_script(candidate.text, typed)
    candidate.value = in_the_users_script(candidate.value, typed)
    candidate.entities = [in_the_users_script(entity, typed) for entity in candidate.entities]
    return candidate


def _candidates(result: ExtractionResult, safe_text: str, sentences: list[Sentence], *, speaker: str,
                assistant_reply: str, use_llm: bool | None) -> list[MemoryCandidate]:
    """``safe_text``: the message redacted, as typed (the model reads it so); ``sentences``: its Simplified reading."""
    from ..providers import get_llm
    from ..providers.llm import LLMError
    from .llm import extract_with_llm

    llm = get_llm() if use_llm is not False else None
    if llm is not None and (use_llm or llm.can_extract):
        try:
            candidates, malformed = extract_with_llm(llm, safe_text, speaker=speaker, assistant_reply=assistant_reply)
            result.dropped += malformed
            return candidates
        except (LLMError, NotImplementedError) as error:
            result.llm_error = redact(str(error) or type(error).__name__).splitlines()[0][:300]
            logger.warning("memory extraction: model failed, rules used instead: %s", result.llm_error)
    return run_rules(sentences, speaker=speaker, message=as_written_mandarin(safe_text))


def _without_forget_clauses(sentences: list[Sentence]) -> list[Sentence]:
    kept = []
    for sentence in sentences:
        clauses = [clause for clause in sentence.clauses if not is_forget_clause(clause.text)]
        if clauses:
            kept.append(Sentence(clauses))
    return kept


def _forgotten(candidate: MemoryCandidate, requests: list[ForgetRequest]) -> bool:
    return any(request.covers(key=candidate.key, text=candidate.text, value=candidate.value, entities=candidate.entities)
               for request in requests)


def _boost_confirmed(candidates: list[MemoryCandidate], assistant_reply: str) -> None:
    if not assistant_reply or not _CONFIRMATION.search(assistant_reply):
        return
    reply = assistant_reply.lower()
    for candidate in candidates:
        mentioned = [thing for thing in [candidate.value, *candidate.entities] if thing and len(thing) >= 2]
        if any(thing.lower() in reply for thing in mentioned):
            candidate.confidence = min(0.99, candidate.confidence + _CONFIRMATION_BONUS)
