"""Sessions (issue 11, item 5): signing out closes the person's open chat sockets, and a socket whose session is
gone runs no turn even when no close message reaches it; wrong passwords are throttled (django-axes), and the
locked-out person is told why, in English and in Chinese. Real ASGI stack, real sign-in and sign-out pages."""
import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse

from chat_app.models import Conversation, Message
from chatmem.asgi import application
from memory_app.models import Turn

WAIT_SECONDS = 60  # a guard against a hung test, not a timing assert
PASSWORD = "pw-ines-correct-42"


@pytest.fixture
def person(django_user_model):
    return django_user_model.objects.create_user("ines", password=PASSWORD)


def signed_in_browser(user) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


async def open_socket(browser: Client) -> WebsocketCommunicator:
    cookie = browser.cookies["sessionid"].value
    communicator = WebsocketCommunicator(application, "/ws/chat/", headers=[
        (b"origin", b"http://testserver"), (b"cookie", f"sessionid={cookie}".encode())])
    connected, _ = await communicator.connect(timeout=WAIT_SECONDS)
    assert connected
    return communicator


async def nothing_was_kept() -> bool:
    return not await sync_to_async(lambda: Turn.objects.exists() or Message.objects.exists()
                                   or Conversation.objects.exists())()


@pytest.mark.django_db(transaction=True)
async def test_signing_out_closes_that_persons_open_sockets(person, django_user_model):
    browser = await sync_to_async(signed_in_browser)(person)
    other = await sync_to_async(django_user_model.objects.create_user)("otto", password="pw-otto-42")
    mine, theirs = await open_socket(browser), await open_socket(await sync_to_async(signed_in_browser)(other))

    response = await sync_to_async(browser.post)(reverse("logout"))
    assert response.status_code == 302

    assert await mine.receive_output(timeout=WAIT_SECONDS) == {"type": "websocket.close", "code": 4401}
    assert await theirs.receive_nothing(timeout=0.5), "another person's socket stays open"
    await theirs.disconnect()


def sign_out_elsewhere(person, browser):
    """Another server process signed the person out: the session row is gone, no close message came here."""
    SessionStore(browser.cookies["sessionid"].value).delete()


def change_password_elsewhere(person, browser):
    person.set_password("pw-ines-new-77")
    person.save()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("end_session", [sign_out_elsewhere, change_password_elsewhere])
async def test_a_message_after_the_session_ended_elsewhere_runs_no_turn(person, end_session):
    browser = await sync_to_async(signed_in_browser)(person)
    socket = await open_socket(browser)
    await sync_to_async(end_session)(person, browser)

    await socket.send_json_to({"type": "chat.message", "conversation_id": None, "text": "I'm allergic to penicillin"})

    assert await socket.receive_output(timeout=WAIT_SECONDS) == {"type": "websocket.close", "code": 4401}
    assert await nothing_was_kept()


@pytest.mark.django_db(transaction=True)
async def test_a_signed_in_socket_still_chats(person):
    socket = await open_socket(await sync_to_async(signed_in_browser)(person))
    await socket.send_json_to({"type": "chat.message", "conversation_id": None, "text": "我住在青岛"})
    first = await socket.receive_json_from(timeout=WAIT_SECONDS)
    assert first["type"] == "turn.started"
    while (await socket.receive_json_from(timeout=WAIT_SECONDS))["type"] != "turn.finished":
        pass
    await socket.disconnect()


# --- throttled sign-in ------------------------------------------------------------------------------------------

def sign_in(browser: Client, password: str, language: str = "en"):
    return browser.post(reverse("login"), {"username": "ines", "password": password}, HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.django_db
@pytest.mark.parametrize("language, reason", [
    ("en", "Too many failed sign-in attempts for this account. Signing in is paused for 15 minutes"),
    ("zh-CN,zh;q=0.9", "这个账号的登录失败次数太多。登录已暂停 15 分钟"),
])
def test_wrong_passwords_lock_the_account_out_and_the_page_says_why(person, settings, language, reason):
    browser = Client()
    for attempt in range(1, settings.AXES_FAILURE_LIMIT):
        response = sign_in(browser, f"guess-{attempt}", language)
        assert response.status_code == 200 and reason not in response.content.decode()

    locked = sign_in(browser, "guess-last", language)
    assert locked.status_code == 429 and reason in locked.content.decode()

    right = sign_in(browser, PASSWORD, language)
    assert right.status_code == 429 and reason in right.content.decode()
    assert "_auth_user_id" not in browser.session, "the right password no longer signs in while locked out"
    assert 'value="ines"' in right.content.decode(), "the sign-in form is still there, with the name filled in"


@pytest.mark.django_db
def test_the_lockout_is_for_that_account_and_a_good_sign_in_starts_the_count_afresh(person, django_user_model, settings):
    django_user_model.objects.create_user("otto", password="pw-otto-42")
    browser = Client()
    for attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        sign_in(browser, f"guess-{attempt}")
    assert sign_in(browser, PASSWORD).status_code == 302
    for attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in(browser, f"again-{attempt}").status_code == 200
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        sign_in(browser, f"more-{attempt}")
    assert sign_in(browser, PASSWORD).status_code == 429

    someone_else = browser.post(reverse("login"), {"username": "otto", "password": "pw-otto-42"})
    assert someone_else.status_code == 302, "one account locked out, not the address"
