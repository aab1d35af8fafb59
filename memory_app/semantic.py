"""The semantic layer: informative messages become embedded snippets (with their source turn), and each
session keeps a running summary with the turns it covers. Both feed recall and the summary slot."""
import re
from datetime import datetime, timedelta

import numpy as np

from .actions import FORGET_REQUEST, FORGOTTEN
from .conf import app_settings
from .embedding import apply_embedding
from .extraction.filters import only_asks
from .extraction.language import ends_something, revises_earlier
from .models import Memory, SessionSummary, Snippet, Turn
from .packing import one_sentence
from .raw_retrieval import ANONYMOUS_SPEAKERS, transcript_line
from .keywords import terms
from .redaction import redact
from .search_index import bump_version
from .tokens import count_tokens

SUMMARY_MAX_TOKENS = 160
PLACEHOLDERS = {"", FORGOTTEN, FORGET_REQUEST}


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
                   observed_at: datetime, reply_words: str = "") -> Snippet:
    sources = [{"session": session_id, "turn": turn_id}]
    # A retried turn must not leave two copies. Its time (the turn's own) finds it through the user's time index:
    # matching on the sources alone read every snippet of the user.
    existing = Snippet.objects.for_user(tenant, user_id).filter(observed_at=observed_at, session_id=session_id,
                                                                sources=sources).first()
    if existing:
        return existing
    episode_days = app_settings.TTL_DAYS_BY_KIND.get("episode")
    # The text is stored without the speaker's name (attribution lives in ``speaker``); the vector is of the
    # transcript line, name included, as plain retrieval over the raw turns would index it (its opening, if long).
    snippet = Snippet(tenant=tenant, user_id=user_id, session_id=session_id, speaker=speaker,
                      text=redact(" ".join(text.split())), sources=sources, topic=topic, observed_at=observed_at,
                      reply_words=reply_words,
                      expires_at=observed_at + timedelta(days=episode_days) if episode_days else None)
    context = line_before(tenant, user_id, session_id, speaker=speaker, observed_at=observed_at, turn_id=turn_id)
    snippet.context_turn = context.turn_id if context else ""
    snippet.asks_only = only_asks(snippet.text)  # of the stored (redacted) text, as the migration's backfill reads it
    apply_embedding(snippet, snippet_vector_text(snippet, _as_context(context) if context else ""))  # redacted
    snippet.save()
    return snippet


def reply_words_of(turn: Turn) -> str:
    """The opening of the assistant's reply to ``turn`` that is keyword-indexed with its snippet: only a reply written
    without memory in its prompt (one written with memory repeats other turns' facts). after_turn stored it redacted."""
    if not (turn.reply_without_memory and app_settings.SNIPPET_REPLY_MAX_CHARS) or turn.reply in PLACEHOLDERS:
        return ""
    return " ".join(turn.reply.split())[:app_settings.SNIPPET_REPLY_MAX_CHARS]


def snippet_vector_text(snippet: Snippet, context: str = "") -> str:
    """The transcript line (its opening, if long), after the other person's line it answers when there is one."""
    line = vector_text(transcript_line(snippet.text, snippet.speaker))
    return f"{context}\n{line}" if context else line


def _named(speaker: str) -> bool:
    return not is_anonymous_speaker(speaker) and speaker != "assistant"


def line_before(tenant: str, user_id: str, session_id: str, *, speaker: str, observed_at: datetime,
                turn_id: str) -> Turn | None:
    """The other person's turn just before this one in a conversation between named people; None in a chat with an assistant, where the line before is
    the assistant's or the user's own. Long two-person chats answer each other: "went hiking with the kids" is
    about the question it answers, and retrieval finds it by that question's words (+7 points recall@5 on the
    LoCoMo development conversations)."""
    if not app_settings.SNIPPET_CONTEXT_MAX_CHARS or not _named(speaker):
        return None
    previous = Turn.objects.for_user(tenant, user_id).filter(session_id=session_id, occurred_at__lte=observed_at).exclude(
        turn_id=turn_id).order_by("-occurred_at", "-pk").only("turn_id", "speaker", "text").first()
    if previous is None or previous.speaker == speaker or not _named(previous.speaker) or previous.text in PLACEHOLDERS:
        return None
    return previous


def _as_context(turn: Turn) -> str:
    """A turn as it goes in front of the next speaker's line: redacted, its opening, with the speaker's name."""
    return transcript_line(redact(turn.text)[:app_settings.SNIPPET_CONTEXT_MAX_CHARS], turn.speaker)


def context_lines(snippets) -> dict[int, str]:
    """Snippet pk -> the context line its vector was made with (re-embedding makes the same vector)."""
    wanted = [snippet for snippet in snippets if snippet.context_turn]
    lines = {}
    for tenant, user_id in {(snippet.tenant, snippet.user_id) for snippet in wanted}:
        mine = [snippet for snippet in wanted if (snippet.tenant, snippet.user_id) == (tenant, user_id)]
        turns = {(turn.session_id, turn.turn_id): turn for turn in Turn.objects.for_user(tenant, user_id).filter(
            turn_id__in={snippet.context_turn for snippet in mine}).only("session_id", "turn_id", "speaker", "text")}
        for snippet in mine:
            turn = turns.get((snippet.session_id, snippet.context_turn))
            if turn is not None and turn.text not in PLACEHOLDERS:
                lines[snippet.pk] = _as_context(turn)
    return lines


def drop_context_of(tenant: str, user_id: str, erased: set[tuple[str, str]]) -> int:
    """Snippets whose vector was made with a line now forgotten are embedded again from their own line alone: a
    vector carries what it was made from. Returns how many."""
    if not erased:
        return 0
    sessions = {session for session, _ in erased}
    affected = [snippet for snippet in Snippet.objects.for_user(tenant, user_id).filter(
        session_id__in=sessions, context_turn__in={turn for _, turn in erased})
        if (snippet.session_id, snippet.context_turn) in erased]
    for snippet in affected:
        snippet.context_turn = ""
        apply_embedding(snippet, snippet_vector_text(snippet))
        snippet.save()
    if affected:
        bump_version(tenant, user_id, vectors_replaced=True)  # existing rows' vectors changed
    return len(affected)


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


def relink_revisions(tenant: str, user_id: str) -> int:
    """Link every message of one user to what it revises, oldest first, as ``link_revision`` does when a message
    is stored: for rows stored before the grammar knew their kind of revision. Run by ``memory reindex`` after
    the keyword index is rebuilt. Returns the number of links made."""
    unlinked = Snippet.objects.for_user(tenant, user_id).filter(revises__isnull=True).order_by("observed_at", "pk")
    # Full rows (vectors) only for the few messages the grammar reads as revisions, read one by one: rows of the
    # same table are written while they are linked.
    candidates = [pk for pk, text in unlinked.values_list("pk", "text") if revises_earlier(text)]
    return sum(link_revision(Snippet.objects.get(pk=pk)) is not None for pk in candidates)


def revised_among(text: str, nearest_first: list[Snippet], shared_words: dict[int, float]) -> Snippet | None:
    """Of the speaker's earlier statements nearest in meaning, the nearest that shares enough of the revision's rare
    words (``shared_words``: pk -> share, see REVISION_MIN_SHARED) and, when the revision gives a value (a number, a
    date, a time), gives one too: what changes is a value, so a statement without one is not what it replaces. A
    message that ends something ("quit the choir in May") names when, not a new value: it replaces any statement."""
    gives_value = bool(_VALUE.search(text)) and not ends_something(text)
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
