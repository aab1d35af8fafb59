"""Check digits: what tells a card, an ID card or an IBAN from any other long number."""
from datetime import date

# GB 11643-1999: weights of the first 17 digits, and the check character for each remainder mod 11.
_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_ID_CHECK = "10X98765432"


def luhn_valid(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def cn_id_valid(number: str) -> bool:
    """An 18-character resident ID: province code (9 opens a foreigner's permanent-residence card), a real birth
    date, and the mod-11 check character."""
    if len(number) != 18 or not number[:17].isdigit() or number[0] not in "123456789":
        return False
    try:
        born = date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return False
    if not 1900 <= born.year <= date.today().year:
        return False
    remainder = sum(int(digit) * weight for digit, weight in zip(number, _CN_ID_WEIGHTS)) % 11
    return number[17].upper() == _CN_ID_CHECK[remainder]


def iban_valid(compact: str) -> bool:
    """ISO 13616: move the country and check digits to the end, letters become 10..35, the number mod 97 is 1."""
    if not 15 <= len(compact) <= 34 or not compact[:2].isalpha() or not compact[2:4].isdigit():
        return False
    rearranged = compact[4:] + compact[:4]
    if not rearranged.isalnum() or not rearranged.isascii():
        return False
    return int("".join(str(int(char, 36)) for char in rearranged.upper())) % 97 == 1


# Taiwan's national ID (and the resident certificate since 2021): a letter for the place of registration, coded
# 10-35 in this order (I, O, W, X, Y, Z were added later, so they sit out of sequence), then nine digits.
_TW_LETTER_CODES = {letter: code for code, letter in enumerate("ABCDEFGHJKLMNPQRSTUVXYWZIO", start=10)}
_TW_WEIGHTS = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)


def tw_id_valid(number: str) -> bool:
    """A letter, 1/2 (citizens) or 8/9 (residents), eight digits; weighted sum divisible by 10."""
    code = _TW_LETTER_CODES.get(number[:1].upper())
    if code is None or len(number) != 10 or not number[1:].isdigit() or number[1] not in "1289":
        return False
    digits = [code // 10, code % 10, *map(int, number[1:])]
    return sum(digit * weight for digit, weight in zip(digits, _TW_WEIGHTS)) % 10 == 0


def hkid_valid(letters: str, digits: str, check: str) -> bool:
    """Hong Kong identity card: one or two letters, six digits, a check character (0-9 or A) mod 11."""
    if not (1 <= len(letters) <= 2 and letters.isalpha() and len(digits) == 6 and digits.isdigit()):
        return False
    values = [36] * (2 - len(letters)) + [ord(letter) - ord("A") + 10 for letter in letters.upper()]
    total = sum(value * weight for value, weight in zip(values + [int(digit) for digit in digits], range(9, 1, -1)))
    expected = (11 - total % 11) % 11
    return check.upper() == ("A" if expected == 10 else str(expected))


def kr_rrn_valid(number: str) -> bool:
    """South Korea's resident registration number, YYMMDD + a digit for sex and century + six digits: a real birth
    date and the mod-11 check digit (numbers issued since October 2020 have none, and are found by their name)."""
    if len(number) != 13 or not number.isdigit() or number[6] not in "12345678":
        return False
    century = 1900 if number[6] in "1256" else 2000
    try:
        date(century + int(number[:2]), int(number[2:4]), int(number[4:6]))
    except ValueError:
        return False
    total = sum(int(digit) * weight for digit, weight in zip(number, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)))
    return (11 - total % 11) % 10 == int(number[12])


def fr_nir_valid(number: str) -> bool:
    """France's social security number (NIR): sex, year, month, département (2A/2B for Corsica), commune, order,
    then a key of 97 minus the first thirteen digits mod 97."""
    if len(number) != 15 or number[0] not in "12":
        return False
    body = number[:13].upper().replace("2A", "19", 1).replace("2B", "18", 1) if number[5:7].upper() in ("2A", "2B") \
        else number[:13]
    if not body.isdigit() or not number[13:].isdigit():
        return False
    return 97 - int(body) % 97 == int(number[13:])


def my_ic_plausible(number: str) -> bool:
    """Malaysia's identity card (MyKad): YYMMDD of a real birth date, then a place of birth and four digits."""
    if len(number) != 12 or not number.isdigit():
        return False
    for century in (1900, 2000):
        try:
            date(century + int(number[:2]), int(number[2:4]), int(number[4:6]))
            return True
        except ValueError:
            continue
    return False


def us_ssn_plausible(area: str, group: str, serial: str) -> bool:
    """The ranges the US Social Security Administration issues: no area 000, 666 or 900-999, no group 00, no
    serial 0000."""
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


# Each series' offset and check letters: citizens (S, T) and foreigners (F, G, M) by century of issue.
_SG_SERIES = {"S": (0, "JZIHGFEDCBA"), "T": (4, "JZIHGFEDCBA"), "F": (0, "XWUTRQPNMLK"), "G": (4, "XWUTRQPNMLK"),
              "M": (3, "XWUTRQPNJLK")}


def sg_nric_valid(number: str) -> bool:
    """Singapore's NRIC / FIN: a series letter, seven digits and a check letter, weights 2 7 6 5 4 3 2 plus the
    series' offset, mod 11, read off the series' letters."""
    number = number.upper()
    if len(number) != 9 or number[0] not in _SG_SERIES or not number[1:8].isdigit():
        return False
    offset, letters = _SG_SERIES[number[0]]
    total = sum(int(digit) * weight for digit, weight in zip(number[1:8], (2, 7, 6, 5, 4, 3, 2)))
    return letters[(total + offset) % 11] == number[8]
