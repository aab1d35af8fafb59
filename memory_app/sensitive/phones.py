"""Phone numbers by their numbering plans: Chinese mobiles (1[3-9] + 9 digits) and landlines (0 + area code),
North American numbers (NXX-NXX-XXXX) and any number written with a +country code.

A number run together without separators is read as a phone only when nothing says it is something else:
no currency or unit around it, no order/ticket/reference word just before it."""
import re
from collections.abc import Iterator

from .base import Secret, follows_reference_word, is_amount, is_date_or_time, names_a_reference, sentence_limit

_CN_MOBILE = re.compile(r"(?<![\w+.])(?:(?:\+|00)86[ -]?)?1[3-9]\d(?:[ .-]?\d){8}(?![\w])(?![-.]\d)", re.A)
_CN_LANDLINE = re.compile(r"(?<![\w+-])\(?0[1-9]\d{1,2}\)?[ -]\d{3,4}[ -]?\d{4}(?![\w])(?![-.]\d)", re.A)
# North American: "(312) 555-0148", "503.555.0126", "+1 415 555 0199", or run together "4155550199".
_NANP = re.compile(
    r"(?<![\w+])(?:\+?1[ .-]?)?(?:\((?P<npa1>[2-9]\d\d)\)[ .-]?|(?P<npa2>[2-9]\d\d)[ .-])[2-9]\d\d[ .-]\d{4}(?![\w])(?![-.]\d)"
    r"|(?<![\w+])(?:\+?1)?(?P<npa3>[2-9]\d\d)[2-9]\d{6}(?![\w])(?![-.]\d)",
    re.A,
)
# National format with the trunk prefix 0, as most of Europe, Australia and Japan write mobiles and landlines:
# "07700 900461", "0412 345 678", "030-1234567": a 0, then 9 or 10 more digits in at most three groups.
# (Not a run that ends in the month of a date: "… 6467 09/28" is a card and its expiry.)
_TRUNK_PREFIXED = re.compile(r"(?<![\w+.-])0[1-9]\d{1,4}(?:[ -]?\d{2,4}){1,2}(?![\w])(?![-./]\d)", re.A)
# "+44 20 7946 0958", "+49 (0)30 1234567", "+971-4-123-4567": a plus, a country code, then 7-15 digits in all.
_INTERNATIONAL = re.compile(r"(?<![\w+])\+[1-9](?:[ .()-]{0,2}\d){6,14}(?![\w])", re.A)
# The country code in brackets without the plus, as Hong Kong and Singapore numbers are often written:
# "(852) 2345 6789", "(65) 9123-4567"; a local number of eight digits in two groups of four.
_BRACKETED_COUNTRY = re.compile(r"(?<![\w(])\([1-9]\d{1,2}\)[ -]?\d{4}[ -]?\d{4}(?![\w])(?![-.]\d)", re.A)

# Any plan's number once a phone word introduces it ("my Hong Kong number is 9123 4567", "号码 6123 4567"): 7-15
# digits in groups of 2-5, within a few characters of the word, in the same sentence.
# A verb of calling or messaging someone, or a number, introduces one too ("ring her on 9123 4567", "打俾我 6123 4567",
# "call 9123-4567"), as does a person's or an office's line; not "the call" or "dial-in", a meeting's public line.
_PHONE_WORD = re.compile(r"电话|手机|号码|联系方式|打给|打俾|打畀|拨打|致电|联系|联络|发短信给"
                         r"|(?i:\b(?:phone|mobile|cell|cellphone|handphone|tel|telephone|whatsapp"
                         r"|(?:office|direct|home|work|private|land) ?line)\b)"
                         # abbreviations and "contact" only before the number's own label ("Mob. No.", "HP: ",
                         # "contact no.") and after no figure ("140 hp:"): else horsepower, a pH or a contact lens
                         r"|(?i:(?<!\d )(?<!\d)\b(?:mob|ph|hp|h/p|contact)\b(?=\.?\s*(?:no\b|nos?\.|number\b|[:#]|is\b)))"
                         r"|(?i:\b(?:my|his|her|your|our|their)\s+(?:hp|h/p|mob)\b)"  # "my hp 9123 8874"
                         r"|(?i:\b(?:call|ring|text|sms)\b(?=\s*[+(]?\d))"  # "call 9123-4567 for the flat"
                         r"|(?i:\b(?:call|ring|text|sms|reach|contact)\s+"
                         r"(?:me|him|her|us|them|(?:my|his|her|our|their)\s+[a-z]+)\b)"
                         r"|(?i:\b(?:my|his|her|your|our|their)\b[\w\s'-]{0,20}?\bnumber\b)", re.A)  # "my Oslo number", not "the number of"
_DIGIT_GROUPS = re.compile(r"(?<![\w+.-])(?:\d{2,5}(?:[ -]\d{2,5}){0,4}|\d{6,15})(?![\w])(?![-.]\d)", re.A)
_PHONE_WORD_WIDTH = 16
# A run that begins in the window may run on past it, but never by more than this (5 groups of 5 and 4 separators, or
# 15 digits): the search stops there, so a long message costs each phone word a few characters, not the rest of it.
_LONGEST_RUN = 40


def find_phones_by_word(text: str) -> Iterator[Secret]:
    """Runs after the detectors of named numbers: "loyalty number 5520 318 744" is theirs, not a phone."""
    for word in _PHONE_WORD.finditer(text):
        if names_a_reference(word.group(0)):  # "my order number"
            continue
        limit = sentence_limit(text, word.end(), _PHONE_WORD_WIDTH)
        run = _DIGIT_GROUPS.search(text, word.end(), limit + _LONGEST_RUN)  # may run on past the window, must begin in it
        if run and run.start() >= limit:
            run = None
        if run and 7 <= sum(ch.isdigit() for ch in run.group(0)) <= 15 and not is_date_or_time(run.group(0)) \
                and not follows_reference_word(text, word.start()) \
                and not follows_reference_word(text, run.start(), since=word.end(), generic=False) \
                and not _a_list_of_numbers(text, *run.span()) and _plausible(text, *run.span(), reference_read=True):
            yield Secret("phone", *run.span())


def _a_list_of_numbers(text: str, start: int, end: int) -> bool:
    """Six or more pairs of digits ("05 09 12 23 27 30") are drawn numbers or scores; a phone read in pairs has five."""
    groups = re.split(r"[ -]", text[start:end])
    more = re.match(r"[ -]\d\d(?!\d)", text[end:end + 4])
    return all(len(group) == 2 for group in groups) and (len(groups) >= 6 or bool(more))


# A business's public line, named as such ("客服 400-610-…", "customer care 1800-103-…", "dial-in +1 …").
_PUBLIC_LINE_BEFORE = re.compile(r"(?:客服|热线|售后|总机|服务电话|(?i:\b(?:dial-?in|hotline|helpline|help desk|customer (?:care|service|support)"
                                 r"|support line|toll[- ]free|call cent(?:er|re))\b))[^\d]{0,16}$", re.A)


# China's 400 and 800 lines (ten digits: no mobile starts so); Australia's and India's 1300 and 1800 lines only when
# written with 1300 / 1800 as a group of their own ("1800-103-…"): run together they may be Chinese mobiles (130…, 180…).
_TOLL_FREE_GROUPED = re.compile(r"1[38]00[ -]", re.A)


# Toll-free and shared-cost codes (North America's 8XX, China's 400): a business's public line, not a person's.
_BUSINESS_CODES = {"800", "833", "844", "855", "866", "877", "888", "400"}


def is_business_line(text: str, start: int, end: int) -> bool:
    digits = re.sub(r"\D", "", text[start:end])
    return (digits[:3] in ("400", "800") and len(digits) == 10) or bool(_TOLL_FREE_GROUPED.match(text, start)) \
        or bool(_PUBLIC_LINE_BEFORE.search(text, max(0, start - 32), start))


def _run_together(value: str) -> bool:
    return value.lstrip("+").isdigit()


def _plausible(text: str, start: int, end: int, *, reference_read: bool = False) -> bool:
    """``reference_read``: the caller already asked whether a reference word comes before the number (after a phone
    word, whose own "no." is none: "mobile no. 9845012345")."""
    if is_amount(text, start, end) or is_business_line(text, start, end):
        return False
    if not reference_read and _run_together(text[start:end]) and follows_reference_word(text, start):
        return False
    return True


def _nanp_area_ok(match: re.Match) -> bool:
    area = match.group("npa1") or match.group("npa2") or match.group("npa3")
    # N11 codes (211, 411, 911…) are services, never area codes
    return area[1:] != "11" and area not in _BUSINESS_CODES


def find_phones(text: str) -> Iterator[Secret]:
    for pattern in (_CN_MOBILE, _CN_LANDLINE, _INTERNATIONAL, _BRACKETED_COUNTRY, _NANP, _TRUNK_PREFIXED):
        for match in pattern.finditer(text):
            if pattern is _NANP and not _nanp_area_ok(match):
                continue
            if pattern is _TRUNK_PREFIXED and sum(ch.isdigit() for ch in match.group(0)) not in (10, 11):
                continue
            if _plausible(text, *match.span()):
                yield Secret("phone", *match.span())
