"""Sensitive values found by shape: check digits, numbering plans, vendor key formats, and the grammar of
"<credential or document word> … <value>", in Chinese and English, full-width forms included.

``find_secrets`` is the one entry point; ``memory_app.redaction`` builds redaction and log filtering on it.
One module per family; each reads the width-folded text and reports spans that are valid in the original.
"""
import re

from .base import Secret, fold_width
from .credentials import find_credentials
from .documents import find_named_numbers
from .keys import find_keys
from .numbers import find_cards, find_cn_id_cards, find_ibans, find_national_numbers
from .phones import find_phones, find_phones_by_word

# Most certain first: a span taken by a key or a checksummed number is not read again as a phone or a password.
_DETECTORS = (find_keys, find_ibans, find_cn_id_cards, find_cards, find_national_numbers, find_phones, find_named_numbers,
              find_phones_by_word, find_credentials)

# Every kind a detector may report (placeholders in stored text are "[kind]").
KINDS = ("api_key", "token", "private_key", "password", "iban", "id_card", "bank_card", "bank_account", "phone",
         "passport", "id_number")
PLACEHOLDER = re.compile(r"\[(?:" + "|".join(KINDS) + r")\]")


def find_secrets(text: str) -> list[Secret]:
    if not text:
        return []
    folded = fold_width(text)
    found: list[Secret] = []
    taken = bytearray(len(text) + 1)
    for placeholder in PLACEHOLDER.finditer(text):  # text redacted before is left as it is: redacting is idempotent
        taken[placeholder.start():placeholder.end()] = b"\x01" * len(placeholder.group(0))
    for detector in _DETECTORS:
        for secret in detector(folded):
            if secret.end <= secret.start or all(taken[secret.start:secret.end]):
                continue
            if any(taken[secret.start:secret.end]):
                # Part of it was taken by a more certain detector ("银行账号 3100 2034 0900 1234 567", its tail read
                # as a phone): the two are one value, masked whole, or its other digits would stay in plain text.
                secret, found = _merged(secret, found)
            taken[secret.start:secret.end] = b"\x01" * (secret.end - secret.start)
            found.append(secret)
    return sorted(found, key=lambda secret: secret.start)


def _merged(secret: Secret, found: list[Secret]) -> tuple[Secret, list[Secret]]:
    """``secret`` joined with the secrets it overlaps, under the kind of the longest of them."""
    overlapping = [other for other in found if other.start < secret.end and secret.start < other.end]
    parts = [secret, *overlapping]
    longest = max(parts, key=lambda part: part.end - part.start)
    joined = Secret(longest.kind, min(part.start for part in parts), max(part.end for part in parts))
    return joined, [other for other in found if other not in overlapping]


__all__ = ["KINDS", "PLACEHOLDER", "Secret", "find_secrets"]
