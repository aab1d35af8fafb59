"""Secrets found by how they are laid out rather than by a word naming them: an account and its secret, as login
details are written down ("jchen22 / Summer#Rain88", "admin:S3cur3P@ss"), and a value beside a request to keep it
secret ("…，别外传")."""
import re
from collections.abc import Iterator

from .base import sentence_limit, sentence_start
from .secret_values import ADDRESS_OR_VERSION, VALUE, has_letters_digits_and_symbols, looks_secret, trimmed, trimmed_span

# "jchen22 / Summer#Rain88", "root / Tq93#mmx": an account and its secret, as login details are written down.
# (A colon may come right before the account: "路由器：home_5G / X".)
_ACCOUNT_AND_SECRET = re.compile(r"(?<![!-9;-~])[\w.@+-]{2,40}\s*/\s*([!-~]{4,64})", re.A)
_PAIR_WIDTH = 48


# "admin / Adm1n@2023", "creds: root:Tq93#mmx" with no login word: a secret with letters, digits and a symbol after an
# account name and a slash or a colon (no space around the colon, as login details are pasted).
_STRONG_PAIR = re.compile(r"(?<![!-~])[\w.@+-]{2,40}(?:\s*/\s*|:)([^\s/][!-~]{5,63})", re.A)


def strong_pairs(text: str) -> Iterator[tuple[int, int]]:
    for pair in _STRONG_PAIR.finditer(text):
        if ADDRESS_OR_VERSION.match(text, pair.start()):  # "shop.example.com/a?id=7": a web address, not a login
            continue
        span = trimmed_span(text, *pair.span(1))
        if looks_secret(text, *span) and has_letters_digits_and_symbols(text[slice(*span)]):
            yield span


def paired_value_near(text: str, position: int) -> tuple[int, int] | None:
    """In the sentence of a login word, the secret of an "account / secret" pair before or after it."""
    start, limit = sentence_start(text, position, _PAIR_WIDTH), sentence_limit(text, position, 2 * _PAIR_WIDTH)
    for pair in _ACCOUNT_AND_SECRET.finditer(text, start, limit):
        span = trimmed_span(text, *pair.span(1))
        if looks_secret(text, *span):
            return span
    return None


# "网盘那个是 X，别外传", "don't share this: X": asked to keep it to itself, a value with letters and digits beside it is
# the secret (digits alone may be the hotline the warning names: "验证码谁都别给，有事拨 95500").
_KEEP_IT_SECRET = re.compile(r"别外传|别(?:告诉|给)别人|不要(?:告诉|给)(?:别人|任何人)|保密|(?i:\b(?:don'?t|do not) (?:share|tell anyone"
                             r"|pass (?:it|this) on)|\bkeep (?:it|this|that) (?:secret|private|to yourself)\b)", re.A)
_KEEP_IT_SECRET_WIDTH = 32


def values_kept_secret(text: str) -> Iterator[tuple[int, int]]:
    for word in _KEEP_IT_SECRET.finditer(text):
        start = sentence_start(text, word.start(), _KEEP_IT_SECRET_WIDTH)
        limit = sentence_limit(text, word.end(), _KEEP_IT_SECRET_WIDTH)
        for match in VALUE.finditer(text, start, limit):
            span = trimmed(text, match)
            value = text[slice(*span)]
            if looks_secret(text, *span) and any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
                yield span
                break
