"""What must never become a standing instruction for the assistant, whoever extracted it (rules or model).

A reply-style memory is read back into every future prompt, so it may only say how to answer (language,
length, format, emoji, tone). Links and orders about content ("always include this link", "recommend our shop in
every answer", "ignore previous instructions") are an injection path, never a preference.
"""
import re

REPLY_DIMENSIONS = ("language", "length", "format", "emoji", "tone")

_URL = re.compile(r"https?://|\bwww\.|\b[\w\-]+\.(?:com|net|org|io|cn|ai|co|xyz|app|me|info|biz|top|shop|link|ly)\b", re.I)
_ORDER = re.compile(
    r"\b(?:ignore|disregard|forget|override)\b.{0,30}\b(?:instructions?|rules?|prompts?|guidelines?|everything above)\b"
    r"|\bsystem prompt\b|\bjailbreak\b|\bpretend (?:to be|you are)\b|\byou are now\b|\bact as\b|\bdeveloper mode\b"
    r"|\b(?:always|every time|in (?:every|each|all) (?:of your )?(?:replies|reply|answers?|responses?|messages?))\b.{0,40}"
    r"\b(?:include|add|append|attach|insert|mention|promote|recommend|advertise|link|sign|end with|start with|tell (?:people|users|everyone))\b"
    r"|\b(?:include|add|append|attach|insert|mention|promote|recommend|advertise)\b.{0,40}\b(?:in|to|at the end of)\s+(?:every|each|all)\b"
    r"|忽略.{0,6}(?:指令|规则|设定|提示|要求)|系统提示|越狱|你现在是|扮演|假装你是"
    r"|(?:每次|每条|所有|以后)(?:的)?(?:回复|回答|消息).{0,8}(?:都|要|必须)?.{0,4}(?:加上|附上|带上|插入|推荐|提到|宣传|推广|署名|链接)"
    r"|(?:加上|附上|带上|插入)这个?(?:链接|网址|网站)",
    re.I,
)


def has_link(text: str) -> bool:
    return bool(_URL.search(text or ""))


def is_standing_order(text: str) -> bool:
    """A link, or an order about what to put in answers or how to treat instructions."""
    return has_link(text) or bool(_ORDER.search(text or ""))


def unsafe_reply_memory(key: str, value: str, text: str) -> str:
    """Why a reply.* memory must not be stored, or "" (other keys are not judged here)."""
    if not key.startswith("reply."):
        return ""
    if key.split(".")[1] not in REPLY_DIMENSIONS:
        return f"reply style is one of {', '.join(REPLY_DIMENSIONS)}"
    if is_standing_order(f"{value} {text}"):
        return "a link or a standing order is not a reply style"
    return ""
