"""What every detector shares: the ``Secret`` span, the width folding they all read, and the shapes of ordinary
numbers (dates, times, years, amounts) that must never be taken for a secret."""
import re
from dataclasses import dataclass

from ..chinese_script import to_simplified


@dataclass(frozen=True)
class Secret:
    kind: str
    start: int
    end: int


# Full-width forms (０-９, Ａ-Ｚ, ａ-ｚ, ＋－：，…), the ideographic space and the typographic dashes fold to ASCII.
# One character becomes one character, so an offset in the folded text is the same offset in the original.
_FOLD = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_FOLD.update({0x3000: 0x20, 0x00A0: 0x20, 0x2009: 0x20, 0x202F: 0x20})
_FOLD.update({code: 0x2D for code in (0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE63)})


# A number read out digit by digit in Chinese ("一三八…", "幺三九…", a PIN "四七二零") is a number: four or more digit
# characters in a row fold to ASCII digits (one for one, so offsets stay valid). Fewer are words ("三五个"); a longer
# idiom that folds ("一五一十") is still only a number, which only a credential or phone word makes secret.
_CHINESE_DIGITS = {"零": "0", "〇": "0", "幺": "1", "一": "1", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6",
                   "七": "7", "八": "8", "九": "9"}
_CHINESE_DIGIT_RUN = re.compile("[" + "".join(_CHINESE_DIGITS) + "]{4,}")


def fold_width(text: str) -> str:
    """Width folded, Traditional characters read as Simplified (密碼 as 密码), Chinese digit runs as digits: one
    character for one, so a span found here is valid in ``text``."""
    folded = to_simplified(text.translate(_FOLD))
    return _CHINESE_DIGIT_RUN.sub(lambda run: "".join(_CHINESE_DIGITS[ch] for ch in run.group(0)), folded)


# A sentence ends at these; a detector never reaches across one to tie a word to a value.
# "!" and "?" inside a token ("Qw3rty!9") do not end anything.
# Nor does the dot of a number's abbreviation ("mobile no. 98450 12345", "Tel. 2345 6789").
_ABBREVIATION_DOT = r"(?<!\bno)(?<!\bnr)(?<!\btel)(?<!\bmob)(?<!\bph)(?<!\bacct)\."
SENTENCE_END = re.compile(r"[。\n]|(?:" + _ABBREVIATION_DOT + r"|[!?])(?=\s|$|[^\x00-\x7f])", re.I)


def sentence_limit(text: str, start: int, width: int) -> int:
    """Where the window that begins at ``start`` stops: ``width`` characters on, or the end of the sentence."""
    end = SENTENCE_END.search(text, start, start + width)
    return end.start() if end else min(len(text), start + width)


def sentence_start(text: str, end: int, width: int) -> int:
    """Where the window that ends at ``end`` begins: ``width`` characters back, or the start of the sentence."""
    start = max(0, end - width)
    stops = [match.end() for match in SENTENCE_END.finditer(text, start, end)]
    return stops[-1] if stops else start


_DATE = re.compile(
    r"(?:19|20)\d\d([-/.])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])"  # 2026-03-04, 2026/3/4
    r"|(?:0?[1-9]|[12]\d|3[01])([-/.])(?:0?[1-9]|[12]\d|3[01])\2(?:19|20)?\d\d"  # 04/03/2026, 3.4.26
    r"|(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"  # 20260304
)
_TIME = re.compile(r"(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:am|pm)?", re.I)
_YEAR = re.compile(r"(?:19|20)\d\d")


_COMPACT_DATE = re.compile(r"\d{8}")


def is_date_or_time(token: str, *, compact_dates: bool = True) -> bool:
    """"2026-03-04", "04/03/2026", "10:30"; and "20260304" unless ``compact_dates`` is off (after an ID word,
    eight digits are more likely a number than a date)."""
    if not compact_dates and _COMPACT_DATE.fullmatch(token):
        return False
    return bool(_DATE.fullmatch(token) or _TIME.fullmatch(token))


def is_year(token: str) -> bool:
    return bool(_YEAR.fullmatch(token))


# Money and measures: a number with a currency sign before it or a unit after it is a quantity, not an identifier.
_CURRENCY_BEFORE = re.compile(r"(?:[$¥€£₩₹]|\b(?:USD|RMB|CNY|EUR|GBP|HKD|JPY|Rs)\.?)\s?$", re.I | re.A)
_UNIT_AFTER = re.compile(
    r"^\s?(?:元|块|角|毛|万|亿|千|百|美元|美金|欧元|英镑|日元|港币|韩元|人民币|%|‰|年|月|日|号|点|分|秒|岁|个|次|件|位|人|天|周|小时|公里|米|斤|克"
    r"|张|条|台|部|本|包|瓶|盒|箱|步"
    r"|(?:dollars?|bucks|yuan|rmb|euros?|pounds?|yen|won|rupees?|usd|eur|gbp|k|m|bn|million|billion|percent|pct"
    r"|km|kg|mg|miles?|meters?|metres?|steps|points|views|followers|words|people|times|units|pieces|items)\b)",
    re.I | re.A,
)


def is_amount(text: str, start: int, end: int) -> bool:
    """True when the number at text[start:end] is money or a measure (a currency before it, a unit after it)."""
    return bool(_CURRENCY_BEFORE.search(text[max(0, start - 5):start]) or _UNIT_AFTER.match(text[end:end + 12]))


# A number right after a word like these is a reference, not a phone or a card ("order 2065550123", "运单号 …").
# The generic ones ("编号", "no.", "#") name a document's own number too ("驾照上的档案编号 …", "passport no. …").
_SPECIFIC_REFERENCE = (r"订单|单号|流水号?|运单|快递单|发票|工单|批次|序列号|型号|版本|票号|航班|户号|缴费号"
                       r"|\b(?:order|invoice|tracking|reference|ref|booking|confirmation|ticket|receipt|serial|model|batch"
                       r"|version|transaction|case|flight|item|sku|waybill|awb|shipment|parcel)\b")
_GENERIC_REFERENCE = r"编号|\b(?:no|#)\b"
_REFERENCE_TAIL = r"[^\w]{0,4}(?:(?:number|no|id|号|码)[^\w]{0,3})?$"
_REFERENCE_BEFORE = re.compile(f"(?:{_SPECIFIC_REFERENCE}|{_GENERIC_REFERENCE}){_REFERENCE_TAIL}", re.I | re.A)
_SPECIFIC_REFERENCE_BEFORE = re.compile(f"(?:{_SPECIFIC_REFERENCE}){_REFERENCE_TAIL}", re.I | re.A)
_SPECIFIC_REFERENCE_WORD = re.compile(_SPECIFIC_REFERENCE, re.I | re.A)


def names_a_reference(words: str) -> bool:
    """Do these words name a reference number ("my order number", "他的运单号")?"""
    return bool(_SPECIFIC_REFERENCE_WORD.search(words))


def follows_reference_word(text: str, start: int, since: int = 0, *, generic: bool = True) -> bool:
    """Does a word for a reference number ("order no.", "单号") come right before ``start`` (and after ``since``:
    an identity word's own "no." is not a reference)? With ``generic`` off, only a word naming another kind of
    number counts ("订单", "invoice"), not "编号" or "#"."""
    pattern = _REFERENCE_BEFORE if generic else _SPECIFIC_REFERENCE_BEFORE
    return bool(pattern.search(text[max(since, start - 24):start]))
