"""The async facade (service.abefore_turn / aafter_turn) and the REST API under Django's async test client.

Memory's work runs in worker threads with their own database connections, so these tests commit for real
(``transaction=True``), as the consumer tests do."""
import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient

from memory_app import service
from memory_app.api_auth import USER_HEADER, issue_token
from memory_app.models import Turn
from memory_app.providers import reset_providers

pytestmark = pytest.mark.django_db(transaction=True)

# The fake embeddings endpoint holds any request holding this word until the test releases it.
HELD_WORD = "quillwort"


@pytest.fixture(autouse=True)
async def _close_connections_of_djangos_sync_thread():
    """The async test client runs views in Django's shared thread for sync work and, being a test client, does not
    close that thread's connection after a request; PostgreSQL then refuses to drop the test database."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def embeddings_endpoint(settings, fake_openai):
    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    settings.CHATMEM_EMBEDDING_BASE_URL = fake_openai.base_url
    settings.CHATMEM_EMBEDDING_API_KEY = "x"
    settings.CHATMEM_EMBEDDING_DIM = fake_openai.embedding_dim
    settings.CHATMEM_LLM_MAX_RETRIES = 0
    reset_providers()
    return fake_openai


async def test_an_async_turn_is_remembered_and_injected_in_the_next():
    record = await service.aafter_turn("mei", "我对荞麦过敏", "记住了。", session_id="s1", turn_id="t1")
    assert record.status == "processed"
    assert any(item["key"].startswith("health.allergy") for item in record.outcome["created"])

    context = await service.abefore_turn("mei", "早餐做荞麦面可以吗？", session_id="s2", turn_id="t2")

    assert context.injected and "荞麦" in context.block
    assert await Turn.objects.filter(user_id="mei").acount() == 1


async def test_async_bad_input_is_refused_with_a_reason_and_nothing_is_written():
    with pytest.raises(service.MemoryInputError, match="user_message is empty"):
        await service.aafter_turn("mei", "   ")
    with pytest.raises(service.MemoryInputError, match="user_id is required"):
        await service.abefore_turn("", "What tea do I like?")
    assert await Turn.objects.acount() == 0


@pytest.mark.parametrize("stage", ["before_turn", "after_turn"])
async def test_the_event_loop_runs_on_while_a_turn_waits_for_the_embedder(embeddings_endpoint, stage):
    """Event order, not time: the turn is stuck inside its embedding request until the other coroutine lets it go,
    so the other coroutine can only get there if the turn left the event loop free."""
    embeddings_endpoint.hold_embeddings_of = HELD_WORD
    order = []

    async def turn():
        if stage == "before_turn":
            await service.abefore_turn("lior", f"Where did I plant the {HELD_WORD}?", session_id="s1")
        else:
            await service.aafter_turn("lior", f"I grow {HELD_WORD} in a jar on my desk.", session_id="s1")
        order.append("turn finished")

    async def meanwhile():
        await asyncio.to_thread(embeddings_endpoint.wait_for_held_request)
        order.append("other coroutine ran while the turn waited")
        embeddings_endpoint.release_held_requests()

    await asyncio.gather(turn(), meanwhile())

    assert order == ["other coroutine ran while the turn waited", "turn finished"]
    if stage == "after_turn":  # released, the embedder answered and the turn was learned from
        assert await Turn.objects.filter(user_id="lior", status="processed").aexists()


async def test_the_rest_api_under_the_async_test_client():
    token = await sync_to_async(issue_token)("default", "async-service")
    client, headers = AsyncClient(), {"Authorization": f"Bearer {token}", USER_HEADER: "noa"}

    observed = await client.post("/api/turns", json.dumps({"user_message": "My favourite tea is oolong.",
                                                           "session_id": "web-1", "turn_id": "w1"}),
                                 content_type="application/json", headers=headers)
    asked = await client.post("/api/context", json.dumps({"message": "Which tea should I brew this afternoon, "
                                                                     "my favourite?"}),
                              content_type="application/json", headers=headers)
    refused = await client.post("/api/turns", json.dumps({"user_message": ""}), content_type="application/json",
                                headers=headers)

    assert observed.status_code == 200 and observed.json()["status"] == "processed"
    assert asked.status_code == 200 and "oolong" in asked.json()["block"]
    assert refused.status_code in (400, 422)
    assert await Turn.objects.filter(user_id="noa").acount() == 1

