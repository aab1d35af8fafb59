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

A request that found nothing also withholds, from every prompt whatever the question, the message the user had
said in confidence ("strictly between the two of us", "替我保密") that its description fits best
(``forget_matching.closest_confidence``): what people later ask to have forgotten is mostly what they asked to keep
quiet, and the tie is too loose to erase it.
"""
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

import numpy as np
from django.db.models.signals import post_delete, post_save

from .calibration import baseline_similarity
from .conf import app_settings
from .embedding import embed_passages_safely, embed_query_safely
from .models import Memory, SearchIndexState, Snippet, StandingForgetRequest
from .providers import get_embedder
from .search_index import vector_index
from .search_index.keyword import new_version
from .search_index.state import IndexState

CACHED_USERS = 1024  # users whose standing requests a process keeps (a few KB a request)


@dataclass
class Standing:
    vector: np.ndarray
    asked_at: datetime

    @cached_property
    def baseline(self) -> float:
        """How similar the description is to unrelated text: needed only on a turn the request is about."""
        return baseline_similarity(self.vector)


@dataclass
class StandingRequests:
    """One user's standing requests as of ``version`` (their ``SearchIndexState.standing_version``), with their
    vectors stacked and normalised: a question is compared with all of them in one product. ``guarded``: the
    (session, turn) of every message said in confidence that one of them withholds from every prompt, including
    requests of another embedder, whose vectors cannot be compared but whose turns need no vector."""
    version: int = 0
    requests: list[Standing] = field(default_factory=list)
    matrix: np.ndarray | None = None
    guarded: frozenset = frozenset()


NONE_STANDING = StandingRequests()

# Per process, by user: a turn reads a user's standing requests only when their version moved (one was recorded or
# lifted), so their number does not weigh on every turn; most users have none and read nothing.
_cache: OrderedDict[tuple[str, str], StandingRequests] = OrderedDict()
_cache_lock = threading.Lock()


def record(tenant: str, user_id: str, description: str, *, asked_at: datetime, session_id: str = "",
           turn_id: str = "", guarded_turns=frozenset()) -> bool:
    """Keep a request that found nothing standing; False when there is no embedder to keep it with.
    ``guarded_turns``: (session, turn) of the message said in confidence it withholds from every prompt
    (``forget_matching.closest_confidence``)."""
    vector = embed_query_safely(description)
    if vector is None:
        return False
    StandingForgetRequest.objects.create(tenant=tenant, user_id=user_id, session_id=session_id, turn_id=turn_id,
                                         vector=[round(float(value), 6) for value in vector],
                                         embedding_model=get_embedder().name, asked_at=asked_at,
                                         guarded_turns=sorted([session, turn] for session, turn in guarded_turns))
    return True


def standing_requests(tenant: str, user_id: str, state: IndexState) -> StandingRequests:
    """The user's standing requests that the current embedder can compare (``state``: the user's index state,
    which every turn reads anyway): from this process's cache while their version holds, else one read."""
    if not state.standing_version:
        return NONE_STANDING
    key = (tenant, user_id)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None and cached.version == state.standing_version:
            _cache.move_to_end(key)
            return cached
    rows = StandingForgetRequest.objects.for_user(tenant, user_id).values_list("embedding_model", "vector", "asked_at",
                                                                              "guarded_turns")
    requests = [request for request in (from_row(*row[:3]) for row in rows) if request is not None]
    guarded = frozenset((str(session), str(turn)) for *_, turns in rows for session, turn in turns or ())
    matrix = None
    if requests:
        matrix = np.stack([request.vector for request in requests])
        matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    found = StandingRequests(state.standing_version, requests, matrix, guarded)
    with _cache_lock:
        _cache[key] = found
        _cache.move_to_end(key)
        while len(_cache) > CACHED_USERS:
            _cache.popitem(last=False)
    return found


def from_row(embedding_model: str, vector, asked_at: datetime) -> Standing | None:
    """A standing request as recall compares it; None when another embedder made its vector (it cannot be compared)."""
    if embedding_model != get_embedder().name or not vector:
        return None
    return Standing(np.asarray(vector, dtype=np.float32), asked_at)


def _recorded(sender, instance, created: bool, **kwargs) -> None:
    if created:  # a request is never edited in place
        _stamp(instance.tenant, instance.user_id, remaining=True)


def _lifted(sender, instance, **kwargs) -> None:
    with _cache_lock:  # this process lets go of the lifted vector now; others on the user's next turn
        _cache.pop((instance.tenant, instance.user_id), None)
    _stamp(instance.tenant, instance.user_id,
           remaining=StandingForgetRequest.objects.for_user(instance.tenant, instance.user_id).exists())


def _stamp(tenant: str, user_id: str, *, remaining: bool) -> None:
    """A request was recorded or lifted (by forgetting, a moderator, the user's erasure): the user's standing
    version moves, so every process reads their requests again; 0 once none is left."""
    if not remaining:
        SearchIndexState.objects.filter(tenant=tenant, user_id=user_id).update(standing_version=0)
        return
    # An upsert: a user may have no index state yet.
    SearchIndexState.objects.bulk_create(
        [SearchIndexState(tenant=tenant, user_id=user_id, version=new_version(), vectors_version=new_version(),
                          standing_version=new_version())],
        update_conflicts=True, unique_fields=["tenant", "user_id"], update_fields=["standing_version"])


def connect() -> None:
    post_save.connect(_recorded, sender=StandingForgetRequest, dispatch_uid="forget_guard.recorded")
    post_delete.connect(_lifted, sender=StandingForgetRequest, dispatch_uid="forget_guard.lifted")


def withhold(items: list, query_vector, standing: StandingRequests) -> None:
    """Mark ``withheld`` the items a standing request guards from this question: the question is about the
    request's subject, and the item was said before the request and leans towards it.
    Without the question's vector (the embedder failed for it) every standing request is taken to be about it:
    the stored vectors still tell which items fit a request, and privacy errs on the side of leaving them out."""
    _withhold_confidences(items, standing.guarded)
    if not standing.requests:
        return
    spread = get_embedder().similarity_spread
    if query_vector is None:
        about = standing.requests
    else:
        query = np.asarray(query_vector, dtype=np.float32)
        if len(query) != standing.matrix.shape[1]:
            about = []
        else:
            cosines = standing.matrix @ (query / (float(np.linalg.norm(query)) or 1.0))
            lifts = (cosines - baseline_similarity(query)) / spread
            about = [standing.requests[position]
                     for position in np.flatnonzero(lifts >= app_settings.FORGET_STANDING_QUERY_LIFT)]
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


def _withhold_confidences(items: list, guarded: frozenset) -> None:
    """Whatever the question, every copy of a message said in confidence that a standing request guards."""
    if not guarded:
        return
    for item in items:
        if any((str(source.get("session", "")), str(source.get("turn", ""))) in guarded for source in item.sources):
            item.withheld = True


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
