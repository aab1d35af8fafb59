"""Per-user admin pages: look a user up, export everything (JSON and CSV downloads, and the
``exports`` functions under them), and delete everything after a confirmation page."""
import csv
import io
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from memory_app import actions, exports
from memory_app.models import EventAction, Memory, MemoryEvent, SessionSummary, Snippet, Turn
from tests.admin_support import moderator_client, remember, replace

pytestmark = pytest.mark.django_db
OVERVIEW = reverse("admin:memory_app_memory_user")
EXPORT_JSON = reverse("admin:memory_app_memory_user_export_json")
EXPORT_CSV = reverse("admin:memory_app_memory_user_export_csv")
DELETE = reverse("admin:memory_app_memory_user_delete")
ALICE = {"tenant": "default", "user": "alice"}


@pytest.fixture
def alice():
    """One user with every kind of row, and a neighbour who must never show up."""
    first = remember("alice", "hobby.music", "爵士乐", "用户喜欢爵士乐", session="s1", turn="t1")
    current = replace(first, "昆曲", "用户喜欢昆曲", session="s2", turn="t2")
    private = remember("alice", "health.condition", "甲亢", "用户有甲亢", is_private=True, sensitivity="high")
    Turn.objects.create(tenant="default", user_id="alice", session_id="s1", turn_id="t1", text="我喜欢爵士乐")
    Snippet.objects.create(tenant="default", user_id="alice", session_id="s1", text="我喜欢爵士乐",
                           sources=[{"session": "s1", "turn": "t1"}])
    SessionSummary.objects.create(tenant="default", user_id="alice", session_id="s1", text="聊了音乐")
    remember("bob", "hobby.music", "polka", "Bob likes polka")
    return {"first": first, "current": current, "private": private}


# --- the export functions --------------------------------------------------------------------------------

def test_export_holds_every_version_and_every_kind_of_row_and_is_logged(alice):
    data = exports.export_user_data("default", "alice", actor="admin:x")
    assert (data["tenant"], data["user_id"]) == ("default", "alice")
    memories = {row["id"]: row for row in data["memories"]}
    assert set(memories) == {alice["first"].pk, alice["current"].pk, alice["private"].pk}
    assert memories[alice["first"].pk]["status"] == "superseded" and memories[alice["first"].pk]["value"] == "爵士乐"
    assert memories[alice["private"].pk]["is_private"] is True
    assert [turn["text"] for turn in data["turns"]] == ["我喜欢爵士乐"]
    assert [snippet["text"] for snippet in data["snippets"]] == ["我喜欢爵士乐"]
    assert [summary["text"] for summary in data["summaries"]] == ["聊了音乐"]
    assert {event["action"] for event in data["events"]} >= {"create", "supersede"}
    assert "polka" not in json.dumps(data, ensure_ascii=False), "nothing of another user"
    assert "embedding" not in data["memories"][0]
    export_event = MemoryEvent.objects.get(action=EventAction.EXPORT)
    assert (export_event.user_id, export_event.actor, export_event.detail["count"]) == ("alice", "admin:x", 3)


def test_export_reveals_sealed_values_to_their_owner(settings):
    from cryptography.fernet import Fernet

    settings.CHATMEM_ENCRYPTION_KEYS = Fernet.generate_key().decode()
    memory = remember("alice", "health.condition", "甲亢", "用户有甲亢", sensitivity="high")
    assert Memory.objects.get(pk=memory.pk).value.startswith("enc:v1:")
    row = exports.export_user_data("default", "alice", actor="owner")["memories"][0]
    assert (row["value"], row["text"]) == ("甲亢", "用户有甲亢")


def test_csv_export_is_one_table_with_a_record_column(alice):
    rows = list(csv.DictReader(io.StringIO(exports.export_user_csv("default", "alice", actor="t"))))
    assert {row["record"] for row in rows} == {"memory", "event", "snippet", "summary", "turn"}
    assert {row["value"] for row in rows if row["record"] == "memory"} == {"爵士乐", "昆曲", "甲亢"}
    assert MemoryEvent.objects.filter(action=EventAction.EXPORT).count() == 1


def test_csv_cells_cannot_run_as_spreadsheet_formulas():
    remember("alice", "hobby.spreadsheet", "=HYPERLINK(\"http://evil\")", "likes formulas")
    rows = list(csv.DictReader(io.StringIO(exports.export_user_csv("default", "alice", actor="t"))))
    memory_row = next(row for row in rows if row["record"] == "memory")
    assert memory_row["value"].startswith("'=")


# --- the pages -------------------------------------------------------------------------------------------

def test_overview_counts_what_is_stored_and_links_to_exports_and_delete(admin_client, alice):
    page = admin_client.get(OVERVIEW, ALICE)
    footprint = page.context["footprint"]
    assert (footprint["memories"], footprint["keys"], footprint["snippets"], footprint["summaries"],
            footprint["turns"]) == (3, 2, 1, 1, 1)
    html = page.content.decode()
    assert EXPORT_JSON in html and EXPORT_CSV in html and DELETE in html
    assert not MemoryEvent.objects.filter(action=EventAction.EXPORT).exists(), "looking is not exporting"


def test_overview_of_an_unknown_user_says_so(admin_client):
    page = admin_client.get(OVERVIEW, {"tenant": "default", "user": "nobody"})
    assert "Nothing is stored about this user." in page.content.decode()
    assert EXPORT_JSON not in page.content.decode()


def test_overview_form_asks_for_a_user(admin_client):
    page = admin_client.get(OVERVIEW, {"tenant": "default", "user": ""})
    assert page.status_code == 200 and "This field is required." in page.content.decode()


def test_json_download(admin_client, alice):
    response = admin_client.get(EXPORT_JSON, ALICE)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="chatmem-default-alice.json"'
    data = json.loads(response.content)
    assert len(data["memories"]) == 3 and "昆曲" in response.content.decode()
    assert MemoryEvent.objects.get(action=EventAction.EXPORT).actor == "admin:admin"


def test_csv_download_opens_in_spreadsheets_with_chinese_intact(admin_client, alice):
    response = admin_client.get(EXPORT_CSV, ALICE)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].endswith('.csv"')
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeffrecord,")
    assert "爵士乐" in body and "polka" not in body


def test_export_needs_a_named_user_and_something_to_export(admin_client):
    missing = admin_client.get(EXPORT_JSON, {"tenant": "default"})
    assert missing.status_code == 400 and b"?user=" in missing.content
    unknown = admin_client.get(EXPORT_CSV, {"tenant": "default", "user": "nobody"})
    assert unknown.status_code == 404 and b"Nothing is stored about user nobody" in unknown.content


def test_delete_everything_confirms_first_then_removes_every_copy(admin_client, alice):
    confirm = admin_client.get(DELETE, ALICE)
    assert confirm.status_code == 200
    html = confirm.content.decode()
    assert "Are you sure you want to delete everything about user <strong>alice</strong>" in html
    assert confirm.context["footprint"]["memories"] == 3
    assert "working memory" in html and "content of every audit event" in html
    assert Memory.objects.for_user("default", "alice").count() == 3, "the confirmation page deletes nothing"

    not_confirmed = admin_client.post(DELETE, ALICE)
    assert not_confirmed.status_code == 200 and Memory.objects.for_user("default", "alice").count() == 3

    done = admin_client.post(DELETE, {**ALICE, "confirm": "yes"}, follow=True)
    assert "Deleted everything about user alice" in done.content.decode()
    for model in (Memory, Snippet, SessionSummary, Turn):
        assert not model.objects.for_user("default", "alice").exists(), model
    events = MemoryEvent.objects.for_user("default", "alice")
    assert all(event.detail == {"erased": True} for event in events.exclude(action=EventAction.DELETE))
    assert events.filter(action=EventAction.DELETE, actor="admin:admin", detail__scope="user").exists()
    assert Memory.objects.for_user("default", "bob").count() == 1


def test_delete_of_an_unknown_or_unnamed_user_deletes_nothing_and_says_why(admin_client, alice):
    unknown = admin_client.post(DELETE, {"tenant": "default", "user": "nobody", "confirm": "yes"}, follow=True)
    assert "nothing was deleted" in unknown.content.decode()
    unnamed = admin_client.post(DELETE, {"confirm": "yes"}, follow=True)
    assert "Name a user" in unnamed.content.decode()
    assert Memory.objects.count() == 4


def test_a_moderator_may_delete_a_user_but_view_only_staff_may_not(alice):
    viewer = Client()
    user = User.objects.create_user("viewer", is_staff=True)
    from django.contrib.auth.models import Permission

    user.user_permissions.add(Permission.objects.get(codename="view_memory"))
    viewer.force_login(user)
    assert viewer.get(EXPORT_JSON, ALICE).status_code == 200
    assert viewer.post(DELETE, {**ALICE, "confirm": "yes"}).status_code == 403
    assert "Delete everything" not in viewer.get(OVERVIEW, ALICE).content.decode()
    moderator, _ = moderator_client()
    moderator.post(DELETE, {**ALICE, "confirm": "yes"})
    assert not Memory.objects.for_user("default", "alice").exists()


def test_delete_clears_the_users_working_memory(admin_client, alice):
    from memory_app.working_memory import remember_for_session, session_items

    remember_for_session("default", "alice", "s9", "今晚七点乐队排练", [{"session": "s9", "turn": "t1"}])
    admin_client.post(DELETE, {**ALICE, "confirm": "yes"})
    assert session_items("default", "alice", "s9") == []


def test_deleting_through_actions_leaves_the_export_empty(alice):
    actions.forget_user("default", "alice", actor="test")
    data = exports.export_user_data("default", "alice", actor="test")
    assert data["memories"] == data["snippets"] == data["summaries"] == data["turns"] == []
