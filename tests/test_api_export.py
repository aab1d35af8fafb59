"""GET /api/export and POST /api/forget-me: a user's own data out, and all of it gone on request."""
import pytest

from memory_app.models import EventAction, Memory, MemoryEvent, Turn
from tests.api_support import ServiceClient, make_memory, post_json, signed_in_browser

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_and_neighbours():
    make_memory("acme", "alice", "health.allergy", "头孢", "用户对头孢过敏。", kind="fact")
    make_memory("acme", "alice", "shopping.brand.ink", "Pilot", "Alice buys Pilot ink.")
    make_memory("acme", "bob", "health.allergy", "sulfa", "Bob is allergic to sulfa drugs.", kind="fact")
    make_memory("globex", "alice", "city.home", "Berlin", "This Alice lives in Berlin.")
    return ServiceClient("acme", "alice")


def test_export_holds_the_callers_data_and_is_logged(alice_and_neighbours):
    response = alice_and_neighbours.get("/api/export")

    assert response.status_code == 200
    export = response.json()
    assert (export["tenant"], export["user_id"]) == ("acme", "alice")
    assert {memory["value"] for memory in export["memories"]} == {"头孢", "Pilot"}
    assert "sulfa" not in response.content.decode() and "Berlin" not in response.content.decode()
    assert MemoryEvent.objects.for_user("acme", "alice").filter(action=EventAction.EXPORT).exists()


def test_forget_me_needs_confirmation(alice_and_neighbours):
    for payload in ({}, {"confirm": False}):
        response = alice_and_neighbours.post("/api/forget-me", payload)
        assert response.status_code == 400
        assert "confirm" in response.json()["detail"]
    assert Memory.objects.for_user("acme", "alice").count() == 2


def test_forget_me_erases_the_caller_and_nobody_else(alice_and_neighbours):
    alice_and_neighbours.post("/api/turns", {"user_message": "我住在烟台"})

    response = alice_and_neighbours.post("/api/forget-me", {"confirm": True})

    assert response.status_code == 200
    assert response.json()["deleted"]["memories"] >= 2
    assert not Memory.objects.for_user("acme", "alice").exists()
    assert not Turn.objects.for_user("acme", "alice").exists()
    assert alice_and_neighbours.get("/api/export").json()["memories"] == []
    assert Memory.objects.for_user("acme", "bob").count() == 1
    assert Memory.objects.for_user("globex", "alice").count() == 1


def test_session_user_can_export_and_forget_themselves():
    browser, person_id = signed_in_browser("dora")
    make_memory("default", person_id, "pet.name", "咪咪", "用户的猫叫咪咪。")
    make_memory("default", "someone-else", "pet.name", "旺财", "用户的狗叫旺财。")

    assert [memory["value"] for memory in browser.get("/api/export").json()["memories"]] == ["咪咪"]
    assert post_json(browser, "/api/forget-me", {"confirm": True}).status_code == 200
    assert not Memory.objects.for_user("default", person_id).exists()
    assert Memory.objects.for_user("default", "someone-else").exists()
