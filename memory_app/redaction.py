"""Secrets never reach storage, logs or audit details in plain text.

``find_secrets`` spots ID card, bank card, phone, passport numbers, passwords and API keys in Chinese and
English text; ``redact`` replaces each with a typed placeholder such as ``[phone]``.
"""
import logging
import re
from dataclasses import dataclass

_SEP = r"[ \-]?"


@dataclass(frozen=True)
class Secret:
    kind: str
    start: int
    end: int


# Order matters: longer, more specific patterns first, so a bank card is not read as a phone number.
_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("api_key", re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{16,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bxox[abp]-[A-Za-z0-9\-]{10,}")),
    ("id_card", re.compile(r"(?<!\d)[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?!\d)")),
    ("bank_card", re.compile(r"(?<!\d)(?:\d{4}[ \-]){3,4}\d{1,7}(?!\d)|(?<!\d)(?:62|4\d|5[1-5]|3[47])\d{14,17}(?!\d)")),
    ("phone", re.compile(r"(?<![\d+])(?:\+?86[ \-]?)?1[3-9]\d" + _SEP + r"\d{4}" + _SEP + r"\d{4}(?!\d)")),
    # North American numbers: (312) 555-0148, 503-555-0126, +1 415 555 0199 (separators required, so years
    # and prices are left alone).
    ("phone", re.compile(r"(?<![\d\w])(?:\+?1[ .\-]?)?(?:\(\d{3}\)\s?|\d{3}[ .\-])\d{3}[ .\-]\d{4}(?!\d)")),
    ("passport", re.compile(r"(?i)(?:passport|护照)\s*(?:number|no\.?|#|号码?)?\s*(?:is|是|为|:|：)?\s*([A-Z]{1,2}\d{7,8})\b")),
    (
        "password",
        re.compile(
            r"(?i)(?:密码|口令|passcode|password|passwd|pwd|pin)(?:\s*(?:是|为|:|：|=|is|was)\s*|\s+)"
            r"([^\s，。,;；、）)]{4,64})"
        ),
    ),
    # "the password for the cabin is BlueHeron#42", "the code to the gate is 7731": a few words between.
    (
        "password",
        re.compile(
            r"(?i)\b(?:password|passcode|passwd|pin|(?:door|gate|access|alarm|lock)\s+code|code\s+(?:to|for)\s+the)\b"
            r"[^.!?\n:：=]{0,40}?\b(?:is|was|are)\s+"
            r"([^\s，。,;；、）)]{4,64})"
        ),
    ),
    (
        "password",
        re.compile(r"(?:密码|口令|门禁码|验证码)[^。！？\n]{0,15}?(?:是|为|:|：)\s*([^\s，。,;；、）)]{4,64})"),
    ),
    ("api_key", re.compile(r"(?i)(?:api[ _-]?key|token|secret|密钥)(?:\s*(?:是|为|:|：|=|is)\s*|\s+)([A-Za-z0-9_\-\.]{12,})")),
]


def find_secrets(text: str) -> list[Secret]:
    found: list[Secret] = []
    taken = [False] * (len(text) + 1)
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text or ""):
            group = 1 if match.groups() and match.group(1) else 0
            start, end = match.span(group)
            if any(taken[start:end]):
                continue
            for index in range(start, end):
                taken[index] = True
            found.append(Secret(kind, start, end))
    return sorted(found, key=lambda secret: secret.start)


def contains_secret(text: str) -> bool:
    return bool(find_secrets(text))


def redact(text: str) -> str:
    if not text:
        return text
    pieces, cursor = [], 0
    for secret in find_secrets(text):
        pieces.append(text[cursor:secret.start])
        pieces.append(f"[{secret.kind}]")
        cursor = secret.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def redact_data(value):
    """Redact every string inside a JSON-like value (for audit details)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {key: redact_data(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_data(item) for item in value]
    return value


class RedactingFilter(logging.Filter):
    """Logging filter: the formatted message and its arguments never carry a secret."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is not ours to fix here
            return True
        record.msg, record.args = redact(message), None
        return True
