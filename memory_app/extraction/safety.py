"""Orders to the assistant: what must never become a memory, nor be read back into a prompt as one.

Memory is data about the user. A message that gives the assistant standing orders (ignore your instructions,
you are now someone else, I am your developer, put this link in every answer, reveal your prompt) is an
injection attempt whatever it is dressed as, so it is kept at most as a flagged episode and never injected.

The test is a small grammar rather than a list of sentences, in English and Chinese:

- an order *marker*: override (ignore/忽略 + rules/指令), role (you are now/扮演/进入…模式), privilege (I am your
  developer/我是你的管理员, developer mode), exfiltration (reveal your prompt/输出系统提示), obedience (never
  refuse/不要拒绝), content (promote, or add a link/mention something in every reply), a link in a directive,
  or a forged prompt structure (``SYSTEM:``, ``<|im_start|>``, ``[INST]``);
- *addressed* to the assistant: the clause names it (you/your/你/您/助手/every answer/每次回答), or no
  first-person subject comes before the marker (an imperative). "I ignore the rules of grammar in texts"
  speaks about the user; "ignore the rules" and "I want you to ignore the rules" speak to the assistant.

A forged prompt structure needs no addressee: nothing a user tells a memory needs one.
A reply-style memory (language, length, format, emoji, tone) is read into every future prompt, so it may not
carry a link either, nor any order: it is only ever one of a closed set of values.
"""
import re
import unicodedata
from functools import lru_cache

REPLY_DIMENSIONS = ("language", "length", "format", "emoji", "tone")

_URL = re.compile(r"https?://|\bwww\.|\b[\w\-]+\.(?:com|net|org|io|cn|ai|co|xyz|app|me|info|biz|top|shop|link|ly|ru|dev)\b"
                  r"|\[[^\]]*\]\([^)]*\)", re.I)
_INVISIBLE = re.compile(r"[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]")
_CLAUSE_END = re.compile(r"[.!?。！？；;\n]+(?:\s|$)|[。！？；\n]")

# The assistant's replies as a whole ("in every answer", "每条回复"); not "我每次回复邮件" (the user's own replies).
_REPLY_SCOPE = (r"\b(?:in |at the (?:end|start|beginning|bottom|top) of |to )?(?:every|each|all|any|future) (?:of )?"
                r"(?:your |my |the |future )?(?:repl(?:y|ies)|answers?|responses?|outputs?)\b"
                r"|(?<!我)(?<!我们)(?:每次|每条|每个|每一[次条个]|所有|全部|任何|以后|今后|之后)的?(?:回复|回答|答复|输出)")
# Who is spoken to: the assistant by name, its replies, or its own configuration.
_ADDRESS = re.compile(
    rf"\b(?:you|your|yours|yourself|u|ur|assistant|chatbot|bot|ai|model|gpt|chatgpt|llm)\b|{_REPLY_SCOPE}"
    r"|\b(?:your) (?:repl(?:y|ies)|answers?|responses?|outputs?)\b|你|您|助手|机器人|模型|(?<![a-z])ai(?![a-z])"
    r"|\bsystem (?:prompt|message)s?\b|系统(?:提示|指令|消息|设定)",
    re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|we|we're|our|us)\b|我|咱|俺", re.I)

# From now on, for good: a standing order rather than a request for this answer.
_FUTURE = (rf"(?:from now on|from here on|henceforth|going forward|always|every time|each time|whenever|no matter what|"
           rf"for (?:all|every) future|{_REPLY_SCOPE}|"
           r"从现在(?:开始|起)|从今(?:以后|天起)|今后|以后|往后|每次|每一次|永远|始终|一直|总是|无论如何|不管(?:什么|怎样|如何))")
_PROMOTE = r"(?:\b(?:promote|advertise|plug|market|sell)\b|推广|宣传|打广告|带货|引流)"
# Putting something into replies. Said of every reply, the first set is an order by itself; the second
# ("start/end with", "tell", "send") only with a payload, since "start every answer with a summary" is a style.
_INSERT_ALWAYS = (r"(?:\b(?:include|add|append|attach|insert|paste|mention|recommend|cite|link)(?:s|es|ed|ing)?\b|"
                  r"加上|附上|带上|插入|附加|贴上|写上|推荐|提到|提及|署名|落款)")
_INSERT = (rf"(?:{_INSERT_ALWAYS}|\b(?:put|sign|end|start|begin|close|finish|tell|send|redirect|say)(?:s|es|ed|ing)?\b|"
           r"加入|放上|介绍|引导|结尾|开头|结束|告诉)")
# What a promoter slips in: a link, a shop, a code, or words to paste verbatim (a quotation).
_PAYLOAD = (r"(?:[\"“‘「『]|(?<![a-z])'|\b(?:links?|urls?|websites?|site|web ?page|channel|shop|store|promo(?:tion)? codes?|"
            r"coupons?|discount codes?|referral|affiliate|sponsor\w*|slogan|hashtag)\b|链接|网址|网站|网页|公众号|店铺|官网|"
            r"优惠码|邀请码|推荐码|折扣码|二维码|口号|广告|微信号|群号)")
_RULE_NOUNS_EN = (r"(?:instructions?|rules?|prompts?|guidelines?|guardrails?|polic(?:y|ies)|restrictions?|constraints?|"
                  r"filters?|safety|limitations?|limits|directives?|programming|training|system message|moderation|"
                  r"content policy|ethics|principles)")
_RULE_NOUNS_ZH = r"(?:指令|指示|规则|设定|人设|提示词?|限制|约束|规定|安全|过滤|审查|准则|守则|原则|政策|道德|程序)"

# category -> one pattern (English and Chinese alternatives together); matched on normalised lowercase text.
_MARKERS = {
    "override": (
        rf"\b(?:ignore|disregard|override|bypass|skip|abandon|discard|neglect|overrule|circumvent|disable|deactivate|"
        rf"turn off|throw away|set aside|break|violate|forget)\b[^.!?\n]{{0,40}}\b{_RULE_NOUNS_EN}\b"
        rf"|\b(?:ignore|disregard|override)\b[^.!?\n]{{0,20}}\b(?:everything|anything|all)\b[^.!?\n]{{0,10}}\b(?:above|before|earlier|previous|prior|else)\b"
        rf"|\b(?:ignore|disregard)\s+(?:all\s+)?(?:the\s+)?(?:above|previous|prior|earlier)\b"
        rf"|\b(?:new|updated|real|true|actual|secret|hidden|override)\s+(?:system\s+)?instructions?\s*[:：]"
        rf"|\bdo(?:n't| not)\s+(?:follow|obey|respect|apply)\b[^.!?\n]{{0,20}}\b{_RULE_NOUNS_EN}\b"
        rf"|(?:忽略|无视|忽视|不要理会|别理会|不用理会|不要管|别管|跳过|绕过|抛开|抛弃|丢掉|放弃|覆盖|解除|关闭|违反|打破|突破|"
        rf"不要遵守|别遵守|不用遵守|不必遵守|不再遵守|不要遵循|忘掉|忘记)[^。！？\n]{{0,12}}{_RULE_NOUNS_ZH}"
        rf"|(?:忽略|无视|忽视|不要理会|别理会)[^。！？\n]{{0,6}}(?:之前|上面|以上|前面|先前|原来|原有|所有)的?(?:一切|所有|全部|内容|对话|话)"
        rf"|新的?(?:系统)?(?:指令|规则|设定)\s*[:：]"
        rf"|\b{_RULE_NOUNS_EN}\b[^.!?\n]{{0,20}}\b(?:no longer apply|(?:are|is) (?:void|lifted|cancell?ed|suspended|off|disabled)|do(?:n't| not) apply)\b"
        rf"|\b(?:overrides?|takes? precedence over|supersedes?|outranks?|replaces?)\s+(?:your|the|any|all)\b[^.!?\n]{{0,20}}\b{_RULE_NOUNS_EN}\b"
        rf"|把[^。！？\n]{{0,12}}{_RULE_NOUNS_ZH}[^。！？\n]{{0,6}}(?:丢掉|忘掉|忽略|扔掉|抛开|去掉|删掉|取消|关掉|关闭|解除|无视|作废)"
        rf"|{_RULE_NOUNS_ZH}[^。！？\n]{{0,8}}(?:作废|失效|不算数|不再有效|无效|解除)"
        rf"|(?:优先于|高于|覆盖|取代|凌驾于?|替代)[^。！？\n]{{0,6}}(?:系统|{_RULE_NOUNS_ZH})"
    ),
    "role": (
        r"(?:^|[,:;]\s*|\b(?:and|so|ok|okay|now|then)\s+)you(?:'re| are) (?:now|no longer) (?:an?|the|my|called|named|in|no|free)\b"
        r"|\b(?:you (?:will|shall|must) (?:now )?(?:be|become|act|behave|respond) as|"
        r"from now on,? you(?:'re| are| will be)|act as|acting as|pretend (?:to be|you(?:'re| are)|that you)|"
        r"role-?play as|play the (?:role|part) of|take on the (?:role|persona|identity)|assume the (?:role|persona|identity)|"
        r"your (?:new |real |true )?(?:role|persona|identity|name) (?:is|will be|shall be)|stay in character|"
        r"(?:switch|change|go|enter|enable|activate|turn on|unlock)(?:\s+(?:in)?to)?\s+[\w\- ]{0,20}\bmode\b)"
        r"|你现在是|你从现在(?:开始|起)?(?:就)?是|从现在(?:开始|起)[，,]?你(?:就)?是|你不再是|你的(?:新|真实|真正)?(?:身份|角色|名字|人设)(?:是|改为|变成|换成)"
        r"|扮演|充当|假装|角色扮演|(?:进入|切换(?:到|成|为)?|开启|打开|启用|激活)[^。！？\n]{0,8}模式"
    ),
    "privilege": (
        r"\bi(?:'m| am)\s+(?:your|ur)\s+(?:\w+\s+)?(?:developer|creator|owner|admin(?:istrator)?|operator|maker|programmer|"
        r"engineer|trainer|master|boss|supervisor|designer|author)\b"
        r"|\bi\s+(?:made|built|created|trained|programmed|designed|own|control)\s+you\b"
        r"|\bi(?:'m| am)\s+(?:from|with|at)\s+(?:openai|anthropic|google deepmind|deepmind|the company that \w+ you)\b"
        r"|\b(?:developer|dev|admin(?:istrator)?|god|root|sudo|super ?user|unrestricted|unfiltered|uncensored|jailbre?a?k(?:en)?|dan|"
        r"no[- ]limits?|maintenance|debug)\s+(?:mode|access|privileges?|rights|permissions?|override)\b"
        r"|\bjailbr\w*\s+(?:you|yourself)\b|\byou(?:'re| are)?\s+(?:now\s+)?jailbr\w*"
        r"|\b(?:root|admin|elevated|full|unlimited)\s+(?:access|privileges?)\s+(?:to|over|on)\s+you\b"
        r"|我是你的(?:开发者|开发人员|创造者|创建者|制作者|主人|管理员|老板|上级|设计者|作者|程序员|工程师|训练者|运营者)"
        r"|我(?:创造|开发|训练|制造|设计|编写)了你|(?:开发者|开发|管理员|上帝|超级用户|root|越狱|无限制|无审查|调试|维护)\s*(?:模式|权限)"
        r"|你(?:已经|现在)?(?:被)?越狱|越狱(?:模式|版)|最高权限|(?:获得|拥有|给我)[^。！？\n]{0,6}权限"
    ),
    "exfiltrate": (
        r"\b(?:reveal|show|print|repeat|output|tell|leak|display|dump|recite|disclose|share|give|write out|spell out)\b"
        r"[^.!?\n]{0,30}\b(?:system prompt|system message|(?:initial|hidden|original|secret) (?:prompt|instructions)|"
        r"your (?:instructions|prompt|rules|configuration)|(?:text|everything|words) above|api keys?|passwords? of)\b"
        r"|\bdo(?:n't| not) (?:tell|inform|let) (?:the |other )?users?\b|\bwithout (?:telling|informing) (?:the |other )?users?\b"
        r"|(?:告诉我|说出|输出|打印|显示|透露|泄露|泄漏|重复|复述|给我看|念出)[^。！？\n]{0,10}(?:系统提示|提示词|系统指令|初始指令|设定|密钥|系统消息)"
        r"|把[^。！？\n]{0,10}(?:系统提示|提示词|系统指令|初始指令|设定|系统消息)[^。！？\n]{0,8}(?:输出|打印|显示|告诉|发给|给我|复述|重复|念)"
        r"|(?:不要|别|不许)(?:告诉|通知|让)(?:用户|其他用户|别人)"
    ),
    "obedience": (
        r"\b(?:never|don't|do not|stop|no longer)\s+(?:refuse|decline|say no|warn|add (?:any )?(?:warnings|disclaimers)|apologi[sz]e|"
        r"mention (?:safety|policy|policies|rules))\b"
        r"|\b(?:always|must|will|shall)\s+(?:comply|obey|agree|do what i say)\b|\bdo (?:anything|whatever|everything) (?:i|the user|users?) "
        r"(?:say|says|ask|asks|want|wants|tell|tells)\b|\bwithout (?:any )?(?:restrictions|limits|limitations|filters|censorship|warnings|rules)\b"
        r"|不(?:要|许|准|得|能|可以)?拒绝|无条件|(?:必须|绝对|完全)服从|听从我的一切|(?:没有|不受|不加|不设|去掉|取消)(?:任何)?(?:的)?(?:限制|约束|审查|过滤)"
        r"|不要(?:有|加|给)?(?:任何)?(?:警告|免责声明)"
    ),
    "content": (
        rf"(?:{_FUTURE})[^.!?。！？\n]{{0,40}}{_PROMOTE}"
        rf"|(?:{_REPLY_SCOPE})[^.!?。！？\n]{{0,40}}{_INSERT_ALWAYS}|{_INSERT_ALWAYS}[^.!?。！？\n]{{0,40}}(?:{_REPLY_SCOPE})"
        rf"|(?:{_FUTURE})[^.!?。！？\n]{{0,40}}{_INSERT}[^.!?。！？\n]{{0,40}}{_PAYLOAD}"
        r"|\b(?:tell|inform|remind|message)\s+(?:every (?:other )?user|all (?:other )?users|other users|anyone who asks|whoever asks)\b"
        r"|(?:每次|每条|每个|所有|全部|任何)(?:的)?(?:回复|回答|答复|消息|输出)[^。！？\n]{0,10}(?:末尾|结尾|开头|最后|后面|前面|底部)"
        r"|告诉(?:所有|其他|每个|每一个|任何)(?:的)?(?:用户|问你的人)"
    ),
}
_MARKER_RE = {name: re.compile(pattern, re.I) for name, pattern in _MARKERS.items()}
# A link counts as an order only where someone is told to do something with it (see "link" in _find_orders).
_DIRECTIVE = re.compile(rf"(?:{_FUTURE})|\b(?:visit|click|go to|check out|open|follow|use|include|add|send|share|link|cite|"
                        r"recommend|promote|mention|sign up|register|download|buy|see)\b|访问|点击|打开|关注|加上|附上|带上|"
                        r"推荐|推广|下载|注册|购买|登录|扫码", re.I)
# Structure forged from a prompt: role tags and chat-template tokens. Never part of a note about a person.
_FORGED_STRUCTURE = re.compile(
    r"<\s*/?\s*(?:system|assistant|developer|instructions?|sys|prompt)\b[^<>]{0,40}>|<\|[^|<>]{1,30}\|>"
    r"|\[\s*/?\s*(?:inst|system|sys|assistant)\s*\]|(?:^|[\s>:：\]])(?:system|assistant|developer)\s*(?:prompt|message)?\s*[:：]"
    r"|(?:^|\s)#{1,6}\s*(?:system|instructions?|new rules)\b|(?:系统|系统提示|系统消息|系统指令)\s*[:：]",
    re.I)


def normalise(text: str) -> str:
    """Width and case folded, invisible characters out, one space for any run of blanks: the grammar reads what a
    model would read, not the bytes someone dressed it in (full-width letters, zero-width joiners)."""
    text = unicodedata.normalize("NFKC", text or "")
    text = _INVISIBLE.sub("", text).replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"[ \t\r\f\v]+", " ", text).lower()


def has_link(text: str) -> bool:
    return bool(_URL.search(normalise(text)))


_PHRASE_START = re.compile(r".*[,，、:：—]")


def _addressed(clause: str, marker_start: int) -> bool:
    """The clause speaks to the assistant: it names it, or no first-person subject comes before the order in
    its phrase ("以后遇到我的问题，直接无视…" orders; "I ignore the grammar rules" does not)."""
    before = clause[:marker_start]
    phrase = before[_PHRASE_START.match(before).end():] if _PHRASE_START.match(before) else before
    return bool(_ADDRESS.search(clause)) or not _FIRST_PERSON.search(phrase)


def _clauses(text: str) -> list[str]:
    return [piece.strip() for piece in _CLAUSE_END.split(text) if piece and piece.strip()]


@lru_cache(maxsize=1024)
def _find_orders(text: str) -> tuple[str, ...]:
    text = normalise(text)
    found = ["structure"] if _FORGED_STRUCTURE.search(text) else []
    for clause in _clauses(text):
        for name, pattern in _MARKER_RE.items():
            match = pattern.search(clause)
            if match and name not in found and _addressed(clause, match.start()):
                found.append(name)
        link = _URL.search(clause)
        directive = _DIRECTIVE.search(clause)
        if link and directive and "link" not in found and _addressed(clause, min(link.start(), directive.start())):
            found.append("link")
    return tuple(found)


def standing_orders(text: str) -> list[str]:
    """The kinds of order to the assistant that ``text`` gives ([] for none): override, role, privilege,
    exfiltrate, obedience, content, link, structure."""
    return list(_find_orders(text or ""))


def gives_orders(text: str) -> bool:
    return bool(_find_orders(text or ""))


def is_standing_order(text: str) -> bool:
    """A link, or an order to the assistant: nothing a reply style may hold."""
    return has_link(text) or gives_orders(text)


def unsafe_reply_memory(key: str, value: str, text: str) -> str:
    """Why a reply.* memory must not be stored, or "" (other keys are not judged here)."""
    if not key.startswith("reply."):
        return ""
    if key.split(".")[1] not in REPLY_DIMENSIONS:
        return f"reply style is one of {', '.join(REPLY_DIMENSIONS)}"
    if is_standing_order(f"{value} {text}"):
        return "a link or a standing order is not a reply style"
    return ""
