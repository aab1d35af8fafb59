"""Deletion leaves nothing (issue 11, item 4): after each kind of deletion the whole database (every table, read
with plain SQL, django-tasks-db's result rows included) is searched for a word of the deleted memory, while the
user's other memories (or, when the user is erased, a neighbour's) stay.

The turns run on the database task backend, through a real db_worker in this process, so the task rows hold what
a deployment's hold. What is grepped beyond the memory's own rows: the outcome of the turn it came from and of a
later turn that mentioned its key, a review event naming it, its topic heat, a one-off working-memory item from
its source turn, a task result written before results were made content-free, the admin log, and the in-process
caches keyed by text. Invented examples (quorvex and brenlow are made-up words)."""
import json
from io import StringIO

import pytest
from django.contrib.admin.models import LogEntry
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from memory_app import actions, exports, keywords, service
from memory_app.embedding import embed_query_safely, query_vector_cache
from memory_app.models import Memory, Turn
from memory_app.providers import get_embedder
from memory_app.working_memory import remember_for_session, user_session_items
from tests.api_support import ServiceClient
from tests.db_dump import tables_holding

pytestmark = pytest.mark.django_db

DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
DOOMED_WORD = "quorvex"  # what the deleted memory holds
KEPT = {"Tromsø": "I live in Tromsø and cycle to work", "羽毛球": "我每周六去打羽毛球"}
NEIGHBOUR_WORD = "brenlow"


def run_worker() -> None:
    """Every queued task, each run as ``manage.py db_worker`` runs it (claimed, called, its result stored), in this
    process and transaction: the command itself closes the connection between tasks, which ends a test's."""
    worker = Worker(queue_names=["*"], interval=0, batch=True, backend_name="default", startup_delay=False,
                    max_tasks=None, worker_id="test-worker", excluded_queue_names=[])
    while (row := DBTaskResult.objects.ready().order_by("enqueued_at").first()) is not None:
        row.claim(worker.worker_id)
        worker.run_task(row)


def say(user_id: str, text: str, reply: str = "OK.", *, session: str, turn: str) -> Turn:
    service.after_turn(user_id, text, reply, session_id=session, turn_id=turn)
    run_worker()
    return Turn.objects.get(user_id=user_id, session_id=session, turn_id=turn)


@pytest.fixture
def history(settings):
    """mira's allergy (the memory to delete) with copies outside its own rows, her other facts, and a neighbour."""
    settings.TASKS = DATABASE_QUEUE
    source = say("mira", f"I'm allergic to {DOOMED_WORD} tablets", f"Noted: no {DOOMED_WORD}.", session="s1", turn="t1")
    for number, text in enumerate(KEPT.values()):
        say("mira", text, session="s1", turn=f"k{number}")
    say("nils", f"I'm allergic to {NEIGHBOUR_WORD} syrup", session="n1", turn="t1")
    allergy = Memory.objects.get(user_id="mira", key__startswith="health.allergy")
    hobby = Memory.objects.get(user_id="mira", value__contains="羽毛球")
    # Copies outside the memory's own rows, each written by the code that writes them in a real conversation:
    actions.flag_for_review([hobby], reason=f"{allergy.key} changed")  # merge.settle_superseded's review event
    later = say("mira", "What did I say about medicines?", session="s2", turn="t9")
    Turn.objects.filter(pk=later.pk).update(outcome={**later.outcome, "resolved": [  # confirmation.resolve_answer
        {"key": allergy.key, "answer": "confirmed"}]})
    remember_for_session("default", "mira", "s1", f"pharmacy is out of {DOOMED_WORD} right now",
                         [{"session": "s1", "turn": "t1"}])
    # A result row as code before content-free results wrote it: the whole outcome.
    DBTaskResult.objects.filter(args_kwargs__args__0=source.pk).update(return_value=source.outcome)
    keywords.terms(allergy.text)  # recall's term cache now holds the sentence
    embed_query_safely(f"anything about {DOOMED_WORD}?")  # and the query-vector cache a question naming it
    assert DOOMED_WORD in json.dumps(source.outcome)
    assert set(tables_holding(DOOMED_WORD)) >= {
        "memory_app_memory", "memory_app_memoryevent", "memory_app_turn", "memory_app_snippet",
        "memory_app_topicheat", DBTaskResult._meta.db_table}, "the search must find what it then finds gone"
    return allergy


def delete_by_api(allergy, admin_client):
    assert ServiceClient(user_id="mira").delete(f"/api/memories/{allergy.pk}").status_code == 200


def delete_by_admin(allergy, admin_client):
    url = reverse("admin:memory_app_memory_changelist")
    response = admin_client.post(url, {"action": "delete_selected", "_selected_action": [allergy.pk], "post": "yes"})
    assert response.status_code == 302


def delete_by_cli(allergy, admin_client):
    call_command("memory", "forget", "--user", "mira", "--id", str(allergy.pk), stdout=StringIO())


def forget_by_description(allergy, admin_client):
    say("mira", f"Forget what I told you about my {DOOMED_WORD} allergy", session="s3", turn="ask")


@pytest.mark.parametrize("delete", [delete_by_api, delete_by_admin, delete_by_cli, forget_by_description])
def test_deleting_a_memory_leaves_no_trace_in_any_table(history, admin_client, delete):
    delete(history, admin_client)
    run_worker()

    assert not Memory.objects.filter(pk=history.pk).exists()
    assert tables_holding(DOOMED_WORD) == []
    assert not any(DOOMED_WORD in item["text"] for items in user_session_items("default", "mira").values()
                   for item in items)
    assert keywords._terms.cache_info().currsize == 0, "recall's term cache was keyed by the deleted sentence"
    assert query_vector_cache.get((get_embedder().name, f"anything about {DOOMED_WORD}?")) is None
    for word in KEPT:
        assert "memory_app_memory" in tables_holding(word), f"mira's other memories stay: {word}"
    assert "memory_app_memory" in tables_holding(NEIGHBOUR_WORD)


def test_forgetting_everything_about_me_leaves_no_trace_in_any_table(history):
    record = say("mira", "forget everything about me", session="s3", turn="ask")
    run_worker()

    assert record.text == "[forget request]"
    for word in (DOOMED_WORD, *KEPT):
        assert tables_holding(word) == [], word
    assert user_session_items("default", "mira") == {}
    assert "memory_app_memory" in tables_holding(NEIGHBOUR_WORD), "the neighbour keeps everything"


def test_the_admin_log_keeps_that_a_memory_was_deleted_but_not_its_value(history, admin_client):
    delete_by_admin(history, admin_client)
    entry = LogEntry.objects.get(object_id=str(history.pk))
    assert entry.is_deletion() and DOOMED_WORD not in entry.object_repr


def test_a_forget_request_outcome_counts_without_naming_what_went(history):
    asking = say("mira", f"Forget what I told you about my {DOOMED_WORD} allergy", session="s3", turn="ask")
    [entry] = asking.outcome["forgotten"]
    assert entry["scope"] == "described" and entry["memories"] >= 1
    assert "description" not in entry and DOOMED_WORD not in json.dumps(asking.outcome)


def test_the_export_holds_what_can_be_deleted(history):
    data = exports.export_user_data("default", "mira", actor="mira")
    source = next(turn for turn in data["turns"] if turn["turn_id"] == "t1")
    assert DOOMED_WORD in json.dumps(source["outcome"]), "what processing the turn kept is the user's to see"
    assert any(DOOMED_WORD in row["topic"] for row in data["topics"])
    assert any(DOOMED_WORD in row["text"] for row in data["working_memory"])
    csv_text = exports.export_user_csv("default", "mira", actor="mira")
    assert "working_memory" in csv_text and "outcome" in csv_text.splitlines()[0]
