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
(``WORLD_AXIS``, an ``example_axis.ExampleAxis``): the cut lets through at most ``PERSONAL_ALLOWED`` of the
held-out folds' personal requests.
The check halves of ``request_kind_examples`` (written apart, other domains) then decide whether the axis is
trusted for that embedder at all (``MIN_WORLD_PLACED``, ``MAX_PERSONAL_PLACED``): a space that does not carry the
distinction (a test's hashing embedder, a model of another kind) places it at random. The axis only ever adds
to what the grammar finds: a question it does not place is left as it was.

Embedding the examples takes seconds and holds the embedder meanwhile, so the axis and that verdict for the
default embedder ship in ``data/request_axis.npz`` (``scripts/build_request_axis.py`` writes it; a test checks
it is current); another embedder computes them on first use.
"""
import numpy as np

from .example_axis import DATA, ExampleAxis
from .request_kind_examples import (PERSONAL_CHECK, PERSONAL_CHECK_APART, PERSONAL_TRAIN, PERSONAL_TRAIN_APART,
                                    WORLD_CHECK, WORLD_CHECK_APART, WORLD_TRAIN, WORLD_TRAIN_APART)

# The share of held-out personal requests the cut may let through: a personal request taken for a world question
# loses its memories, a world question taken for a personal one only gets memories it did not need. Written
# examples are plainer than a chat's own requests (a plan or a task with no "I" in it sat just past a cut at
# 2.5% on the development sets), so the cut keeps a margin.
PERSONAL_ALLOWED = 0.01
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


AXIS_FILE = DATA / "request_axis.npz"
WORLD_EXAMPLES = (*WORLD_QUESTIONS, *WORLD_TRAIN, *WORLD_TRAIN_APART)
PERSONAL_EXAMPLES = (*PERSONAL_REQUESTS, *PERSONAL_TRAIN, *PERSONAL_TRAIN_APART)
# Never in the axis: they decide whether it is trusted (and tests/test_intent.py measures it on them).
WORLD_CHECKS = (*WORLD_CHECK, *WORLD_CHECK_APART)
PERSONAL_CHECKS = (*PERSONAL_CHECK, *PERSONAL_CHECK_APART)


WORLD_AXIS = ExampleAxis(AXIS_FILE, WORLD_EXAMPLES, PERSONAL_EXAMPLES, WORLD_CHECKS, PERSONAL_CHECKS,
                         allowed=PERSONAL_ALLOWED, min_positive_placed=MIN_WORLD_PLACED,
                         max_negative_placed=MAX_PERSONAL_PLACED)


def world_likeness(query_vector) -> float | None:
    """How far past this embedder's cut the message sits towards a question about the world (> 0: past it;
    on the scale where the personal and the world means are 2 apart); None without a vector or a trusted axis."""
    if query_vector is None:
        return None
    placed = WORLD_AXIS.past_cut(np.asarray(query_vector, dtype=np.float32)[None, :])
    return None if placed is None else float(placed[0])


def placed_as_world(query_vector) -> bool:
    """Past the cut towards a question any stranger could ask (False without a vector or a trusted axis)."""
    likeness = world_likeness(query_vector)
    return likeness is not None and likeness >= 0
