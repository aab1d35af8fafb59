"""Secrets never reach storage, logs or audit details in plain text.

``find_secrets`` (from ``memory_app.sensitive``) spots card, ID, phone, passport and account numbers, IBANs,
passwords and codes, API keys and tokens in Chinese and English text, by shape; ``redact`` replaces each with a
typed placeholder such as ``[phone]``.
"""
import logging

from .sensitive import KINDS, PLACEHOLDER, Secret, find_secrets

__all__ = ["KINDS", "PLACEHOLDER", "RedactingFilter", "Secret", "contains_secret", "find_secrets", "redact", "redact_data"]


def contains_secret(text: str) -> bool:
    return bool(find_secrets(text))


def redact(text: str) -> str:
    if not text:
        return text
    pieces, cursor = [], 0
    for secret in find_secrets(text):
        pieces.append(text[cursor:secret.start])
        pieces.append(f"[{secret.kind}]")
        cursor = secret.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def redact_data(value):
    """Redact every string inside a JSON-like value (for audit details)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {key: redact_data(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_data(item) for item in value]
    return value


class RedactingFilter(logging.Filter):
    """Logging filter: the formatted message and its arguments never carry a secret."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is not ours to fix here
            return True
        record.msg, record.args = redact(message), None
        return True
