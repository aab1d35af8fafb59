"""The rule extractor: what works with no model at all, and the guard rail when the model fails.

Topic modules (``extraction.topics``) register rules with ``@rule(priority)``. A rule reads one sentence
(only the clauses the write filters kept), mostly through the shared first-person grammar
(``context.statements(...)``), and returns ``Match``es: a key, a value and where in the sentence it was said.

Precedence is declared, never the order modules happen to be imported in:
- a ``fallback`` rule's match yields to a match of a higher priority that reads the same thing (a shared clause,
  and a shared entity unless either match names none);
- one match per key and sentence: the highest priority wins, then the statement said later, then the rule's
  name (so the outcome is deterministic);
- across sentences of one message the later statement of a key wins (the newest thing said).

This module then turns matches into ``MemoryCandidate``s, writing each memory's sentence from the rule's
template or by rewriting the clauses it came from in the third person, plus the clauses that explain it.
"""
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from ..candidates import MemoryCandidate
from .grammar import Said, statements
from .language import Sentence, is_chinese, strip_discourse, subject_for, third_person

# Longest explanation kept after the clause a memory came from (characters).
_ATTACH_LIMIT = {True: 48, False: 200}


@dataclass
class Match:
    key: str
    value: str
    start: int  # span in Sentence.text
    end: int
    kind: str = "fact"
    polarity: int = 0
    confidence: float = 0.85
    importance: float = 0.5
    sensitivity: str = "low"
    entities: list[str] = field(default_factory=list)
    is_private: bool = False
    text: str = ""  # a template sentence; empty: rewrite the clauses of the span
    whole_sentence: bool = False  # the memory needs the whole sentence (a plan with its dates and company)
    attach: bool = True  # follow-up clauses that explain it belong in its text


@dataclass
class RuleContext:
    sentence: Sentence
    subject: str  # "用户" / "the user" / the speaker's name
    chinese: bool
    message: str  # the whole (redacted) message, for cues that span sentences

    @property
    def text(self) -> str:
        return self.sentence.text

    @cached_property
    def all_statements(self) -> list[Said]:
        return statements(self.text, self.chinese)

    def statements(self, *frames: str, own: bool = True) -> list[Said]:
        """The sentence's first-person statements of these frames; ``own``: only those about the speaker."""
        return [said for said in self.all_statements if said.frame in frames and not (own and said.owner)]


@dataclass(frozen=True)
class Rule:
    name: str
    priority: int
    run: Callable[[RuleContext], list[Match]]
    fallback: bool = False


RULES: list[Rule] = []


def rule(priority: int, *, fallback: bool = False):
    """Register a rule. ``priority``: higher wins a key (and a clause, over fallback rules)."""
    def register(function: Callable[[RuleContext], list[Match]]):
        name = f"{function.__module__.rsplit('.', 1)[-1]}.{function.__name__}"
        RULES.append(Rule(name, priority, function, fallback))
        return function
    return register


def run_rules(sentences: list[Sentence], *, speaker: str = "user", message: str = "") -> list[MemoryCandidate]:
    """Candidates from every rule over every kept sentence."""
    from . import topics  # noqa: F401  (registers the rules)

    by_key: dict[str, MemoryCandidate] = {}
    for sentence in sentences:
        chinese = is_chinese(sentence.text)
        context = RuleContext(sentence, subject_for(speaker, chinese), chinese, message)
        found = [(each, match) for each in sorted(RULES, key=lambda r: r.name) for match in each.run(context)]
        for candidate in _to_candidates(resolve(found, sentence), context):
            by_key.pop(candidate.key, None)
            by_key[candidate.key] = candidate
    return list(by_key.values())


def resolve(found: list[tuple[Rule, Match]], sentence: Sentence) -> list[Match]:
    """Apply the declared precedence (see the module docstring) to one sentence's matches."""
    def clauses(match: Match) -> set[int]:
        return set(sentence.clause_indexes(match.start, match.end))

    def same_thing(one: Match, other: Match) -> bool:
        """Two readings of one thing: a shared clause, and a shared entity unless either names none."""
        if not clauses(one) & clauses(other):
            return False
        if not one.entities or not other.entities:
            return True
        return any(a.lower() in b.lower() or b.lower() in a.lower() for a in one.entities for b in other.entities)

    kept = [(each, match) for each, match in found if not each.fallback or not any(
        other.priority > each.priority and not other.fallback and same_thing(match, other_match)
        for other, other_match in found)]
    best: dict[str, tuple[Rule, Match]] = {}
    for each, match in kept:
        current = best.get(match.key)
        if current is None or (each.priority, match.start, each.name) > (current[0].priority, current[1].start, current[0].name):
            best[match.key] = (each, match)
    return sorted((match for _, match in best.values()), key=lambda match: (match.start, match.key))


def _to_candidates(matches: list[Match], context: RuleContext) -> list[MemoryCandidate]:
    sentence = context.sentence
    claimed = {index for match in matches for index in sentence.clause_indexes(match.start, match.end)}
    candidates = []
    for match in matches:
        indexes = sentence.clause_indexes(match.start, match.end) or [0]
        if match.whole_sentence:
            indexes = list(range(len(sentence.clauses)))
        attached = _attached_clauses(sentence, indexes[-1], claimed, context.chinese) if match.attach else []
        candidates.append(MemoryCandidate(
            kind=match.kind, key=match.key, value=match.value.strip(), text=_memory_text(match, sentence, indexes, attached, context),
            confidence=match.confidence, importance=match.importance, sensitivity=match.sensitivity,
            entities=list(dict.fromkeys(entity for entity in match.entities if entity)), polarity=match.polarity,
            topic=match.key.split(".", 1)[0], is_private=match.is_private, source="rule",
        ))
    return candidates


def _attached_clauses(sentence: Sentence, last: int, claimed: set[int], chinese: bool) -> list[int]:
    attached, length = [], 0
    for index in range(last + 1, len(sentence.clauses)):
        if index in claimed:
            break
        length += len(sentence.clauses[index].text)
        if length > _ATTACH_LIMIT[chinese]:
            break
        attached.append(index)
    return attached


def _joined(sentence: Sentence, indexes: list[int], chinese: bool) -> str:
    separator = "，" if chinese else ", "
    return separator.join(strip_discourse(sentence.clauses[index].text, chinese) for index in indexes)


def _memory_text(match: Match, sentence: Sentence, indexes: list[int], attached: list[int], context: RuleContext) -> str:
    if not match.text:
        return third_person(_joined(sentence, indexes + attached, context.chinese), context.subject, context.chinese)
    if not attached:
        return match.text
    detail = third_person(_joined(sentence, attached, context.chinese), context.subject, context.chinese)
    if context.chinese:
        detail = re.sub(rf"^{re.escape(context.subject)}(?=[，,]?)", "", detail)
        return match.text.rstrip("。") + "，" + detail.lstrip("，")
    return match.text.rstrip(".") + ", " + detail[:1].lower() + detail[1:]


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
