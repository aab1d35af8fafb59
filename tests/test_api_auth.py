"""REST API authentication: service tokens (bound to a tenant, acting for the user named in a header) and
the browser session (acting only for the signed-in user)."""
import io
import json
import logging

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from memory_app import service
from memory_app.api_auth import USER_HEADER, hash_token, issue_token
from memory_app.models import ApiToken, Memory
from tests.api_support import ServiceClient, make_memory, signed_in_browser

pytestmark = pytest.mark.django_db


def test_token_call_acts_for_the_named_user_in_the_token_tenant():
    make_memory("acme", "alice", "health.allergy", "ibuprofen", "Alice is allergic to ibuprofen.")
    make_memory("acme", "bob", "health.allergy", "sulfa", "Bob is allergic to sulfa drugs.")

    response = ServiceClient("acme", "alice").get("/api/memories")

    assert response.status_code == 200
    assert [item["value"] for item in response.json()["items"]] == ["ibuprofen"]
    assert ApiToken.objects.get(tenant="acme").last_used_at is not None


def test_no_credentials_is_401():
    response = Client().get("/api/memories")
    assert response.status_code == 401


def test_unknown_token_is_401_with_a_reason():
    response = Client().get("/api/memories", headers={"Authorization": "Bearer cm_not-a-real-token", USER_HEADER: "alice"})
    assert response.status_code == 401
    assert "token" in response.json()["detail"]


class _RawMessages(logging.Handler):
    """Sees records on the logger itself, before any redacting handler further up the tree."""

    def __init__(self):
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def test_a_token_sent_with_another_scheme_is_refused_and_not_logged(settings):
    settings.DEBUG = True  # ninja's own bearer parsing logs odd headers verbatim to the "django" logger in DEBUG
    token = issue_token("acme", "crm")
    raw = _RawMessages()
    logging.getLogger("django").addHandler(raw)
    try:
        response = Client().get("/api/memories", headers={"Authorization": f"Token {token}", USER_HEADER: "alice"})
    finally:
        logging.getLogger("django").removeHandler(raw)

    assert response.status_code == 401
    assert not any(token in message for message in raw.messages)


def test_revoked_token_is_401():
    service = ServiceClient("acme", "alice")
    ApiToken.objects.filter(token_hash=hash_token(service.token)).update(is_active=False)
    assert service.get("/api/memories").status_code == 401


def test_token_without_end_user_header_is_400_with_a_reason():
    token = issue_token("acme", "crm")
    response = Client().get("/api/memories", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 400
    assert USER_HEADER in response.json()["detail"]


def test_only_the_hash_of_a_token_is_stored():
    token = issue_token("acme", "crm")
    stored = ApiToken.objects.get(name="crm")
    assert stored.token_hash == hash_token(token) != token
    assert token.startswith(stored.token_prefix)
    assert not ApiToken.objects.filter(token_hash=token).exists()


def test_session_user_acts_for_themselves_in_the_default_tenant():
    browser, person_id = signed_in_browser("carol")
    make_memory("default", person_id, "city.home", "烟台", "用户住在烟台。")
    make_memory("default", "someone-else", "city.home", "北京", "用户住在北京。")

    response = browser.get("/api/memories")

    assert response.status_code == 200
    assert [item["value"] for item in response.json()["items"]] == ["烟台"]


def test_session_user_cannot_name_another_user():
    browser, _ = signed_in_browser("carol")
    make_memory("default", "victim", "city.home", "北京", "用户住在北京。")

    response = browser.get("/api/memories", headers={USER_HEADER: "victim"})

    assert response.status_code == 403
    assert "北京" not in response.content.decode()


def test_token_wins_over_a_session_cookie_without_csrf_token():
    """The django-ninja quirk: with session auth first, the cookie would make this valid token call a 403."""
    browser, _ = signed_in_browser("carol", enforce_csrf_checks=True)
    memory = make_memory("default", "alice", "drink.coffee", "latte", "Alice likes lattes.")
    token = issue_token("default", "crm")
    patch = json.dumps({"value": "flat white"})

    with_token = browser.patch(f"/api/memories/{memory.pk}", patch, content_type="application/json",
                               headers={"Authorization": f"Bearer {token}", USER_HEADER: "alice"})

    assert with_token.status_code == 200
    assert Memory.objects.get(pk=memory.pk).value == "flat white"


def test_session_write_without_csrf_token_is_refused():
    browser, person_id = signed_in_browser("carol", enforce_csrf_checks=True)
    memory = make_memory("default", person_id, "drink.coffee", "latte", "Carol likes lattes.")

    response = browser.patch(f"/api/memories/{memory.pk}", json.dumps({"value": "mocha"}), content_type="application/json")

    assert response.status_code == 403
    assert Memory.objects.get(pk=memory.pk).value == "latte"


def test_token_command_creates_lists_and_revokes():
    out, err = io.StringIO(), io.StringIO()
    call_command("memory_token", "create", "crm", "--tenant", "acme", stdout=out, stderr=err)
    token = out.getvalue().strip()
    assert ServiceClient("acme", "alice", token=token).get("/api/memories").status_code == 200

    listing = io.StringIO()
    call_command("memory_token", "list", stdout=listing)
    assert "crm" in listing.getvalue() and "acme" in listing.getvalue()
    assert token not in listing.getvalue()

    call_command("memory_token", "revoke", "crm", "--tenant", "acme", stdout=io.StringIO())
    assert ServiceClient("acme", "alice", token=token).get("/api/memories").status_code == 401


def test_token_command_refuses_unknown_token_and_empty_name():
    with pytest.raises(CommandError, match="no active token"):
        call_command("memory_token", "revoke", "nobody", "--tenant", "acme", stdout=io.StringIO())
    with pytest.raises(CommandError, match="name"):
        call_command("memory_token", "create", "  ", "--tenant", "acme", stdout=io.StringIO(), stderr=io.StringIO())


def test_token_command_needs_a_tenant_and_keeps_away_from_the_browser_tenant_unless_told():
    with pytest.raises(CommandError, match="tenant"):
        call_command("memory_token", "create", "crm", stdout=io.StringIO(), stderr=io.StringIO())
    with pytest.raises(CommandError, match="allow-browser-tenant"):
        call_command("memory_token", "create", "--tenant", "default", "--name", "crm", stdout=io.StringIO(),
                     stderr=io.StringIO())
    assert not ApiToken.objects.exists()
    out = io.StringIO()
    call_command("memory_token", "create", "--tenant", "default", "--name", "crm", "--allow-browser-tenant",
                 stdout=out, stderr=io.StringIO())
    assert ApiToken.objects.get(tenant="default", name="crm").token_hash == hash_token(out.getvalue().strip())


def test_token_names_are_unique_per_tenant_and_revoke_stays_in_its_tenant():
    for tenant in ("acme", "globex"):
        call_command("memory_token", "create", "--tenant", tenant, "--name", "crm", stdout=io.StringIO(),
                     stderr=io.StringIO())
    with pytest.raises(CommandError, match="already has an active token"):
        call_command("memory_token", "create", "--tenant", "acme", "--name", "crm", stdout=io.StringIO(),
                     stderr=io.StringIO())
    call_command("memory_token", "revoke", "crm", "--tenant", "acme", stdout=io.StringIO())
    assert list(ApiToken.objects.filter(is_active=True).values_list("tenant", flat=True)) == ["globex"]


@pytest.mark.parametrize("sent", [
    "林晓雯".encode().decode("latin-1"),  # what a server hands Django for UTF-8 header bytes
    "%E6%9E%97%E6%99%93%E9%9B%AF",  # percent-encoded, for clients that only send ASCII
])
def test_a_non_ascii_end_user_is_the_same_user_from_rest_and_python(sent):
    service.remember("林晓雯", "我在苏州做刺绣，专门绣猫", tenant="acme")
    token = issue_token("acme", "crm")
    response = Client().get("/api/memories", HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_X_CHATMEM_USER=sent)
    assert response.status_code == 200, response.content
    assert any("刺绣" in item["text"] for item in response.json()["items"])
    assert Memory.objects.filter(tenant="acme").values_list("user_id", flat=True).distinct().get() == "林晓雯"


def test_percent_encoding_that_is_not_utf8_is_a_400():
    token = issue_token("acme", "crm")
    response = Client().get("/api/memories", HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_X_CHATMEM_USER="%FF%FE")
    assert response.status_code == 400 and "percent-encoding" in response.content.decode()
