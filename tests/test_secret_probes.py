"""The secret detector on probe messages written apart from it (tests/secret_probe_messages.py): 160 messages with
one secret each, of every kind and shape, and 80 with numbers that are not secrets."""
import unicodedata

import pytest

from memory_app.redaction import redact
from tests.secret_probe_messages import HARMLESS_MESSAGES, SECRET_MESSAGES


def _compact(text: str) -> str:
    return "".join(character for character in unicodedata.normalize("NFKC", text) if character.isalnum())


@pytest.mark.parametrize("message, secret", SECRET_MESSAGES)
def test_every_probe_secret_is_redacted(message, secret):
    redacted = redact(message)
    assert secret not in redacted and _compact(secret) not in _compact(redacted), redacted


@pytest.mark.parametrize("message", HARMLESS_MESSAGES)
def test_numbers_that_are_no_secret_stay_readable(message):
    assert redact(message) == message
