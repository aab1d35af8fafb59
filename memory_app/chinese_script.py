"""Traditional Chinese read as Simplified, for matching only.

Users in Taiwan, Hong Kong and Macau write Traditional characters (記得, 別留著, 密碼); every lexicon, grammar and
keyword index here is written once, in Simplified. Reading both through one form lets a Traditional message meet
the same rules, and a question in one script find a turn typed in the other. Stored text stays as the user typed it.

The conversion is OpenCC's Taiwan-to-Simplified table (phrases first, so 著 in 留著 reads 着 but stays 著 in 著作).
It keeps every character's position: detectors report spans in the folded text that must be valid in the original.
"""
import re
from functools import lru_cache

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_BMP_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


@lru_cache(maxsize=1)
def _converter():
    import opencc  # a compiled wheel; loaded on the first Chinese text, not at import

    return opencc.OpenCC("tw2s")


def to_simplified(text: str) -> str:
    """``text`` with Traditional characters in their Simplified form, character for character (same length)."""
    if not text or not _HAN.search(text):
        return text
    converted = _converter().convert(text)
    if len(converted) != len(text):  # a phrase of another length: convert one character at a time instead
        converted = "".join(_one_character(character) for character in text)
    # A character whose Simplified form lies outside the basic plane (鱇 -> 𩾌) would drop out of the keyword
    # pass's CJK runs: it is kept as typed.
    return "".join(new if new == old or _BMP_HAN.match(new) else old for old, new in zip(text, converted))


@lru_cache(maxsize=20_000)
def _one_character(character: str) -> str:
    converted = _converter().convert(character) if _HAN.match(character) else character
    return converted if len(converted) == 1 else character


# Written Cantonese (Hong Kong, Macau, Guangdong) spells the everyday function words its own way: 冇 for 没,
# 唔 for 不, 嘅 for 的, 嗰 for 那, 咗 for 了. Each maps to one Mandarin character, so the grammar and
# lexicons (written in Mandarin) read "佢話唔使等，我冇帶遮" as they read "他话不用等，我没带遮".
# For the grammar only: the keyword index keeps the characters as typed. Only characters Mandarin hardly uses are
# mapped: 係 (is) becomes 系 in Simplified, which is also 系统's, so it is left alone.
_CANTONESE_FUNCTION_WORDS = str.maketrans({
    "冇": "没", "唔": "不", "嘅": "的", "嗰": "那", "咗": "了", "佢": "他", "哋": "们",
    "喺": "在", "畀": "给", "嘢": "事", "咁": "这", "乜": "什", "睇": "看", "諗": "想", "谂": "想", "攞": "拿", "俾": "给",
})


# Two-character words first ("唔好" is "don't", not "not good"), each as long as its Mandarin form.
_CANTONESE_WORDS = re.compile("唔好|唔使|唔驶|唔该")
_CANTONESE_WORD_FORMS = {"唔好": "不要", "唔使": "不用", "唔驶": "不用", "唔该": "麻烦"}


def as_written_mandarin(text: str) -> str:
    """The Simplified reading with written Cantonese function words in their Mandarin form (same length)."""
    if not text:
        return text
    simplified = _CANTONESE_WORDS.sub(lambda found: _CANTONESE_WORD_FORMS[found.group(0)], to_simplified(text))
    return simplified.translate(_CANTONESE_FUNCTION_WORDS)


def in_the_users_script(text: str, original: str) -> str:
    """``text``, made from the grammar's reading of ``original`` (``as_written_mandarin``), with each character the
    user typed put back (a memory extracted from a Traditional or Cantonese message reads as they wrote it).
    Characters the user did not type (a rule's own words) stay as they are."""
    folded = as_written_mandarin(original)
    if folded == original:
        return text
    typed = {}
    for simplified, traditional in zip(folded, original):
        if simplified != traditional:
            typed.setdefault(simplified, traditional)
    return "".join(typed.get(character, character) for character in text)
