"""The browser's language for a websocket, as LocaleMiddleware picks it for pages (Accept-Language)."""
from django.conf import settings
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header


def language_for_scope(scope) -> str:
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in parse_accept_lang_header(accept):
        if code == "*":
            continue
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE
