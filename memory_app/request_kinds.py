"""Whether a message asks about the world or about the user's own life, read from its meaning.

The grammar in ``intent`` knows a few shapes of world questions (arithmetic, definitions, "why does…"), but
most are phrased like any other question ("can cats eat…", "一般多久换一次…"). So two sets of example requests,
written for this purpose and spread over many domains in both languages, give an axis in the embedder's query
space: from the mean of requests that concern the user (their plans, people, past words) to the mean of requests
any stranger could ask. Topic averages out over the domains; what is left is the shape of the request.

A message's position on the axis is measured in half the distance between the two means: 0 is halfway,
+1 is where a typical world question sits, -1 a typical personal one. The means are taken over the examples here
and the training half of ``request_kind_examples`` (570 requests); its check half (160, written apart, other
domains) sets the cut (``WORLD_QUESTION_MIN``) with e5-small: 0.35 is the lowest that keeps personal requests at
2.5% (2 of 80; 0.3 lets a third through); 82% of world questions pass it. With the 88 examples here alone the
axis placed 30% at its cut of 0.45: a mean over few domains kept their topics. The axis only ever adds to what
the grammar finds: a question it does not place is left as it was.

An embedder whose space does not carry the distinction (a test's hashing embedder, a model of another kind)
would place messages at random: the axis is used only when, for that embedder, it places the check half as it
must (``MIN_WORLD_PLACED``, ``MAX_PERSONAL_PLACED``). Embedding the examples takes seconds and holds the embedder
meanwhile, so the means and that verdict for the default embedder ship in ``data/request_axis.npz``
(``scripts/build_request_axis.py`` writes it; a test checks it is current); another embedder computes them on
first use.
"""
import hashlib
from functools import lru_cache
from pathlib import Path

import numpy as np

from .request_kind_examples import PERSONAL_CHECK, PERSONAL_TRAIN, WORLD_CHECK, WORLD_TRAIN

# A question placed this far towards the world end (+1 is a typical world question) is general knowledge, unless
# it points at the user, someone they know or their past (``intent``).
WORLD_QUESTION_MIN = 0.35
# For an embedder, the axis is trusted when at least this share of the check world questions passes the cut and
# at most this share of the check personal requests does (e5-small: 0.82 and 0.025).
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
WORLD_EXAMPLES = (*WORLD_QUESTIONS, *WORLD_TRAIN)
PERSONAL_EXAMPLES = (*PERSONAL_REQUESTS, *PERSONAL_TRAIN)


def examples_fingerprint() -> str:
    """Changes whenever an example does: a shipped axis of other examples is not used."""
    return hashlib.sha256("\n".join(WORLD_EXAMPLES + ("",) + PERSONAL_EXAMPLES).encode()).hexdigest()


def computed_axis(embedder) -> dict:
    """The mean query vector of the world examples and of the personal ones, and whether the axis between them
    places the check half of the examples as it must in this embedder's space."""
    def embedded(texts):
        return np.asarray(embedder.embed_queries(list(texts)), dtype=np.float32)

    world, personal = embedded(WORLD_EXAMPLES).mean(axis=0), embedded(PERSONAL_EXAMPLES).mean(axis=0)
    place = _placing(world, personal)

    def share_placed(texts):
        return float(np.mean(place(embedded(texts)) >= WORLD_QUESTION_MIN))

    trusted = share_placed(WORLD_CHECK) >= MIN_WORLD_PLACED and share_placed(PERSONAL_CHECK) <= MAX_PERSONAL_PLACED
    return {"world": world, "personal": personal, "trusted": trusted}


def shipped_axis(embedder_name: str) -> dict | None:
    """What ``computed_axis`` gave, from ``AXIS_FILE``, when it was made by this embedder from these examples."""
    try:
        with np.load(AXIS_FILE) as stored:
            if str(stored["embedder"]) != embedder_name or str(stored["fingerprint"]) != examples_fingerprint():
                return None
            return {"world": stored["world"].astype(np.float32), "personal": stored["personal"].astype(np.float32),
                    "trusted": bool(stored["trusted"])}
    except (OSError, KeyError, ValueError):
        return None


def _placing(world: np.ndarray, personal: np.ndarray):
    """Rows of query vectors -> their places on the axis from ``personal`` (-1) to ``world`` (+1)."""
    direction = world - personal
    midpoint = float((world + personal) @ direction) / 2
    half_gap = float(direction @ direction) / 2 or 1.0
    return lambda vectors: (np.asarray(vectors, dtype=np.float32) @ direction - midpoint) / half_gap


@lru_cache(maxsize=4)
def _axis(embedder_name: str):
    """The placing function of this embedder's axis; None when the axis does not hold in its space."""
    from .providers import get_embedder

    axis = shipped_axis(embedder_name) or computed_axis(get_embedder())
    return _placing(axis["world"], axis["personal"]) if axis["trusted"] else None


def world_likeness(query_vector) -> float | None:
    """Where the message sits between a personal request (-1) and a question about the world (+1); None
    without a vector."""
    from .providers import get_embedder
    from .providers.embedders import EmbedderError

    if query_vector is None:
        return None
    try:
        place = _axis(get_embedder().name)
    except EmbedderError:
        return None
    if place is None:
        return None
    try:
        return float(place(np.asarray(query_vector, dtype=np.float32)[None, :])[0])
    except ValueError:  # a vector of another dimension
        return None
