"""Keyword matching for Chinese and English without a segmenter: CJK runs become character bigrams
(and single characters for one-character runs), Latin text becomes lower-cased, lightly stemmed words.
BM25 over one user's own items, so a term common in that user's history weighs little."""
import math
from functools import lru_cache
import re
from collections import Counter

from .chinese_script import to_simplified

_CJK_RUN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]+")
_WORD = re.compile(r"[a-z0-9][a-z0-9'\-]*")
_EN_STOPWORDS = frozenset(
    "a an the and or but if to of in on at for from by with about as is are was were be been being am do does did "
    "i me my mine you your we our us it its this that these those there here what which who whom how why when where "
    "can could should would will shall may might must have has had not no yes so too very just really please any some "
    "get got go going make made tell give let like want need know think one thing things again also ok okay".split()
)
# Titles before a name ("Dr. Chen", "Mr Lee"): said of many people, they tell no one apart, and their dot ends
# no sentence.
EN_TITLES = ("Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "Sr", "Jr", "St")
_CJK_STOP_CHARS = set("的了吗呢吧啊呀嘛哦么个是我你他她它们这那就都也还和与及或在有要会能可把被给让帮请一不没很太啥")


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def terms(text: str) -> list[str]:
    return list(_terms(text or ""))


@lru_cache(maxsize=200_000)
def _terms(text: str) -> tuple[str, ...]:
    """Stored texts are scored again on every recall: their terms are worth keeping (texts are immutable).
    Traditional and Simplified spellings give the same terms: a question in one script finds a turn in the other."""
    text = to_simplified(text.lower())
    found: list[str] = []
    for run in _CJK_RUN.findall(text):
        if len(run) == 1:
            if run not in _CJK_STOP_CHARS:
                found.append(run)
            continue
        for index in range(len(run) - 1):
            bigram = run[index:index + 2]
            if not (bigram[0] in _CJK_STOP_CHARS and bigram[1] in _CJK_STOP_CHARS):
                found.append(bigram)
    for word in _WORD.findall(text):
        if word not in _EN_STOPWORDS and len(word) > 1:
            found.append(_stem(word))
    return tuple(found)


class BM25:
    """Okapi BM25 over a small in-memory corpus (one user's memories and snippets)."""

    def __init__(self, documents: list[str], k1: float = 1.2, b: float = 0.75):
        self.k1, self.b = k1, b
        self.doc_terms = [Counter(terms(document)) for document in documents]
        self.lengths = [sum(counter.values()) for counter in self.doc_terms]
        self.avg_length = (sum(self.lengths) / len(self.lengths)) if self.lengths else 0.0
        document_frequency: Counter = Counter()
        for counter in self.doc_terms:
            document_frequency.update(counter.keys())
        total = len(documents)
        self.idf = {term: math.log(1 + (total - freq + 0.5) / (freq + 0.5)) for term, freq in document_frequency.items()}

    def scores(self, query: str) -> list[float]:
        query_terms = set(terms(query))
        results = []
        for counter, length in zip(self.doc_terms, self.lengths):
            score = 0.0
            for term in query_terms:
                frequency = counter.get(term)
                if frequency:
                    norm = frequency + self.k1 * (1 - self.b + self.b * length / (self.avg_length or 1.0))
                    score += self.idf[term] * frequency * (self.k1 + 1) / norm
            results.append(score)
        return results
