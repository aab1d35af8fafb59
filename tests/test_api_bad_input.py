"""Bad input is a 4xx with a reason, never a 500, on SQLite and PostgreSQL alike: text no database stores (a NUL,
an unpaired surrogate), bodies too large or nested too deep, numbers past any integer column. Nothing is kept."""
import json
import re

import pytest
from django.test import Client

from memory_app import service
from memory_app.api_auth import USER_HEADER
from memory_app.models import Memory, Snippet, Turn
from tests.api_support import ServiceClient, make_memory

pytestmark = pytest.mark.django_db

PAST_BIGINT = "9223372036854775808"  # 2**63: one more than the largest bigint


@pytest.fixture
def api():
    return ServiceClient("default", "alice")


def post_raw(api: ServiceClient, path: str, body: str | bytes):
    return api.client.post(path, body, content_type="application/json", headers=api.headers)


def assert_nothing_kept():
    assert Turn.objects.count() == 0 and Snippet.objects.count() == 0 and Memory.objects.count() == 0


@pytest.mark.parametrize("field", ["user_message", "assistant_message", "session_id", "turn_id"])
@pytest.mark.parametrize("bad", ["\ud800", "\udfff tail", "nul\x00byte"])
def test_unstorable_text_in_a_turn_is_a_422_naming_the_field(api, db_vendor, field, bad):
    payload = {"user_message": "I keep bees on the roof.", field: bad}
    response = post_raw(api, "/api/turns", json.dumps(payload))  # json escapes both: "\ud800", "\u0000"
    assert response.status_code == 422, response.content[:300]
    [problem] = response.json()["detail"]
    assert problem["loc"][-1] == field and re.search(r"NUL|surrogate|unicode|pattern", problem["msg"])
    assert_nothing_kept()


def test_unstorable_text_in_a_context_request_is_a_422(api, db_vendor):
    for bad in ("\ud83d", "a\x00b"):
        assert post_raw(api, "/api/context", json.dumps({"message": bad})).status_code == 422


def test_a_nul_in_the_search_query_is_a_422(api, db_vendor):
    make_memory("default", "alice", "diet.avoid.peanut", "peanut", "Alice avoids peanuts.")
    assert api.get("/api/memories", {"q": "pea\x00nut"}).status_code == 422
    assert api.get("/api/memories", {"key_prefix": "\x00"}).status_code == 422
    assert [item["key"] for item in api.get("/api/memories", {"q": "peanut"}).json()["items"]] == ["diet.avoid.peanut"]


def test_a_nul_in_the_user_header_is_a_400(api, db_vendor):
    response = api.client.get("/api/memories", headers={**api.headers, USER_HEADER: "al%00ice"})
    assert response.status_code == 400 and "NUL" in response.json()["detail"]


@pytest.mark.parametrize("offset", [PAST_BIGINT, "1" + "0" * 40, "-1"])
def test_an_offset_past_any_integer_is_a_422(api, db_vendor, offset):
    response = api.get("/api/memories", {"offset": offset})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"][-1] == "offset"


def test_a_limit_out_of_range_is_a_422(api, db_vendor):
    assert api.get("/api/memories", {"limit": PAST_BIGINT}).status_code == 422
    assert api.get("/api/memories", {"limit": "0"}).status_code == 422


@pytest.mark.parametrize("memory_id", [PAST_BIGINT, "9" * 30])
def test_a_memory_id_past_any_integer_is_a_404(api, db_vendor, memory_id):
    assert api.get(f"/api/memories/{memory_id}").status_code == 404
    assert api.patch(f"/api/memories/{memory_id}", {"value": "x"}).status_code == 404
    assert api.delete(f"/api/memories/{memory_id}").status_code == 404


def test_a_body_over_the_upload_limit_is_a_413(api, settings, db_vendor):
    body = json.dumps({"user_message": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)})
    response = post_raw(api, "/api/turns", body)
    assert response.status_code == 413 and "DATA_UPLOAD_MAX_MEMORY_SIZE" in response.json()["detail"]
    assert_nothing_kept()


def test_a_large_body_from_a_browser_session_is_a_413_too(settings, django_user_model, db_vendor):
    browser = Client()
    browser.force_login(django_user_model.objects.create_user("bo", password="pw-bo-123"))
    body = "user_message=" + "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    response = browser.post("/api/turns", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413


def test_json_nested_too_deep_is_a_400(api, db_vendor):
    depth = 100_000
    response = post_raw(api, "/api/turns", "[" * depth + "]" * depth)
    assert response.status_code == 400
    assert response.json()["detail"].startswith("Cannot parse request body")
    assert_nothing_kept()


def test_a_body_that_is_not_utf8_is_a_400(api, db_vendor):
    assert post_raw(api, "/api/turns", b'{"user_message": "\xff\xfe"}').status_code == 400


@pytest.mark.parametrize("call", [
    lambda: service.after_turn("u1", "bees \ud800"),
    lambda: service.after_turn("u1", "bees", "reply \x00"),
    lambda: service.after_turn("u1", "bees", session_id="s\x00"),
    lambda: service.after_turn("u\x00", "bees"),
    lambda: service.after_turn("u1", "bees", speaker="x" * 65),
    lambda: service.before_turn("u1", "bees", session_id="\udc00"),
    lambda: service.before_turn("u1", "nul \x00 here"),
    lambda: service.recall("u1", "\ud800"),
    lambda: service.remember("u1", "I keep bees\x00"),
])
def test_the_service_refuses_unstorable_text_with_a_clear_reason(db_vendor, call):
    with pytest.raises(service.MemoryInputError):
        call()
    assert_nothing_kept()
