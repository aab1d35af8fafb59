"""Whether a message asks about the world or about the user's own life, read from its meaning.

The grammar in ``intent`` knows a few shapes of world questions (arithmetic, definitions, "why does…"), but
most are phrased like any other question ("can cats eat…", "一般多久换一次…"). So two sets of example requests,
written for this purpose and spread over many domains in both languages, give an axis in the embedder's query
space, from requests that concern the user (their plans, people, past words) to requests any stranger could ask.

The axis is a linear discriminant: the difference of the two means, read through the examples' own spread
(their covariance, shrunk towards a sphere). The plain difference of the means kept the topics and the language
of the examples: it placed 30% of Chinese world questions about a trade or a hobby past its cut. Dividing by the
spread discounts the directions in which requests of one kind vary anyway (topic, language, length), and what is
left is the shape of the request.

A message's place is measured so that the mean personal request sits at -1 and the mean world question at +1.
How much to shrink and where to cut are chosen per embedder by cross-validation over the training examples only
(``computed_axis``): the cut lets through at most ``PERSONAL_ALLOWED`` of the held-out folds' personal requests.
The check halves of ``request_kind_examples`` (written apart, other domains) then decide whether the axis is
trusted for that embedder at all (``MIN_WORLD_PLACED``, ``MAX_PERSONAL_PLACED``): a space that does not carry the
distinction (a test's hashing embedder, a model of another kind) places it at random. The axis only ever adds
to what the grammar finds: a question it does not place is left as it was.

Embedding the examples takes seconds and holds the embedder meanwhile, so the axis and that verdict for the
default embedder ship in ``data/request_axis.npz`` (``scripts/build_request_axis.py`` writes it; a test checks
it is current); another embedder computes them on first use.
"""
import hashlib
from functools import lru_cache
from pathlib import Path

import numpy as np

from .request_kind_examples import (PERSONAL_CHECK, PERSONAL_CHECK_APART, PERSONAL_TRAIN, PERSONAL_TRAIN_APART,
                                    WORLD_CHECK, WORLD_CHECK_APART, WORLD_TRAIN, WORLD_TRAIN_APART)

# The share of held-out personal requests the cut may let through: a personal request taken for a world question
# loses its memories, a world question taken for a personal one only gets memories it did not need. Written
# examples are plainer than a chat's own requests (a plan or a task with no "I" in it sat just past a cut at
# 2.5% on the development sets), so the cut keeps a margin.
PERSONAL_ALLOWED = 0.01
CROSS_VALIDATION_FOLDS = 5
# How far the examples' covariance is shrunk towards a sphere (1.0 is the plain difference of the means): the
# one that places most held-out world questions at the cut wins.
SHRINKAGES = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)
# For an embedder, the axis is trusted when at least this share of the check world questions passes the cut and
# at most this share of the check personal requests does.
MIN_WORLD_PLACED = 0.5
MAX_PERSONAL_PLACED = 0.1

WORLD_QUESTIONS = (
    "Why do onions make people cry when you cut them?",
    "How many planets are in the solar system?",
    "What is the boiling point of water at high altitude?",
    "Which countries border Switzerland?",
    "How do vaccines train the immune system?",
    "What's the difference between a virus and a bacterium?",
    "When was the printing press invented?",
    "Is it true that goldfish have a three-second memory?",
    "How long does it take light from the sun to reach Earth?",
    "What causes thunder?",
    "How is cheese made from milk?",
    "What are the rules of cricket in simple terms?",
    "Are tomatoes a fruit or a vegetable?",
    "How do airplanes stay in the air?",
    "What does a central bank do?",
    "Which animal is the fastest on land?",
    "How much caffeine is in a cup of green tea?",
    "What is the main ingredient of hummus?",
    "How often should a car's oil be changed in general?",
    "What is the typical gestation period of a horse?",
    "Can dogs see colours?",
    "How does a refrigerator keep things cold?",
    "What are the health benefits of walking every day?",
    "What kind of soil do blueberries grow best in?",
    "为什么秋天树叶会变黄？",
    "太阳系里最大的行星是哪个？",
    "水在高原上沸点是多少度？",
    "疫苗是怎么起作用的？",
    "病毒和细菌有什么区别？",
    "造纸术是哪个朝代发明的？",
    "地震是怎么发生的？",
    "豆腐是用什么做的？",
    "一般鸡蛋煮几分钟是溏心的？",
    "冰箱的工作原理是什么？",
    "长期喝绿茶有什么好处？",
    "狗能分清颜色吗？",
    "银行利率一般是谁定的？",
    "中国有多少个省级行政区？",
    "咖啡因在身体里多久能代谢掉？",
    "兰花喜欢什么样的土？",
    "马拉松全程是多少公里？",
    "京剧有哪几种主要角色？",
)

PERSONAL_REQUESTS = (
    "What did I tell you about my landlord last week?",
    "Remind me what my son is allergic to.",
    "When is my dentist appointment?",
    "What was my wife's idea for the anniversary?",
    "Which hotel did I say I booked in Lisbon?",
    "Plan a workout for me that's easy on my back.",
    "Given my budget, which laptop should I buy?",
    "What's the name of my manager again?",
    "How much did we spend on the wedding venue?",
    "Suggest a dinner that fits my diet.",
    "Did I mention where my parents live?",
    "What am I supposed to bring to the team offsite?",
    "What time does my daughter finish school on Fridays?",
    "Can you recommend a book I'd enjoy?",
    "What was the plan for Saturday again?",
    "How far along is my thesis according to what I said?",
    "Which medicine am I taking for my blood pressure?",
    "What did my brother say about the car?",
    "Help me write a birthday message for my best friend.",
    "Where did we decide to go for the holidays?",
    "What should I cook tonight for the kids?",
    "Is the plumber still coming on Thursday?",
    "What's left on my to-do list for the move?",
    "我上周跟你说的那件事后来怎么样了？",
    "提醒我一下我女儿对什么过敏来着？",
    "我跟牙医约的是哪天？",
    "我老公说周末想去哪儿来着？",
    "我订的酒店叫什么名字？",
    "按我腰不好的情况，帮我安排点运动",
    "按我的预算，买哪台电脑合适？",
    "我们领导姓什么来着？",
    "婚礼场地最后花了多少钱？",
    "晚饭吃什么好，注意我在控糖",
    "我爸妈住在哪个城市我说过吗？",
    "明天团建要带什么？",
    "孩子周五几点放学？",
    "给我推荐本我会喜欢的书",
    "我弟弟对那辆车怎么说的？",
    "帮我给好朋友写段生日祝福",
    "假期我们最后定了去哪？",
    "水管工周四还来吗？",
    "搬家还剩哪些事没办？",
)


AXIS_FILE = Path(__file__).with_name("data") / "request_axis.npz"
WORLD_EXAMPLES = (*WORLD_QUESTIONS, *WORLD_TRAIN, *WORLD_TRAIN_APART)
PERSONAL_EXAMPLES = (*PERSONAL_REQUESTS, *PERSONAL_TRAIN, *PERSONAL_TRAIN_APART)
# Never in the axis: they decide whether it is trusted (and tests/test_intent.py measures it on them).
WORLD_CHECKS = (*WORLD_CHECK, *WORLD_CHECK_APART)
PERSONAL_CHECKS = (*PERSONAL_CHECK, *PERSONAL_CHECK_APART)


def examples_fingerprint() -> str:
    """Changes whenever an example does: a shipped axis of other examples is not used."""
    return hashlib.sha256("\n".join(WORLD_EXAMPLES + ("",) + PERSONAL_EXAMPLES).encode()).hexdigest()


def computed_axis(embedder) -> dict:
    """The discriminant between the world and the personal examples in this embedder's query space, its cut,
    and whether it places the check half of the examples as it must."""
    def embedded(texts):
        return np.asarray(embedder.embed_queries(list(texts)), dtype=np.float64)

    world, personal = embedded(WORLD_EXAMPLES), embedded(PERSONAL_EXAMPLES)
    shrinkage, cut = _cross_validated(world, personal)
    axis = {**_discriminant(world, personal, shrinkage), "cut": cut, "shrinkage": shrinkage}
    place = _placing(axis)

    def share_placed(texts):
        return float(np.mean(place(embedded(texts)) >= cut))

    axis["trusted"] = (share_placed(WORLD_CHECKS) >= MIN_WORLD_PLACED
                       and share_placed(PERSONAL_CHECKS) <= MAX_PERSONAL_PLACED)
    return axis


def _discriminant(world: np.ndarray, personal: np.ndarray, shrinkage: float) -> dict:
    """Fisher's direction with a shrunk pooled covariance, and where the two means fall on it."""
    world_mean, personal_mean = world.mean(axis=0), personal.mean(axis=0)
    centred = np.vstack([world - world_mean, personal - personal_mean])
    covariance = centred.T @ centred / len(centred)
    sphere = np.eye(len(covariance)) * np.trace(covariance) / len(covariance)
    gap = world_mean - personal_mean
    direction = np.linalg.solve((1 - shrinkage) * covariance + shrinkage * sphere, gap)
    return {"direction": direction, "midpoint": float((world_mean + personal_mean) @ direction) / 2,
            "half_gap": float(gap @ direction) / 2 or 1.0}


def _cross_validated(world: np.ndarray, personal: np.ndarray) -> tuple[float, float]:
    """The shrinkage and the cut, from folds of the training examples: each fold is placed by the axis of the
    others; the cut lets ``PERSONAL_ALLOWED`` of the held-out personal requests through, and the shrinkage that
    then places most held-out world questions wins (the larger one on a tie: the simpler axis)."""
    world_fold = np.arange(len(world)) % CROSS_VALIDATION_FOLDS
    personal_fold = np.arange(len(personal)) % CROSS_VALIDATION_FOLDS
    best = None
    for shrinkage in SHRINKAGES:
        held_out_world, held_out_personal = np.zeros(len(world)), np.zeros(len(personal))
        for fold in range(CROSS_VALIDATION_FOLDS):
            place = _placing(_discriminant(world[world_fold != fold], personal[personal_fold != fold], shrinkage))
            held_out_world[world_fold == fold] = place(world[world_fold == fold])
            held_out_personal[personal_fold == fold] = place(personal[personal_fold == fold])
        cut = float(np.quantile(held_out_personal, 1 - PERSONAL_ALLOWED))
        placed = float(np.mean(held_out_world >= cut))
        if best is None or placed >= best[0]:
            best = (placed, shrinkage, cut)
    return best[1], best[2]


def shipped_axis(embedder_name: str) -> dict | None:
    """What ``computed_axis`` gave, from ``AXIS_FILE``, when it was made by this embedder from these examples."""
    try:
        with np.load(AXIS_FILE) as stored:
            if str(stored["embedder"]) != embedder_name or str(stored["fingerprint"]) != examples_fingerprint():
                return None
            return {"direction": stored["direction"].astype(np.float32), "midpoint": float(stored["midpoint"]),
                    "half_gap": float(stored["half_gap"]), "cut": float(stored["cut"]),
                    "shrinkage": float(stored["shrinkage"]), "trusted": bool(stored["trusted"])}
    except (OSError, KeyError, ValueError):
        return None


def _placing(axis: dict):
    """Rows of query vectors -> their places on the axis, from the personal mean (-1) to the world mean (+1)."""
    direction = np.asarray(axis["direction"])
    midpoint, half_gap = axis["midpoint"], axis["half_gap"]
    return lambda vectors: (np.asarray(vectors, dtype=direction.dtype) @ direction - midpoint) / half_gap


@lru_cache(maxsize=4)
def _axis(embedder_name: str):
    """(placing function, cut) of this embedder's axis; None when the axis does not hold in its space."""
    from .providers import get_embedder

    axis = shipped_axis(embedder_name) or computed_axis(get_embedder())
    return (_placing(axis), axis["cut"]) if axis["trusted"] else None


def world_likeness(query_vector) -> float | None:
    """How far past this embedder's cut the message sits towards a question about the world (> 0: past it;
    on the scale where the personal and the world means are 2 apart); None without a vector or a trusted axis."""
    from .providers import get_embedder
    from .providers.embedders import EmbedderError

    if query_vector is None:
        return None
    try:
        axis = _axis(get_embedder().name)
    except EmbedderError:
        return None
    if axis is None:
        return None
    place, cut = axis
    try:
        return float(place(np.asarray(query_vector, dtype=np.float32)[None, :])[0]) - cut
    except ValueError:  # a vector of another dimension
        return None


def placed_as_world(query_vector) -> bool:
    """Past the cut towards a question any stranger could ask (False without a vector or a trusted axis)."""
    likeness = world_likeness(query_vector)
    return likeness is not None and likeness >= 0
