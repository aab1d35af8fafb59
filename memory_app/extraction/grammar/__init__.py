"""The grammar of first-person statements, in one place for every topic.

A topic module never writes its own "I like …" / "我喜欢…" pattern: it asks for the statements of a sentence
and maps the ones whose object belongs to its domain onto keys. ``statements(text, chinese)`` returns
``Said`` records, one per statement found, each with a frame:

    frame     English                                        Chinese
    like      I love / like / enjoy / prefer / I'm into X     我喜欢 / 爱 / 偏爱 / 迷上 / 爱好是 X
    dislike   I hate / can't stand / I'm not a fan of X       讨厌 / 受不了 / 不喜欢 X
    avoid     I never eat / don't drink / avoid X             我不吃 X / X我从来不碰 / 吃不了 X
    stop      I quit / gave up / stopped / no longer X        戒了 X / 不再 X / X不喝了 / 已经不…了
    switch    I switched from X to Y / replaced X with Y      把X换成Y / 改喝Y / 现在只喝Y   (obj = Y, old = X)
    need      I can't … without X / I need X every day        离不开X / 没有X不行 / 不喝X就…不了
    habit     I drink X every morning                         每天(早上)都喝X
    use       I always use / book / only buy X                一直用 / 只买 / 认准 X
    allergy   allergic to X / I have an X allergy             我对X过敏 / X过敏
    condition I have / suffer from / was diagnosed with X     我有 / 得了 / 确诊 X
    state     I'm vegetarian / pregnant / diabetic            我吃素 / 是素食者
    identity  I'm a/an X                                      我是X / 我是做X的 / 我从事X
    name      my name is X / I'm X / X here                   我叫X / 我的名字是X
    call_me   call me X                                       叫我X
    work      I work at/for/as/in … / I teach X / new job at  我在X工作/上班 / 在X做Y / 入职X
    business  I run / own / opened a X (shop, studio …)       我开了一家X(店/工作室/公司…)
    study     —                                               我在X读研/上大学
    live      I live in / moved to / we relocated to X        我住在X / 搬到X / 在X生活
    origin    I'm from X / grew up in X / moved from X        我是X人 / 老家在X / 在X长大
    address   I live at … / my address is …                   我家在… / 住址是…
    have      I have two kids / a dog named X                 我有两个孩子 / 养了只兔子叫X
    plan      I'm planning to … / I plan to …                 打算 / 计划 / 准备 …
    go        I'm going / flying / heading to X               —
    start     I started / took up / I'm learning X            开始学 / 在学 / 报了 X

Negation words flip a frame's polarity (``neg``); change markers (now, anymore, 现在, 不再, 了 …) set
``changed``; ``owner`` names the relation when the clause is about someone else ("my son is allergic…").
"""
import re
from dataclasses import dataclass, field


@dataclass
class Said:
    frame: str
    obj: str
    start: int
    end: int
    polarity: int = 1
    verb: str = ""  # the verb or gerund that came with the object: 吃 / 喝 / eat / drink / playing …
    old: str = ""  # switch: what was given up
    owner: str = ""  # a relation word: the statement is about that person, not the speaker
    changed: bool = False  # a change marker was said: the statement replaces an earlier one
    parts: dict = field(default_factory=dict)  # other named pieces: place, job, org, count, name

    @property
    def span(self) -> tuple[int, int]:
        return self.start, self.end


# A quotation and what introduces it: "他原话“我不介意…”", 'my friend says "I love…"'.
_QUOTED = re.compile(r"“[^”]*”|「[^」]*」|『[^』]*』|\"[^\"]*\"")
_SAYS = re.compile(r"(?:说|讲|原话(?:是|就是)?|问|讲过|说过|写道|(?i:\b(?:says?|said|told (?:me|us)|asked|wrote|goes)\b))[\s:：,，]*$")
_SPEAKER_SAYS = re.compile(r"(?:我|(?<![A-Za-z])I(?![A-Za-z]))[^，,。.!?！？“\"「『]{0,6}$")
QUOTE_OWNER = "quoted"


def _quoted_by_someone_else(text: str) -> list[tuple[int, int]]:
    """Spans of quotations another person said (introduced by a verb of saying whose subject is not the speaker):
    a first-person statement inside is theirs."""
    spans = []
    for quote in _QUOTED.finditer(text):
        before = text[max(0, quote.start() - 16):quote.start()]
        says = _SAYS.search(before)
        if says and not _SPEAKER_SAYS.search(before[:says.start()]):
            spans.append(quote.span())
    return spans


def statements(text: str, chinese: bool) -> list[Said]:
    """Every first-person statement in one sentence, in the order said."""
    from . import chinese as zh, english as en

    found = (zh if chinese else en).read(text)
    for start, end in _quoted_by_someone_else(text):
        for said in found:
            if start <= said.start < end and not said.owner:
                said.owner = QUOTE_OWNER
    needs = [said.span for said in found if said.frame == "need"]
    # "不喝茶就没精神" is a need: the refusal inside it ("不喝茶") is not a statement of its own
    found = [said for said in found if said.frame not in ("avoid", "stop") or not any(
        said.start < end and start < said.end for start, end in needs)]
    unique: list[Said] = []
    for said in sorted(found, key=lambda said: (said.start, said.end)):
        if not any(other.frame == said.frame and other.obj == said.obj and other.start < said.end and said.start < other.end
                   for other in unique):  # two patterns of one frame read the same words
            unique.append(said)
    return unique


def someone_else(text: str, start: int, chinese: bool) -> str:
    """Who the clause at ``start`` is about when it is not the speaker (their words), or ""."""
    from . import chinese as zh, english as en

    return (zh if chinese else en).someone_else(text, start)


def split_items(text: str) -> list[str]:
    """"rice and beans" / "苹果和梨" / "tea, coffee or juice" -> the separate things."""
    parts = re.split(r"\s*(?:和|跟|与|及|以及|还有|或者|或|、|/|,|，|\band\b|\bor\b|&)\s*", text)
    return [part.strip() for part in parts if part and part.strip()]


_EN_DETERMINERS = re.compile(r"^(?:(?:a|an|the|my|our|some|any|all|more|this|that|these|those|his|her|their|"
                             r"so|very|really|too|much|many|lots of|a lot of|kinds of|types of|every kind of)\s+)+", re.I)
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_EN_TIME = (r"(?:last|next|this|every|each|a few|a couple of|two|three|\d+)\s+(?:\w+\s+)?(?:spring|summer|autumn|fall|winter|"
            r"year|years|month|months|week|weeks|day|days|weekend|morning|mornings|night|nights)(?:\s+ago)?|yesterday|today|"
            rf"tonight|recently|ages ago|since \w+|in (?:{_MONTHS}|\d{{4}}|the (?:spring|summer|autumn|fall|winter))")
_EN_TRAILING = re.compile(rf"(?:\s+(?:{_EN_TIME}|now|anymore|any more|these days|nowadays|lately|at all|too|either|as well|"
                          r"a lot|so much|very much|btw|lol|haha|please|for me|in general|every (?:single )?"
                          r"(?:day|morning|evening|night|week)|in the (?:morning|evening)s?|right now|for (?:a|the) "
                          r"(?:while|moment)|(?:with|at|before|after|during) (?:breakfast|lunch|dinner|meals?|work|night|bed|home)|"
                          r"(?:for|since|about|around|over|almost|nearly) [\w ]+?(?:ago|years?|months?|weeks?)))+$",
                          re.I)
# Objects that are clauses, references to what was just said, or circumstances: "that idea", "how he talks",
# "after 8pm", "when that happens" are never a lasting taste.
_EN_NOT_AN_OBJECT = re.compile(r"^(?:that|this|these|those|it|its|your|his|her|their|how|what|when|where|why|who|whether|if|"
                               r"after|before|at|in|on|during|until|with|without|for|to|by|about|around|the way|the new|the latest|a new|"
                               r"another|enough|any more|more of|myself|yourself|ourselves)\b", re.I)
_ZH_NOT_AN_OBJECT = re.compile(r"^(?:你|您|他|她|它|这|那|哪|什么|怎么|如何|为什么)|(?<!小)说(?!唱)|觉得|认为|以为")
_ZH_LEADING = re.compile(r"^(?:所有的?|各种|一些|一点|那种|这种|那些|这些|任何|一切|什么|好多|很多|点)")
_ZH_TRAILING = re.compile(r"(?:的东西|的食物|之类的?|这类|那类|什么的|等等|等|了|的|啊|呀|呢|吧|哦|啦|嘛|哈+)+$")
# Never a thing: pronouns, time words and particles caught where an object should be.
_NOT_A_THING = re.compile(
    r"^(?:it|that|this|them|you|him|her|me|us|so|to|much|one|ones|lot|doing|going|being|the|a|an|there|here|"
    r"what|which|when|how|why|something|anything|everything|nothing|stuff|things?)$"
    r"|^(?:我|你|他|她|它|咱|您|人|这|那|都|也|了|的|早上|早晨|晚上|中午|下午|现在|平时|每天|今天|昨天|明天|一般|有时|最近|东西|"
    r"什么|啥|这个|那个|哪个|怎么)+$",
    re.I,
)


def clean_thing(text: str, chinese: bool) -> str:
    """The thing itself: without determiners, degree words, particles and trailing time phrases."""
    text = (text or "").strip(" ,，.。!！?？;；:：\"'“”‘’")
    if chinese:
        text = re.split(r"的时候|因为|所以|但是|不过|可是|而且|，|,", text)[0]
        if _ZH_NOT_AN_OBJECT.search(text):
            return ""  # "你这样说", "这家店", "他那种说法": a reference or a clause, not a thing
        previous = None
        while previous != text:
            previous = text
            text = _ZH_TRAILING.sub("", _ZH_LEADING.sub("", text)).strip()
    else:
        if _EN_NOT_AN_OBJECT.match(text):
            return ""
        previous = None
        while previous != text:
            previous = text
            text = _EN_TRAILING.sub("", _EN_DETERMINERS.sub("", text)).strip(" ,")
        if re.fullmatch(_EN_TIME, text, re.I):
            return ""  # "I quit drinking last spring": the time is no thing
    return "" if not text or _NOT_A_THING.search(text) else text


_CHANGE_EN = re.compile(r"\b(?:now|anymore|any more|no longer|these days|nowadays|instead|switched|from now on|"
                        r"not \w+ing \w+ anymore|quit|gave up|stopped|used to)\b", re.I)
_CHANGE_ZH = re.compile(r"现在|已经|不再|改|换|以后|今后|从今|戒|再也|了[，。,！!]?$")


def has_change_marker(text: str, chinese: bool) -> bool:
    return bool((_CHANGE_ZH if chinese else _CHANGE_EN).search(text))


def clause_at(text: str, start: int, end: int) -> str:
    """The clause of ``text`` that holds the span [start, end)."""
    left = max(text.rfind(mark, 0, start) for mark in "，,。.;；!！?？") + 1
    rights = [position for mark in "，,。.;；!！?？" if (position := text.find(mark, end)) >= 0]
    return text[left:min(rights) if rights else len(text)]
