"""Forget requests that found nothing to delete stay standing, and guard the prompt.

When no message fits a description well enough to be erased ("my housing worries" for a message about an eviction:
the small embedder ties the two only loosely), the request is still a description of something the user said
and wants gone. A later question about that subject is close to the description itself: two short phrasings of
one subject, which the embedder compares more reliably than a phrase with a message. So when a question is about a
standing request (``FORGET_STANDING_QUERY_LIFT``), what the user said before the request and that leans towards
its description (``FORGET_STANDING_ITEM_LIFT``) is withheld from the prompt: still stored, still findable, never
injected, like a replaced statement. Lifts are similarity above the text's neutral baseline in units of the
embedder's spread (see ``calibration``), as in ``forget_matching``. Only the description's vector is kept, never
its words.
"""
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

import numpy as np
from django.db.models import Value

from .calibration import baseline_similarity
from .conf import app_settings
from .embedding import embed_passages_safely, embed_query_safely
from .models import Memory, Snippet, StandingForgetRequest
from .providers import get_embedder
from .search_index import vector_index

PART = "standing"  # its tag in recall.read_user_side's UNION


@dataclass
class Standing:
    vector: np.ndarray
    asked_at: datetime

    @cached_property
    def baseline(self) -> float:
        """How similar the description is to unrelated text: needed only on a turn the request is about."""
        return baseline_similarity(self.vector)


def record(tenant: str, user_id: str, description: str, *, asked_at: datetime, session_id: str = "",
           turn_id: str = "") -> bool:
    """Keep a request that found nothing standing; False when there is no embedder to keep it with."""
    vector = embed_query_safely(description)
    if vector is None:
        return False
    StandingForgetRequest.objects.create(tenant=tenant, user_id=user_id, session_id=session_id, turn_id=turn_id,
                                         vector=[round(float(value), 6) for value in vector],
                                         embedding_model=get_embedder().name, asked_at=asked_at)
    return True


def union_part(tenant: str, user_id: str, null_float, null_pk):
    """The user's standing requests as a part of ``read_user_side``'s UNION: (tag, pk, model, -, vector, asked)."""
    return StandingForgetRequest.objects.for_user(tenant, user_id).values_list(
        Value(PART), null_pk, "embedding_model", null_float, "vector", "asked_at")


def from_row(embedding_model: str, vector, asked_at: datetime) -> Standing | None:
    """A standing request as recall reads it; None when another embedder made its vector (it cannot be compared)."""
    if embedding_model != get_embedder().name or not vector:
        return None
    return Standing(np.asarray(vector, dtype=np.float32), asked_at)


def withhold(items: list, query_vector, standing: list[Standing]) -> None:
    """Mark ``withheld`` the items a standing request guards from this question: the question is about the
    request's subject, and the item was said before the request and leans towards it.
    Without the question's vector (the embedder failed for it) every standing request is taken to be about it:
    the stored vectors still tell which items fit a request, and privacy errs on the side of leaving them out."""
    if not standing:
        return
    spread = get_embedder().similarity_spread
    if query_vector is None:
        about = standing
    else:
        query = np.asarray(query_vector, dtype=np.float32)
        query_baseline = baseline_similarity(query)
        about = [request for request in standing if _lift(query, request.vector, query_baseline, spread)
                 >= app_settings.FORGET_STANDING_QUERY_LIFT]
    said_before = [item for item in items if item.observed_at and any(item.observed_at <= request.asked_at
                                                                     for request in about)]
    if not said_before:
        return
    vectors = _vectors_of(said_before)
    guarded = set()
    for request in about:
        guarded |= _one_matter(said_before, [
            _lift(vector, request.vector, request.baseline, spread)
            if vector is not None and len(vector) == len(request.vector) and item.observed_at <= request.asked_at
            else None
            for item, vector in zip(said_before, vectors)])
    for position in guarded:
        said_before[position].withheld = True


def _one_matter(items: list, lifts: list[float | None]) -> set[int]:
    """What one request guards: the item that fits it best, when it leans towards it (``FORGET_STANDING_ITEM_LIFT``),
    those within ``FORGET_STANDING_GAP`` of it, and other copies of the same messages. A request names one matter,
    and a description leans a little towards everything near its subject ("my housing worries" towards beehives on
    a roof): only the best fit is taken for it."""
    leaning = [(lift, position) for position, lift in enumerate(lifts)
               if lift is not None and lift >= app_settings.FORGET_STANDING_ITEM_LIFT]
    if not leaning:
        return set()
    best = max(lift for lift, _ in leaning)
    chosen = {position for lift, position in leaning if lift >= best - app_settings.FORGET_STANDING_GAP}
    # A session summary covers many messages: it is withheld when it fits itself, and takes no message along.
    turns = set().union(*(items[position].turn_ids for position in chosen if items[position].source_type != "summary"))
    return chosen | {position for position, item in enumerate(items)
                     if item.source_type != "summary" and item.turn_ids & turns}


def _lift(vector: np.ndarray, other: np.ndarray, baseline: float, spread: float) -> float:
    similarity = float(vector @ other) / ((float(np.linalg.norm(vector)) * float(np.linalg.norm(other))) or 1.0)
    return (similarity - baseline) / spread


def _vectors_of(items: list) -> list[np.ndarray | None]:
    """Stored vectors of memories and snippets (one read each, only on a turn a standing request is about);
    the rest (a session summary) embedded."""
    stored: dict[tuple[str, int], np.ndarray | None] = {}
    for model, source_type in ((Memory, "memory"), (Snippet, "snippet")):
        keys = [item.row.pk for item in items if item.source_type == source_type]
        if keys:
            rows = vector_index().rows_with_vectors_each([model.objects.filter(pk__in=keys).only("pk")])[0]
            stored.update({(source_type, row.pk): vector for row, vector in rows})
    vectors = [stored.get((item.source_type, getattr(item.row, "pk", None))) for item in items]
    missing = [position for position, vector in enumerate(vectors) if vector is None]
    if missing:
        embedded, _ = embed_passages_safely([items[position].text for position in missing])
        for position, vector in zip(missing, embedded):
            vectors[position] = vector
    return vectors
