"""The one gate every candidate passes, from the rules or from the model: kind whitelist, key format,
confidence, at most N items, no filler, no secret in plain text, one sentence of text, and a reply style that
is only a reply style (no link, no standing order)."""
import re
from dataclasses import dataclass, field

from ..candidates import MemoryCandidate
from ..conf import app_settings
from ..redaction import PLACEHOLDER, redact
from ..taxonomy import TOPIC_SCENE
from .filters import is_filler
from .language import NOT_A_TITLE_DOT
from .safety import gives_orders, unsafe_reply_memory

# Dotted lowercase ascii segments; the last one may name a thing in Chinese ("health.allergy.芒果").
_SEGMENT = r"[a-z][a-z0-9_]*"
_LAST_SEGMENT = r"[a-z0-9_\u3400-\u9fff]+"
KEY_RE = re.compile(rf"^{_SEGMENT}(?:\.{_SEGMENT})*\.{_LAST_SEGMENT}$")
_SENTENCE_END = re.compile(rf"(?<=[。！？!?])|(?<={NOT_A_TITLE_DOT})\s+(?=[A-Z])")
MAX_TEXT_CHARS = 240
SENSITIVITIES = ("low", "medium", "high")


@dataclass
class ValidationResult:
    candidates: list[MemoryCandidate] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)


def one_sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text or "").strip()
    first = next((piece.strip() for piece in _SENTENCE_END.split(text) if piece.strip()), "")
    return first[:MAX_TEXT_CHARS].rstrip()


def _problem(candidate: MemoryCandidate) -> str:
    """Why a candidate must not be stored, or ""."""
    if candidate.kind not in app_settings.KIND_WHITELIST:
        return f"kind {candidate.kind!r} is not allowed"
    if not isinstance(candidate.key, str) or len(candidate.key) > 200 or not KEY_RE.match(candidate.key):
        return "key is not a dotted lowercase key"
    if candidate.key.split(".", 1)[0] not in TOPIC_SCENE:
        return f"unknown topic {candidate.key.split('.', 1)[0]!r}"
    if not isinstance(candidate.confidence, (int, float)) or not 0 <= candidate.confidence <= 1:
        return "confidence outside [0, 1]"
    if candidate.confidence < app_settings.MIN_CONFIDENCE:
        return f"confidence {candidate.confidence:.2f} below {app_settings.MIN_CONFIDENCE}"
    if not str(candidate.value or "").strip() or not str(candidate.text or "").strip():
        return "empty value or text"
    if is_filler(candidate.value) or is_filler(candidate.text):
        return "greeting or filler"
    value = redact(str(candidate.value))
    if not PLACEHOLDER.sub("", value).strip(" ,.;:，。：；-"):
        return "sensitive value not stored"
    if gives_orders(f"{candidate.value}\n{candidate.text}"):  # whoever extracted it: an order is not a memory
        return "a standing order to the assistant is not a memory"
    return unsafe_reply_memory(candidate.key, str(candidate.value), str(candidate.text))


def _normalise(candidate: MemoryCandidate) -> MemoryCandidate:
    """Redact secrets, trim to one sentence, clamp numbers: what is kept is always safe to store."""
    candidate.value = redact(str(candidate.value).strip())[:500]
    candidate.text = one_sentence(redact(str(candidate.text)))
    candidate.entities = [redact(str(entity))[:128] for entity in (candidate.entities or []) if str(entity).strip()]
    candidate.entities = [entity for entity in candidate.entities if not PLACEHOLDER.fullmatch(entity)]
    candidate.importance = min(1.0, max(0.0, float(candidate.importance or 0.5)))
    candidate.polarity = max(-1, min(1, int(candidate.polarity or 0)))
    candidate.sensitivity = candidate.sensitivity if candidate.sensitivity in SENSITIVITIES else "medium"
    candidate.topic = candidate.key.split(".", 1)[0]
    if candidate.sensitivity == "high":
        candidate.is_private = True
    return candidate


def validate(candidates: list[MemoryCandidate]) -> ValidationResult:
    result = ValidationResult()
    kept: dict[str, MemoryCandidate] = {}
    for candidate in candidates:
        problem = _problem(candidate)
        if problem:
            candidate.blocked_reason = problem
            result.dropped.append({"key": redact(str(candidate.key))[:200], "value": redact(str(candidate.value))[:200],
                                   "reason": problem, "source": candidate.source})
            continue
        kept.pop(candidate.key, None)  # the same key twice in one message: the later statement wins
        kept[candidate.key] = _normalise(candidate)
    ranked = sorted(kept.values(), key=lambda item: -item.confidence)
    limit = app_settings.MAX_ITEMS_PER_MESSAGE
    for extra in ranked[limit:]:
        result.dropped.append({"key": extra.key, "value": extra.value, "reason": f"more than {limit} items in one message",
                               "source": extra.source})
    allowed = {id(item) for item in ranked[:limit]}
    result.candidates = [item for item in kept.values() if id(item) in allowed]
    return result
