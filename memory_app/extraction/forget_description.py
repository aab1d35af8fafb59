"""What a forget request asks to forget: the ``ForgetRequest`` it becomes, and its *description*, the object
phrase without forget words and fillers ("上次说的X" -> "X", "what I told you about X" -> "X"), with the keyword
terms and parts ``forget_matching`` matches it by. ``forget`` reads the request out of the message."""
import re
from dataclasses import dataclass, field

from ..keywords import EN_TITLES, terms as keyword_terms
from ..taxonomy import KEY_TERMS
from .forget_phrases import (
    APPOSITIVE, COUNTED, EN_LEADING, EN_TRAILING, INFO, ONLY_A_PLACE, PRONOUN, QUESTION_TAG, SELF, WITH_YOU_ALONE,
    ZH_LEADING, ZH_TRAILING,
)


@dataclass
class ForgetRequest:
    description: str = ""  # what the user called the subject, forget words and fillers removed
    everything: bool = False  # the user as a whole
    whole_subject: bool = False  # all of what the description names ("那摊事统统删了", "all of it")
    text: str = ""  # the sentence that asked (already redacted by the caller)
    points_back: bool = False  # its object is "this" / "它" and stands for what this message says before it
    terms: list[str] = field(default_factory=list)  # keyword terms of the description

    def __post_init__(self):
        if not self.terms and self.description:
            self.terms = distinctive_terms(self.description)

    def as_dict(self) -> dict:
        return {"description": self.description, "everything": self.everything, "whole_subject": self.whole_subject,
                "text": self.text}

    def covers(self, *, key: str = "", text: str = "", value: str = "", entities: list[str] | None = None) -> bool:
        """Does a candidate extracted from the request's own message share a distinctive word with it? (Stored
        items are matched by meaning in ``forget_matching``; this keeps the asking message from storing it.)"""
        if self.everything or (key and names_what_key_stores(self.terms, key)):
            return True
        found = set(distinctive_terms(" ".join([text, value, *(entities or [])])))
        return any(term in found for term in self.terms)


def names_what_key_stores(words: list[str], key: str) -> bool:
    """"我的地址", "my address": the description's head word (the last, in both languages) is what the
    memory's key stores, in the key vocabulary recall uses too. The topic segment is too broad to count."""
    stored = " ".join(f"{KEY_TERMS.get(segment, '')} {segment.replace('_', ' ')}" for segment in key.split(".")[1:])
    return bool(words) and words[-1] in set(keyword_terms(stored))


def distinctive_terms(text: str) -> list[str]:
    """Keyword terms without the bigrams a function character makes ("的结", "检的") and without titles ("Mr"
    is said of every client: a description naming "Mr. Lee" must not match whatever names another Mr)."""
    return [term for term in dict.fromkeys(keyword_terms(text))
            if not re.search(r"[的了吗呢吧啊呀嘛哦么个是我你他她它们这那就都也还和与及或在有要会能可把被给让帮请一不没很太啥]", term)
            and term not in _TITLE_TERMS and term not in _GENERIC_MATTER]


# "事情", "事儿" say only that it was a matter; "同事", "出事" name something.
_GENERIC_MATTER = frozenset({"事情", "事儿", "情儿"})


_TITLE_TERMS = frozenset(keyword_terms(" ".join(EN_TITLES)))


def description_parts(description: str) -> list[str]:
    """The description and, when it joins several things ("房租和押金", "the therapist and the panic
    attacks"), each of them: each may be said apart. Parts that are only the user ("我和小林吵架": "我") or a
    single character go."""
    parts = [part.strip(" ，,") for part in re.split(r"以及|和|与|及|、|[,，&]|(?i:\band\b)", description)]
    parts = [part for part in parts if residual(part) and not PRONOUN.match(part)
             and any(len(term) >= 2 for term in distinctive_terms(part))]
    return [description] + parts if len(parts) > 1 else [description]


def clean_phrase(phrase: str) -> str:
    """The phrase without fillers; each of several joined phrases ("X, Y") on its own."""
    pieces = [piece for piece in (_clean_one(piece) for piece in phrase.split(", ")) if piece]
    # "those two things, A, B": beside what it counts, the count names nothing (see _listed_ahead)
    named = [piece for piece in pieces if not COUNTED.match(piece)]
    return ", ".join(named or pieces)


def _clean_one(phrase: str) -> str:
    phrase = phrase.strip(" ，,。.!！?？~～\"'“”")
    restated = APPOSITIVE.match(phrase)
    if restated:  # "就是他跟我说的那件": what it restates, without the frame
        phrase = restated.group("zh") or restated.group("en")
    if ONLY_A_PLACE.fullmatch(phrase):  # "存进你的档案里": where it would go, not what
        return ""
    previous = None
    while previous != phrase:
        previous = phrase
        phrase = ZH_LEADING.sub("", phrase).strip(" ，,")
        phrase = ZH_TRAILING.sub("", phrase).strip(" ，,")
        phrase = EN_TRAILING.sub("", " " + phrase).strip(" ,")  # first: "… from my file" is a place, not the subject
        phrase = EN_LEADING.sub("", phrase + " ").strip(" ,")
        phrase = QUESTION_TAG.sub("", phrase).strip(" ，,")
    return "" if WITH_YOU_ALONE.fullmatch(phrase) else phrase


def residual(phrase: str) -> str:
    """The description without self-references and words for "information": empty means "me, all of me"."""
    return re.sub(r"[\s'’s]+", " ", INFO.sub(" ", SELF.sub(" ", phrase))).strip()
