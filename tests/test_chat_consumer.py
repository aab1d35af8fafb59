"""The chat websocket (chat_app.consumers) through the real ASGI stack: origin check, session auth,
the memory middleware, the offline responder or the fake OpenAI-compatible server."""
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from chat_app.models import Conversation, Message
from chatmem.asgi import application
from memory_app.models import Turn

pytestmark = pytest.mark.django_db(transaction=True)

# A guard against a hung test, not a timing assert: the first turn also loads the local embedder.
EVENT_WAIT_SECONDS = 60


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("tova", password="pw-tova-123")


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def open_socket(user=None, language="zh-CN,zh;q=0.9"):
    headers = [(b"origin", b"http://testserver"), (b"accept-language", language.encode())]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    communicator = WebsocketCommunicator(application, "/ws/chat/", headers=headers)
    connected, close_code = await communicator.connect(timeout=EVENT_WAIT_SECONDS)
    return communicator, connected, close_code


async def send_message(communicator, text, conversation_id=None):
    await communicator.send_json_to({"type": "chat.message", "conversation_id": conversation_id, "text": text})


async def events_until_finished(communicator) -> list[dict]:
    """Every event of one turn, up to and including turn.finished."""
    events = []
    while not events or events[-1]["type"] != "turn.finished":
        events.append(await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS))
    return events


def of_type(events, kind):
    return [event for event in events if event["type"] == kind]


async def test_anonymous_connection_is_refused():
    communicator, connected, close_code = await open_socket(user=None)
    assert not connected
    assert close_code == 4401


async def test_a_foreign_origin_is_refused(user):
    cookie = await sync_to_async(session_cookie)(user)
    communicator = WebsocketCommunicator(application, "/ws/chat/", headers=[
        (b"origin", b"http://evil.example"), (b"cookie", f"sessionid={cookie}".encode())])
    connected, _ = await communicator.connect(timeout=EVENT_WAIT_SECONDS)
    assert not connected


async def test_offline_reply_streams_in_pieces_with_the_inspector_payload(user):
    communicator, connected, _ = await open_socket(user)
    assert connected
    await send_message(communicator, "我对花椒过敏")
    events = await events_until_finished(communicator)
    await communicator.disconnect()

    started, finished = of_type(events, "turn.started")[0], events[-1]
    tokens = of_type(events, "token")
    assert events[0] is started and not of_type(events, "error")
    assert len(tokens) > 1, "the reply should arrive piece by piece"
    assert "".join(token["text"] for token in tokens) == finished["reply"]
    assert "离线模式" in finished["reply"]
    context = started["context"]
    assert {"gate", "scenes", "slots", "tokens", "budget", "memories", "injected"} <= set(context)
    assert {"top_relevance", "threshold", "reason"} <= set(context["gate"])
    assert finished["outcome"]["status"] == "processed"

    conversation = await Conversation.objects.aget(pk=started["conversation"]["id"])
    assert conversation.title == "我对花椒过敏"
    assert started["conversation"]["url"] == f"/c/{conversation.pk}/"
    kept = [(message.role, message.content) async for message in Message.objects.filter(conversation=conversation)]
    assert kept == [("user", "我对花椒过敏"), ("assistant", finished["reply"])]
    turn = await Turn.objects.aget(session_id=f"conv-{conversation.pk}")
    assert turn.user_id == str(user.pk) and turn.turn_id == started["turn_id"]
    assert not turn.reply_without_memory  # the offline responder's text describes nothing of the message


async def test_a_remembered_fact_reaches_the_model_prompt_in_the_next_turn(user, llm_endpoint):
    llm_endpoint.json_replies.append(json.dumps({"memories": [  # what a model extracts from the first message
        {"kind": "fact", "key": "health.allergy.花椒", "value": "花椒", "text": "用户对花椒过敏。", "confidence": 0.92,
         "importance": 0.9, "sensitivity": "medium", "entities": ["花椒"], "polarity": -1}]}, ensure_ascii=False))
    communicator, _, _ = await open_socket(user)
    await send_message(communicator, "我对花椒过敏")
    first = await events_until_finished(communicator)
    conversation_id = first[0]["conversation"]["id"]
    llm_endpoint.chat_replies.append("那就别放花椒。")
    await send_message(communicator, "今晚做麻婆豆腐，有什么要注意的？", conversation_id)
    second = await events_until_finished(communicator)
    await communicator.disconnect()

    context = second[0]["context"]
    assert context["injected"] is True
    assert any("花椒" in memory["text"] for memory in context["memories"])
    assert second[-1]["reply"] == "那就别放花椒。"
    chat_requests = [body for path, body in llm_endpoint.requests if path.endswith("/chat/completions")
                     and body.get("stream")]
    prompt = chat_requests[-1]["messages"]
    assert prompt[0]["role"] == "system"
    assert any(m["role"] == "system" and "花椒" in m["content"] for m in prompt[1:]), "memory block missing"
    assert [m["content"] for m in prompt if m["role"] == "user"] == ["我对花椒过敏", "今晚做麻婆豆腐，有什么要注意的？"]
    # The model's first reply had no memory in its prompt; the second had the allergy in it.
    flags = [flag async for flag in Turn.objects.filter(session_id=f"conv-{conversation_id}").order_by(
        "occurred_at").values_list("reply_without_memory", flat=True)]
    assert flags == [True, False]


@pytest.mark.parametrize("text, code, reason", [
    ("", "empty", "消息是空的"),
    ("   \n ", "empty", "消息是空的"),
    ("长" * 4001, "too_long", "上限是 4000"),
    (42, "bad_request", "消息必须是文本"),
])
async def test_bad_messages_get_a_reason_in_the_browser_language_and_nothing_is_kept(user, text, code, reason):
    communicator, _, _ = await open_socket(user)
    await send_message(communicator, text)
    event = await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS)
    assert event["type"] == "error" and event["code"] == code
    assert reason in event["message"]
    assert await communicator.receive_nothing()
    await communicator.disconnect()
    assert await Conversation.objects.acount() == 0 and await Turn.objects.acount() == 0


async def test_reasons_are_in_english_for_an_english_browser(user, settings):
    settings.CHATMEM_DEMO_MAX_MESSAGE_CHARS = 10
    communicator, _, _ = await open_socket(user, language="en-US,en;q=0.9")
    await send_message(communicator, "a message that is too long")
    event = await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS)
    await communicator.disconnect()
    assert event["code"] == "too_long"
    assert event["message"] == "The message is 26 characters long; the limit is 10. Please shorten it."


async def test_malformed_frames_are_refused_and_the_socket_stays_usable(user):
    communicator, _, _ = await open_socket(user)
    await communicator.send_to(text_data="{not json")
    assert (await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS))["code"] == "bad_request"
    await communicator.send_json_to({"type": "something.else"})
    assert (await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS))["code"] == "bad_request"
    await send_message(communicator, "hello")
    events = await events_until_finished(communicator)
    await communicator.disconnect()
    assert "Offline mode" in events[-1]["reply"]


@pytest.mark.parametrize("text", ["\ud800", "bees \udfff", "a NUL \x00 here"])
async def test_text_no_database_stores_gets_a_reason_and_leaves_no_conversation(user, db_vendor, text):
    communicator, _, _ = await open_socket(user)
    await communicator.send_to(text_data=json.dumps({"type": "chat.message", "text": text}))  # escaped, valid UTF-8
    event = await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS)
    assert event["type"] == "error" and event["code"] == "bad_text" and "不是文字" in event["message"]
    await send_message(communicator, "hello")  # the socket is still open and works
    events = await events_until_finished(communicator)
    await communicator.disconnect()
    assert await Conversation.objects.acount() == 1 and events[0]["conversation"]["title"] == "hello"


async def test_json_nested_too_deep_and_ids_past_any_integer_are_refused_with_the_socket_open(user, db_vendor):
    communicator, _, _ = await open_socket(user)
    await communicator.send_to(text_data="[" * 100_000 + "]" * 100_000)
    assert (await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS))["code"] == "bad_request"
    await send_message(communicator, "hello", conversation_id=2**63)
    assert (await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS))["code"] == "not_found"
    await send_message(communicator, "hello", conversation_id="9" * 40)
    assert (await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS))["code"] == "not_found"
    assert await communicator.receive_nothing()
    await communicator.disconnect()
    assert await Conversation.objects.acount() == 0 and await Turn.objects.acount() == 0


async def test_another_persons_conversation_cannot_be_continued(user, django_user_model):
    other = await django_user_model.objects.acreate(username="other")
    theirs = await Conversation.objects.acreate(user=other, title="private")
    communicator, _, _ = await open_socket(user)
    await send_message(communicator, "继续", conversation_id=theirs.pk)
    event = await communicator.receive_json_from(timeout=EVENT_WAIT_SECONDS)
    await communicator.disconnect()
    assert event["type"] == "error" and event["code"] == "not_found"
    assert await Message.objects.filter(conversation=theirs).acount() == 0


async def test_a_failing_model_shows_an_error_and_the_next_message_works(user, llm_endpoint):
    llm_endpoint.failures.append(500)  # the chat completion fails
    communicator, _, _ = await open_socket(user)
    await send_message(communicator, "你好")
    failed = await events_until_finished(communicator)
    errors = of_type(failed, "error")
    assert [error["code"] for error in errors] == ["model_failed"]
    assert "模型回答失败" in errors[0]["message"]
    assert failed[-1]["reply"] == ""
    conversation_id = failed[0]["conversation"]["id"]

    llm_endpoint.chat_replies.append("你好！我在。")
    await send_message(communicator, "还在吗？", conversation_id)
    recovered = await events_until_finished(communicator)
    await communicator.disconnect()
    assert not of_type(recovered, "error")
    assert recovered[-1]["reply"] == "你好！我在。"
    roles = [message.role async for message in Message.objects.filter(conversation_id=conversation_id)]
    assert roles == ["user", "error", "user", "assistant"]
    # The error note is for the person, not the model: the retry's prompt holds both user messages only.
    prompt = [body for path, body in llm_endpoint.requests if body.get("stream")][-1]["messages"]
    assert [m["content"] for m in prompt if m["role"] != "system"] == ["你好", "还在吗？"]


async def test_a_model_that_times_out_shows_an_error_and_the_next_message_works(user, llm_endpoint, settings):
    settings.CHATMEM_DEMO_REPLY_PIECE_TIMEOUT_SECONDS = 0.2
    llm_endpoint.delay_seconds = 3.0
    communicator, _, _ = await open_socket(user)
    await send_message(communicator, "讲个故事")
    timed_out = await events_until_finished(communicator)
    assert [error["code"] for error in of_type(timed_out, "error")] == ["model_timeout"]
    assert "超时" in of_type(timed_out, "error")[0]["message"]

    llm_endpoint.delay_seconds = 0
    settings.CHATMEM_DEMO_REPLY_PIECE_TIMEOUT_SECONDS = 60
    llm_endpoint.chat_replies.append("从前有座山。")
    await send_message(communicator, "再试一次", timed_out[0]["conversation"]["id"])
    recovered = await events_until_finished(communicator)
    await communicator.disconnect()
    assert recovered[-1]["reply"] == "从前有座山。" and not of_type(recovered, "error")


async def test_the_demo_keeps_messages_and_titles_redacted_but_the_model_sees_this_turn_as_typed(user, llm_endpoint):
    typed = "新的储蓄卡 6228480931750263846，网银用 Rb4!moss88 登录，帮我记下开户行在西湖区"
    llm_endpoint.chat_replies.append("收到，尾号对得上：6228480931750263846。")  # a model that repeats it
    communicator, _, _ = await open_socket(user)
    await send_message(communicator, typed)
    first = await events_until_finished(communicator)
    conversation_id = first[0]["conversation"]["id"]
    llm_endpoint.chat_replies.append("在西湖区。")
    await send_message(communicator, "开户行在哪个区？", conversation_id)
    await events_until_finished(communicator)
    await communicator.disconnect()

    prompts = [body["messages"] for path, body in llm_endpoint.requests if body.get("stream")]
    assert prompts[0][-1]["content"] == typed, "this turn reaches the model as typed"
    history = [m["content"] for m in prompts[1] if m["role"] != "system"]
    assert "6228480931750263846" not in str(history) and "Rb4!moss88" not in str(history)

    conversation = await Conversation.objects.aget(pk=conversation_id)
    kept = [message.content async for message in Message.objects.filter(conversation=conversation)]
    assert kept[0] == "新的储蓄卡 [bank_card]，网银用 [password] 登录，帮我记下开户行在西湖区"
    assert kept[1] == "收到，尾号对得上：[bank_card]。"
    assert first[0]["conversation"]["title"] == conversation.title
    assert conversation.title.startswith("新的储蓄卡 [bank_card]")
    stored = str(kept) + conversation.title + str([turn.text async for turn in Turn.objects.all()])
    assert "6228480931750263846" not in stored and "Rb4!moss88" not in stored
    assert {"kind": "bank_card", "reason": "sensitive value not stored"} in first[-1]["outcome"]["blocked"]
