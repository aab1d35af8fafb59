"""Intent detection: which scenes a message is about, and whether it needs the user's memory at all.

Offline and fast: bilingual keyword lexicons, plus a nearest-prototype vote over embeddings when the
keywords are silent. The request type matters as much as the topic: "1+1等于几" or "translate 'thanks'
into Japanese" needs nothing about the user, while "explain compound interest" should follow their
reply-style preferences.
"""
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

SCENE_KEYWORDS: dict[str, tuple[str, ...]] = {
    "shipping": ("快递", "物流", "配送", "送货", "包裹", "下单", "收货", "寄", "顺丰", "京东", "跑腿", "进货", "运费",
                 "shipping", "delivery", "deliver", "courier", "parcel", "package", "order", "ship"),
    "food": ("吃", "喝", "菜", "餐", "饭", "食", "零食", "水果", "果昔", "沙拉", "甜", "辣", "火锅", "咖啡", "茶", "奶",
             "早餐", "午餐", "晚餐", "外卖", "下午茶", "蛋糕", "米粉", "点菜", "菜谱", "零嘴", "提神", "饮料",
             "eat", "food", "recipe", "cook", "meal", "dinner", "lunch", "breakfast", "snack", "drink", "coffee",
             "restaurant", "beer", "dish", "menu", "spicy", "sweet", "dessert", "fruit"),
    "health": ("病", "药", "医", "过敏", "感冒", "疼", "痛", "检查", "体检", "身体", "健康", "失眠", "孕", "坐垫", "腰",
               "health", "doctor", "medicine", "allergy", "allergic", "sick", "pain", "hospital", "asthma", "smoky",
               "pregnan", "baby"),
    "budget": ("预算", "钱", "价格", "报价", "花费", "省钱", "贵", "便宜", "够吗", "够不够", "卖", "万", "利润", "回本", "赚",
               "budget", "price", "cost", "afford", "expensive", "cheap", "money", "spend"),
    "schedule": ("几点", "哪天", "日程", "安排", "提醒", "时间", "周末", "下周", "明天", "截止", "deadline", "行程",
                 "schedule", "calendar", "remind", "tomorrow", "weekend", "next week", "when", "plan", "due"),
    "profile": ("我是谁", "我叫", "名字", "自我介绍", "打招呼", "叫我", "工作", "职业",
                "my name", "who am i", "introduce", "headline", "linkedin", "about me", "greet"),
    "travel": ("旅游", "旅行", "出国", "签证", "机票", "航班", "酒店", "景点", "行程", "出差", "老家", "回家", "座位",
               "travel", "trip", "flight", "visa", "hotel", "seat", "hiking", "vacation", "book me"),
    "work": ("工作", "上班", "公司", "同事", "老板", "客户", "项目", "加班", "文案", "邮件", "店", "汇报", "开会",
             "work", "job", "office", "boss", "colleague", "client", "customer", "project", "email", "meeting"),
    "family": ("老婆", "老公", "女儿", "儿子", "孩子", "娃", "家人", "爸", "妈", "外孙", "男朋友", "女朋友", "宝宝",
               "wife", "husband", "daughter", "son", "kid", "child", "family", "partner", "girlfriend", "boyfriend",
               "mom", "dad", "parent", "baby"),
    "pets": ("猫", "狗", "宠物", "仓鼠", "猫粮", "狗粮", "遛", "笼子", "小家伙",
             "cat", "dog", "pet", "puppy", "kitten", "hamster", "vet"),
    "hobby": ("爱好", "喜欢", "运动", "锻炼", "钓鱼", "太极", "跳舞", "游戏", "好耍", "好玩", "轮休", "休息天",
              "hobby", "sport", "exercise", "game", "fun", "weekend plans"),
    "shopping": ("买", "购物", "下单", "送什么", "礼物", "衣服", "春装", "笔记本", "电脑", "囤",
                 "buy", "shop", "gift", "present", "laptop", "clothes"),
    "home": ("家", "住", "地址", "小区", "装修", "房", "home", "address", "house", "apartment", "move"),
}

# Requests that want an answer about the world, not about the user.
# Arithmetic, translation, jokes, word meanings: they never need the user's memory.
_ALWAYS_TRIVIA_PATTERNS = [
    r"\d+\s*[\+\-\*/×÷xX]\s*\d+", r"(乘以|加上|减去|除以|等于几|等于多少|多少克|多少米|多少斤)",
    r"(翻译|怎么说|用.{1,6}语说|日语|西班牙语|法语|德语|韩语)", r"(笑话|脑筋急转弯|冷知识|谜语|绕口令)",
    r"(是什么意思|什么意思)",
    r"(?i)\b(translate|synonym|antonym|joke|riddle|define|definition|meaning of|calculate|\d+ times \d+|how do you say)\b",
    r"(?i)\bin (japanese|spanish|french|german|korean|italian|russian|portuguese|arabic)\b",
]
# Facts about the world; trivia unless the message is about the user's own life.
_WORLD_FACT_PATTERNS = [
    r"(首都|多远|多高|多大|多少年|哪一年|第一个)",
    r"(?i)\b(capital of|how far|how tall|how many|what year|what is \d)\b",
    r"(?i)\bwhat(?:'s|’s| is| was| are) the \w+(?: \w+)? (?:of|for|in|on)\b",  # the symbol for gold, the capital of…
]
# Requests for an explanation or a piece of writing: the user's reply-style preferences apply.
_COMPOSE_PATTERNS = [
    r"(讲讲|解释|介绍一下|是什么啊|什么是|为什么|怎么理解|什么时候该|区别|原理|帮我写|写一?[段条封篇个]|文案|想个|列一下|推荐|建议)",
    r"(?i)\b(explain|how does|how do|why|what is|what are|when should|difference between|write|draft|suggest|recommend|help me)\b",
]
# A question after a fact about the world: who, which, how many, how far... Only read as trivia when the
# message names nobody the user knows, no scene of the user's life, and not the user themselves.
_FACTOID_PATTERN = re.compile(
    r"(谁|哪一?[个颗位座条年国]|几[个颗位座条年]|多少|多远|多大|多高|多长|多重|第几|是什么颜色)"
    r"|\b(who|which|how many|how much|how far|how long|how old|how big|how tall|what year|what color|"
    r"square root|largest|smallest|tallest|longest|capital)\b",
    re.IGNORECASE,
)
_SEEKS_LIKES = re.compile(r"(爱吃|爱喝|爱玩|喜欢|最爱|偏爱|合我胃口|合口味)|\b(favou?rite|i like|i love|i enjoy|my taste)\b",
                          re.IGNORECASE)
_GREETING_PATTERNS = [r"^(早安|早上好|你好|嗨|哈喽|晚上好|下午好)", r"打招呼", r"(?i)^(hi|hello|hey|good morning|good evening)\b"]

# Prototype sentences per scene for the embedding vote (used when keywords find nothing).
SCENE_PROTOTYPES: dict[str, tuple[str, ...]] = {
    "food": ("推荐点吃的", "What should I eat tonight?", "帮我点个外卖"),
    "health": ("我身体不舒服，该怎么办", "Is this safe for my health?"),
    "shipping": ("这个快递用哪家", "Which courier should I use?"),
    "travel": ("出去旅游要准备什么", "Plan my trip"),
    "work": ("帮我写一封工作邮件", "Draft an email to my client"),
    "family": ("给家里人准备点什么", "Something for my kids"),
    "pets": ("我的宠物不太对劲", "My pet is acting strange"),
    "budget": ("这个价格在预算内吗", "Can I afford this?"),
}  # small talk and general knowledge come from the request type, not from prototypes


@dataclass
class Intent:
    scenes: list[tuple[str, float]]  # best first
    request_type: str  # "trivia" | "compose" | "greeting" | "personal"
    mentions_self: bool
    seeks_likes: bool = False  # "做道我爱吃的菜", "my favourite…": what the user likes is the answer

    @property
    def scene_names(self) -> list[str]:
        return [scene for scene, _ in self.scenes]

    @property
    def primary_scene(self) -> str:
        return self.scenes[0][0] if self.scenes else "general"

    def as_list(self) -> list[dict]:
        return [{"scene": scene, "confidence": round(confidence, 2)} for scene, confidence in self.scenes]


_SELF_REFERENCE = re.compile(r"(我|咱|俺|自己)|\b(i|me|my|mine|i'm|we|our)\b", re.IGNORECASE)
# "帮我" / "give me" are politeness, not a question about the user; these are.
_STRONG_SELF_REFERENCE = re.compile(
    r"(我的|我家|我们家|我是|我能|我该|我得|我要|我想|我这|我那|我还|我们|咱|自己)"
    r"|\b(my|mine|i'm|i am|am i|can i|should i|i have|i need|i want|our)\b",
    re.IGNORECASE,
)


def _keyword_scenes(text: str) -> dict[str, float]:
    lowered = text.lower()
    scores: dict[str, float] = {}
    for scene, keywords in SCENE_KEYWORDS.items():
        hits = sum(1 for keyword in keywords if _contains(lowered, keyword))
        if hits:
            scores[scene] = min(0.95, 0.55 + 0.15 * hits)
    return scores


def _contains(lowered: str, keyword: str) -> bool:
    if keyword.isascii():
        return re.search(r"\b" + re.escape(keyword), lowered) is not None
    return keyword in lowered


@lru_cache(maxsize=4)
def _prototype_matrix(embedder_name: str):
    """Prototype vectors, once per embedder (a different embedder means a different space)."""
    from .providers import get_embedder

    labels, sentences = [], []
    for scene, examples in SCENE_PROTOTYPES.items():
        for example in examples:
            labels.append(scene)
            sentences.append(example)
    return labels, get_embedder().embed_queries(sentences)


def _prototype_scene(query_vector) -> tuple[str, float] | None:
    from .providers import get_embedder
    from .providers.embedders import EmbedderError

    if query_vector is None:
        return None
    try:
        labels, matrix = _prototype_matrix(get_embedder().name)
    except EmbedderError:
        return None
    if matrix.shape[1] != len(query_vector):
        return None
    similarities = matrix @ np.asarray(query_vector, dtype=np.float32)
    best = int(np.argmax(similarities))
    return labels[best], float(similarities[best])


def request_type(text: str, *, personal_context: bool = False) -> str:
    """greeting | trivia | compose | personal. ``personal_context``: the message names a person or thing
    from this user's own history, or touches a scene of their life (then it is never trivia)."""
    if any(re.search(pattern, text) for pattern in _GREETING_PATTERNS):
        return "greeting"
    has_self = bool(_STRONG_SELF_REFERENCE.search(text))
    if not has_self and any(re.search(pattern, text) for pattern in _ALWAYS_TRIVIA_PATTERNS):
        return "trivia"
    if not has_self and not personal_context and (
            any(re.search(pattern, text) for pattern in _WORLD_FACT_PATTERNS) or _FACTOID_PATTERN.search(text)):
        return "trivia"
    if any(re.search(pattern, text) for pattern in _COMPOSE_PATTERNS):
        return "compose"
    return "personal" if _SELF_REFERENCE.search(text) else "compose"


def detect_intent(text: str, query_vector=None, *, mentions_known_person: bool = False) -> Intent:
    scores = _keyword_scenes(text)
    kind = request_type(text, personal_context=mentions_known_person or bool(scores))
    if kind == "trivia":
        scores = {"general_knowledge": 0.9, **{scene: value * 0.5 for scene, value in scores.items()}}
    elif kind == "greeting":
        scores = {"small_talk": 0.85, "profile": 0.7, **scores}
    if not scores:
        prototype = _prototype_scene(query_vector)
        if prototype:
            scene, similarity = prototype
            scores[scene] = round(max(0.3, min(0.8, (similarity - 0.75) * 4)), 2)
    scenes = sorted(scores.items(), key=lambda item: -item[1])
    return Intent(scenes=scenes, request_type=kind, mentions_self=bool(_STRONG_SELF_REFERENCE.search(text)),
                  seeks_likes=bool(_SEEKS_LIKES.search(text)))
