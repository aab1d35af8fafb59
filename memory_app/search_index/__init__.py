"""Search indexes written with every item, read by recall: ``keyword_index()`` and ``vector_index()``.

The providers are chosen here and only here, by the database in use; recall never asks which database it
runs on. ``reindex`` rebuilds both from the stored rows (``manage.py memory reindex``, and the migration that
introduced them)."""
from functools import cache

from django.db import connection

from .keyword import KeywordQuery, PostingsKeywordIndex
from .vector import CachedMatrixVectorIndex, PgCachedMatrixVectorIndex

__all__ = ["KeywordQuery", "keyword_index", "vector_index", "reindex_user", "indexed_users", "bump_version"]


@cache
def keyword_index() -> PostingsKeywordIndex:
    return PostingsKeywordIndex()


@cache
def _vector_providers() -> dict:
    return {"postgresql": PgCachedMatrixVectorIndex(), "sqlite": CachedMatrixVectorIndex()}


def vector_index():
    providers = _vector_providers()
    return providers.get(connection.vendor, providers["sqlite"])


def bump_version(tenant: str, user_id: str, *, vectors_replaced: bool = False) -> None:
    """Rows of this user changed (added or removed): cached matrices need the new rows. ``vectors_replaced``:
    the vectors of rows already there changed too (re-embedded, edited): cached matrices must be read again."""
    keyword_index().bump(tenant, user_id)
    if vectors_replaced:
        from ..models import SearchIndexState
        from .keyword import new_version

        SearchIndexState.objects.filter(tenant=tenant, user_id=user_id).update(vectors_version=new_version())


# The fields a document is made of (see signals.document_of): reading only these lets the migration that
# introduced the index pass its historical models.
DOCUMENT_FIELDS = {"memory": ("tenant", "user_id", "text", "is_encrypted", "entities", "key"),
                   "snippet": ("tenant", "user_id", "text", "speaker")}
LATER_DOCUMENT_FIELDS = {"snippet": ("reply_words",)}  # added after that migration: read when the model has them


def reindex_user(tenant: str, user_id: str, models: dict | None = None) -> int:
    """Rebuild one user's postings and statistics from their rows; returns the number of items indexed."""
    from ..models import Memory, Snippet
    from .signals import document_of

    models = models or {"memory": Memory, "snippet": Snippet}
    index = keyword_index()
    index.drop_user(tenant, user_id)
    count = 0
    for source_type, model in models.items():
        fields = [*DOCUMENT_FIELDS[source_type], *(name for name in LATER_DOCUMENT_FIELDS.get(source_type, ())
                                                   if any(field.name == name for field in model._meta.fields))]
        rows = list(model.objects.filter(tenant=tenant, user_id=user_id).only(*fields))
        index.add_new(source_type, ((item, document_of(source_type, item)) for item in rows))
        count += len(rows)
    return count  # drop_user gave the user a new version: cached matrices reload


def indexed_users(tenant: str | None = None, models: dict | None = None) -> list[tuple[str, str]]:
    """Every (tenant, user) with memories or snippets, optionally in one tenant."""
    from ..models import Memory, Snippet

    users = set()
    for model in (models or {"memory": Memory, "snippet": Snippet}).values():
        rows = model.objects.all() if tenant is None else model.objects.filter(tenant=tenant)
        users |= set(rows.values_list("tenant", "user_id").distinct())
    return sorted(users)
