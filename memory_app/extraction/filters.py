"""Write filters: what must never become a long-term memory.

- low information: acknowledgements, laughter, thanks, greetings ("嗯嗯好滴", "cool thx");
- questions: "我的车牌号是多少？" asks for a memory, it does not state one;
- one-off context: today's meeting or tonight's errand belongs to working memory, not to the profile;
- sensitive values (cards, ID and phone numbers, passwords, keys…, found by shape in ``memory_app.sensitive``) are
  blocked: only their kind is reported, never the value.
"""
import re

from ..redaction import find_secrets
from .language import Clause, Sentence, split_sentences, strip_discourse

# Filler pieces, removed one after another; a message made only of them says nothing lasting.
_FILLER_ZH = (
    "哈哈+", "呵呵+", "嘿嘿+", "嘻嘻+", "嗯+", "恩+", "哦+", "噢+", "喔+", "唔+", "啊+", "呀", "好的", "好滴", "好嘞", "好吧", "好啊",
    "好", "行吧", "行", "可以", "谢谢你?", "多谢", "感谢", "谢了", "谢啦", "辛苦了", "知道了", "晓得了", "明白了?", "了解", "收到",
    "懂了", "知道", "我再看看", "我再想想", "再看看", "再想想", "再说吧", "先这样", "先不聊了", "不聊了", "拜拜", "再见", "晚安", "早安",
    "早上好", "晚上好", "下午好", "你好", "您好", "嗨", "哈喽", "在吗", "没事了?", "算了", "对", "是的", "没问题", "棒", "厉害",
    "你(?:还|真|好)?(?:挺|很|太)?(?:有意思|厉害|聪明|棒|可爱|贴心)(?:的|啊|呀|哦)?", "了", "的", "吧", "啦", "哟",
)
_FILLER_EN = (
    "ha(?:ha)+", "lol", "lmao", "ok(?:ay)?", "k", "thanks?(?: you)?(?: so much)?", "thx", "ty", "cheers", "cool", "nice",
    "great", "awesome", "sure", "got it", "sounds good", "will do", "yep", "yeah", "yes", "no", "nope", "no problem",
    "np", "bye", "see you", "see ya", "good night", "gn", "hi", "hello", "hey", "morning", "good morning", "man", "bro",
    "dude", "mate", "alright", "right", "i see", "makes sense", "perfect", "wow", "oh", "ah", "hmm+", "let me think",
    "i'll think about it", "never ?mind",
)
_FILLER_RE = re.compile(
    "^(?:" + "|".join(_FILLER_ZH) + r"|(?i:(?:" + "|".join(_FILLER_EN) + r")\b))"
)
_NOISE = re.compile(r"[\s\W_😀-🙏🌀-🗿🤀-🧿☀-⛿✀-➿]+")


def is_filler(text: str) -> bool:
    """True when nothing but acknowledgement, laughter, thanks or greeting is left."""
    remaining, previous = _NOISE.sub(" ", (text or "").lower()).strip(), None
    while remaining and remaining != previous:
        previous = remaining
        remaining = _FILLER_RE.sub("", remaining).strip()
    return not remaining


def is_low_information(text: str) -> bool:
    clauses = [clause.text for clauses in split_sentences(text) for clause in clauses]
    return not clauses or all(is_filler(clause) for clause in clauses)


_QUESTION_ZH = re.compile(
    r"[吗么嘛呢]$|来着$|多少|是什么|叫什么|什么时候|什么样|有什么|啥|哪[个家里儿天些位种]|(?<![这那好前])几[点号个岁天]|什么[好呢啊呀]?$|(?<!不)怎么(?!都)|咋|为啥|为什么"
    r"|是不是|有没有|对不对|好不好|行不行|要不要|够不够|合不合适"
)
# Requests for a task now ("帮我查个航班", "can you check…") say nothing lasting about the user.
_REQUEST = re.compile(
    r"^(?:请|麻烦|那)?(?:你)?(?:帮我|帮忙|给我(?:讲|写|出|列|推荐|想|找|查|算|发|看)|替我|提醒我|帮着)"
    r"|(?i:^(?:can|could|would|will) you\b|^please (?:help|tell|give|write|check|fill|find|make|suggest)\b|^help me\b|^wish me\b|^any (?:tips|ideas|advice|suggestions)\b)"
)
_QUESTION_EN = re.compile(r"^(?:what|what's|which|where|when|who|whom|whose|why|how|do|does|did|can|could|would|will|is|are|am|should|shall|may|any)\b", re.I)
_STATEMENT_IN_QUESTION = re.compile(r"以后|今后|从现在开始|每次|记住|都用|希望|别|不要|(?i:\bfrom now on\b|\balways\b|\bremember\b)")


def is_question(text: str) -> bool:
    text = text.strip()
    if text.endswith(("?", "？")):
        return not _STATEMENT_IN_QUESTION.search(text) or bool(re.search(r"多少|来着|什么|what|which", text))
    if re.search(r"[\u4e00-\u9fff]", text):
        return bool(_QUESTION_ZH.search(text)) and not _STATEMENT_IN_QUESTION.search(text)
    return bool(_QUESTION_EN.match(strip_discourse(text, chinese=False)))


def only_asks(text: str) -> bool:
    """Does every clause of the message ask something (a question, a request to the assistant), with nothing stated
    beside it ("Which glue holds on porcelain? And does it survive the dishwasher?", "替我订一张去苏州的高铁票")? Such a
    message seldom answers a later question about the user, though its words sit close to one. Filler clauses count
    for nothing either way; a standing wish worded as a question ("would you always reply in French?") states."""
    clauses = [clause for sentence in split_sentences(text or "") for clause in sentence]
    asked = False
    for clause in clauses:
        if is_filler(clause.text):
            continue
        if _STATEMENT_IN_QUESTION.search(clause.text):
            return False
        if not (is_question(clause.text + clause.delimiter[:1]) or _REQUEST.search(clause.text)):
            return False
        asked = True
    return asked


_ONE_OFF_TIME = re.compile(
    r"今天|今晚|今早|今儿|今日|明天|明早|明晚|明儿|后天|待会|等会|一会儿|马上|刚才|这会儿|今天下午|今天上午|今夜|这周末|这个周末"
    r"|(?i:\btoday\b|\btonight\b|\bthis (?:morning|afternoon|evening)\b|\btomorrow\b|\blater today\b|\bright now\b|\bin an hour\b)"
)
_LASTING = re.compile(r"以后|今后|往后|开始|从现在|每天|每周|每晚|每个|一直|总是|都用|戒|(?i:\bfrom now on\b|\balways\b|\bevery\b|\bnever\b|\bstarting\b"
                      r"|\b(?:reading|learning|studying|currently|these days)\b)")  # "I'm reading X right now" goes on for weeks


# Momentary states and small talk ("long day", "so sleepy", "下雨了", "好累"):
# true when said, forgotten by next week. They are working memory at most, never a long-term memory.
_TRIVIAL_MOMENT = re.compile(
    r"累死|好累|太累|有点累|困死|好困|累得要死|忙死|好忙|饿死|撑死|好热|好冷|热死|冷死|下雨|下大雨|下雪|刮风|堵车|堵死"
    r"|没睡好|睡过头|心情不[好错]|烦死|无聊死"
    r"|(?i:\b(?:so|really|super|kinda|kind of|a bit|pretty|very|too|dead|bone)[ -](?:tired|sleepy|exhausted|stressed|bored|hungry|"
    r"full|drained|cold|hot|sore)\b"
    r"|\b(?:long|rough|busy|crazy|lazy|slow|hectic) (?:day|week|morning|night|weekend)\b"
    r"|\b(?:rain(?:ed|ing|s)?|pouring|drizzl\w*|snow(?:ed|ing)|humid|freezing|sunny|storm(?:ed|ing)?|weather)\b|\btraffic jams?\b)"
)


_PREFERENCE_WORDS = re.compile(r"喜欢|讨厌|过敏|(?i:\b(?:love|hate|allergic|prefer)\b)")


def is_trivial_moment(text: str) -> bool:
    """A passing state or small-talk remark with nothing lasting in it."""
    return bool(_TRIVIAL_MOMENT.search(text)) and not _LASTING.search(text) and not _PREFERENCE_WORDS.search(text)


# Wishes and congratulations are about the listener ("congrats on your new job, Melanie!", "恭喜恭喜").
_WISH = re.compile(r"^(?:恭喜|祝贺|祝你|生日快乐|加油)|(?i:^(?:congrats|congratulations|happy birthday|good luck|well done)\b)")
_SECOND_PERSON = re.compile(r"你|您|(?i:\b(?:you|your|you're|youre|you've|you'll|yours)\b)")
_FIRST_PERSON = re.compile(r"我|咱|(?i:\b(?:i|i'm|im|i've|i'll|i'd|my|me|we|we're|our|us)\b)")


def is_about_the_listener(text: str, *, between_people: bool) -> bool:
    """A clause about the person spoken to. Between two named people "your new job" is the friend's fact, never
    the speaker's; with an assistant "你回复简短点" is an instruction, so only wishes count there."""
    if _WISH.search(strip_discourse(text, chinese=bool(re.search(r"[\u4e00-\u9fff]", text)))):
        return True
    return between_people and bool(_SECOND_PERSON.search(text)) and not _FIRST_PERSON.search(text)


def is_one_off(text: str) -> bool:
    """Today's plan or errand, with no lasting preference in it."""
    return bool(_ONE_OFF_TIME.search(text)) and not _LASTING.search(text)


def blocked_secrets(text: str) -> list[dict]:
    """What kind of secret the message held, never the secret itself."""
    kinds = list(dict.fromkeys(secret.kind for secret in find_secrets(text)))
    return [{"kind": kind, "reason": "sensitive value not stored"} for kind in kinds]


def keep_clauses(text: str, *, between_people: bool = False) -> tuple[list[Sentence], list[str]]:
    """The sentences the extractors may read (filler, questions, one-off clauses and clauses about the listener
    removed) and the one-off context found on the way (text as said, already redacted by the caller)."""
    sentences, one_off = [], []
    for clauses in split_sentences(text):
        kept: list[Clause] = []
        for position, clause in enumerate(clauses):
            body = clause.text
            lasting = bool(_STATEMENT_IN_QUESTION.search(body))  # "Could you keep answers short from now on?"
            asked = is_question(body + clause.delimiter[:1])  # the "？" that closed it counts
            if asked and position and (clause.delimiter[:1] or ".") not in "?？" and not re.search(r"[\u4e00-\u9fff]", body):
                asked = False  # "Ana, my cousin, is opening a café": a clause going on, not a question
            if is_filler(body) or (not lasting and (asked or _REQUEST.search(body))):
                continue
            if is_about_the_listener(body, between_people=between_people):
                continue
            if is_one_off(body) or is_trivial_moment(body):
                one_off.append(strip_discourse(body, chinese=bool(re.search(r"[\u4e00-\u9fff]", body))))
                continue
            kept.append(clause)
        if kept:
            sentences.append(Sentence(kept))
    return sentences, one_off
