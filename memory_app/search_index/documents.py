"""What the keyword index holds for each kind of item, as term digests.

The document is what plain retrieval would read (a turn as its transcript line; a memory as its sentence, its
entities and the question words of its key), cut into the same terms the keyword pass has always used
(``memory_app.keywords.terms``: CJK bigrams, lightly stemmed words). Each term is stored as a 63-bit BLAKE2b
digest: equality is all BM25 needs, and the index then holds no readable text."""
from collections import Counter
from hashlib import blake2b

from ..keywords import terms
from ..raw_retrieval import transcript_line
from ..taxonomy import key_terms


def term_digest(term: str) -> int:
    return int.from_bytes(blake2b(term.encode("utf-8"), digest_size=8).digest(), "big") >> 1


def digests(text: str) -> Counter:
    return Counter(term_digest(term) for term in terms(text))


def memory_document(text: str, entities, key: str) -> str:
    return f"{text} {' '.join(entities or [])} {key_terms(key)}"


def snippet_document(text: str, speaker: str, reply_words: str = "") -> str:
    """The transcript line, and the words of the assistant's reply kept with it (``Snippet.reply_words``)."""
    line = transcript_line(text, speaker)
    return f"{line} {reply_words}" if reply_words else line
