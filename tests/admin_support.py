"""Helpers shared by the admin, lifecycle, crypto and privacy tests: memories written through the real
actions (with knobs for age, confidence, sensitivity) and the two kinds of staff accounts."""
from datetime import datetime

from django.contrib.auth.models import Group, User
from django.test import Client
from django.utils import timezone

from memory_app import actions
from memory_app.apps import MODERATOR_GROUP
from memory_app.candidates import MemoryCandidate


def remember(user_id: str, key: str, value: str, text: str = "", *, tenant: str = "default", kind: str = "preference",
             confidence: float = 0.9, importance: float = 0.5, sensitivity: str = "low", is_private: bool = False,
             observed_at: datetime | None = None, session: str = "s1", turn: str = "t1"):
    candidate = MemoryCandidate(kind=kind, key=key, value=value, text=text or f"{key}: {value}", confidence=confidence,
                                importance=importance, sensitivity=sensitivity, is_private=is_private)
    return actions.create_memory(tenant=tenant, user_id=user_id, candidate=candidate,
                                 sources=[{"session": session, "turn": turn}],
                                 observed_at=observed_at or timezone.now(), session_id=session, turn_id=turn)


def replace(memory, value: str, text: str = "", *, session: str = "s1", turn: str = "t2"):
    candidate = MemoryCandidate(kind=memory.kind, key=memory.key, value=value, text=text or f"{memory.key}: {value}",
                                confidence=0.9, sensitivity=memory.sensitivity)
    return actions.supersede_memory(memory, candidate=candidate, sources=[{"session": session, "turn": turn}],
                                    observed_at=timezone.now(), session_id=session, turn_id=turn)


def moderator_client(username: str = "mod") -> tuple[Client, User]:
    """A staff account in the moderators group, without superuser rights."""
    user = User.objects.create_user(username, password="pw-not-used", is_staff=True)
    user.groups.add(Group.objects.get(name=MODERATOR_GROUP))
    client = Client()
    client.force_login(user)
    return client, user
