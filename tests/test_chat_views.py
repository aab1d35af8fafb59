"""The demo's pages (chat_app.views): sign-in, the chat page, conversations, "my memories" (list, edit,
delete, history, export, forget everything) and the demo_setup command. Memories are written through the
real memory_app actions; every page is scoped to the signed-in person."""
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from chat_app.models import Conversation, Message
from memory_app import actions
from memory_app.candidates import MemoryCandidate
from memory_app.models import Memory, MemoryEvent, MemoryStatus, Turn

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}


@pytest.fixture
def tova(django_user_model):
    return django_user_model.objects.create_user("tova", password="pw-tova-123")


@pytest.fixture
def tova_client(client, tova):
    client.force_login(tova)
    return client


def remember(user, key, value, text, *, kind="fact", confidence=0.9, previous=None):
    """A memory as the pipeline would store it, written through the real actions (with its audit event)."""
    candidate = MemoryCandidate(kind=kind, key=key, value=value, text=text, confidence=confidence)
    sources = [{"session": "conv-1", "turn": "m1"}]
    if previous is None:
        return actions.create_memory(tenant="default", user_id=str(user.pk), candidate=candidate, sources=sources,
                                     observed_at=timezone.now())
    return actions.supersede_memory(previous, candidate=candidate, sources=sources, observed_at=timezone.now())


@pytest.mark.parametrize("path", ["/", "/c/1/", "/memories/", "/memories/export/", "/memories/forget/",
                                  "/memories/1/edit/", "/memories/1/history/"])
def test_every_page_needs_sign_in(client, path):
    response = client.get(path)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_sign_in_page_follows_the_browser_language(client):
    assert "用户名" in client.get("/accounts/login/", **ZH).content.decode()
    assert "Username" in client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_signing_in_opens_the_chat(client, tova):
    response = client.post("/accounts/login/", {"username": "tova", "password": "pw-tova-123"}, follow=True)
    assert response.redirect_chain[-1][0] == "/"
    assert response.context["user"] == tova
    wrong = client.post("/accounts/login/", {"username": "tova", "password": "nope"}, HTTP_ACCEPT_LANGUAGE="en")
    assert wrong.status_code == 200 and "did not match" in wrong.content.decode()


def test_chat_page_has_the_socket_config_the_translated_inspector_and_only_local_assets(tova_client):
    page = tova_client.get("/", **ZH).content.decode()
    config = json.loads(page.split('id="chat-config" type="application/json">')[1].split("</script>")[0])
    assert config == {"conversationId": None, "socketPath": "/ws/chat/", "maxChars": 4000,
                      "loginUrl": "/accounts/login/"}
    strings = json.loads(page.split('id="chat-strings" type="application/json">')[1].split("</script>")[0])
    assert strings["injected"] == "已注入" and strings["notInjected"] == "未注入"
    assert "记忆检查器" in page and "离线应答" in page
    assert 'lang="zh-hans"' in page
    for asset in ("/static/chat_app/app.css", "/static/chat_app/chat.js", "/static/chat_app/inspector.js"):
        assert asset in page
    assert "https://" not in page and "http://" not in page.replace("http://127.0.0.1", "")


def test_a_conversation_can_be_reopened_by_its_owner_only(tova_client, tova, django_user_model):
    mine = Conversation.objects.create(user=tova, title="头孢")
    Message.objects.create(conversation=mine, role="user", content="我对头孢过敏，打针前记得提醒我")
    Message.objects.create(conversation=mine, role="assistant", content="记住了")
    other = Conversation.objects.create(user=django_user_model.objects.create_user("li"), title="theirs")

    page = tova_client.get(f"/c/{mine.pk}/").content.decode()
    assert "我对头孢过敏，打针前记得提醒我" in page and "记住了" in page
    assert f'"conversationId": {mine.pk}' in page
    assert tova_client.get(f"/c/{other.pk}/").status_code == 404
    assert "theirs" not in tova_client.get("/").content.decode()


def test_deleting_a_conversation_takes_its_memory_copies_too(tova_client, tova):
    conversation = Conversation.objects.create(user=tova, title="t")
    Turn.objects.create(user_id=str(tova.pk), session_id=conversation.session_id, turn_id="m1", text="我对头孢过敏")
    kept_turn = Turn.objects.create(user_id=str(tova.pk), session_id="conv-elsewhere", turn_id="m2", text="hi")
    response = tova_client.post(f"/c/{conversation.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert not Conversation.objects.filter(pk=conversation.pk).exists()
    assert list(Turn.objects.all()) == [kept_turn]
    assert tova_client.get(f"/c/{conversation.pk}/delete/").status_code == 405


def test_memories_are_listed_by_kind_with_value_confidence_source_and_time(tova_client, tova, django_user_model):
    remember(tova, "allergy.drug", "头孢", "用户对头孢过敏", confidence=0.92)
    remember(tova, "hobby.music", "爵士乐", "用户喜欢听爵士乐", kind="preference")
    stranger = django_user_model.objects.create_user("li")
    remember(stranger, "profile.location.city", "青岛", "他人的记忆：住在青岛")

    response = tova_client.get("/memories/", **ZH)
    page = response.content.decode()
    kinds = [label for label, _rows in response.context["groups"]]
    assert [str(label) for label in kinds] == ["偏好", "事实"]
    assert "allergy.drug" in page and "用户对头孢过敏" in page and "0.92" in page and "rule" in page
    assert "m1" in page  # the turn it came from
    assert "青岛" not in page


def test_editing_a_memory_goes_through_the_actions_and_is_audited(tova_client, tova):
    memory = remember(tova, "allergy.drug", "头孢", "用户对头孢过敏")
    form = tova_client.get(f"/memories/{memory.pk}/edit/")
    assert form.context["form"].initial == {"value": "头孢", "text": "用户对头孢过敏"}

    response = tova_client.post(f"/memories/{memory.pk}/edit/", {"value": "阿莫西林", "text": "用户对阿莫西林过敏"})
    assert response.status_code == 302
    memory.refresh_from_db()
    assert (memory.value, memory.text) == ("阿莫西林", "用户对阿莫西林过敏")
    event = MemoryEvent.objects.get(memory_ref=memory.pk, action="update")
    assert event.actor == f"user:{tova.pk}" and event.detail["before"]["value"] == "头孢"


def test_an_empty_edit_is_refused_with_a_reason_and_changes_nothing(tova_client, tova):
    memory = remember(tova, "allergy.drug", "头孢", "用户对头孢过敏")
    response = tova_client.post(f"/memories/{memory.pk}/edit/", {"value": " ", "text": "x"}, **ZH)
    assert response.status_code == 400
    assert "尚未保存" in response.content.decode()
    memory.refresh_from_db()
    assert memory.value == "头孢"


def test_secrets_typed_into_an_edit_are_not_stored(tova_client, tova):
    memory = remember(tova, "profile.phone_note", "x", "x")
    tova_client.post(f"/memories/{memory.pk}/edit/", {"value": "13812345678", "text": "我的手机号是13812345678"})
    memory.refresh_from_db()
    assert "13812345678" not in memory.value + memory.text


def test_deleting_a_memory_removes_every_version_of_its_key(tova_client, tova):
    first = remember(tova, "hobby.exercise", "游泳", "用户每周游泳")
    second = remember(tova, "hobby.exercise", "乒乓球", "用户改打乒乓球", previous=first)
    other = remember(tova, "allergy.drug", "头孢", "用户对头孢过敏")
    response = tova_client.post(f"/memories/{second.pk}/delete/", follow=True, **ZH)
    assert "及其所有版本已删除" in response.content.decode()
    assert list(Memory.objects.all()) == [other]
    assert MemoryEvent.objects.filter(action="delete", actor=f"user:{tova.pk}").exists()
    assert tova_client.get(f"/memories/{other.pk}/delete/").status_code == 405


def test_nobody_can_touch_another_persons_memory(tova_client, django_user_model):
    theirs = remember(django_user_model.objects.create_user("li"), "allergy.food", "蜂蜜", "对蜂蜜过敏")
    for path in (f"/memories/{theirs.pk}/edit/", f"/memories/{theirs.pk}/history/"):
        assert tova_client.get(path).status_code == 404
    assert tova_client.post(f"/memories/{theirs.pk}/edit/", {"value": "x", "text": "x"}).status_code == 404
    assert tova_client.post(f"/memories/{theirs.pk}/delete/").status_code == 404
    theirs.refresh_from_db()
    assert theirs.value == "蜂蜜"


def test_history_of_a_key_shows_every_version_in_order(tova_client, tova):
    first = remember(tova, "hobby.exercise", "游泳", "用户每周游泳")
    second = remember(tova, "hobby.exercise", "乒乓球", "用户改打乒乓球", previous=first)
    response = tova_client.get(f"/memories/{first.pk}/history/")
    rows = response.context["rows"]
    assert [(row["memory"].version, row["value"], row["memory"].status) for row in rows] == [
        (1, "游泳", MemoryStatus.SUPERSEDED), (2, "乒乓球", MemoryStatus.ACTIVE)]
    assert rows[1]["memory"] == second


def test_export_is_a_json_download_of_my_data_and_is_audited(tova_client, tova, django_user_model):
    remember(tova, "allergy.drug", "头孢", "用户对头孢过敏")
    remember(django_user_model.objects.create_user("li"), "allergy.food", "蜂蜜", "对蜂蜜过敏")
    response = tova_client.get("/memories/export/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith('attachment; filename="chatmem-memories-')
    data = json.loads(response.content)
    assert data["user_id"] == str(tova.pk)
    assert [memory["value"] for memory in data["memories"]] == ["头孢"]
    assert MemoryEvent.objects.filter(action="export", user_id=str(tova.pk), actor=f"user:{tova.pk}").exists()


def test_forget_everything_needs_the_confirmation(tova_client, tova):
    remember(tova, "allergy.drug", "头孢", "用户对头孢过敏")
    response = tova_client.post("/memories/forget/", {}, **ZH)
    assert response.status_code == 400 and "尚未删除任何内容" in response.content.decode()
    assert Memory.objects.count() == 1


def test_forget_everything_deletes_memories_conversations_and_nothing_of_others(tova_client, tova, django_user_model):
    remember(tova, "allergy.drug", "头孢", "用户对头孢过敏")
    conversation = Conversation.objects.create(user=tova, title="t")
    Message.objects.create(conversation=conversation, role="user", content="我对头孢过敏")
    Turn.objects.create(user_id=str(tova.pk), session_id=conversation.session_id, turn_id="m1", text="我对头孢过敏")
    li = django_user_model.objects.create_user("li")
    theirs = remember(li, "allergy.food", "蜂蜜", "对蜂蜜过敏")
    Conversation.objects.create(user=li, title="theirs")

    response = tova_client.post("/memories/forget/", {"confirm": "on"}, follow=True, **ZH)
    assert "关于你的一切都已遗忘" in response.content.decode()
    assert list(Memory.objects.all()) == [theirs]
    assert list(Conversation.objects.values_list("title", flat=True)) == ["theirs"]
    assert not Message.objects.exists() and not Turn.objects.filter(user_id=str(tova.pk)).exists()
    assert "头孢" not in json.dumps(list(MemoryEvent.objects.filter(user_id=str(tova.pk)).values_list("detail", flat=True)),
                                  ensure_ascii=False)


def signs_in(client, username: str, password: str) -> bool:
    """Through the sign-in page, as a person does (the sign-in throttle needs the request: no ``client.login``)."""
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302 and "_auth_user_id" in client.session


def test_demo_setup_creates_the_account_once_and_says_how_to_sign_in(client, django_user_model):
    out = StringIO()
    call_command("demo_setup", stdout=out)
    assert "Created the demo account" in out.getvalue()
    assert "sign in as “demo” with password “chatmem-demo”" in out.getvalue()
    assert signs_in(client, "demo", "chatmem-demo")

    user = django_user_model.objects.get(username="demo")
    user.set_password("changed-by-me")
    user.save()
    again = StringIO()
    call_command("demo_setup", stdout=again)
    assert "Created" not in again.getvalue() and "chatmem-demo" not in again.getvalue()
    assert django_user_model.objects.filter(username="demo").count() == 1
    assert signs_in(client, "demo", "changed-by-me")
