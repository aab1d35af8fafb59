"""What the "my memories" pages read, always scoped to the signed-in person (tenant + user id)."""
from itertools import groupby

from django.http import Http404
from django.utils.translation import gettext_lazy as _

from memory_app import crypto
from memory_app.models import Memory, MemoryKind, MemoryStatus

from .conf import demo_settings
from .turns import memory_user_id

# Rows a person sees as "their memories": what is believed now, and what waits for their confirmation.
LISTED_STATUSES = (MemoryStatus.ACTIVE, MemoryStatus.PENDING)


KIND_LABELS = {
    MemoryKind.PREFERENCE: _("Preferences"),
    MemoryKind.FACT: _("Facts"),
    MemoryKind.EPISODE: _("Events"),
    MemoryKind.PROCEDURE: _("How-tos"),
}


def memories_of(user):
    return Memory.objects.for_user(demo_settings.TENANT, memory_user_id(user))


def memory_of(user, memory_id: int) -> Memory:
    """One of the user's memories; another person's id is simply not found."""
    try:
        return memories_of(user).get(pk=memory_id)
    except Memory.DoesNotExist:
        raise Http404("no such memory") from None


def memory_row(memory: Memory) -> dict:
    return {
        "memory": memory,
        "value": crypto.reveal_value(memory),
        "text": crypto.reveal_text(memory),
        "source_turns": ", ".join(source.get("turn", "") for source in memory.sources or [] if source.get("turn")),
    }


def memories_by_kind(user) -> list[tuple[str, list[dict]]]:
    """[(kind label, rows sorted by key)] in the kind order of MemoryKind."""
    order = {kind: position for position, kind in enumerate(MemoryKind.values)}
    rows = memories_of(user).filter(status__in=LISTED_STATUSES).order_by("key", "-version")
    rows = sorted(rows, key=lambda memory: (order.get(memory.kind, len(order)), memory.key))
    return [(KIND_LABELS.get(kind, kind), [memory_row(memory) for memory in group])
            for kind, group in groupby(rows, key=lambda memory: memory.kind)]


def key_history(user, key: str) -> list[dict]:
    return [memory_row(memory) for memory in memories_of(user).filter(key=key).order_by("version", "id")]
