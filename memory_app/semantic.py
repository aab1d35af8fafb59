"""The semantic layer: informative messages become embedded snippets (with their source turn), and each
session keeps a running summary with the turns it covers. Both feed recall and the summary slot."""
import re
from datetime import datetime, timedelta

import numpy as np

from .conf import app_settings
from .embedding import apply_embedding
from .extraction.language import revises_earlier
from .models import Memory, SessionSummary, Snippet
from .packing import one_sentence
from .raw_retrieval import ANONYMOUS_SPEAKERS, transcript_line
from .keywords import terms
from .redaction import redact
from .tokens import count_tokens

SUMMARY_MAX_TOKENS = 160


def snippet_text(text: str, speaker: str) -> str:
    """How a line reads to a person and to search: the speaker's name in front when it is a named person."""
    return transcript_line(redact(text), speaker)


def vector_text(line: str) -> str:
    """What a snippet's vector is made from: the line, or for a long one its opening within
    CHATMEM_SNIPPET_VECTOR_MAX_TOKENS (estimated), cut after a sentence end or a space when one is near.
    Linear in the line's length: characters are counted once, up to the budget."""
    budget, used = app_settings.SNIPPET_VECTOR_MAX_TOKENS, 0.0
    for index, character in enumerate(line):
        used += 1.0 if "\u3400" <= character <= "\u9fff" else 0.25
        if used > budget:
            return _cut_near_the_end(line[:index])
    return line


def _cut_near_the_end(opening: str) -> str:
    """After the last sentence end in the last two thirds of ``opening``, else after its last comma or space there
    (a whole sentence reads better than one more half sentence)."""
    for marks in ("。！？!?.；;", "，, "):
        cut = max(opening.rfind(mark) for mark in marks)
        if cut >= len(opening) // 3:
            return opening[:cut + 1].rstrip()
    return opening


def is_anonymous_speaker(speaker: str) -> bool:
    return speaker in ANONYMOUS_SPEAKERS


_QUESTION_END = re.compile(r"[?？]\s*$")
_FIRST_PERSON = re.compile(r"(我|咱|俺)|\b(i|i'm|i've|i'd|my|me|we|we're|our|us)\b", re.IGNORECASE)
MIN_SNIPPET_TERMS = 3


def worth_a_snippet(text: str, *, extracted_something: bool) -> bool:
    """Keep what a later question could need; drop "lol", "Later!", "害", "How about you?"."""
    if extracted_something:
        return True
    if len(terms(text)) < MIN_SNIPPET_TERMS:
        return False
    return not (_QUESTION_END.search(text) and not _FIRST_PERSON.search(text))


def record_snippet(*, tenant: str, user_id: str, session_id: str, turn_id: str, speaker: str, text: str, topic: str,
                   observed_at: datetime) -> Snippet:
    sources = [{"session": session_id, "turn": turn_id}]
    existing = Snippet.objects.for_user(tenant, user_id).filter(session_id=session_id, sources=sources).first()
    if existing:  # a retried turn must not leave two copies
        return existing
    episode_days = app_settings.TTL_DAYS_BY_KIND.get("episode")
    # The text is stored without the speaker's name (attribution lives in ``speaker``); the vector is of the
    # transcript line, name included, as plain retrieval over the raw turns would index it (its opening, if long).
    snippet = Snippet(tenant=tenant, user_id=user_id, session_id=session_id, speaker=speaker,
                      text=redact(" ".join(text.split())), sources=sources, topic=topic, observed_at=observed_at,
                      expires_at=observed_at + timedelta(days=episode_days) if episode_days else None)
    apply_embedding(snippet, vector_text(transcript_line(snippet.text, speaker)))  # text is redacted already
    snippet.save()
    return snippet


REVISION_CANDIDATES = 5  # how many of the nearest earlier statements a revision may point to
# A value that a revision replaces: numbers and amounts, dates, times, weekdays, months.
_VALUE = re.compile(r"\d|[零一二两三四五六七八九十百千万]{2,}|[一二两三四五六七八九十百千万半][号日点月周年块元岁斤个次天分]|周[一二三四五六日天末]|星期|礼拜|上午|下午|晚上|早上"
                    r"|(?i:\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|hundred|thousand|half|"
                    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|morning|afternoon|evening|noon|"
                    r"january|february|march|april|may|june|july|august|september|october|november|december)s?\b)")


# The share of the revision's own BM25 score (its rare words, weighted over the user's items) that the revised
# statement must match: a share, not a score, so short histories and long ones are read alike.
REVISION_MIN_SHARED = 0.10


def link_revision(snippet: Snippet) -> Snippet | None:
    """A message that corrects or changes something said before often leaves the subject out ("it got pushed to
    Friday", "改到周四了"), so plain retrieval ranks the old statement above it. Link it to what it revises
    (``revised_among``). Recall lets the revision stand in for that statement (``recall._revisions_stand_in``)."""
    from .search_index import keyword_index, vector_index

    if snippet.embedding is None or not revises_earlier(snippet.text):
        return None
    tenant, user_id = snippet.tenant, snippet.user_id
    earlier = Snippet.objects.for_user(tenant, user_id).filter(
        speaker=snippet.speaker, observed_at__lte=snippet.observed_at).exclude(pk=snippet.pk)
    nearest = [row for row, _ in vector_index().nearest(earlier, tenant, user_id,
                                                        np.asarray(snippet.embedding, dtype=np.float32),
                                                        REVISION_CANDIDATES)]
    keywords = keyword_index()
    prepared = keywords.prepare(tenant, user_id, snippet.text) if nearest else None
    if prepared is None:  # nothing said before, or no word to share
        return None
    own_score = prepared.score_text(snippet.text) or 1.0
    shared = {pk: score / own_score for pk, score in
              keywords.scores(prepared, tenant, user_id, "snippet", [row.pk for row in nearest]).items()}
    revised = revised_among(snippet.text, nearest, shared)
    if revised is not None:
        Snippet.objects.filter(pk=snippet.pk).update(revises=revised)  # no re-indexing: text and vector unchanged
        snippet.revises = revised
    return revised


def revised_among(text: str, nearest_first: list[Snippet], shared_words: dict[int, float]) -> Snippet | None:
    """Of the speaker's earlier statements nearest in meaning, the nearest that shares enough of the revision's rare
    words (``shared_words``: pk -> share, see REVISION_MIN_SHARED) and, when the revision gives a value (a number, a
    date, a time), gives one too: what changes is a value, so a statement without one is not what it replaces."""
    gives_value = bool(_VALUE.search(text))
    return next((row for row in nearest_first if shared_words.get(row.pk, 0.0) >= REVISION_MIN_SHARED
                 and (not gives_value or _VALUE.search(row.text))), None)


def mark_snippets_stale(superseded: Memory, now: datetime) -> int:
    """The statement a superseded memory came from no longer holds; keep it for history, not for recall."""
    from django.db import connection

    turns = [source for source in superseded.sources or [] if source.get("turn")]
    fresh = Snippet.objects.for_user(superseded.tenant, superseded.user_id).filter(stale_since__isnull=True)
    if connection.features.supports_json_field_contains:
        ids = set()
        for source in turns:
            ids |= set(fresh.filter(sources__contains=[source]).values_list("pk", flat=True))
    else:  # SQLite has no JSON containment; one user's snippets are few enough to check here
        ids = {snippet.pk for snippet in fresh.only("pk", "sources") if any(s in (snippet.sources or []) for s in turns)}
    return Snippet.objects.filter(pk__in=ids).update(stale_since=now)


def update_session_summary(*, tenant: str, user_id: str, session_id: str, turn_id: str, speaker: str, text: str,
                           now: datetime) -> SessionSummary:
    """Extractive running summary: one short line per informative message, newest kept within a budget."""
    summary, _ = SessionSummary.objects.get_or_create(tenant=tenant, user_id=user_id, session_id=session_id)
    line = one_sentence(snippet_text(text, speaker))
    lines = [existing for existing in summary.text.split("\n") if existing and existing != line] + [line]
    sources = [source for source in summary.sources if source.get("turn") != turn_id] + [{"session": session_id, "turn": turn_id}]
    while len(lines) > 1 and count_tokens("\n".join(lines)) > SUMMARY_MAX_TOKENS:
        lines.pop(0)
    summary.text = "\n".join(lines)
    summary.sources = sources[-len(lines):]
    summary.updated_at = now
    summary.save()
    return summary
