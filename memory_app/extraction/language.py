"""Text plumbing shared by the extractors: language, sentences and clauses, and rewriting what the user said
about themselves into a third-person memory sentence ("我对桃子过敏" -> "用户对桃子过敏。")."""
import re
from dataclasses import dataclass, field

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

USER_SPEAKERS = {"", "user", "me", "self", "human", "用户"}


def is_chinese(text: str) -> bool:
    """Chinese when CJK characters outweigh latin words (so "hi, Lena here. 我在宁波做设计" is Chinese)."""
    cjk = len(_CJK.findall(text or ""))
    return cjk > 0 and cjk >= len(_LATIN_WORD.findall(text or ""))


def subject_for(speaker: str, chinese: bool) -> str:
    """Who the memory is about: the user, or the named speaker of a multi-party chat."""
    speaker = (speaker or "").strip()
    if speaker.lower() in USER_SPEAKERS:
        return "用户" if chinese else "the user"
    return speaker


@dataclass
class Clause:
    text: str
    delimiter: str  # the punctuation that closed it, "" at the end of the message


@dataclass
class Sentence:
    """A sentence as the rules see it: its kept clauses joined back together, with each clause's span."""

    clauses: list[Clause]
    text: str = ""
    spans: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self):
        pieces, cursor = [], 0
        for clause in self.clauses:
            self.spans.append((cursor, cursor + len(clause.text)))
            joined = clause.text + ("，" if _CJK.search(clause.text) else ", ")
            pieces.append(joined)
            cursor += len(joined)
        self.text = "".join(pieces)

    def clause_indexes(self, start: int, end: int) -> list[int]:
        return [index for index, (left, right) in enumerate(self.spans) if left < max(end, start + 1) and right > start]


# A title's dot ("St. Mary's", "Dr. Hale") ends no clause.
NOT_A_TITLE_DOT = r"(?<!\bSt)(?<!\bMt)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)\."
# Clause breaks: Chinese punctuation always, a comma not inside a number, a full stop before a space or the end.
_CLAUSE_RE = re.compile(rf"(.+?)((?:[，。！？；\n!?;]|(?<!\d),|,(?!\d)|{NOT_A_TITLE_DOT}(?=\s|$)|…+|~+|～+)+|$)", re.S)
_SENTENCE_END = re.compile(r"[。！？!?;；\n.…~～]")


def split_sentences(text: str) -> list[list[Clause]]:
    sentences: list[list[Clause]] = [[]]
    for match in _CLAUSE_RE.finditer(text or ""):
        body, delimiter = match.group(1).strip(), match.group(2)
        if body:
            sentences[-1].append(Clause(body, delimiter.strip()))
        if _SENTENCE_END.search(delimiter or "") and sentences[-1]:
            sentences.append([])
    return [clauses for clauses in sentences if clauses]


def clause_texts(text: str) -> list[str]:
    return [clause.text for clauses in split_sentences(text) for clause in clauses]


# Discourse openers that carry no content of their own.
_ZH_OPENERS = re.compile(r"^(?:对了|另外|还有|而且|不过|但是|但|所以|好啊|好的|嗯+|哦+|其实|话说|然后|那个|我说|对|诶|哎|啊|嗨|喂|早上好|早|你好)[，,\s]*")
_ZH_TRAILERS = re.compile(r"(?:哈哈+|嘿嘿|呵呵|哈|呢|啊|呀|啦|哦|噢|嘛|吧|了吧)+$")
_EN_OPENERS = re.compile(r"^(?:also|and|but|so|oh|well|btw|by the way|anyway|plus|actually|honestly|ok|okay|yeah|hey|hi|hello|yo)\b[,\s]*", re.I)
_EN_TRAILERS = re.compile(r"[\s,]*(?:\bplease\b|\blol\b|\bhaha+\b|\bthough\b|[😀-🙏🌀-🗿🤀-🧿])+\s*$", re.I)


def strip_discourse(text: str, chinese: bool) -> str:
    text = text.strip(" ，,。.!！?？~～")
    opener, trailer = (_ZH_OPENERS, _ZH_TRAILERS) if chinese else (_EN_OPENERS, _EN_TRAILERS)
    previous = None
    while previous != text:
        previous = text
        text = opener.sub("", text).strip(" ，,")
        text = trailer.sub("", text).strip(" ，,")
    return text


_ZH_CORE_RELATION_START = re.compile(
    r"^(?:老公|丈夫|爱人|老婆|妻子|媳妇|儿子|女儿|闺女|外孙女|孙女|外孙|孙子|男朋友|女朋友|对象|宝宝|爸爸|妈妈|父亲|母亲)"
)


def third_person_zh(text: str, subject: str = "用户") -> str:
    """我 -> 用户 (or the speaker's name), keeping the sentence otherwise as the user said it."""
    titles = re.findall(r"《[^》]*》", text)  # a title is quoted as is: a 我 inside 《…》 stays
    text = re.sub(r"《[^》]*》", "\x00", strip_discourse(text, chinese=True))
    text = re.sub(r"我们(?=组|公司|团队|部门|学校|班|店|小区|单位|家)", f"{subject}所在的", text)
    text = re.sub(r"(?:我们|咱们)", f"{subject}他们", text)
    text = re.sub(r"(?:我家|咱家|俺家)", f"{subject}家", text)
    text = re.sub(r"(?:我的|俺的)", f"{subject}的", text)
    text = re.sub(r"(?:给|帮|替)我(?=[\u4e00-\u9fff])", "", text)  # "都给我订早班机" -> "都订早班机"
    text = re.sub(r"[我俺咱]", subject, text)
    text = re.sub(r"(?:^|(?<=[，,]))你(?=[^们])", "", text)  # "你回复…" addressed to the assistant
    if _ZH_CORE_RELATION_START.match(text):
        text = f"{subject}的{text}"
    elif subject not in text:
        text = f"{subject}{text}"
    for title in titles:
        text = text.replace("\x00", title, 1)
    return text.rstrip("，,、 ") + "。"


_EN_VERB_EXCEPTIONS = {"have": "has", "do": "does", "go": "goes", "be": "is"}
_EN_NOT_VERBS = {
    "am", "was", "were", "will", "would", "can", "could", "should", "might", "must", "may", "did", "had", "just",
    "also", "really", "always", "never", "still", "usually", "often", "only", "even", "actually", "recently",
    "finally", "already", "sometimes", "mostly", "totally", "absolutely", "definitely", "basically", "kind", "sort",
}
_EN_ADVERBS = {"also", "really", "always", "never", "still", "usually", "often", "only", "even", "actually", "mostly",
               "totally", "absolutely", "definitely", "basically", "sometimes", "now", "kinda", "truly", "seriously"}
_EN_IRREGULAR_PAST = {
    "went", "got", "made", "took", "saw", "had", "was", "were", "did", "began", "found", "felt", "left", "met", "ran",
    "bought", "brought", "thought", "told", "said", "came", "became", "gave", "kept", "lost", "won", "wrote", "read",
    "taught", "spent", "sold", "heard", "built", "chose", "ate", "drank", "flew", "grew", "knew", "led", "paid",
    "tore", "broke", "drove", "rode", "fell", "threw", "wore", "woke", "froze", "swam", "sang", "began", "quit", "hurt",
}


def _third_person_verb(verb: str) -> str:
    lowered = verb.lower()
    if lowered in _EN_NOT_VERBS or lowered in _EN_IRREGULAR_PAST or re.search(r"[^e]ed$", lowered) or not lowered.isalpha():
        return verb
    if lowered in _EN_VERB_EXCEPTIONS:
        return _EN_VERB_EXCEPTIONS[lowered]
    if re.search(r"(s|sh|ch|x|z|o)$", lowered):
        return verb + "es"
    if re.search(r"[^aeiou]y$", lowered):
        return verb[:-1] + "ies"
    return verb + "s"


def _conjugate_after_subject(match: re.Match, subject: str) -> str:
    words = match.group(1).split()
    verb_at = 1 if len(words) > 1 and words[0].lower() in _EN_ADVERBS else 0
    if words:
        words[verb_at] = _third_person_verb(words[verb_at])
    return " ".join([subject, *words])


_EN_SUBJECTLESS_START = re.compile(
    r"(?i)^(?:got|have|has|had|need|needs|want|wants|went|made|bought|started|finished|love|loves|like|likes|just|"
    r"really|always|never|still|also|been|am|was|will|can't|cannot|can)\b"
)


def third_person_en(text: str, subject: str = "the user") -> str:
    """I -> the user (or the speaker's name), with the verb agreeing ("I teach" -> "the user teaches")."""
    text = strip_discourse(text, chinese=False)
    possessive = f"{subject}'s"
    replacements = [
        (r"\bI'm\b|\bI am\b|\bIm\b", f"{subject} is"), (r"\bI've\b|\bI have\b(?! to)", f"{subject} has"),
        (r"\bI'd\b", f"{subject} would"), (r"\bI'll\b", f"{subject} will"), (r"\bmyself\b", "themselves"),
        (r"\bmy\b", possessive), (r"\bMy\b", possessive), (r"\bmine\b", f"{subject}'s"), (r"\bme\b", "them"),
        (r"\b[Ww]e're\b|\b[Ww]e are\b", f"{subject} and others are"), (r"\b[Oo]ur\b", "their"),
        (r"\b[Ww]e\b", f"{subject} and others"), (r"\bus\b", "them"),
    ]
    for pattern, replacement in replacements:
        text = re.sub(pattern, replacement, text)
    text = re.sub(r"\bI\b((?:\s+[A-Za-z']+){0,2})", lambda m: _conjugate_after_subject(m, subject), text)
    text = re.sub(r"\bI\b", subject, text)
    if re.match(r"^[A-Za-z]+ing\b", text):  # "Heading to Porto…" -> "The user is heading to Porto…"
        text = f"{subject} is {text[0].lower()}{text[1:]}"
    elif subject not in text and re.match(_EN_SUBJECTLESS_START, text):  # "Got two tickets for…"
        text = f"{subject} {text[0].lower()}{text[1:]}"
    text = text.strip(" ,")
    text = text[:1].upper() + text[1:]
    if subject.lower() not in text.lower():  # "Great gig last night": say whose memory it is
        text = f"{subject[:1].upper()}{subject[1:]}: {text}"
    return text if text.endswith((".", "!", "?")) else text + "."


def third_person(text: str, subject: str, chinese: bool) -> str:
    return third_person_zh(text, subject) if chinese else third_person_en(text, subject)


# A message that revises something said before ("算了，…", "actually …", "I've changed my mind").
_CORRECTION = re.compile(
    r"(^|[，,。\s])(算了|不对|不是|错了|搞错了|更正|改一下|改成|改为|换成|改用|改走|改到|改喝|改吃|还是别|还是用|不再|不打了|不去了|戒了)"
    r"|(?i:\bactually\b|changed my mind|change of plans?|\bnot anymore\b|\bno longer\b|\binstead\b|switch(?:ed|ing)? to|"
    r"from now on,? (?:no|not)|correction:|scratch that|\bI meant\b)"
)


def is_correction(text: str) -> bool:
    return bool(_CORRECTION.search(text or ""))


# Besides outright corrections, messages that move, revise or replace something said before, often without
# naming it again ("it got pushed to Friday", "改到下周三了", "the fee is 40 now, not 35").
_REVISION = re.compile(
    r"推迟|延后|延期|提前到|改期|改在|改到|改成|改为|换成|换到|挪到|调到|调整为|改了|变成|说错了|记错了|搞混了|纠正|其实是|不是.{1,12}而是|不是.{1,12}[，,]是"
    r"|(?i:\b(?:correction|my mistake|I was wrong|turns out|update|rather than|now (?:it's|its|it is|they're|we're))\b"
    r"|\b(?:moved|pushed(?: back)?|postponed|rescheduled|brought forward|bumped|changed|updated|revised|raised|"
    r"lowered|increased|reduced|cut|went up|went down|dropped) (?:it )?(?:to|from)\b"
    r"|[,;] not (?:the |a |an )?[\w$£€¥.,:/-]+(?:[.!?]|$))"
)


# Messages that end something said before, told in the grammar of stopping rather than of correcting: a negated
# verb closed by 了 ("不X了", "没再X"), verbs of stopping and leaving (停/退/戒/辞/取消/搬家…), quitting, "no more",
# "anymore", "decided against".
_CLAUSE_END = r"(?=[\s，,。.！!？?；;~～…)）]|$)"
_ENDS = re.compile(
    r"(?:不再|没再|再也(?:不|没)|(?:以后|往后|今后|从此|从今|从现在起)(?:就|也|都)?(?:不|别|没)"
    rf"|不(?!错了|少了|多了|早了|久了|得了|够了|及了|好意思)[\u4e00-\u9fff]{{1,4}}了{_CLAUSE_END}"
    r"|(?:停|退|戒|辞|断)(?:掉)?了|取消|结束|放弃|退出|作罢|停掉|退掉|辞掉|拒绝|退役|退休|搬家|(?:搬|调|转)(?:去|到|走)了?)"
    r"|(?i:\b(?:stopped|quit|quitting|gave up|giving up|given up|dropped out|pulled out|called off"
    r"|cancel(?:l?ed|l?ing)?"
    r"|no more|any ?more|any longer|done with|finished with|decided (?:against|not to)|used to|retir(?:ed|ing)"
    r"|(?:moved|moving|transferred) (?:out|away|over|house|to|into))\b)"
)
# Messages that move a value or replace a thing: 涨到 / 降了 / 往后推 / 又调了 / 换X了, "went up", "down to 40",
# "from now on", "starting Monday", "in the end", a clause that ends on "now" ("only weekends now").
_MOVES = re.compile(
    r"(?:涨|降|升|跌)(?:到|成|为|价|了)|(?:加|减|缩|砍|压|延|推|挪|提)(?:到|成|为)|往(?:上|下|前|后)(?:调|推|挪|延|涨|降)"
    r"|延长|缩短|又(?:调|改|换|涨|降|变|动)|换[\u4e00-\u9fff]{1,2}了"
    r"|(?i:\b(?:from now on|in the end|after all|(?:went|gone|going|goes) (?:up|down)|(?:up|down) to [$£€¥]?\d"
    r"|now [$£€¥]?\d|(?:starting|as of|effective) (?:today|tomorrow|now|next|this|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november"
    r"|december))\b|\bnow\s*(?=[.!,;]|$))"
)


def ends_something(text: str) -> bool:
    """Does this message say that something stopped, was dropped or left?"""
    return bool(_ENDS.search(text or ""))


def revises_earlier(text: str) -> bool:
    """Does this message correct, end or change something the speaker said before?"""
    return (is_correction(text) or ends_something(text) or bool(_REVISION.search(text or ""))
            or bool(_MOVES.search(text or "")))
