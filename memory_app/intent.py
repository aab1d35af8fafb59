"""Intent detection: which scenes a message is about, and whether it needs the user's memory at all.

Offline and fast, from general descriptions of each domain (``taxonomy``), never from particular requests:
- keywords: the words of each scene's domain vocabulary found in the message;
- prototypes: one vector per scene, the mean of its description sentences embedded in query mode (cached per
  embedder); the nearest scene counts when it stands out from the others.
The request type matters as much as the topic, and comes from grammar: arithmetic, translation, definitions
and questions about world facts need nothing about the user, while a request to explain or write something
should follow their reply-style preferences.
"""
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .chinese_script import as_written_mandarin
from .question_proper import checks_a_claim, question_proper
from .request_kinds import placed_as_world
from .taxonomy import SCENE_DESCRIPTIONS, scene_vocabulary

SCENE_KEYWORDS: dict[str, tuple[str, ...]] = scene_vocabulary()

_LANGUAGE_NAMES_ZH = "中文|汉语|英文|英语|日语|日文|韩语|法语|德语|西班牙语|俄语|意大利语|葡萄牙语|阿拉伯语|粤语"
_LANGUAGE_NAMES_EN = "english|chinese|mandarin|japanese|spanish|french|german|korean|italian|russian|portuguese|arabic|hindi|dutch"
# Requests that never need the user's memory: arithmetic and conversions, translation, word meanings, jokes and riddles.
_ALWAYS_TRIVIA_PATTERNS = [
    r"\d+\s*[\+\-\*/×÷xX]\s*\d+", r"乘以|加上|减去|除以|等于几|等于多少|是多少(?:克|米|斤|公里|厘米|毫升|升|分钟|秒)",
    rf"翻译|怎么说|(?:翻|译)成(?:{_LANGUAGE_NAMES_ZH})|用(?:{_LANGUAGE_NAMES_ZH})(?:怎么)?说|(?:{_LANGUAGE_NAMES_ZH})(?:里|中)?的.{{1,8}}(?:怎么说|是什么)",
    r"笑话|段子|谜语|绕口令|脑筋急转弯|冷知识|歇后语", r"是什么意思|什么意思|啥意思|怎么读|怎么念",
    r"(?i)\b(?:translate|synonym|antonym|joke|riddle|pun|tongue twister|fun fact|trivia|define|definition|meaning of|"
    r"calculate|\d+ (?:times|plus|minus|divided by) \d+|how do you (?:say|spell|pronounce))\b",
    r"(?i)\bwhat (?:does|do|did) [\w'‘’\"“” -]{1,40} (?:mean|stand for)\b|\bconvert\b.{1,40}\b(?:to|into)\b",
    r"换算|折合",
    # A word problem: a price given and the total asked ("每支两块，买十支总共多少"), a share of a number.
    r"(?=.*(?:\d|[一二两三四五六七八九十])\s*(?:块|元|毛|角)).*(?:一共|总共|合计|共计)(?:是|要|得|需要)?多少",
    r"(?i)\b\d+(?:\.\d+)?\s*(?:%|percent|per cent)\s+of\s+\$?\d", r"百分之[\d一二两三四五六七八九十]+.{0,4}是多少",
    rf"(?i)\bin (?:{_LANGUAGE_NAMES_EN})\b",
]
# Arithmetic in words: two numbers or more given, and a total or a count asked ("24 a case, 37 cases: how many in
# all?", "每箱12瓶，进了8箱，一共多少瓶").
_WORD_PROBLEM = re.compile(
    r"(?=(?:[^\d]*\d){2})(?:.*(?:一共|总共|合计|共计|加起来)(?:是|有|要|得)?(?:多少|几)"
    r"|(?i:.*\bhow (?:many|much)\b.*\b(?:in all|in total|total|altogether|is that|are there|does that make)\b))")
# Who made or found something, a country's capital or population: about the world even when the topic is one of
# the user's scenes ("who wrote the novel …"), unless the user or someone they know is in the message.
_WORLD_RECORD = re.compile(r"谁发明|作者是谁|谁发现|首都|(?i:\b(?:who invented|who discovered|capital of|population of)\b)"
                           r"|\b(?i:who (?:wrote|composed|painted|directed|sang))\b (?:the (?i:novel|book|poem|song|symphony|"
                           r"opera|play|painting|film|movie|series|hymn|musical)\b|[A-Z\"“'‘])")
# Facts about the world: trivia unless the message is about the user's own life.
_WORLD_FACT_PATTERNS = [
    r"首都|多远|多高|多大|多少年|哪一年|哪年|第一个|谁发明|谁写|作者是谁|位于|面积|人口|距离",
    r"(?i)\b(?:capital of|how far|how tall|how many|what year|who wrote|who invented|who discovered|population of|"
    r"what is \d)\b",
    r"(?i)\bwhat(?:'s|’s| is| was| are) the \w+(?: \w+)? (?:of|for|in|on)\b",  # "the speed of …", "the currency in …"
]
# Requests for an explanation or a piece of writing: the user's reply-style preferences apply.
_COMPOSE_PATTERNS = [
    r"讲讲|解释|介绍一下|是什么啊|什么是|为什么|怎么理解|区别|原理|帮我写|写一?[段条封篇个首]|文案|想个|列一下|推荐|建议",
    r"(?i)\b(?:explain|how does|how do|why|what is|what are|difference between|write|draft|suggest|recommend|help me)\b",
]
# Question words that ask for a fact (who, which, how many, how far…): trivia only when the message names nobody
# the user knows, no scene of the user's life, and not the user themselves.
_FACTOID_PATTERN = re.compile(
    r"(谁|哪一?[个颗位座条年国届]|几[个颗位座条年]|多少|多远|多大|多高|多长|多重|第几|是什么颜色)"
    r"|\b(who|which|how many|how much|how far|how long|how old|how big|how tall|what year|what color|"
    r"square root|largest|smallest|tallest|longest|capital)\b",
    re.IGNORECASE,
)
# The history and records of the world: when something began or was first, the oldest, largest, longest.
_WORLD_HISTORY = re.compile(
    r"[哪边]一?(?:年|届|个朝代|个世纪)|第一[个位台次部]|最早|起源|由来|的历史|始于|(?:从)?(?:什么|啥)时候(?:开始|起|出现|有的)|几时开始"
    r"|多少年(?:的)?历史|世界上|全世界|全球|最(?:大|高|长|古老|老)的"
    r"|(?i:\bwhat year\b|\bwhich year\b|\bin what year\b|\bfirst (?:ever|person|country|time in history)\b|\boldest\b|"
    r"\blargest\b|\btallest\b|\blongest\b|\bin the world\b|\bhistory of\b|\borigins? of\b|"
    r"\bwho (?:started|founded|built|opened|created|invented|made) the first\b|"
    r"\bhow did [\w' -]{1,40} (?:begin|start|originate|come about)\b|\bwhen (?:was|were|did) [\w' -]{1,40} "
    r"(?:begin|start|invented|founded|built|established|introduced)\b)")
# Scenes that bring the user's people or calendar into a question ("孩子周三几点上课", "when is the kids' recital"),
# and advice asked for their case ("which wine should go with…"): such a factual question is theirs.
PEOPLE_AND_PLANS = {"family", "schedule"}
_ADVICE = re.compile(r"应该|应当|该不该|要不要|值不值|(?i:\b(?:should|shall|ought|better|best for)\b)")
_SEEKS_LIKES = re.compile(r"(爱吃|爱喝|爱玩|喜欢|最爱|偏爱|合我胃口|合口味)|\b(favou?rite|i like|i love|i enjoy|my taste)\b",
                          re.IGNORECASE)
_GREETING_PATTERNS = [r"^(早安|早上好|你好|嗨|哈喽|晚上好|下午好)", r"打招呼|问候",
                      r"(?i)^(hi|hello|hey|good morning|good afternoon|good evening)\b"]

# The nearest prototype counts when it leads the runner-up by this much (cosine, e5 query space), and its
# confidence grows with the lead, up to below what a keyword hit gives.
_PROTOTYPE_MIN_LEAD = 0.01
_PROTOTYPE_CONFIDENCE = (0.4, 0.75)


@dataclass
class Intent:
    scenes: list[tuple[str, float]]  # best first
    request_type: str  # "trivia" | "compose" | "greeting" | "personal"
    mentions_self: bool
    seeks_likes: bool = False  # "a dish I'd like", "my favourite…": what the user likes is the answer

    @property
    def scene_names(self) -> list[str]:
        return [scene for scene, _ in self.scenes]

    @property
    def primary_scene(self) -> str:
        return self.scenes[0][0] if self.scenes else "general"

    def as_list(self) -> list[dict]:
        return [{"scene": scene, "confidence": round(confidence, 2)} for scene, confidence in self.scenes]


_SELF_REFERENCE = re.compile(r"(我|咱|俺|自己)|\b(i|me|my|mine|i'm|we|us|our)\b", re.IGNORECASE)
# "帮我" / "give me" are politeness, not a question about the user; these are.
_STRONG_SELF_REFERENCE = re.compile(
    r"((?<![帮给让替教诉跟问])我(?!们?说)|咱|自己)"  # 我侄女, 我的, 我能…; "帮我/告诉我" is only politeness
    r"|\b(my|mine|myself|i'm|i am|am i|can i|should i|i have|i need|i want|we|we're|we've|us|our|ours)\b"
    # "I" in a clause of its own ("how much did I pay", "what I told you"), not in a polite opener ("can I ask…",
    # "I wonder…", "I'd like to know…") or the generic "how do I…" of a how-to question.
    r"|(?<!\bcan )(?<!\bcould )(?<!\bmay )(?<!\bhow do )(?<!\bhow can )(?<!\bhow would )\bi\b(?!'d like| would like| wonder| was wondering| want to know)",
    re.IGNORECASE,
)
# "I've always wondered…", "I heard that…", "我一直很好奇…", "我听说…", "我跟你说…": the user only frames a question
# about the world; the frame (first person, a few adverbs, a verb of curiosity, hearing, reading or telling) is read
# past. Chat is typed as it is spoken: apostrophes dropped ("dont get"), and in Chinese a space is a pause between
# clauses, so a frame may follow one.
_CURIOSITY_FRAME = re.compile(
    r"(?:^|(?<=[,，。.!！?？;；]))\s*(?:so |well |oh |hey |ok |okay )?"
    r"(?:i(?:'ve|ve| have|'m|m| am)?|i was) "
    r"(?:always |often |just |never |really |recently |kind of |sometimes |still |been |actually )*"
    r"(?:wonder(?:ed|ing)?|curious|heard|read(?:ing)?|saw|seen|watched|watching|learned|learnt|noticed|came across|"
    r"never understood|do(?:n't|nt| not) understand|did(?:n't|nt| not) know|do(?:n't|nt) get|keep hearing|want to know|"
    r"would like to know|'d like to know)\b(?: (?:that|about|if|whether))?"
    r"|(?:^|(?<=[,，。.!！?？;；])|(?<=\s))\s*"
    r"我(?:一直|老是|总是|从来|其实|也|就|真的|还|挺|很|特别|有点|最近|昨天|今天|刚才|刚刚|刚|前几天|之前|以前)*"
    r"(?:好奇|想知道|(?:搞|弄|分)?不(?:明白|懂|清楚|清)|没(?:搞|弄)?(?:懂|明白|清楚)|不理解|听说"
    r"|听(?:人家?|别人|他们|大家)(?:说|讲|吵|争|聊|议论)"
    r"|看到|看了|读到|刷到|(?:跟|和)你(?:说|讲)(?:一?下|个事)?|问(?:你|一下|下)"
    r"|想(?:问|请教)(?:一下|下|问)?|请教(?:一下)?)(?:的|过|了|哈|啊|呀|吧)?",
    re.IGNORECASE,
)
# What a question ends with when the asker owns up to not knowing ("…, and i dont know", "…? no idea tbh", "never got
# it"): first person, ignorance, and nothing after it. Only at the end: "I don't know what to cook for the kids"
# opens a request of theirs.
_IGNORANCE_REMARK = re.compile(
    r"(?:[,;.!?…-]\s*|\s+(?:and|but|cos|coz|cause|because|so)\s+)(?:tbh |honestly )?"
    r"(?:i |i've |ive |i'm |im )?"
    r"(?:(?:still |just |honestly |really )*(?:do(?:n't|nt| not)|did(?:n't|nt| not)) (?:know|get it|understand it)"
    r"|(?:have|had) no (?:idea|clue)|no (?:idea|clue)|never (?:got|get|understood) it"
    r"|(?:always |keep )?mix(?:ing)? (?:them|it|these|those|the two) up"
    r"|(?:blanked|froze))"
    r"(?: either| tbh| honestly| lol| haha)*[\s.!?…]*$",
    re.IGNORECASE,
)
# "那个" said as "um" (before a pause), not as "that one".
_SPOKEN_FILLER = re.compile(r"(?:^|(?<=[\s，,。]))(?:嗯|呃|额|就是)?\s*那个(?=\s|[，,、…])")


# A task done for the user ("给我排…", "帮我算…", "plan me…"): it needs their life, whatever question word it
# holds ("排几个动作" asks for a plan, not a number).
_TASK_FOR_ME = re.compile(
    r"(?:帮|给|替|为)我(?:们)?(?:排|列|安排|规划|制定|定|推荐|挑|选|算|估|做|写|订|约|准备|想|整理|配|回复|答复|回(?!家)|转告|通知|联系)"
    r"|\b(?:plan|schedule|draft|list|pick|prepare|book|arrange|organi[sz]e|work out|figure out) (?:me|us)\b"
    # "help me write…" is 帮我写: something made for the asker, from what they are.
    r"|\bhelp (?:me|us) (?:to )?(?:write|draft|plan|schedule|pick|choose|prepare|book|arrange|organi[sz]e|work out"
    r"|figure out|decide|reply|answer|put together|come up with)\b",
    re.IGNORECASE,
)
# A decision the user has to make ("该进多少", "要带几件", "钢笔该配什么墨水", "how many should…"): advice about
# their own case (a Chinese "该…什么/哪" leaves out its subject, who is the asker).
_DECISION = re.compile(r"(?:该|应该|应当|需要|要不要)[^，。？?!！]{0,6}(?:多少|几)|(?:该|应该|应当)[^，。？?!！]{0,4}(?:什么|哪)"
                       r"|\bhow (?:many|much)\b.{0,30}\bshould\b", re.IGNORECASE)
# Explanations of how the world works ("是什么原理", "what's the difference between…") with nobody from the
# user's life in them: general knowledge, gated as strictly as trivia, though a reply style still applies.
_WORLD_EXPLANATION = re.compile(
    r"(?:是什么原理|原理是什么|什么原理|的原理|有什么区别|有啥区别|区别是什么|是怎么形成的|怎么形成|为什么|为啥|怎么会|怎么来的|怎么产生的?|是怎么回事"
    r"|有什么不一样|有什么不同|有啥不同|不一样在哪|是个什么|是一种什么|是什么东西|什么时候开始有的|的由来|的起源|的历史)"
    r"|\b(?:how does|how do|why does|why do|why is|why are)\b(?! (?:i|we|my|our)\b)"
    r"|\b(?:what(?:'s|’s| is| are) )?the differences? between\b|\bhow (?:is|are) [\w -]{1,30} (?:made|formed)\b"
    r"|^(?:please |can you |could you )?explain\b(?!.*\b(?:his|her|their|he|she)\b)"  # not "what he meant"
    # how things usually are, and whether a belief holds: "一般要等多久", "是不是真的…", "is it true that…"
    r"|一般(?:要|得|需要|来说|情况下)?(?:等)?(?:是)?(?:多久|多长时间|几天|几个月|多少|怎么|怎样|如何)|是不是[^？?，,]{0,10}真的|真的(?:不能|不可以|会|能)[^？?]{0,12}吗"
    r"|怎么区分|如何区分|\bis it true\b|\b(?:is|are) (?:it|there) (?:really|actually) true\b"
    # how a rule or a quantity is settled ("…是怎么算的", "how is … calculated"), and general advice ("is it bad to…")
    r"|是(?:怎么|怎样|如何|咋)(?:算|计算|定|确定|规定|划分|测)(?:出来)?的|\bhow (?:is|are) [\w -]{1,30} (?:calculated|computed|decided|determined|defined|measured)\b"
    r"|^(?:so |but )?(?:is it|are they) (?:really )?(?:bad|safe|ok|okay|healthy|harmful|normal|dangerous|fine|good"
    r"|cheaper|dearer|more expensive|faster|quicker|healthier|safer|better|worse|more efficient) to\b",  # "is it OK for the sitter to…" names someone
    re.IGNORECASE,
)


# Words that point into the user's own history ("那批…来着", "the other one", "again"): the question is about
# something they told us, however general it sounds.
_POINTS_BACK = re.compile(r"来着|上次|上回|上一[次批回趟个]|下次|下回|下一[次批回趟]|那[次批回趟个家位件几瓶条只台辆本张份盒块双套间所座款]|这[次批回趟]"
                          r"|\b(?:again|last time|next time|the other|that one)\b"
                          # "still" of someone ("do I still owe…", "is she still at…"), not "the oldest one still standing"
                          r"|\b(?:i|we|my|our|me|us|he|she|his|her|they|their|you|your)\b[^.?!,]{0,30}\bstill\b"
                          r"|\bstill\b[^.?!,]{0,30}\b(?:i|we|my|our|me|us|he|she|his|her|they|their)\b", re.IGNORECASE)


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
        return _whole_word(keyword).search(lowered) is not None
    return keyword in lowered


@lru_cache(maxsize=4096)  # the scene vocabulary's keywords: a few hundred
def _whole_word(keyword: str) -> re.Pattern:
    """A whole word with its common endings ("pain" is not in "painted"), compiled once: looked up by text in
    re's cache for each of the few hundred keywords, it was half the cost of detect_intent."""
    return re.compile(r"\b" + re.escape(keyword) + r"(?:s|es|ed|ing|er|ers)?\b")


@lru_cache(maxsize=4)
def _prototype_matrix(embedder_name: str) -> tuple[list[str], np.ndarray]:
    """One unit vector per scene: the mean of its description sentences (a different embedder, a different space)."""
    from .providers import get_embedder

    embedder = get_embedder()
    labels, rows = [], []
    for scene, sentences in SCENE_DESCRIPTIONS.items():
        vectors = embedder.embed_queries(list(sentences))
        mean = np.asarray(vectors, dtype=np.float32).mean(axis=0)
        labels.append(scene)
        rows.append(mean / (np.linalg.norm(mean) or 1.0))
    return labels, np.stack(rows)


def prototype_scene(query_vector) -> tuple[str, float] | None:
    """The scene whose description the message is nearest to, with a confidence; None when none stands out."""
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
    order = np.argsort(-similarities)
    lead = float(similarities[order[0]] - similarities[order[1]])
    if lead < _PROTOTYPE_MIN_LEAD:
        return None
    low, high = _PROTOTYPE_CONFIDENCE
    return labels[order[0]], round(min(high, low + 5 * lead), 2)


def request_type(text: str, *, scenes=(), names_known_person: bool = False) -> str:
    """greeting | trivia | compose | personal. The message is in the user's context when it names a person or
    thing from their own history (``names_known_person``), or touches ``scenes`` of their life: then a factual
    question is trivia only when it asks who made something or a country's capital (``_WORLD_RECORD``), or when it
    has only a topic of theirs and nobody, no plan and no choice of theirs in it."""
    personal_context = bool(scenes)
    if _only_greets(text):
        return "greeting"
    has_self = bool(_STRONG_SELF_REFERENCE.search(text))
    if not has_self and any(re.search(pattern, text) for pattern in _ALWAYS_TRIVIA_PATTERNS):
        return "trivia"
    if _WORD_PROBLEM.search(text):  # every number it needs is in the message, whoever "we" are
        return "trivia"
    for_me = bool(_TASK_FOR_ME.search(text) or _DECISION.search(text))
    if not (_SELF_REFERENCE.search(text) or names_known_person or for_me) and _WORLD_RECORD.search(text):
        return "trivia"
    points_at_the_user = names_known_person or for_me or bool(_POINTS_BACK.search(text))
    asks_a_fact = any(re.search(pattern, text) for pattern in _WORLD_FACT_PATTERNS) or _FACTOID_PATTERN.search(text)
    # A topic of the user's life alone does not make a factual question theirs: "when did this sport become
    # Olympic?" asked by a coach is about the world. It is theirs when anyone of theirs is in it, even as "we".
    topic_only = (personal_context and not _SELF_REFERENCE.search(text) and not _ADVICE.search(text)
                  and not set(scenes) & PEOPLE_AND_PLANS)
    if not has_self and not points_at_the_user and (
            asks_a_fact and not personal_context or _about_the_worlds_past(text, topic_only or not personal_context)):
        return "trivia"
    if asks_for_writing(text):
        return "compose"
    return "personal" if _SELF_REFERENCE.search(text) else "compose"


# What may follow a greeting in a message that only greets: a name, "how are you", "在吗" ("hey, does a cat always land
# on its feet?" asks something).
GREETING_TAIL_WORDS = 4
GREETING_TAIL_CJK = 6


def _only_greets(text: str) -> bool:
    for pattern in _GREETING_PATTERNS:
        found = re.search(pattern, text)
        if found:
            tail = text[found.end():]
            return (len(re.findall(r"[A-Za-z']+", tail)) <= GREETING_TAIL_WORDS
                    and len(re.findall(r"[\u4e00-\u9fff]", tail)) <= GREETING_TAIL_CJK)
    return False


def asks_for_writing(text: str) -> bool:
    """Does the message ask for something written or explained ("explain…", "帮我写…", "讲讲…"), rather than
    a fact or a yes or no?"""
    return any(re.search(pattern, text) for pattern in _COMPOSE_PATTERNS)


def _about_the_worlds_past(text: str, nothing_of_theirs: bool) -> bool:
    """A question on the world's history or records, with only a topic of the user's in it (an explanation of how
    something came about is left to the compose path: a reply style applies to it)."""
    return nothing_of_theirs and bool(_WORLD_HISTORY.search(text)) and not _WORLD_EXPLANATION.search(text)


# The asker's own plan or permission, with no "I" in it (Chinese leaves the subject out): a time of their own day
# ("今晚做麻婆豆腐…", "tonight"), or asking whether they may ("早餐做荞麦面可以吗？", "is it ok to have…"). Such a
# question is checked against what the user cannot or will not do, so it is never general knowledge.
_OWN_PLAN = re.compile(r"今晚|今天晚上|明早|明天|后天|周末|下周|下礼拜|待会儿?|等会儿?|一会儿"
                       r"|(?:想|打算|准备)(?:去|买|做|吃|喝|用|带|换|学|试|给)"  # "牙龈肿了想去药店…": the asker wants to
                       r"|(?:可以|行|能)(?:吗|么|不|嘛)[？?]?\s*$|行不行|可不可以|能不能(?:吃|喝|用|做|去)"
                       r"|(?i:\b(?:tonight|tomorrow|this (?:weekend|evening|afternoon)|later today|is it (?:ok|okay|safe|fine) (?:to|if)"
                       r"|can i (?:eat|have|drink|take|use|bring|make|cook|go))\b)")


def _names_the_users_world(text: str) -> bool:
    """The user, a task or plan of theirs, or something from their history is in the message."""
    return bool(_STRONG_SELF_REFERENCE.search(text) or _TASK_FOR_ME.search(text) or _POINTS_BACK.search(text)
                or _OWN_PLAN.search(text))


# What the asker wants done or means to do ("帮我…", "我想借来用用", "want to book it"), not what they wonder about
# ("我想不明白", "想知道").
_ASKERS_NEED = re.compile(r"(?:帮|给|替)我|我(?:想(?!不|知道|问|请教)|要|得|需要|打算|准备)"
                          r"|我好[\u4e00-\u9fff]|(?i:\b(?:want|need|have|going|plan|planning) to\b|\bwanna\b|\bgotta\b"
                          r"|\bhelp me\b|\bfor me\b|\bso (?:that )?(?:i|we) can\b)")


def _brings_a_plan_of_theirs(remark: str) -> bool:
    """A remark after a question that makes it the user's: a plan, a need or task of theirs, something from their
    history."""
    return bool(_ASKERS_NEED.search(remark) or _TASK_FOR_ME.search(remark) or _POINTS_BACK.search(remark)
                or _OWN_PLAN.search(remark))


def _asks_about_the_world(text: str, query_vector, *, personal: bool) -> bool:
    """Shaped like a question any stranger could ask (the embedding axis of ``request_kinds``), with nobody and
    nothing of the user's in it."""
    if personal or _names_the_users_world(text) or _DECISION.search(text):
        return False
    return placed_as_world(query_vector)


def _explains_the_world(text: str, *, personal: bool) -> bool:
    return not personal and bool(_WORLD_EXPLANATION.search(text)) and not _names_the_users_world(text)


def question_past_the_frame(text: str) -> str:
    """The message without a first-person frame of curiosity, hearing, reading or telling ("I've always wondered
    why…", "我听说…", "我跟你说…"), a closing admission of not knowing ("…, no idea tbh") or "那个" said as um; the
    message itself when nothing else is left."""
    asked = _CURIOSITY_FRAME.sub(" ", _IGNORANCE_REMARK.sub("", _SPOKEN_FILLER.sub(" ", text)))
    return asked.strip().lstrip(",，、:：;；").strip() or text


# "咱们国家", "our country", "the us" speak of a nation, not of the user or their household.
_NATIONAL_WE = ((re.compile(r"(?:咱们|我们|咱|俺们)(?:国家|国)|我国"), "国内"),
                (re.compile(r"(?i)\b(?:our|this) (?:country|nation)\b"), "the country"),
                (re.compile(r"(?i)\bthe (?:us|u\.s\.)(?=\W|$)"), "the United States"))


def _without_national_we(text: str) -> str:
    for pattern, plain in _NATIONAL_WE:
        text = pattern.sub(plain, text)
    return text


def _as_read(text: str) -> str:
    return _without_national_we(as_written_mandarin(text))  # the lexicons are written in Mandarin (see chinese_script)


_ASKS_WHY = re.compile(r"(?i)(?:why|how come)\b")  # a reported question ("asked me why the sea is salty")
_DOUBTS = re.compile(r"到底|是不是|真的|(?i:\b(?:really|actually)\b)")  # whether something commonly said holds


def _shaped_like_a_world_question(asked: str) -> bool:
    """How something works or came about, or whether a claim holds: the shapes in which a question about the world
    is wrapped in the asker's own remarks."""
    return bool(_WORLD_EXPLANATION.search(asked) or _WORLD_HISTORY.search(asked) or _WORLD_RECORD.search(asked)
                or checks_a_claim(asked) or _ASKS_WHY.match(asked) or _DOUBTS.search(asked))


@lru_cache(maxsize=256)  # a turn reads its message twice: recall.rank (to embed the asked part) and detect_intent
def _reading(text: str) -> tuple[str, str | None]:
    """The message as the lexicons read it, and the part of it that decides its intent when that is not all of it."""
    read = _as_read(text)
    framed = question_past_the_frame(read)
    asked = question_proper(framed, keeps_remark=_brings_a_plan_of_theirs)
    if asked != framed and not _shaped_like_a_world_question(asked):
        asked = framed  # a question about the user's own things keeps the clauses around it: they say what for
    return read, asked if asked != read else None


def what_is_asked(text: str) -> str | None:
    """The part of the message that decides its intent when that is not the whole message (past a frame, the
    clauses that ask): its vector can be computed beside the message's own (``detect_intent``'s ``asked_vector``)."""
    return _reading(text)[1]


def detect_intent(text: str, query_vector=None, *, mentions_known_person: bool = False, asked_vector=None) -> Intent:
    """``asked_vector``: the vector of ``what_is_asked(text)`` when the caller has it (else it is computed here)."""
    text, asked = _reading(text)
    if asked is None:
        return _detect(text, query_vector, mentions_known_person=mentions_known_person, full_text=text)
    # The question proper decides whether it is about the world, by words and by meaning; with no embedder (no
    # vector for the message), by words alone.
    if query_vector is None:
        asked_vector = None
    elif asked_vector is None:
        from .embedding import embed_query_safely

        asked_vector = embed_query_safely(asked)
    return _detect(asked, asked_vector, mentions_known_person=mentions_known_person, full_text=text)


def _detect(text: str, query_vector, *, mentions_known_person: bool, full_text: str) -> Intent:
    scores = _keyword_scenes(full_text)
    kind = request_type(text, scenes=scores, names_known_person=mentions_known_person)
    prototype = prototype_scene(query_vector) if kind != "trivia" else None
    if prototype and prototype[0] not in scores:
        scene, confidence = prototype
        # Beside keyword scenes the prototype only adds a possibility, below what a keyword hit says.
        scores[scene] = min(confidence, 0.55) if scores else confidence
    if kind == "trivia":
        scores = {"general_knowledge": 0.9, **{scene: value * 0.5 for scene, value in scores.items()}}
    elif kind in ("compose", "personal") and (
            (kind == "compose" and _explains_the_world(text, personal=mentions_known_person))
            or _asks_about_the_world(text, query_vector, personal=mentions_known_person)):
        scores = {"general_knowledge": 0.9, **{scene: value * 0.5 for scene, value in scores.items()}}
    elif kind == "greeting":
        scores = {"small_talk": 0.85, "profile": 0.7, **scores}
    scenes = sorted(scores.items(), key=lambda item: -item[1])
    return Intent(scenes=scenes, request_type=kind, mentions_self=bool(_STRONG_SELF_REFERENCE.search(text)),
                  seeks_likes=bool(_SEEKS_LIKES.search(full_text)))
