"""Every write of a memory or a snippet updates the indexes in the same transaction.

Signals rather than calls in each write path: memories and snippets are saved and deleted from many places
(actions, forgetting, erasure, admin, cascades), and a path that forgot the index would leave postings of
deleted text behind. Bulk writes that bypass signals (``bulk_create``, ``bulk_update`` of vectors) call
``index_items`` / ``bump_version`` themselves."""
from django.db.models.signals import post_save, pre_delete, pre_save

from .. import crypto
from ..models import Memory, Snippet
from . import bump_version, keyword_index
from .documents import memory_document, snippet_document

SOURCE_TYPES = {Memory: "memory", Snippet: "snippet"}


def document_of(source_type: str, item) -> str:
    if source_type == "memory":
        return memory_document(crypto.reveal_text(item), item.entities, item.key)
    return snippet_document(item.text, item.speaker, getattr(item, "reply_words", ""))  # older migrations lack it


def index_items(source_type: str, items) -> None:
    """Index rows written without signals (``bulk_create``): they are new, so the bulk path applies."""
    items = list(items)
    counted = keyword_index().add_new(source_type, ((item, document_of(source_type, item)) for item in items))
    for tenant, user_id in {(item.tenant, item.user_id) for item in items} - counted:
        bump_version(tenant, user_id)  # rows without a single term still changed the user's vectors


def _before_insert(sender, instance, raw=False, **kwargs):
    """A new row of a user locks the user's index state (until its transaction ends) before it takes its primary
    key. A cached matrix appends only the rows past the keys it holds (vector.CachedMatrixVectorIndex._matrix), so
    one user's rows must become visible in key order; PostgreSQL hands out keys to concurrent transactions that may
    commit in the other order, and a row committed below a key already read would never be appended. Now the
    second writer of a user waits for the first before it takes a key (SQLite has a single writer anyway)."""
    if not raw and instance._state.adding:
        keyword_index().bump(instance.tenant, instance.user_id)


def _on_save(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw:
        return  # fixtures: ``memory reindex`` builds the index afterwards
    source_type = SOURCE_TYPES[sender]
    fields = set(update_fields or ())
    if fields and not fields & {"text", "entities", "key", "speaker", "reply_words", "embedding"}:
        return  # counters and flags: nothing the indexes hold
    written = keyword_index().index(source_type, instance, document_of(source_type, instance))
    if not written and (created or not fields or "embedding" in fields):
        bump_version(instance.tenant, instance.user_id)  # writing postings already gave a new version


def _on_delete(sender, instance, **kwargs):
    if not keyword_index().remove(SOURCE_TYPES[sender], instance):
        bump_version(instance.tenant, instance.user_id)


def connect() -> None:
    for model in SOURCE_TYPES:
        pre_save.connect(_before_insert, sender=model, dispatch_uid=f"search_index.insert.{model.__name__}")
        post_save.connect(_on_save, sender=model, dispatch_uid=f"search_index.save.{model.__name__}")
        pre_delete.connect(_on_delete, sender=model, dispatch_uid=f"search_index.delete.{model.__name__}")
