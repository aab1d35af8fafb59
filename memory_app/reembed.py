"""Re-embedding stored memories and snippets, for when the embedder or its dimension changes.

Every vector is stored with the name of the embedder that made it and its dimension, and recall only
compares vectors of the query's dimension; so after switching CHATMEM_EMBEDDER, old rows are invisible to
vector recall (keyword recall still finds them) until this has run. ``missing`` mode re-embeds only rows
without a vector or with another embedder/dimension (also the rows an embedder outage left without one);
``all`` mode re-embeds everything. On PostgreSQL the HNSW indexes are rebuilt when the dimension changes.

Rows are read and written in primary-key batches, so a large store needs no large memory and a run that
stops half-way (embedder down) keeps what it did: running ``missing`` again carries on.
"""
import logging
from collections import Counter
from dataclasses import asdict, dataclass

from django.db import connection, transaction
from django.db.models import Q

from . import crypto, progress
from .actions import record_event
from .search_index import bump_version
from .models import EventAction, Memory, Snippet, StandingForgetRequest
from .pgindex import create_hnsw_indexes, drop_hnsw_indexes, existing_hnsw_dims
from .providers import get_embedder
from .providers.embedders import EmbedderError
from .semantic import context_lines, snippet_vector_text

logger = logging.getLogger(__name__)

DEFAULT_BATCH_SIZE = 64
_VECTOR_FIELDS = ["embedding", "embedding_model", "embedding_dim"]


class ReembedError(RuntimeError):
    """The embedder failed part-way; ``report`` says what was done before it did."""

    def __init__(self, message: str, report: "ReembedReport"):
        super().__init__(message)
        self.report = report


@dataclass
class ReembedReport:
    embedder: str
    dim: int
    mode: str  # "missing" | "all"
    memories: int = 0
    snippets: int = 0
    indexes_rebuilt: bool = False
    users: int = 0
    # Standing forget requests made with another embedder: only their vector was kept, never their words, so
    # nothing can re-embed them and they no longer guard (forget_guard compares vectors of one embedder).
    standing_requests_left_behind: int = 0

    def as_dict(self) -> dict:
        return asdict(self)


def _rows_to_embed(model, *, embedder_name: str, dim: int, everything: bool, tenant: str | None):
    rows = model.objects.all()
    if tenant:
        rows = rows.filter(tenant=tenant)
    if not everything:
        rows = rows.filter(Q(embedding__isnull=True) | ~Q(embedding_model=embedder_name) | ~Q(embedding_dim=dim))
    return rows.defer("embedding").order_by("pk")


def count_rows_to_embed(*, everything: bool = False, tenant: str | None = None) -> dict:
    """How many rows a run would touch (for ``--dry-run``); probes the embedder for its dimension."""
    embedder, dim = _probe_embedder()
    return {
        model._meta.model_name: _rows_to_embed(model, embedder_name=embedder.name, dim=dim, everything=everything,
                                               tenant=tenant).count()
        for model in (Memory, Snippet)
    }


def _probe_embedder():
    """An OpenAI-compatible embedder only knows its dimension after a call: make one."""
    embedder = get_embedder()
    return embedder, int(embedder.embed_passages(["dimension probe"]).shape[1])


def _plain_text(row, contexts: dict[int, str]) -> str:
    # High-sensitivity memories may be encrypted at rest; the vector is made from the plain sentence,
    # exactly as create_memory did before sealing it.
    if isinstance(row, Memory):
        return crypto.reveal_text(row)
    # a snippet is embedded as record_snippet did: its line, after the line it answers when it had one
    return snippet_vector_text(row, contexts.get(row.pk, ""))


def _embed_model_rows(model, embedder, dim: int, *, everything: bool, tenant: str | None, batch_size: int,
                      done_per_user: Counter) -> None:
    last_pk = 0
    pending = _rows_to_embed(model, embedder_name=embedder.name, dim=dim, everything=everything, tenant=tenant)
    progress.stage(f"reembed {model._meta.verbose_name_plural}")
    progress.expect_rows(pending)
    while True:
        batch = list(pending.filter(pk__gt=last_pk)[:batch_size])
        if not batch:
            return
        contexts = context_lines(batch) if model is Snippet else {}
        vectors = embedder.embed_passages([_plain_text(row, contexts) for row in batch])
        for row, vector in zip(batch, vectors):
            row.embedding, row.embedding_model, row.embedding_dim = vector, embedder.name, int(vector.shape[0])
            done_per_user[(row.tenant, row.user_id, model._meta.model_name)] += 1
        with transaction.atomic():
            model.objects.bulk_update(batch, _VECTOR_FIELDS)
            for tenant, user_id in {(row.tenant, row.user_id) for row in batch}:
                bump_version(tenant, user_id, vectors_replaced=True)  # bulk_update sends no signal: matrices reload
        progress.advance(len(batch))
        last_pk = batch[-1].pk


def _record_audit(done_per_user: Counter, report: ReembedReport, actor: str) -> None:
    """One event per user and run (not per row), so each user's trail says their vectors were rebuilt."""
    report.memories = sum(n for (_, _, kind), n in done_per_user.items() if kind == "memory")
    report.snippets = sum(n for (_, _, kind), n in done_per_user.items() if kind == "snippet")
    users = sorted({(tenant, user_id) for tenant, user_id, _ in done_per_user})
    for tenant, user_id in users:
        counts = {kind: done_per_user[(tenant, user_id, kind)] for kind in ("memory", "snippet")}
        record_event(None, EventAction.UPDATE, actor=actor, tenant=tenant, user_id=user_id,
                     detail={"reembedded": counts, "embedder": report.embedder, "dim": report.dim})
    report.users = len(users)


def _rebuild_indexes_if_needed(dim: int) -> bool:
    if connection.vendor != "postgresql" or existing_hnsw_dims(connection) == {dim}:
        return False
    with transaction.atomic():
        # Deferred foreign-key checks still pending in an enclosing transaction would make PostgreSQL refuse
        # CREATE INDEX ("pending trigger events"): run them now.
        connection.check_constraints()
        drop_hnsw_indexes(connection)
        create_hnsw_indexes(connection, dim)
    return True


def reembed(*, everything: bool = False, tenant: str | None = None, batch_size: int = DEFAULT_BATCH_SIZE,
            actor: str = "reembed") -> ReembedReport:
    """Re-embed memories (all versions, so a restored one is found again) and snippets.

    Raises ReembedError if the embedder fails; batches already written stay written and audited.
    """
    try:
        embedder, dim = _probe_embedder()
    except EmbedderError as error:
        raise ReembedError(f"the embedder is not available: {error}", ReembedReport("", 0, "")) from error
    report = ReembedReport(embedder=embedder.name, dim=dim, mode="all" if everything else "missing")
    done_per_user: Counter = Counter()  # (tenant, user_id, "memory" | "snippet") -> rows re-embedded
    try:
        for model in (Memory, Snippet):
            _embed_model_rows(model, embedder, dim, everything=everything, tenant=tenant, batch_size=batch_size,
                              done_per_user=done_per_user)
    except EmbedderError as error:
        _record_audit(done_per_user, report, actor)
        raise ReembedError(f"the embedder failed after {report.memories + report.snippets} rows: {error}",
                           report) from error
    _record_audit(done_per_user, report, actor)
    report.indexes_rebuilt = _rebuild_indexes_if_needed(dim)
    standing = StandingForgetRequest.objects.exclude(embedding_model=embedder.name)
    report.standing_requests_left_behind = (standing.filter(tenant=tenant) if tenant else standing).count()
    # debug, not info: the command prints the same line, and info would repeat it on stderr
    logger.debug("reembed %s: %s memories, %s snippets with %s (%s dims)", report.mode, report.memories,
                 report.snippets, report.embedder, report.dim)
    return report
