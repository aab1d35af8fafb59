"""The host's hooks: the four signals (memory_created, memory_updated, memory_forgotten, context_built) with user,
tenant and item, sent on commit from the real write, merge, forget and before_turn paths; and the adapter named by
CHATMEM_ADAPTER vetoing, editing and mapping users."""
import dataclasses
import logging

import pytest
from django.db import transaction

from memory_app import service
from memory_app.adapter import MemoryAdapter
from memory_app.models import Memory, MemoryStatus
from memory_app.signals import ForgottenMemory, context_built, memory_created, memory_forgotten, memory_updated
from memory_app.types import TurnContext
from tests.api_support import signed_in_browser

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    """Every signal sent during the test, as (signal name, keyword arguments)."""
    received = []
    signals = {"created": memory_created, "updated": memory_updated, "forgotten": memory_forgotten,
               "context": context_built}
    receivers = {}
    for name, signal in signals.items():
        def listen(sender, signal=None, _name=name, **kwargs):
            received.append((_name, kwargs))
        receivers[name] = listen
        signal.connect(listen)
    yield received
    for name, signal in signals.items():
        signal.disconnect(receivers[name])


def of(heard, name):
    return [kwargs for signal_name, kwargs in heard if signal_name == name]


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Runs what waits for a commit (the test itself stays inside one transaction)."""
    def run(function, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return function(*args, **kwargs)
    return run


def test_a_new_memory_is_announced_with_user_tenant_and_row(heard, commits):
    commits(service.after_turn, "ana", "I live in Ljubljana.", tenant="shop", session_id="s1", turn_id="t1")

    (created,) = of(heard, "created")
    assert (created["tenant"], created["user_id"]) == ("shop", "ana")
    assert isinstance(created["memory"], Memory) and created["memory"].key == "profile.location.city"
    assert created["memory"].status == MemoryStatus.ACTIVE and "Ljubljana" in created["memory"].value
    assert created["actor"] == "turn:s1/t1"


def test_the_same_fact_again_and_a_change_are_updates(heard, commits):
    commits(service.after_turn, "ana", "I live in Ljubljana.", session_id="s1")
    commits(service.after_turn, "ana", "I live in Ljubljana.", session_id="s1")
    commits(service.after_turn, "ana", "I moved to Windhoek last month.", session_id="s1")

    updates = of(heard, "updated")
    assert [update["change"] for update in updates] == ["touch", "supersede"]
    assert all((update["tenant"], update["user_id"]) == ("default", "ana") for update in updates)
    superseded = updates[1]["memory"]
    assert "Ljubljana" in superseded.value and superseded.status == MemoryStatus.SUPERSEDED
    newest = of(heard, "created")[-1]["memory"]
    assert "Windhoek" in newest.value and newest.previous_id == superseded.pk


def test_forgetting_announces_every_version_without_its_content(heard, commits):
    commits(service.after_turn, "ana", "I live in Ljubljana.", session_id="s1")
    commits(service.after_turn, "ana", "I moved to Windhoek last month.", session_id="s1")
    active = Memory.objects.get(user_id="ana", status=MemoryStatus.ACTIVE)

    commits(service.forget_memory, active.pk, tenant="default", user_id="ana", actor="user:ana")

    forgotten = of(heard, "forgotten")
    assert {item["memory"].id for item in forgotten} == {created["memory"].pk for created in of(heard, "created")}
    for item in forgotten:
        assert (item["tenant"], item["user_id"], item["actor"]) == ("default", "ana", "user:ana")
        assert isinstance(item["memory"], ForgottenMemory) and item["memory"].key_kind == "profile.location"
        assert "Windhoek" not in repr(item) and "Ljubljana" not in repr(item)
    assert not Memory.objects.filter(user_id="ana").exists()


def test_forget_everything_announces_each_memory(heard, commits):
    commits(service.after_turn, "ana", "I live in Ljubljana.", session_id="s1")
    commits(service.after_turn, "ana", "I work as a glassblower.", session_id="s1")
    commits(service.after_turn, "ben", "I work as a glassblower.", session_id="s2")

    commits(service.forget_user, "default", "ana", actor="user:ana")

    forgotten = of(heard, "forgotten")
    assert sorted(item["memory"].key_kind for item in forgotten) == ["profile.location", "profile.occupation"]
    assert {item["user_id"] for item in forgotten} == {"ana"}


def test_a_built_context_is_announced_with_what_was_injected(heard, commits):
    commits(service.after_turn, "ana", "我对荞麦过敏", session_id="s1")

    context = service.before_turn("ana", "早餐做荞麦面可以吗？", session_id="s2", turn_id="t9")

    (built,) = of(heard, "context")
    assert (built["tenant"], built["user_id"], built["session_id"], built["turn_id"]) == ("default", "ana", "s2", "t9")
    assert built["context"] is context and isinstance(context, TurnContext) and "荞麦" in context.block
    assert built["message"] == "早餐做荞麦面可以吗？"


def test_a_rolled_back_write_announces_nothing(heard, commits):
    class Abandoned(Exception):
        pass

    def write_then_fail():
        with transaction.atomic():
            service.after_turn("ana", "I live in Ljubljana.", session_id="s1")
            raise Abandoned

    with pytest.raises(Abandoned):
        commits(write_then_fail)

    assert not of(heard, "created") and not Memory.objects.exists()


def test_a_failing_receiver_is_logged_and_memory_goes_on(commits, caplog):
    def broken(sender, **kwargs):
        raise RuntimeError("the host's receiver has a bug")

    memory_created.connect(broken)
    try:
        with caplog.at_level(logging.ERROR, logger="memory_app.signals"):
            record = commits(service.after_turn, "ana", "I live in Ljubljana.", session_id="s1")
    finally:
        memory_created.disconnect(broken)

    assert record.status == "processed" and Memory.objects.filter(user_id="ana").exists()
    assert any("RuntimeError" in message for message in caplog.messages)


# --- the adapter ------------------------------------------------------------------------------------------------


class NoWorkDetailsAdapter(MemoryAdapter):
    """A host that keeps no occupations, and keeps every city private."""

    def pre_write(self, *, tenant, user_id, candidate):
        if candidate.key == "profile.occupation":
            return None
        return dataclasses.replace(candidate, is_private=True, importance=0.9)

    def user_id_for(self, user):
        return f"member-{user.username}"

    def tenant_for(self, user):
        return "members"


@pytest.fixture
def host_adapter(settings):
    settings.CHATMEM_ADAPTER = "tests.test_host_hooks.NoWorkDetailsAdapter"


def test_the_adapter_vetoes_a_write(host_adapter, heard, commits):
    record = commits(service.after_turn, "ana", "I work as a glassblower.", session_id="s1")

    assert not Memory.objects.filter(user_id="ana", key="profile.occupation").exists()
    assert [item["key"] for item in record.outcome["extracted"]] == ["profile.occupation"]
    assert {"key": "profile.occupation", "reason": "vetoed by the host's adapter", "source": "rule"} in \
        record.outcome["dropped"]
    assert not record.outcome["created"] and not of(heard, "created")


def test_the_adapter_edits_a_write_before_it_is_stored(host_adapter):
    service.after_turn("ana", "I live in Ljubljana.", session_id="s1")

    stored = Memory.objects.get(user_id="ana", key="profile.location.city")
    assert stored.is_private and stored.importance == 0.9 and "Ljubljana" in stored.value


def test_the_adapter_maps_the_signed_in_user_to_chatmem_ids(host_adapter):
    browser, _ = signed_in_browser("tova")

    response = browser.post("/api/turns", {"user_message": "I live in Ljubljana."}, content_type="application/json")

    assert response.status_code == 200
    stored = Memory.objects.get(key="profile.location.city")
    assert (stored.tenant, stored.user_id) == ("members", "member-tova")
    assert browser.get("/api/memories").json()["count"] == 1


def test_without_a_host_adapter_a_user_is_known_by_primary_key():
    browser, own_id = signed_in_browser("tova")

    browser.post("/api/turns", {"user_message": "I live in Ljubljana."}, content_type="application/json")

    assert Memory.objects.get(key="profile.location.city").user_id == own_id
