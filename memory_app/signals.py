"""Django signals for the host product: what memory stored, changed, forgot, and put into a prompt.

Every receiver gets ``tenant``, ``user_id`` and the item, by keyword:

    memory_created    memory (the new Memory row: a new key, a new version, or a pending value; see
                      ``memory.status`` and ``memory.previous``), actor
    memory_updated    memory (the row after the change), change (the audit action: touch, supersede, confirm,
                      reject, update, deactivate, archive, restore, review), actor
    memory_forgotten  memory (a ForgottenMemory: id, kind, key_kind, version; no content, that is what went),
                      reason, actor
    context_built     context (the TurnContext before_turn returns), message, session_id, turn_id

The memory signals are sent once the change is committed (a rolled-back turn sends nothing); context_built is
sent as before_turn returns. A sealed row (CHATMEM_ENCRYPTION_KEYS) holds ciphertext: read it with
``memory_app.crypto.reveal_text(memory)`` / ``reveal_value(memory)``. A receiver that raises is logged and does not
stop memory, or the other receivers.

    from django.dispatch import receiver
    from memory_app.signals import memory_created

    @receiver(memory_created)
    def tell_the_user(sender, tenant, user_id, memory, **kwargs): ...
"""
import logging
from dataclasses import dataclass

from django.db import transaction
from django.dispatch import Signal

logger = logging.getLogger(__name__)

memory_created = Signal()
memory_updated = Signal()
memory_forgotten = Signal()
context_built = Signal()

CREATED_BY = ("create", "pending")  # the audit actions that add a row
NOT_A_CHANGE = ("read", "export", "delete")  # delete is memory_forgotten, sent with what went
FORGOTTEN_FIELDS = ("pk", "tenant", "user_id", "key", "kind", "version")  # what memories_forgotten reads


@dataclass(frozen=True)
class ForgottenMemory:
    """What is left to say about a deleted memory: which one it was, not what it said. ``key_kind`` is its key
    without the value part ("health.allergy", not "health.allergy.<what>")."""

    id: int
    kind: str
    key_kind: str
    version: int


def send(signal: Signal, sender, **kwargs) -> None:
    """send_robust, with each receiver's exception logged (a host's bug must not break a chat turn)."""
    for receiver, result in signal.send_robust(sender=sender, **kwargs):
        if isinstance(result, Exception):
            logger.error("chatmem signal receiver %r raised %s: %s", receiver, type(result).__name__, result,
                         exc_info=result)


def memory_event(memory, action: str, actor: str) -> None:
    """Called for every audit event about one memory row (actions.record_event): the host hears of it on commit."""
    if action in NOT_A_CHANGE:
        return
    signal, extra = (memory_created, {}) if action in CREATED_BY else (memory_updated, {"change": action})
    transaction.on_commit(lambda: send(signal, type(memory), tenant=memory.tenant, user_id=memory.user_id,
                                       memory=memory, actor=actor, **extra))


def memories_forgotten(rows, *, reason: str, actor: str) -> None:
    """``rows``: the deleted Memory rows (FORGOTTEN_FIELDS loaded), read before they went."""
    from .models import Memory
    from .taxonomy import key_kind

    gone = [(row.tenant, row.user_id, ForgottenMemory(id=row.pk, kind=row.kind, key_kind=key_kind(row.key),
                                                      version=row.version)) for row in rows]

    def announce():
        for tenant, user_id, memory in gone:
            send(memory_forgotten, Memory, tenant=tenant, user_id=user_id, memory=memory, reason=reason, actor=actor)

    if gone:
        transaction.on_commit(announce)

