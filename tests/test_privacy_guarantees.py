"""Privacy guarantees, end to end through the real pipeline (service facade, REST API, admin, exports):

- deleting a user, a memory, or a conversation leaves nothing retrievable: not by recall, not in the
  prompt context, not in the API, not in admin search, not in exports, not in event details;
- private memories are seen by their owner and by staff, and never injected without include_private;
- every read and write of a memory leaves an event: a replayed session's log is complete.
"""
import json

import pytest
from django.urls import reverse

from memory_app import actions, exports, service
from memory_app.models import EventAction, Memory, MemoryEvent
from tests.admin_support import remember
from tests.api_support import ServiceClient

pytestmark = pytest.mark.django_db

# What alice says, by conversation, and a question that brings each fact back.
ALICE = {"s1": ["我对头孢过敏", "我以后都希望用百乐牌的墨水"], "s2": ["我住在烟台", "我喜欢吃烤红薯"]}
PROBES = {"头孢": "我能用头孢吗？", "百乐": "钢笔该配什么墨水？", "烟台": "我住在哪个城市？", "蜂蜜": "我能喝蜂蜜水吗？"}
PLACES = {"recall", "context", "api", "api export", "admin search", "admin events", "export", "event details"}


def converse(user_id: str, sessions: dict[str, list[str]]) -> list:
    records = []
    for session_id, messages in sessions.items():
        for index, text in enumerate(messages):
            records.append(service.after_turn(user_id, text, "好的", session_id=session_id,
                                              turn_id=f"{session_id}-t{index}"))
    return records


@pytest.fixture
def people():
    converse("alice", ALICE)
    converse("bob", {"b1": ["我对蜂蜜过敏"]})


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def traces(user_id: str, needle: str, staff) -> set[str]:
    """Every place where ``needle`` can still be found about ``user_id``."""
    probe = PROBES.get(needle, needle)
    api = ServiceClient(user_id=user_id)
    admin_memories = staff.get(reverse("admin:memory_app_memory_changelist"), {"q": needle, "user_id": user_id})
    admin_events = staff.get(reverse("admin:memory_app_memoryevent_changelist"), {"q": needle})
    found = {
        "recall": any(needle in item.text for item in service.recall(user_id, probe, include_private=True)),
        "context": needle in service.before_turn(user_id, probe, include_private=True).block,
        "api": needle in _json(json.loads(api.get("/api/memories", {"status": "all"}).content)),
        "api export": needle in _json(json.loads(api.get("/api/export").content)),
        "admin search": bool(admin_memories.context["cl"].result_list),
        "admin events": any(event.user_id == user_id for event in admin_events.context["cl"].result_list),
        "export": needle in _json(exports.export_user_data("default", user_id, actor="probe")),
        "event details": needle in _json(list(MemoryEvent.objects.for_user("default", user_id)
                                              .values_list("detail", flat=True))),
    }
    return {place for place, present in found.items() if present}


def test_the_probes_find_what_was_said(people, admin_client):
    """Without this, the 'nothing left' assertions below could pass by finding nothing anywhere."""
    assert traces("alice", "头孢", admin_client) == PLACES
    assert traces("alice", "百乐", admin_client) == PLACES
    assert traces("alice", "烟台", admin_client) == PLACES
    assert traces("bob", "蜂蜜", admin_client) == PLACES


def test_deleting_a_user_leaves_nothing_retrievable(people, admin_client):
    service.forget_user("default", "alice", actor="user")
    for needle in ("头孢", "百乐", "烟台"):
        assert traces("alice", needle, admin_client) == set(), needle
    assert traces("bob", "蜂蜜", admin_client) == PLACES, "the neighbour keeps everything"


def delete_by_service(memory, staff):
    service.forget_memory(memory.pk, tenant="default", user_id=memory.user_id, actor="user")


def delete_by_api(memory, staff):
    assert ServiceClient(user_id=memory.user_id).delete(f"/api/memories/{memory.pk}").status_code == 200


def delete_by_admin(memory, staff):
    staff.post(reverse("admin:memory_app_memory_changelist"),
               {"action": "delete_selected", "_selected_action": [memory.pk], "post": "yes"})


@pytest.mark.parametrize("delete", [delete_by_service, delete_by_api, delete_by_admin])
def test_deleting_one_memory_leaves_nothing_retrievable(people, admin_client, delete):
    allergy = Memory.objects.get(user_id="alice", key__startswith="health.allergy")
    delete(allergy, admin_client)
    assert not Memory.objects.filter(pk=allergy.pk).exists()
    assert traces("alice", "头孢", admin_client) == set()
    assert traces("alice", "百乐", admin_client) == PLACES, "only that memory went"


def test_forgetting_a_conversation_leaves_nothing_of_it_retrievable(people, admin_client):
    service.forget_session("default", "alice", "s1", actor="user")
    assert traces("alice", "头孢", admin_client) == set()
    assert traces("alice", "百乐", admin_client) == set()
    assert traces("alice", "烟台", admin_client) == PLACES, "the other conversation stays"


# --- private memories ------------------------------------------------------------------------------------

@pytest.fixture
def private_memory():
    remember("alice", "hobby.music", "爵士乐", "用户喜欢听爵士乐")
    return remember("alice", "health.condition", "抑郁症", "用户在治疗抑郁症", kind="fact", is_private=True)


def test_a_private_memory_is_never_injected_without_include_private(private_memory):
    question = "我的抑郁症治疗要注意什么？"
    hidden = service.before_turn("alice", question, session_id="s9", turn_id="t1")
    assert "抑郁症" not in hidden.block
    assert private_memory.pk not in [item.id for item in hidden.memories + hidden.candidates]
    assert private_memory.pk not in [item.id for item in service.recall("alice", question)]
    assert not MemoryEvent.objects.filter(memory_ref=private_memory.pk, action=EventAction.READ).exists()

    shown = service.before_turn("alice", question, session_id="s9", turn_id="t2", include_private=True)
    assert "抑郁症" in shown.block
    assert private_memory.pk in [item.id for item in service.recall("alice", question, include_private=True)]


def test_a_private_memory_is_visible_to_its_owner_and_to_staff_only(private_memory, admin_client):
    owner = ServiceClient(user_id="alice")
    assert "抑郁症" in _json(json.loads(owner.get("/api/memories").content))
    assert "抑郁症" in _json(exports.export_user_data("default", "alice", actor="alice"))
    stranger = owner.for_user("mallory")
    assert "抑郁症" not in _json(json.loads(stranger.get("/api/memories").content))
    assert stranger.get(f"/api/memories/{private_memory.pk}").status_code == 404
    assert "抑郁症" not in service.before_turn("mallory", "抑郁症", include_private=True).block
    page = admin_client.get(reverse("admin:memory_app_memory_change", args=[private_memory.pk]))
    assert page.status_code == 200 and "抑郁症" in page.content.decode()


# --- a complete audit log ----------------------------------------------------------------------------------

def test_a_replayed_session_leaves_a_complete_log():
    records = converse("alice", {"s1": ["我对头孢过敏", "我以后都希望用百乐牌的墨水，另外我每周二晚上去游泳",
                                        "算了，游泳不去了，换成一周打两次乒乓球"]})
    expected = set()
    for index, record in enumerate(records):
        session_id, turn_id = "s1", f"s1-t{index}"
        for item in record.outcome.get("created", []):
            expected.add((EventAction.CREATE, item["memory_id"], session_id, turn_id))
        for item in record.outcome.get("superseded", []):
            new = Memory.objects.get(pk=item["memory_id"])
            expected.add((EventAction.CREATE, new.pk, session_id, turn_id))
            expected.add((EventAction.SUPERSEDE, new.previous_id, session_id, turn_id))
    assert len(expected) == 5, "three memories written, one superseded and replaced"

    contexts = [service.before_turn("alice", question, session_id="s2", turn_id=f"s2-q{index}")
                for index, question in enumerate(["我能用头孢吗？", "我平时做什么运动？"])]
    injected = [(item.id, f"s2-q{index}") for index, ctx in enumerate(contexts) for item in ctx.memories
                if item.source_type == "memory"]
    assert len(injected) >= 2
    expected |= {(EventAction.READ, memory_id, "s2", turn_id) for memory_id, turn_id in injected}
    recalled = service.recall("alice", "我能用头孢吗？", actor="support-bot", session_id="s3", turn_id="s3-q0")
    expected |= {(EventAction.READ, item.id, "s3", "s3-q0") for item in recalled}
    exports.export_user_data("default", "alice", actor="alice")

    logged = set(MemoryEvent.objects.for_user("default", "alice").exclude(action=EventAction.EXPORT)
                 .values_list("action", "memory_ref", "session_id", "turn_id"))
    assert logged == expected, "every read and write is logged, and nothing else happened"
    assert MemoryEvent.objects.filter(action=EventAction.EXPORT, user_id="alice", actor="alice").count() == 1
    for memory in Memory.objects.for_user("default", "alice"):
        reads = MemoryEvent.objects.filter(memory_ref=memory.pk, action=EventAction.READ).count()
        assert memory.access_count == reads, "each counted use is a logged read"
    assert all(actor.startswith(("turn:", "prompt:", "support-bot"))
               for actor in MemoryEvent.objects.exclude(action=EventAction.EXPORT).values_list("actor", flat=True))


def test_moderation_and_lifecycle_writes_are_logged_too(admin_client):
    memory = remember("alice", "hobby.music", "jazz")
    before = MemoryEvent.objects.count()
    admin_client.post(reverse("admin:memory_app_memory_changelist"),
                      {"action": "mark_private", "_selected_action": [memory.pk]})
    actions.archive_memory(Memory.objects.get(pk=memory.pk), actor="lifecycle", reason="decayed")
    actions.restore_version(Memory.objects.get(pk=memory.pk), actor="admin:admin")
    assert list(MemoryEvent.objects.order_by("pk").values_list("action", flat=True))[before:] == [
        EventAction.UPDATE, EventAction.ARCHIVE, EventAction.RESTORE]
