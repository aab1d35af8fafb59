"""The rule extractor: what works with no model at all, and the guard rail when the model fails.

Each rule (in ``rules_zh`` and ``rules_en``) reads one sentence (only the clauses the write filters kept)
and returns ``Match``es: a key, a value and where in the sentence it was said. This module turns matches
into ``MemoryCandidate``s, writing each memory's sentence either from the rule's template or by rewriting
the clauses it came from in the third person, plus the clauses that explain it ("吃了会起疹子").
"""
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..candidates import MemoryCandidate
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
    whole_sentence: bool = False  # the memory needs the whole sentence (e.g. "过年…，带老婆孩子回黄冈老家")
    attach: bool = True  # follow-up clauses that explain it belong in its text
    weak: bool = False  # a catch-all reading ("儿子…" -> family.son) that yields to a specific rule on the same clause


@dataclass
class RuleContext:
    sentence: Sentence
    subject: str  # "用户" / "the user" / the speaker's name
    chinese: bool
    message: str  # the whole (redacted) message, for cues that span sentences

    @property
    def text(self) -> str:
        return self.sentence.text


Rule = Callable[[RuleContext], list[Match]]
RULES_ZH: list[Rule] = []
RULES_EN: list[Rule] = []


def zh_rule(function: Rule) -> Rule:
    RULES_ZH.append(function)
    return function


def en_rule(function: Rule) -> Rule:
    RULES_EN.append(function)
    return function


def run_rules(sentences: list[Sentence], *, speaker: str = "user", message: str = "") -> list[MemoryCandidate]:
    """Candidates from every rule over every kept sentence; a later statement of the same key wins."""
    from . import rules_changes, rules_en, rules_events, rules_zh, rules_zh_life  # noqa: F401  (registers the rules)

    by_key: dict[str, MemoryCandidate] = {}
    for sentence in sentences:
        chinese = is_chinese(sentence.text)
        context = RuleContext(sentence, subject_for(speaker, chinese), chinese, message)
        matches = _without_shadowed([match for rule in (RULES_ZH if chinese else RULES_EN) for match in rule(context)], sentence)
        for candidate in _to_candidates(matches, context):
            by_key.pop(candidate.key, None)
            by_key[candidate.key] = candidate
    return list(by_key.values())


def _without_shadowed(matches: list[Match], sentence: Sentence) -> list[Match]:
    strong = {index for match in matches if not match.weak for index in sentence.clause_indexes(match.start, match.end)}
    return [match for match in matches
            if not match.weak or not strong.intersection(sentence.clause_indexes(match.start, match.end))]


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
    detail = re.sub(rf"^{re.escape(context.subject)}(?=[，,]?)", "", detail) if context.chinese else detail
    if context.chinese:
        return match.text.rstrip("。") + "，" + detail.lstrip("，")
    return match.text.rstrip(".") + ", " + detail[:1].lower() + detail[1:]


# --- helpers the rule modules share -------------------------------------------------------------------

def first_group_span(match: re.Match, *names: str) -> tuple[int, int]:
    for name in names:
        if match.group(name):
            return match.span(name)
    return match.span()


def split_items(text: str) -> list[str]:
    """"海鲜和啤酒" / "peanuts and tree nuts" -> the separate things."""
    parts = re.split(r"\s*(?:和|跟|与|及|以及|还有|或者|或|、|/|,|\band\b|\bor\b|&)\s*", text)
    return [part.strip() for part in parts if part and part.strip()]


def segment(word: str) -> str:
    """A key segment for a thing: canonical ascii for common items, else the word itself (Chinese allowed)."""
    from .lexicon import CANONICAL_ITEMS

    lowered = re.sub(r"\s+", " ", word.strip().lower())
    if lowered in CANONICAL_ITEMS:
        return CANONICAL_ITEMS[lowered]
    slug = re.sub(r"[^a-z0-9\u3400-\u9fff]+", "_", lowered).strip("_")
    return slug[:40] or "item"


def drink_segment(word: str) -> str:
    """A drink's key segment by its head word, so "black coffee", "oat milk lattes" and "美式咖啡" all land on
    drink.coffee, and "rooibos tea" / "红枣枸杞茶" on drink.tea: a later switch then supersedes the earlier habit."""
    from .lexicon import CANONICAL_ITEMS

    lowered = re.sub(r"\s+", " ", word.strip().lower())
    if lowered in CANONICAL_ITEMS:
        return CANONICAL_ITEMS[lowered]
    words = lowered.split(" ")
    for start in range(1, len(words)):  # longest English tail first: "oat milk lattes" -> "milk lattes" -> "lattes"
        if " ".join(words[start:]) in CANONICAL_ITEMS:
            return CANONICAL_ITEMS[" ".join(words[start:])]
    for size in range(min(len(lowered), 4), 0, -1):  # Chinese head at the end: "美式咖啡" -> "咖啡"
        if re.fullmatch(r"[\u4e00-\u9fff]+", lowered[-size:]) and lowered[-size:] in CANONICAL_ITEMS:
            return CANONICAL_ITEMS[lowered[-size:]]
    return segment(word)


def preference_marked(text: str) -> bool:
    """Words that make a statement a lasting preference rather than a passing remark."""
    return bool(re.search(r"以后|今后|往后|从现在开始|从今天起|一直|默认|每次|总是|永远|只|都|(?i:\balways\b|\bfrom now on\b|\bnever\b|\bevery time\b|\bonly\b)", text))


def first_per_key(matches: list[Match]) -> list[Match]:
    """One match per key: the first said."""
    kept: dict[str, Match] = {}
    for match in matches:
        kept.setdefault(match.key, match)
    return list(kept.values())


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def one_per_key_refusals_first(matches: list[Match]) -> list[Match]:
    """One match per key: the first, unless a later one is a refusal and the first was not, because a refusal
    is never overridden by a "like" read from the same sentence ("I prefer tea over coffee")."""
    by_key: dict[str, Match] = {}
    for match in matches:
        current = by_key.get(match.key)
        if current is None or (match.polarity < 0 <= current.polarity):
            by_key[match.key] = match
    return list(by_key.values())
