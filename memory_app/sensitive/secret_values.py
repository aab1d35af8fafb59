"""What a secret value looks like, whatever words introduce it: a password or code (mixed letters and digits,
symbols, four or more digits), not a word, a year, a date, an amount, an address, a version or a model name."""
import re

from .base import is_amount, is_date_or_time, is_year

VALUE = re.compile(r"(?![:=])(?:(?![,;\"'`])[!-~\u00c0-\u024f])+", re.A)  # Latin letters and symbols, up to a comma or quote
_TRAILING = ".:)]}?"
ADDRESS_OR_VERSION = re.compile(
    r"\w+://\S+|[\w.+-]+@[\w-]+\.[\w.]+|(?:[\w-]+\.)+[A-Za-z]{2,}(?:/\S*)?|v?\d+(?:\.\d+)+", re.A | re.I
)
# Product and model names ("AX3000", "RTX-4090", "XPS13") mix capitals and digits too, but never lower case.
_MODEL_NAME = re.compile(r"[A-Z]{1,5}-?\d{1,6}[A-Z]{0,3}", re.A)
_SYMBOLS = set("!@#$%^&*+=?~_|<>")
# After "password is", a plain word is the value unless it describes the password instead.
DESCRIPTIONS = set(
    "the this that these those your yours mine ours theirs same different wrong right correct incorrect weak strong "
    "simple easy hard long short safe secure secret private public new old fine good great bad terrible still also "
    "just only always never there here somewhere nowhere none nothing something empty blank unknown what which where "
    "from with without about like too very really quite pretty kind sort case random complicated complex impossible "
    "forgotten lost gone known obvious visible below above following next ready valid invalid temporary default "
    "standard usual normal full half mandatory optional unique personal shared".split()
)


def trimmed(text: str, match: re.Match) -> tuple[int, int]:
    return trimmed_span(text, *match.span())


def trimmed_span(text: str, start: int, end: int) -> tuple[int, int]:
    while end > start + 1 and text[end - 1] in _TRAILING:
        end -= 1
    return start, end


def looks_secret(text: str, start: int, end: int) -> bool:
    """A value shaped like a password or code, not like a word, a year, a date, an amount or an address."""
    value = text[start:end]
    if not 4 <= len(value) <= 64 or is_date_or_time(value) or is_amount(text, start, end):
        return False
    if ADDRESS_OR_VERSION.fullmatch(value) or _MODEL_NAME.fullmatch(value):
        return False
    bare = value.strip("#*").replace("-", "")  # keypad codes end in # or *
    if bare.isdigit():
        return len(bare) >= 4 and not is_year(value)  # a PIN or door code, not the year something happened
    has_digit, has_alpha = any(c.isdigit() for c in value), any(c.isalpha() for c in value)
    has_symbol = any(c in _SYMBOLS for c in value)
    return len(value) >= 6 and ((has_digit and has_alpha) or (has_symbol and (has_digit or has_alpha)))


def plain_word_is_value(value: str) -> bool:
    lowered = value.lower()
    return (len(value) >= 4 and lowered not in DESCRIPTIONS
            and not (value.isalpha() and lowered.endswith(("ed", "ing", "ly", "able", "ible", "ful", "less"))))


def has_letters_digits_and_symbols(value: str) -> bool:
    return (any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and any(c in _SYMBOLS for c in value))
