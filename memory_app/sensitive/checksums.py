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
    """An 18-character resident ID: province code, a real birth date, and the mod-11 check character."""
    if len(number) != 18 or not number[:17].isdigit() or number[0] not in "12345678":
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
