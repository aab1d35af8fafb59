"""MemoryOpenAI around a real ``openai.OpenAI`` client talking to the fake OpenAI-compatible server:
memory goes into the request, replies come back unchanged, turns are remembered."""
import logging

import openai
import pytest

from memory_app.models import Memory, Turn
from memory_app.openai_wrapper import MemoryOpenAI
from memory_app.providers import reset_providers

pytestmark = pytest.mark.django_db

HOST_SYSTEM = {"role": "system", "content": "你是一个做饭助手。"}
ALLERGY = "我对芒果过敏"
SALAD_QUESTION = "晚上想做个水果沙拉，要注意什么？"  # the example: recall must bridge 水果沙拉 → 芒果
MANGO_SALAD_QUESTION = "晚上想做个水果沙拉，放点芒果可以吗？"  # names the fruit: the wrapper's mechanics, not recall's reach


@pytest.fixture
def client(fake_openai):
    real = openai.OpenAI(base_url=fake_openai.base_url, api_key="x", max_retries=0)
    return MemoryOpenAI(real, user_id="u1", tenant="default", session_id="s1")


def _sent_messages(fake_openai) -> list[dict]:
    path, body = fake_openai.requests[-1]
    assert path.endswith("/chat/completions")
    return body["messages"]


def _ask(client, text: str, **kwargs):
    return client.chat.completions.create(model="test-model", messages=[HOST_SYSTEM, {"role": "user", "content": text}],
                                          **kwargs)


def test_remembers_a_turn_and_injects_it_into_a_later_request(client, fake_openai):
    fake_openai.chat_replies.extend(["好的，我记住了。", "可以用苹果和香蕉。"])

    first = _ask(client, ALLERGY)
    assert first.choices[0].message.content == "好的，我记住了。"
    assert Memory.objects.for_user("default", "u1").filter(text__contains="芒果").exists()

    second = _ask(client, SALAD_QUESTION)

    assert second.choices[0].message.content == "可以用苹果和香蕉。"
    sent = _sent_messages(fake_openai)
    assert sent[0] == HOST_SYSTEM  # the host's own instructions stay first
    assert sent[1]["role"] == "system" and "芒果" in sent[1]["content"]
    assert sent[1]["content"] == client.last_context.block
    assert sent[2] == {"role": "user", "content": SALAD_QUESTION}


def test_nothing_is_injected_when_nothing_is_remembered(client, fake_openai):
    _ask(client, "今天天气怎么样？")
    assert _sent_messages(fake_openai) == [HOST_SYSTEM, {"role": "user", "content": "今天天气怎么样？"}]


def test_stream_passes_chunks_through_and_remembers_when_exhausted(client, fake_openai):
    fake_openai.chat_replies.append("Noted: no mango for you, ever.")

    stream = _ask(client, ALLERGY, stream=True)
    assert not Turn.objects.filter(user_id="u1").exists()  # nothing recorded before the reply is complete
    chunks = list(stream)

    assert len(chunks) > 2
    assert "".join(chunk.choices[0].delta.content or "" for chunk in chunks) == "Noted: no mango for you, ever."
    turn = Turn.objects.get(user_id="u1")
    assert turn.reply == "Noted: no mango for you, ever."
    assert Memory.objects.for_user("default", "u1").filter(text__contains="芒果").exists()

    list(_ask(client, MANGO_SALAD_QUESTION, stream=True))
    assert "芒果" in _sent_messages(fake_openai)[1]["content"]


def test_a_stream_closed_early_still_remembers_the_user_message(client, fake_openai):
    fake_openai.chat_replies.append("A long answer that the host stops reading after the first chunk.")

    with _ask(client, ALLERGY, stream=True) as stream:
        first_chunk = next(stream)

    assert first_chunk.choices[0].delta.content
    assert Memory.objects.for_user("default", "u1").filter(text__contains="芒果").exists()


def test_chat_goes_on_when_memory_refuses_the_message(client, fake_openai, settings, caplog):
    settings.CHATMEM_MAX_MESSAGE_CHARS = 20  # before_turn and after_turn both refuse a longer message
    fake_openai.chat_replies.append("Still answering.")
    long_message = "我对芒果过敏，" * 5 + "我的手机号是13812345678"

    with caplog.at_level(logging.WARNING, logger="memory_app.openai_wrapper"):
        reply = _ask(client, long_message)

    assert reply.choices[0].message.content == "Still answering."
    assert client.last_context is None
    assert _sent_messages(fake_openai) == [HOST_SYSTEM, {"role": "user", "content": long_message}]
    assert not Turn.objects.exists()
    warnings = [record.getMessage() for record in caplog.records if record.name == "memory_app.openai_wrapper"]
    assert any("before_turn failed" in message for message in warnings)
    assert any("after_turn failed" in message for message in warnings)


def test_chat_goes_on_when_the_embedder_is_broken(client, fake_openai, settings):
    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.NoSuchEmbedder"  # a broken deployment
    reset_providers()
    fake_openai.chat_replies.append("Still answering.")

    reply = _ask(client, ALLERGY)

    assert reply.choices[0].message.content == "Still answering."
    assert _sent_messages(fake_openai) == [HOST_SYSTEM, {"role": "user", "content": ALLERGY}]


def test_a_wrapper_needs_a_user(fake_openai):
    with pytest.raises(ValueError, match="user_id"):
        MemoryOpenAI(openai.OpenAI(base_url=fake_openai.base_url, api_key="x"), user_id=" ")


def test_other_users_memories_never_reach_the_request(client, fake_openai):
    neighbour = MemoryOpenAI(client.client, user_id="u2", tenant="default", session_id="s9")
    _ask(neighbour, ALLERGY)

    _ask(client, SALAD_QUESTION)

    assert all("芒果" not in message["content"] for message in _sent_messages(fake_openai))


def test_everything_else_is_the_wrapped_clients(client, fake_openai):
    assert str(client.base_url).rstrip("/") == fake_openai.base_url
    assert client.chat.completions.with_raw_response is not None
    assert client.models is client.client.models
