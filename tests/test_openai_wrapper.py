"""MemoryOpenAI around a real ``openai.OpenAI`` client talking to the fake OpenAI-compatible server:
memory goes into the request, replies come back unchanged, turns are remembered."""
import logging

import openai
import pytest

from memory_app.models import Memory, Turn
from memory_app.openai_wrapper import MemoryOpenAI
from memory_app.providers import reset_providers

pytestmark = pytest.mark.django_db

HOST_SYSTEM = {"role": "system", "content": "你是厨房里的助手。"}
ALLERGY = "我对花椒过敏，一吃嘴就肿"
DISH_QUESTION = "今晚做麻婆豆腐，有什么要注意的？"  # recall must bridge 麻婆豆腐 → 花椒
PEPPER_DISH_QUESTION = "今晚做麻婆豆腐，撒点花椒可以吗？"  # names the spice: the wrapper's mechanics, not recall's reach


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
    fake_openai.chat_replies.extend(["好的，我记住了。", "可以只放豆瓣酱，不放花椒。"])

    first = _ask(client, ALLERGY)
    assert first.choices[0].message.content == "好的，我记住了。"
    assert Memory.objects.for_user("default", "u1").filter(text__contains="花椒").exists()

    second = _ask(client, DISH_QUESTION)

    assert second.choices[0].message.content == "可以只放豆瓣酱，不放花椒。"
    sent = _sent_messages(fake_openai)
    assert sent[0] == HOST_SYSTEM  # the host's own instructions stay first
    assert sent[1]["role"] == "system" and "花椒" in sent[1]["content"]
    assert sent[1]["content"] == client.last_context.block
    assert sent[2] == {"role": "user", "content": DISH_QUESTION}


def test_the_turn_records_whether_its_reply_was_written_without_memory(client, fake_openai):
    """A reply to a prompt without memory may describe the message (it joins the message's vector); one written
    with memory in the prompt repeats other turns' facts and stays out."""
    fake_openai.chat_replies.extend(["好的，我记住了。", "可以只放豆瓣酱，不放花椒。"])
    _ask(client, ALLERGY)
    _ask(client, PEPPER_DISH_QUESTION)
    assert client.last_context.injected
    without_memory = dict(Turn.objects.for_user("default", "u1").values_list("text", "reply_without_memory"))
    assert without_memory == {ALLERGY: True, PEPPER_DISH_QUESTION: False}


def test_nothing_is_injected_when_nothing_is_remembered(client, fake_openai):
    _ask(client, "周末去哪儿转转好？")
    assert _sent_messages(fake_openai) == [HOST_SYSTEM, {"role": "user", "content": "周末去哪儿转转好？"}]


def test_stream_passes_chunks_through_and_remembers_when_exhausted(client, fake_openai):
    fake_openai.chat_replies.append("Noted: no Sichuan pepper for you, ever.")

    stream = _ask(client, ALLERGY, stream=True)
    assert not Turn.objects.filter(user_id="u1").exists()  # nothing recorded before the reply is complete
    chunks = list(stream)

    assert len(chunks) > 2
    assert "".join(chunk.choices[0].delta.content or "" for chunk in chunks) == "Noted: no Sichuan pepper for you, ever."
    turn = Turn.objects.get(user_id="u1")
    assert turn.reply == "Noted: no Sichuan pepper for you, ever."
    assert Memory.objects.for_user("default", "u1").filter(text__contains="花椒").exists()

    list(_ask(client, PEPPER_DISH_QUESTION, stream=True))
    assert "花椒" in _sent_messages(fake_openai)[1]["content"]


def test_a_stream_closed_early_still_remembers_the_user_message(client, fake_openai):
    fake_openai.chat_replies.append("A long answer that the host stops reading after the first chunk.")

    with _ask(client, ALLERGY, stream=True) as stream:
        first_chunk = next(stream)

    assert first_chunk.choices[0].delta.content
    assert Memory.objects.for_user("default", "u1").filter(text__contains="花椒").exists()


def test_chat_goes_on_when_memory_refuses_the_message(client, fake_openai, settings, caplog):
    settings.CHATMEM_MAX_MESSAGE_CHARS = 20  # before_turn and after_turn both refuse a longer message
    fake_openai.chat_replies.append("Still answering.")
    long_message = "我对花椒过敏，" * 5 + "我的手机号是13812345678"

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

    _ask(client, DISH_QUESTION)

    assert all("花椒" not in message["content"] for message in _sent_messages(fake_openai))


def test_everything_else_is_the_wrapped_clients(client, fake_openai):
    assert str(client.base_url).rstrip("/") == fake_openai.base_url
    assert client.chat.completions.with_raw_response is not None
    assert client.models is client.client.models
