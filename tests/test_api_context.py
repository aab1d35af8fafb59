"""POST /api/context (what before_turn would inject) and POST /api/turns (after_turn records a turn)."""
import pytest

from memory_app.models import Memory, Turn
from tests.api_support import ServiceClient

pytestmark = pytest.mark.django_db

ALLERGY = "我对花椒过敏，一吃嘴就肿"
DISH_QUESTION = "今晚做麻婆豆腐，撒点花椒可以吗？"


def test_observed_turn_is_remembered_for_the_caller_only():
    alice = ServiceClient("acme", "alice")

    response = alice.post("/api/turns", {"user_message": ALLERGY, "assistant_message": "好的，记住了。",
                                         "session_id": "s1", "turn_id": "t1"})

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "processed" and body["turn_pk"]
    assert body["outcome"]["created"]
    assert Memory.objects.for_user("acme", "alice").filter(text__contains="花椒").exists()
    assert not Memory.objects.exclude(tenant="acme", user_id="alice").exists()
    assert Turn.objects.get(pk=body["turn_pk"]).user_id == "alice"


def test_a_turn_says_whether_its_reply_was_written_without_memory():
    alice = ServiceClient("acme", "alice")
    told = alice.post("/api/turns", {"user_message": ALLERGY, "assistant_message": "好的，以后菜谱都不放花椒。",
                                     "turn_id": "t1", "reply_without_memory": True})
    unsaid = alice.post("/api/turns", {"user_message": DISH_QUESTION, "assistant_message": "别放花椒。", "turn_id": "t2"})
    flags = {turn_pk: Turn.objects.get(pk=turn_pk).reply_without_memory
             for turn_pk in (told.json()["turn_pk"], unsaid.json()["turn_pk"])}
    assert list(flags.values()) == [True, False]  # unsaid: not assumed
    assert alice.post("/api/turns", {"user_message": ALLERGY, "reply_without_memory": "maybe"}).status_code == 422


def test_context_preview_shows_the_block_and_why(db):
    alice = ServiceClient("acme", "alice")
    alice.post("/api/turns", {"user_message": ALLERGY})

    response = alice.post("/api/context", {"message": DISH_QUESTION, "session_id": "s2"})

    assert response.status_code == 200
    context = response.json()
    assert context["injected"] is True
    assert "花椒" in context["block"]
    assert 0 < context["tokens"] <= context["budget"]
    used = context["memories"][0]
    assert "花椒" in used["text"] and used["score"] > 0 and used["why"]
    assert {"top_relevance", "threshold", "reason"} <= set(context["gate"])


@pytest.mark.parametrize("tenant, user_id", [("acme", "bob"), ("globex", "alice")])
def test_context_never_holds_another_users_memories(tenant, user_id):
    ServiceClient("acme", "alice").post("/api/turns", {"user_message": ALLERGY})

    context = ServiceClient(tenant, user_id).post("/api/context", {"message": DISH_QUESTION}).json()

    assert "花椒" not in context["block"]
    assert all("花椒" not in candidate["text"] for candidate in context["candidates"])


@pytest.mark.parametrize("path, field", [("/api/context", "message"), ("/api/turns", "user_message")])
@pytest.mark.parametrize("text", ["", "   \n"])
def test_empty_message_is_refused_with_a_reason(path, field, text):
    response = ServiceClient("acme", "alice").post(path, {field: text})
    assert response.status_code == 422
    error = response.json()["detail"][0]
    assert error["loc"][-1] == field and "empty" in error["msg"]
    assert not Turn.objects.exists()


LONG = "很长的消息" * 10  # 50 characters


@pytest.mark.parametrize("path, payload, field", [
    ("/api/context", {"message": LONG}, "message"),
    ("/api/turns", {"user_message": LONG}, "user_message"),
    ("/api/turns", {"user_message": "短消息", "assistant_message": LONG}, "assistant_message"),
])
def test_overlong_message_is_refused_with_the_limit(settings, path, payload, field):
    settings.CHATMEM_MAX_MESSAGE_CHARS = 40  # read per request, so a host can tighten it
    response = ServiceClient("acme", "alice").post(path, payload)
    assert response.status_code == 422
    error = response.json()["detail"][0]
    assert error["loc"][-1] == field and "limit is 40" in error["msg"]
    assert not Turn.objects.exists()


def test_missing_message_and_overlong_ids_are_refused():
    alice = ServiceClient("acme", "alice")
    assert alice.post("/api/context", {}).status_code == 422
    assert alice.post("/api/turns", {"user_message": ALLERGY, "session_id": "s" * 500}).status_code == 422
    assert not Turn.objects.exists()


def test_a_turn_id_recorded_twice_is_400():
    alice = ServiceClient("acme", "alice")
    assert alice.post("/api/turns", {"user_message": ALLERGY, "session_id": "s1", "turn_id": "t1"}).status_code in (200, 202)

    again = alice.post("/api/turns", {"user_message": "我住在烟台", "session_id": "s1", "turn_id": "t1"})

    assert again.status_code == 400
    assert "already recorded" in again.json()["detail"]
    assert Turn.objects.for_user("acme", "alice").count() == 1


def test_turn_is_accepted_with_202_when_a_worker_will_process_it(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

    response = ServiceClient("acme", "alice").post("/api/turns", {"user_message": ALLERGY})

    assert response.status_code == 202
    assert response.json()["status"] == "pending"
    assert Turn.objects.get(pk=response.json()["turn_pk"]).text == ALLERGY
    assert not Memory.objects.exists()  # nothing extracted until the worker runs
