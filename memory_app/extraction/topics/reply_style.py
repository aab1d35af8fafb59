"""How the assistant should answer: language, length, format, emoji and tone.

Only a closed set of values is stored, and the memory sentence is written from that value, never copied from
the message: what reaches future prompts is "the user wants short answers", not whatever else the message
said. A sentence with a link or a standing order about content (see ``safety``) yields no reply style at all.
"""
import re
from functools import lru_cache

from ..lexicon import LANGUAGES
from ..rules import Match, RuleContext, capitalised, rule
from ..safety import is_standing_order

_TO_ASSISTANT = {
    True: re.compile(r"你|您|回复|回答|说话|跟我说|和我说|聊|请|麻烦|以后|从现在|今后|默认"),
    False: re.compile(r"\b(?:you|your|answers?|repl(?:y|ies)|respond|responses|please|from now on|always|never|keep|"
                      r"talk to me|write to me|speak to me)\b", re.I),
}
# Asking for one piece of writing in some style is about that piece, not about our replies.
_ONE_PIECE = {True: re.compile(r"帮我(?:给|写|回|发|起草|翻译)|替我(?:写|回)|这封|这篇|这段"),
              False: re.compile(r"\b(?:help me (?:write|draft)|write (?:an?|the|this|my) \w+|draft (?:an?|the|this|my))\b", re.I)}
_NEGATED = {True: re.compile(r"别|不要|不用|少|不想|禁止|不许|去掉|省掉"),
            False: re.compile(r"\b(?:no|not|don't|do not|without|avoid|stop|never|less|fewer|skip|drop|ditch|lose|cut)\b", re.I)}

# dimension -> [(cue, value)]: the last cue said wins ("别用列表了，写成段落" -> paragraphs).
_CUES = {
    True: {
        "language": [(rf"用(?P<lang>{'|'.join(word for word in LANGUAGES if not word.isascii())})(?:来)?(?:回答|回复|跟我|和我|说|聊|写|交流)"
                      rf"|(?P<lang2>中文|英文)回复", "")],
        "length": [(r"简短|简洁|短一点|短点|精简|别太长|太长了|少说废话|啰嗦", "简短"), (r"详细|展开说|说细一点|多说点", "详细")],
        "format": [(r"列表|分点|要点|条目|编号|(?i:bullet)", "分点"), (r"[一两几]?段(?:话|落|文字)", "段落"), (r"表格", "表格"),
                   (r"(?i:markdown)", "markdown")],
        "emoji": [(r"(?i:emoji)|表情|颜文字", "表情符号")],
        "tone": [(r"通俗|口语|说人话|浅显|易懂|术语|专业名词|行话|简单的话", "通俗"), (r"正式一点|正式些|正式点", "正式"),
                 (r"幽默", "幽默"), (r"直接点|直接一点|别绕弯", "直接")],
    },
    False: {
        "language": [(rf"\b(?:answer|reply|respond|talk|speak|write|chat)\w*(?: to)?(?: me)?(?: only)? in "
                      rf"(?P<lang>{'|'.join(word.capitalize() for word in LANGUAGES if word.isascii())})\b", "")],
        "length": [(r"\b(?:short(?:er)?|brief(?:er)?|concise|to the point|keep it short|less verbose|too long)\b", "brief"),
                   (r"\b(?:detailed|in detail|longer|more depth|thorough)\b", "detailed")],
        "format": [(r"\b(?:bullet(?: points?)?|bullets|numbered lists?|lists?)\b", "bullet points"),
                   (r"\b(?:paragraphs?|prose)\b", "paragraphs"), (r"\btables?\b", "tables"), (r"\b(?:markdown|headings)\b", "markdown")],
        "emoji": [(r"\b(?:emojis?|emoticons|smileys)\b", "emojis")],
        "tone": [(r"\b(?:plain (?:english|language|words)|simple (?:words|language|english)|jargon|abbreviations|acronyms)\b", "plain"),
                 (r"\bformal\b", "formal"), (r"\b(?:casual|relaxed|friendly)\b", "casual"), (r"\b(?:funny|humou?r(?:ous)?)\b", "humorous"),
                 (r"\b(?:direct|blunt|straight to the point)\b", "direct")],
    },
}
_ZH_TEXT = {
    "length": {"简短": "回答简短一些", "详细": "回答详细一些"},
    "format": {"分点": "回答分点列出", "段落": "回答写成段落，不要分点", "表格": "回答用表格", "markdown": "回答用 Markdown 格式"},
    "tone": {"通俗": "回答通俗易懂，少用术语", "正式": "回答正式一些", "幽默": "回答幽默一些", "直接": "回答直截了当"},
}
_EN_TEXT = {
    "length": {"brief": "short answers", "detailed": "detailed answers"},
    "format": {"bullet points": "answers as bullet points", "paragraphs": "answers in paragraphs, not bullet points",
               "tables": "answers as tables", "markdown": "answers in Markdown"},
    "tone": {"plain": "answers in plain words, without jargon or abbreviations", "formal": "a formal tone",
             "casual": "a casual tone", "humorous": "a humorous tone", "direct": "direct answers"},
}


def _sentence_for(subject: str, chinese: bool, dimension: str, value: str, polarity: int, said: str = "") -> str:
    if chinese:
        if dimension == "language":
            return f"{subject}希望用{said or value}交流。"
        if dimension == "emoji":
            return f"{subject}{'不' if polarity < 0 else ''}希望回复里有表情符号。"
        return f"{subject}希望{_ZH_TEXT[dimension][value]}。"
    if dimension == "language":
        return f"{capitalised(subject)} wants answers in {said.capitalize() or value}."
    if dimension == "emoji":
        return f"{capitalised(subject)} {'does not want' if polarity < 0 else 'wants'} emojis in replies."
    return f"{capitalised(subject)} wants {_EN_TEXT[dimension][value]}."


@lru_cache(maxsize=16)
def _message_rules_out_a_style(message: str, chinese: bool) -> bool:
    """A link, a standing order or a request for one piece of writing anywhere in the message. Cached: the rule
    runs once per sentence, and scanning the whole message each time made a long message cost its length squared."""
    return is_standing_order(message) or bool(_ONE_PIECE[chinese].search(message))


@rule(priority=90)
def reply_style(ctx: RuleContext) -> list[Match]:
    chinese, text = ctx.chinese, ctx.text
    if _message_rules_out_a_style(ctx.message, chinese) or not _TO_ASSISTANT[chinese].search(text):
        return []
    matches = []
    for dimension, cues in _CUES[chinese].items():
        hits = [(found, value) for cue, value in cues for found in re.finditer(cue, text, 0 if chinese else re.I)]
        if not hits:
            continue
        found, value = max(hits, key=lambda hit: hit[0].start())  # the last wish said is the one that holds
        polarity, said = 0, ""
        if dimension == "language":
            said = found.groupdict().get("lang") or found.groupdict().get("lang2") or ""
            value = LANGUAGES.get(said.lower(), LANGUAGES.get(said, said))
        elif dimension == "emoji":
            polarity = -1 if _NEGATED[chinese].search(text[max(0, found.start() - 12):found.end()]) else 1
        elif dimension == "format" and _NEGATED[chinese].search(text[max(0, found.start() - 8):found.start()]):
            continue  # "no bullet points" alone says what not to do; the format asked for instead is read on its own
        matches.append(Match(f"reply.{dimension}", value, *found.span(), kind="preference", polarity=polarity,
                             confidence=0.9, importance=0.7, text=_sentence_for(ctx.subject, chinese, dimension, value, polarity, said),
                             attach=False))
    return matches
