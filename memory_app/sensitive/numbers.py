"""Numbers that prove themselves by a check digit: payment cards (Luhn), resident ID cards (mainland China's
GB 11643, Taiwan's, Hong Kong's and Singapore's own, South Korea's), France's social security number and IBANs
(ISO 13616 mod 97).
A long number that fails its check is an order number or a timestamp, not these. A US social security number has no
check digit, but its grouping (3-2-4) is its own."""
import re
from collections.abc import Iterator

from .base import Secret, follows_reference_word, is_year
from .checksums import (
    cn_id_valid, fr_nir_valid, hkid_valid, iban_valid, kr_rrn_valid, luhn_valid, my_ic_plausible,
    sg_nric_valid, tw_id_valid, us_ssn_plausible,
)

# Digit groups joined by one kind of separator: "4111 1111 1111 1111", "3782-822463-10005", "6212345678901234567".
# Not the tail of a decimal ("0.1234…") or of a longer word, nor a group that opens a date ("… 6467 09/28").
_DIGIT_GROUPS = re.compile(r"(?<![\w])(?<!\d[.,])\d+(?:([ .-])\d+(?:\1\d+)*)?(?![\w]|/\d)", re.A)
_CARD_DIGITS = range(13, 20)
# Card numbers begin with the industry digit of banking and travel/entertainment (2-6); airline (1),
# petroleum (7), telecom (8) and national (9) numbers are not payment cards.
_CARD_FIRST_DIGITS = "23456"


def _groups(match: re.Match) -> list[tuple[int, int]]:
    separator = match.group(1)
    if not separator:
        return [match.span()]
    spans, cursor = [], match.start()
    for piece in match.group(0).split(separator):
        spans.append((cursor, cursor + len(piece)))
        cursor += len(piece) + 1
    return spans


def _is_card(digits: str, pieces: list[str]) -> bool:
    if len(digits) not in _CARD_DIGITS or digits[0] not in _CARD_FIRST_DIGITS or len(set(digits)) == 1:
        return False
    if len(pieces) > 1 and all(is_year(piece) for piece in pieces):
        return False  # "2019 2020 2021 2022" is a list of years
    return luhn_valid(digits)


def _card_sized_ends(spans: list[tuple[int, int]], first: int) -> list[int]:
    """Ends of the runs of groups from ``first`` with as many digits as a card, in groups of three or more
    ("12 345 678" is a count), or a short last group after fours (a 13-digit card printed "4-4-4-1").
    Bounded by the card length, so a long run of numbers stays cheap."""
    ends, digits, all_fours = [], 0, True
    for last in range(first + 1, len(spans) + 1):
        size = spans[last - 1][1] - spans[last - 1][0]
        digits += size
        if digits > _CARD_DIGITS[-1] or (size < 3 and not (all_fours and last - first >= 4)):
            break
        if digits in _CARD_DIGITS:
            ends.append(last)
        if size < 3:
            break
        all_fours = all_fours and size == 4
    return ends


def _is_card_at(text: str, spans: list[tuple[int, int]]) -> bool:
    pieces = [text[start:end] for start, end in spans]
    if len(pieces) == 1 and follows_reference_word(text, spans[0][0]):
        return False  # "order 6011…": a reference number that happens to pass Luhn
    return _is_card("".join(pieces), pieces)


# A card as it is typed into a payment form: its number, the expiry, then the three or four digits of its
# verification code ("4539… 09/28 316", "…, exp 11/27 cvv 318").
_EXPIRY_THEN_CODE = re.compile(
    r"[\s,;]*(?:(?:exp(?:iry|ires|iration)?|valid thru|有效期(?:至|到)?|到期日?)[\s.:]*)?(?:0[1-9]|1[0-2])/(?:\d{2}|\d{4})"
    r"[\s,;]+(?:(?:cvv2?|cvc2?|cid|csc|security code|安全码)[\s.:]*)?(?P<code>\d{3,4})(?![\w/.,:-])", re.I | re.A)


def find_cards(text: str) -> Iterator[Secret]:
    for match in _DIGIT_GROUPS.finditer(text):
        spans = _groups(match)
        first = 0
        while first < len(spans):
            # The longest run of whole groups from here that is a valid card number ("…1111 2024" drops the year).
            found = next((last for last in _card_sized_ends(spans, first)[::-1] if _is_card_at(text, spans[first:last])), 0)
            if found:
                yield Secret("bank_card", spans[first][0], spans[found - 1][1])
                code = _EXPIRY_THEN_CODE.match(text, spans[found - 1][1])
                if code:
                    yield Secret("password", *code.span("code"))
            first = found or first + 1


# 6 + 8 + 4 characters, optionally spaced or dashed as "110101 19900307 663X".
_CN_ID = re.compile(r"(?<![\w])(\d{6})([ -]?)(\d{8})\2(\d{3}[\dXx])(?![\w])"
                    r"|(?<![\w])(\d{6})([ -])(\d{4})\6(\d{4})\6(\d{3}[\dXx])(?![\w])", re.A)  # or 6-4-4-4


# Taiwan: "A123456789"; Hong Kong: "A123456(3)", "AB987654(A)" (the check character in brackets, as printed).
_TW_ID = re.compile(r"(?<![\w])[A-Za-z][1289]\d{8}(?![\w])", re.A)
_HKID = re.compile(r"(?<![\w])([A-Z]{1,2}) ?(\d{3} ?\d{3}) ?\(([0-9A])\)", re.A)
# Singapore: "S1234567D" (NRIC) or "G7654321X" (FIN); one in eleven random tokens of that shape passes.
_SG_NRIC = re.compile(r"(?<![\w])[STFGMstfgm]\d{7}[A-Za-z](?![\w])", re.A)


def find_cn_id_cards(text: str) -> Iterator[Secret]:
    for match in _CN_ID.finditer(text):
        if cn_id_valid(re.sub(r"[ -]", "", match.group(0))):
            yield Secret("id_card", *match.span())
    for match in _TW_ID.finditer(text):  # ten characters: one in ten random ones passes, so "order no. …" is not
        if tw_id_valid(match.group(0)) and not follows_reference_word(text, match.start()):
            yield Secret("id_card", *match.span())
    for match in _HKID.finditer(text):
        letters, digits, check = match.groups()
        if hkid_valid(letters, digits.replace(" ", ""), check):
            yield Secret("id_card", *match.span())
    for match in _SG_NRIC.finditer(text):
        if sg_nric_valid(match.group(0)) and not follows_reference_word(text, match.start()):
            yield Secret("id_card", *match.span())


# South Korea: "871105-1234567" (or run together); France: "2 91 07 13 123 456 78", its groups as printed, or compact;
# the US: "123-45-6789" or "123 45 6789", one separator throughout.
_KR_RRN = re.compile(r"(?<![\w-])\d{6}-?\d{7}(?![\w-])", re.A)
_FR_NIR = re.compile(r"(?<![\w])[12] ?\d\d ?\d\d ?(?:\d\d|2[AB]) ?\d{3} ?\d{3} ?\d\d(?![\w])", re.A)
# Malaysia: "880912-14-5523"; the UK's national insurance number "JT 48 11 20 A" (two letters no office issues are left
# out).
_MY_IC = re.compile(r"(?<![\w-])\d{6}-\d{2}-\d{4}(?![\w-])", re.A)
_UK_NINO = re.compile(r"(?<![\w])(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d\d ?\d\d ?\d\d ?[A-D](?![\w])",
                      re.A)
_US_SSN = re.compile(r"(?<![\w.,/:-])(\d{3})([ -])(\d{2})\2(\d{4})(?![\w]|[.,/:-]\d)", re.A)


def find_national_numbers(text: str) -> Iterator[Secret]:
    for match in _KR_RRN.finditer(text):
        if kr_rrn_valid(match.group(0).replace("-", "")):
            yield Secret("id_card", *match.span())
    for match in _FR_NIR.finditer(text):
        if fr_nir_valid(match.group(0).replace(" ", "")):
            yield Secret("id_number", *match.span())
    for match in _MY_IC.finditer(text):
        if my_ic_plausible(match.group(0).replace("-", "")):
            yield Secret("id_card", *match.span())
    for match in _UK_NINO.finditer(text):
        yield Secret("id_number", *match.span())
    for match in _US_SSN.finditer(text):
        if us_ssn_plausible(match.group(1), match.group(3), match.group(4)) and not follows_reference_word(text, match.start()):
            yield Secret("id_number", *match.span())


# Written compact ("DE89370400440532013000") or in groups of four ("GB82 WEST 1234 5698 7654 32").
_IBAN = re.compile(r"(?<![\w])[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?)(?![\w])", re.A)


# Said with banking words, an IBAN-shaped value is an account number even when its check digits fail (a typo).
_BANKING_WORDS = re.compile(r"银行|账户|账号|户口|转账|汇款|收款|(?i:\b(?:bank(?:ing)?|account|iban|transfer|wire|payee|"
                            r"remittance|reimburse(?:ment)?|pay(?:ment)? details)\b)")
_MIN_IBAN_DIGITS = 10


def find_ibans(text: str) -> Iterator[Secret]:
    for match in _IBAN.finditer(text):
        pieces = match.group(0).split(" ")
        # A word in capitals may follow the last group ("… 7654 32 OK"): drop trailing groups until it checks.
        for last in range(len(pieces), 0, -1):
            if iban_valid("".join(pieces[:last])):
                yield Secret("iban", match.start(), match.start() + len(" ".join(pieces[:last])))
                break
        else:
            while len(pieces) > 1 and not any(char.isdigit() for char in pieces[-1]):
                pieces.pop()
            value = " ".join(pieces)
            if (sum(char.isdigit() for char in value) >= _MIN_IBAN_DIGITS
                    and _BANKING_WORDS.search(text, max(0, match.start() - 80), match.start())):
                yield Secret("iban", match.start(), match.start() + len(value))
