"""Whether a message asks about the world or about the user's own life, read from its meaning.

The grammar in ``intent`` knows a few shapes of world questions (arithmetic, definitions, "why does…"), but
most are phrased like any other question ("can cats eat…", "一般多久换一次…"). So two sets of example requests,
written for this purpose and spread over many domains in both languages, give an axis in the embedder's query
space: from the mean of requests that concern the user (their plans, people, past words) to the mean of requests
any stranger could ask. Topic averages out over the domains; what is left is the shape of the request.

A message's position on the axis is measured in half the distance between the two means: 0 is halfway,
+1 is where a typical world question sits, -1 a typical personal one. Measured with e5-small on 48 other
requests written for the check (not these): world questions from -0.24 to +1.12 (median 0.3), personal ones
from -1.51 to -0.24. The two overlap near zero, so the cut (``intent.WORLD_QUESTION_MIN``) sits well above it
and the axis only ever adds to what the grammar finds: a question the axis does not place is left as it was.
"""
from functools import lru_cache

import numpy as np

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


@lru_cache(maxsize=4)
def _axis(embedder_name: str) -> tuple[np.ndarray, float, float]:
    """(direction, midpoint, half the gap) of the personal→world axis in this embedder's query space."""
    from .providers import get_embedder

    embedder = get_embedder()
    world = np.asarray(embedder.embed_queries(list(WORLD_QUESTIONS)), dtype=np.float32).mean(axis=0)
    personal = np.asarray(embedder.embed_queries(list(PERSONAL_REQUESTS)), dtype=np.float32).mean(axis=0)
    direction = world - personal
    midpoint = float((world + personal) @ direction) / 2
    half_gap = float(direction @ direction) / 2
    return direction, midpoint, half_gap or 1.0


def world_likeness(query_vector) -> float | None:
    """Where the message sits between a personal request (-1) and a question about the world (+1); None
    without a vector."""
    from .providers import get_embedder
    from .providers.embedders import EmbedderError

    if query_vector is None:
        return None
    try:
        direction, midpoint, half_gap = _axis(get_embedder().name)
    except EmbedderError:
        return None
    if direction.shape[0] != len(query_vector):
        return None
    return (float(np.asarray(query_vector, dtype=np.float32) @ direction) - midpoint) / half_gap
