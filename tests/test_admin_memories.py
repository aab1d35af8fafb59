"""The Memory admin: changelist filters and search, the change page (version history, audit trail,
edits through actions), and every moderation action, as a superuser through the real admin."""
from datetime import datetime
from datetime import timezone as dt_timezone

import pytest
from cryptography.fernet import Fernet
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from memory_app import actions, crypto
from memory_app.candidates import MemoryCandidate
from memory_app.models import EventAction, Memory, MemoryEvent, MemoryStatus
from tests.admin_support import remember, replace

pytestmark = pytest.mark.django_db
CHANGELIST = reverse("admin:memory_app_memory_changelist")


def change_url(memory) -> str:
    return reverse("admin:memory_app_memory_change", args=[memory.pk])


def listed_ids(response) -> set[int]:
    return {memory.pk for memory in response.context["cl"].result_list}


def run_action(client, action: str, *memories, **extra):
    return client.post(CHANGELIST, {"action": action, "_selected_action": [m.pk for m in memories], **extra},
                       follow=True)


def status_of(memory) -> str:
    return Memory.objects.get(pk=memory.pk).status


def events_for(memory, action: str):
    return MemoryEvent.objects.filter(memory_ref=memory.pk, action=action)


@pytest.fixture
def assorted():
    return {
        "music": remember("u1", "hobby.music", "爵士乐", "用户喜欢爵士乐", kind="preference"),
        "ink": remember("u1", "shopping.brand.ink", "Pilot", "User buys Pilot ink", kind="preference",
                            sensitivity="medium"),
        "trip": remember("u2", "travel.trip", "Quanzhou", "User went to Quanzhou", kind="episode", is_private=True),
        "other_tenant": remember("u1", "hobby.music", "bluegrass", "User likes bluegrass", tenant="acme"),
        "old": remember("u3", "work.company", "ACME", "User works at ACME", kind="fact",
                        observed_at=datetime(2020, 6, 1, tzinfo=dt_timezone.utc)),
    }


# --- changelist ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("query, expected", [
    ({"tenant__exact": "acme"}, {"other_tenant"}),
    ({"user_id": "u2"}, {"trip"}),
    ({"kind__exact": "episode"}, {"trip"}),
    ({"sensitivity__exact": "medium"}, {"ink"}),
    ({"is_private__exact": "1"}, {"trip"}),
    ({"status__exact": "active", "tenant__exact": "default", "user_id": "u1"}, {"music", "ink"}),
    ({"source__exact": "rule"}, {"music", "ink", "trip", "other_tenant", "old"}),
    ({"observed_at__gte": "2020-01-01 00:00:00+00:00", "observed_at__lt": "2021-01-01 00:00:00+00:00"}, {"old"}),
    ({"observed_at__year": "2020"}, {"old"}),  # the date hierarchy
    ({"q": "shopping"}, {"ink"}),  # by key
    ({"q": "爵士乐"}, {"music"}),  # by value / text, Chinese
    ({"q": "bluegrass"}, {"other_tenant"}),
])
def test_changelist_filters_and_search(admin_client, assorted, query, expected):
    response = admin_client.get(CHANGELIST, query)
    assert response.status_code == 200
    assert listed_ids(response) == {assorted[name].pk for name in expected}


def test_user_filter_lists_recent_users_and_still_takes_any_user(admin_client):
    from memory_app.admin import UserFilter

    for number in range(UserFilter.shown + 5):
        remember(f"user{number:02d}", "hobby.music", "jazz")
    response = admin_client.get(CHANGELIST)
    user_filter = next(f for f in response.context["cl"].filter_specs if isinstance(f, UserFilter))
    listed_users = [value for value, _ in user_filter.lookup_choices]
    assert len(listed_users) == UserFilter.shown and "user34" in listed_users and "user00" not in listed_users
    oldest = admin_client.get(CHANGELIST, {"user_id": "user00"})
    assert {memory.user_id for memory in oldest.context["cl"].result_list} == {"user00"}


def test_changelist_never_loads_or_shows_vectors(admin_client, assorted):
    response = admin_client.get(CHANGELIST)
    assert all("embedding" in memory.get_deferred_fields() for memory in response.context["cl"].result_list)
    form_fields = admin_client.get(change_url(assorted["music"])).context["adminform"].form.fields
    assert "embedding" not in form_fields


def test_changelist_links_each_user_to_their_page(admin_client, assorted):
    page = admin_client.get(CHANGELIST).content.decode()
    assert reverse("admin:memory_app_memory_user") + "?tenant=default&amp;user=u2" in page
    assert reverse("admin:memory_app_memory_user") in page  # the object-tools entry


# --- change page -----------------------------------------------------------------------------------------

def test_change_page_shows_every_version_of_the_key_and_its_audit_trail(admin_client):
    first = remember("u1", "hobby.music", "爵士乐", "用户喜欢爵士乐", session="s1", turn="t1")
    second = replace(first, "昆曲", "用户喜欢昆曲", session="s2", turn="t7")
    actions.record_reads([Memory.objects.get(pk=second.pk)], actor="chat", session_id="s3", turn_id="t9")
    page = admin_client.get(change_url(second)).content.decode()
    history = page[page.index("field-version_history"):page.index("field-audit_trail")]
    assert "v1" in history and "v2" in history and "爵士乐" in history and "昆曲" in history
    assert "superseded" in history and "active" in history
    trail = page[page.index("field-audit_trail"):]
    for expected in ("create", "supersede", "read", "chat", "s3", "t9", "s2", "t7"):
        assert f"<td>{expected}</td>" in trail, expected
    all_events = admin_client.get(reverse("admin:memory_app_memoryevent_changelist"),
                                  {"memory_ref__in": f"{first.pk},{second.pk}"})
    assert {event.memory_ref for event in all_events.context["cl"].result_list} == {first.pk, second.pk}


def test_editing_a_memory_goes_through_actions_and_is_audited(admin_client, admin_user):
    memory = remember("u1", "hobby.music", "jazz", "User likes jazz")
    response = admin_client.post(change_url(memory), {
        "value": "blues", "text": "User likes blues", "sensitivity": "low", "confidence": "0.8",
        "importance": "0.5", "_save": "Save"})
    assert response.status_code == 302
    fresh = Memory.objects.get(pk=memory.pk)
    assert (fresh.value, fresh.text, fresh.confidence) == ("blues", "User likes blues", 0.8)
    update = events_for(memory, EventAction.UPDATE).get()
    assert update.actor == f"admin:{admin_user.username}"
    assert update.detail["before"]["value"] == "jazz" and update.detail["after"]["value"] == "blues"
    assert fresh.embedding is not None


def test_a_secret_typed_into_a_memory_is_refused_with_a_reason(admin_client):
    memory = remember("u1", "profile.contact", "email", "User prefers email")
    response = admin_client.post(change_url(memory), {
        "value": "13812345678", "text": "User's phone is 13812345678", "sensitivity": "low", "confidence": "0.9",
        "importance": "0.5", "_save": "Save"})
    assert response.status_code == 200
    assert "Secrets are never stored" in response.content.decode()
    assert Memory.objects.get(pk=memory.pk).value == "email"
    assert not events_for(memory, EventAction.UPDATE).exists()


def test_a_sealed_value_is_shown_decrypted_to_staff_and_stays_sealed_after_an_edit(admin_client, settings):
    settings.CHATMEM_ENCRYPTION_KEYS = Fernet.generate_key().decode()
    memory = remember("u1", "health.condition", "甲亢", "用户有甲亢", sensitivity="high")
    assert admin_client.get(CHANGELIST).content.decode().count("甲亢") >= 1
    form = admin_client.get(change_url(memory)).context["adminform"].form
    assert form.initial["value"] == "甲亢"
    admin_client.post(change_url(memory), {"value": "甲亢", "text": "用户有甲亢", "sensitivity": "high",
                                           "confidence": "0.9", "importance": "0.5", "is_private": "on"})
    fresh = Memory.objects.get(pk=memory.pk)
    assert fresh.is_private and fresh.value.startswith("enc:v1:")
    assert crypto.reveal_value(fresh) == "甲亢"


def test_no_memory_is_added_by_hand(admin_client):
    assert admin_client.get(reverse("admin:memory_app_memory_add")).status_code == 403


# --- moderation actions ----------------------------------------------------------------------------------

def test_deactivate(admin_client, assorted):
    response = run_action(admin_client, "deactivate_selected", assorted["music"], assorted["ink"])
    assert "2 memories deactivated" in response.content.decode()
    assert status_of(assorted["music"]) == status_of(assorted["ink"]) == MemoryStatus.ARCHIVED
    assert events_for(assorted["music"], EventAction.DEACTIVATE).get().actor == "admin:admin"
    again = run_action(admin_client, "deactivate_selected", assorted["music"])
    assert "1 selected memory was left alone" in again.content.decode()


def test_hard_delete_confirms_every_version_then_removes_rows_and_event_content(admin_client):
    first = remember("u1", "hobby.music", "爵士乐", "用户喜欢爵士乐")
    second = replace(first, "昆曲", "用户喜欢昆曲")
    unrelated = remember("u1", "food.veg", "spinach")
    confirm = run_action(admin_client, "delete_selected", second)
    listed = confirm.content.decode()
    assert confirm.status_code == 200 and "爵士乐" in listed and "昆曲" in listed, "all versions are listed"
    assert "spinach" not in listed
    run_action(admin_client, "delete_selected", second, post="yes")
    assert not Memory.objects.filter(pk__in=[first.pk, second.pk]).exists()
    assert Memory.objects.filter(pk=unrelated.pk).exists()
    leftover = MemoryEvent.objects.filter(memory_ref__in=[first.pk, second.pk])
    assert leftover.exists() and all(event.detail == {"erased": True} for event in leftover)
    delete_event = MemoryEvent.objects.get(action=EventAction.DELETE, memory_ref=None)
    assert delete_event.actor == "admin:admin" and delete_event.detail["reason"] == "moderator"
    logged = LogEntry.objects.get(object_id=str(second.pk))
    assert logged.object_repr == f"memory #{second.pk}", "Django's admin log keeps no copy of the content"


def test_delete_from_the_change_page_goes_through_actions_too(admin_client):
    memory = remember("u1", "hobby.music", "爵士乐", "用户喜欢爵士乐")
    url = reverse("admin:memory_app_memory_delete", args=[memory.pk])
    assert "爵士乐" in admin_client.get(url).content.decode()
    admin_client.post(url, {"post": "yes"})
    assert not Memory.objects.filter(pk=memory.pk).exists()
    assert events_for(memory, EventAction.CREATE).get().detail == {"erased": True}
    assert "爵士乐" not in str(list(LogEntry.objects.values_list("object_repr", "change_message")))


def test_restore_a_previous_version(admin_client):
    first = remember("u1", "hobby.music", "jazz")
    second = replace(first, "bluegrass")
    run_action(admin_client, "restore_selected_versions", first)
    assert status_of(first) == MemoryStatus.ACTIVE
    assert status_of(second) == MemoryStatus.SUPERSEDED
    assert events_for(first, EventAction.RESTORE).get().actor == "admin:admin"


def test_restore_refuses_two_versions_of_one_key(admin_client):
    first = remember("u1", "hobby.music", "jazz")
    second = replace(first, "bluegrass")
    third = replace(Memory.objects.get(pk=second.pk), "blues")
    response = run_action(admin_client, "restore_selected_versions", first, second)
    assert "Select one version per key" in response.content.decode()
    assert status_of(third) == MemoryStatus.ACTIVE


def pending_challenger(active, value: str):
    return actions.add_pending(active, candidate=MemoryCandidate(
        kind=active.kind, key=active.key, value=value, text=f"{active.key}: {value}", confidence=0.7),
        sources=[{"session": "s1", "turn": "t5"}], observed_at=active.observed_at, ask_user=True)


def test_approve_pending(admin_client):
    active = remember("u1", "shopping.brand.ink", "Pilot")
    pending = pending_challenger(active, "Sailor")
    run_action(admin_client, "approve_pending", pending, active)
    assert status_of(pending) == MemoryStatus.ACTIVE
    assert status_of(active) == MemoryStatus.SUPERSEDED
    assert events_for(pending, EventAction.CONFIRM).get().actor == "admin:admin"


def test_reject_pending(admin_client):
    active = remember("u1", "shopping.brand.ink", "Pilot")
    pending = pending_challenger(active, "Sailor")
    run_action(admin_client, "reject_pending", pending)
    assert status_of(pending) == MemoryStatus.ARCHIVED
    assert status_of(active) == MemoryStatus.ACTIVE
    assert events_for(pending, EventAction.REJECT).exists()


def test_mark_private_and_back(admin_client, assorted):
    run_action(admin_client, "mark_private", assorted["music"])
    assert Memory.objects.get(pk=assorted["music"].pk).is_private
    assert events_for(assorted["music"], EventAction.UPDATE).count() == 1
    run_action(admin_client, "mark_not_private", assorted["music"])
    assert not Memory.objects.get(pk=assorted["music"].pk).is_private
    assert Memory.objects.get(pk=assorted["music"].pk).embedding is not None, "the vector survives the edit"
