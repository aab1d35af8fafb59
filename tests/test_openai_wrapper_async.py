"""AsyncMemoryOpenAI around a real ``openai.AsyncOpenAI`` client talking to the fake OpenAI-compatible server: the
async twin of tests/test_openai_wrapper.py (memory in the request, replies unchanged, turns remembered)."""
import logging

import openai
import pytest

from memory_app.models import Memory, Turn
from memory_app.openai_wrapper import AsyncMemoryOpenAI
from tests.test_openai_wrapper import _sent_messages

pytestmark = pytest.mark.django_db(transaction=True)  # memory works in worker threads: data must be committed

HOST_SYSTEM = {"role": "system", "content": "You are the assistant of a tea shop."}
PREFERENCE = "My favourite tea is oolong."
QUESTION = "Which tea should I brew this afternoon, my favourite?"


@pytest.fixture
def client(fake_openai):
    real = openai.AsyncOpenAI(base_url=fake_openai.base_url, api_key="x", max_retries=0)
    return AsyncMemoryOpenAI(real, user_id="u1", tenant="default", session_id="s1")


async def _ask(client, text: str, **kwargs):
    return await client.chat.completions.create(
        model="test-model", messages=[HOST_SYSTEM, {"role": "user", "content": text}], **kwargs)


async def test_remembers_a_turn_and_injects_it_into_a_later_request(client, fake_openai):
    fake_openai.chat_replies.extend(["Noted.", "Oolong, then."])

    first = await _ask(client, PREFERENCE)
    assert first.choices[0].message.content == "Noted."
    assert await Memory.objects.for_user("default", "u1").filter(text__icontains="oolong").aexists()

    second = await _ask(client, QUESTION)

    assert second.choices[0].message.content == "Oolong, then."
    sent = _sent_messages(fake_openai)
    assert sent[0] == HOST_SYSTEM
    assert sent[1]["role"] == "system" and "oolong" in sent[1]["content"]
    assert sent[1]["content"] == client.last_context.block
    assert sent[2] == {"role": "user", "content": QUESTION}


async def test_stream_passes_chunks_through_and_remembers_when_exhausted(client, fake_openai):
    fake_openai.chat_replies.append("Oolong it is, noted for next time.")

    stream = await _ask(client, PREFERENCE, stream=True)
    assert not await Turn.objects.filter(user_id="u1").aexists()  # nothing recorded before the reply is complete
    chunks = [chunk async for chunk in stream]

    assert len(chunks) > 2
    assert "".join(chunk.choices[0].delta.content or "" for chunk in chunks) == "Oolong it is, noted for next time."
    turn = await Turn.objects.aget(user_id="u1")
    assert turn.reply == "Oolong it is, noted for next time."

    [chunk async for chunk in await _ask(client, QUESTION, stream=True)]
    assert "oolong" in _sent_messages(fake_openai)[1]["content"]


async def test_a_stream_closed_early_still_remembers_the_user_message(client, fake_openai):
    fake_openai.chat_replies.append("A long answer that the host stops reading after the first chunk.")

    async with await _ask(client, PREFERENCE, stream=True) as stream:
        first_chunk = await stream.__anext__()

    assert first_chunk.choices[0].delta.content
    turn = await Turn.objects.aget(user_id="u1")
    assert turn.reply == first_chunk.choices[0].delta.content  # the partial reply, as far as it was read
    assert await Memory.objects.for_user("default", "u1").filter(text__icontains="oolong").aexists()


async def test_chat_goes_on_when_memory_refuses_the_message(client, fake_openai, settings, caplog):
    settings.CHATMEM_MAX_MESSAGE_CHARS = 10
    fake_openai.chat_replies.append("Still answering.")

    with caplog.at_level(logging.WARNING, logger="memory_app.openai_wrapper"):
        reply = await _ask(client, PREFERENCE)

    assert reply.choices[0].message.content == "Still answering."
    assert client.last_context is None
    assert _sent_messages(fake_openai) == [HOST_SYSTEM, {"role": "user", "content": PREFERENCE}]
    assert not await Turn.objects.aexists()
    warnings = [record.getMessage() for record in caplog.records if record.name == "memory_app.openai_wrapper"]
    assert any("before_turn failed" in message for message in warnings)
    assert any("after_turn failed" in message for message in warnings)


async def test_everything_else_is_the_wrapped_clients(client, fake_openai):
    assert str(client.base_url).rstrip("/") == fake_openai.base_url
    assert client.models is client.client.models
    with pytest.raises(ValueError, match="user_id"):
        AsyncMemoryOpenAI(client.client, user_id="")
