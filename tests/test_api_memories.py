"""GET/PATCH/DELETE /api/memories: the caller's own memories only, with versions, edits through the
actions (audited, redacted), deletes reaching every version."""
import pytest
from cryptography.fernet import Fernet

from memory_app.models import EventAction, Memory, MemoryEvent, MemoryStatus
from tests.api_support import ServiceClient, make_memory, supersede

pytestmark = pytest.mark.django_db


@pytest.fixture
def population():
    """Two tenants, several users, the same user id in both tenants."""
    return {
        ("acme", "alice"): [
            make_memory("acme", "alice", "health.allergy", "头孢", "用户对头孢过敏。", kind="fact"),
            make_memory("acme", "alice", "hobby.instrument", "Bassoon", "Alice plays the Bassoon."),
            make_memory("acme", "alice", "hobby.rehearsal", "Thursdays", "Alice rehearses with her band on Thursdays."),
        ],
        ("acme", "bob"): [make_memory("acme", "bob", "health.allergy", "sulfa", "Bob is allergic to sulfa drugs.", kind="fact")],
        ("globex", "alice"): [make_memory("globex", "alice", "city.home", "Berlin", "This Alice lives in Berlin.")],
    }


def _ids(response) -> set[int]:
    return {item["id"] for item in response.json()["items"]}


def test_list_holds_only_the_callers_rows(population):
    for (tenant, user_id), memories in population.items():
        response = ServiceClient(tenant, user_id).get("/api/memories")
        assert response.status_code == 200
        assert _ids(response) == {memory.pk for memory in memories}
        assert response.json()["count"] == len(memories)


def test_list_filters_by_kind_key_prefix_and_text(population):
    alice = ServiceClient("acme", "alice")
    allergy, instrument, rehearsal = population[("acme", "alice")]

    assert _ids(alice.get("/api/memories", {"kind": "fact"})) == {allergy.pk}
    assert _ids(alice.get("/api/memories", {"key_prefix": "hobby."})) == {instrument.pk, rehearsal.pk}
    assert _ids(alice.get("/api/memories", {"q": "头孢"})) == {allergy.pk}
    assert _ids(alice.get("/api/memories", {"q": "bassoon"})) == {instrument.pk}


def test_list_shows_old_versions_only_when_asked(population):
    alice = ServiceClient("acme", "alice")
    instrument = population[("acme", "alice")][1]
    newer = supersede(instrument, "Clarinet", "Alice now plays the Clarinet.")

    assert instrument.pk not in _ids(alice.get("/api/memories"))
    assert _ids(alice.get("/api/memories", {"status": "superseded"})) == {instrument.pk}
    assert {instrument.pk, newer.pk} <= _ids(alice.get("/api/memories", {"status": "all"}))


def test_list_paginates(population):
    alice = ServiceClient("acme", "alice")
    first = alice.get("/api/memories", {"limit": 2, "offset": 0}).json()
    rest = alice.get("/api/memories", {"limit": 2, "offset": 2}).json()
    assert first["count"] == rest["count"] == 3
    assert len(first["items"]) == 2 and len(rest["items"]) == 1
    assert not {item["id"] for item in first["items"]} & {item["id"] for item in rest["items"]}


def test_list_rejects_an_unknown_kind_with_a_reason(population):
    response = ServiceClient("acme", "alice").get("/api/memories", {"kind": "gossip"})
    assert response.status_code == 422
    assert "kind" in str(response.json()["detail"])


def test_get_returns_the_memory_with_all_versions_of_its_key(population):
    instrument = population[("acme", "alice")][1]
    newer = supersede(instrument, "Clarinet", "Alice now plays the Clarinet.")

    response = ServiceClient("acme", "alice").get(f"/api/memories/{newer.pk}")

    assert response.status_code == 200
    body = response.json()
    assert body["value"] == "Clarinet" and body["status"] == "active"
    assert [(version["version"], version["value"]) for version in body["versions"]] == [(1, "Bassoon"), (2, "Clarinet")]


@pytest.mark.parametrize("tenant, user_id", [("acme", "bob"), ("globex", "alice")])
def test_someone_elses_memory_is_404(population, tenant, user_id):
    allergy = population[("acme", "alice")][0]
    intruder = ServiceClient(tenant, user_id)

    assert intruder.get(f"/api/memories/{allergy.pk}").status_code == 404
    assert intruder.patch(f"/api/memories/{allergy.pk}", {"value": "nothing"}).status_code == 404
    assert intruder.delete(f"/api/memories/{allergy.pk}").status_code == 404
    assert Memory.objects.get(pk=allergy.pk).value == "头孢"


def test_missing_memory_is_404(population):
    assert ServiceClient("acme", "alice").get("/api/memories/987654").status_code == 404


def test_patch_edits_through_the_actions_with_an_audit_event(population):
    instrument = population[("acme", "alice")][1]

    response = ServiceClient("acme", "alice").patch(f"/api/memories/{instrument.pk}",
                                                    {"value": "Flute", "text": "Alice plays the Flute.", "is_private": True})

    assert response.status_code == 200
    assert (response.json()["value"], response.json()["text"], response.json()["is_private"]) == ("Flute", "Alice plays the Flute.", True)
    event = MemoryEvent.objects.filter(memory_ref=instrument.pk, action=EventAction.UPDATE).get()
    assert event.actor == "token:service-acme"
    assert event.detail["before"]["value"] == "Bassoon" and event.detail["after"]["value"] == "Flute"


def test_patch_value_alone_rewrites_the_sentence_too(population):
    instrument = population[("acme", "alice")][1]
    ServiceClient("acme", "alice").patch(f"/api/memories/{instrument.pk}", {"value": "长笛"})
    instrument.refresh_from_db()
    assert (instrument.value, instrument.text) == ("长笛", "长笛")


def test_patch_never_stores_a_secret(population):
    instrument = population[("acme", "alice")][1]
    response = ServiceClient("acme", "alice").patch(f"/api/memories/{instrument.pk}", {"text": "乐团联系电话 13812345678"})
    assert response.status_code == 200
    instrument.refresh_from_db()
    assert "13812345678" not in instrument.text
    assert "13812345678" not in str(list(MemoryEvent.objects.values_list("detail", flat=True)))


def test_patch_keeps_a_sensitive_memory_encrypted_at_rest(settings, db):
    settings.CHATMEM_ENCRYPTION_KEYS = Fernet.generate_key().decode()
    diagnosis = make_memory("acme", "alice", "health.condition", "migraine", "Alice has migraine.", kind="fact",
                            sensitivity="high")

    response = ServiceClient("acme", "alice").patch(f"/api/memories/{diagnosis.pk}", {"value": "chronic migraine"})

    assert response.status_code == 200 and response.json()["value"] == "chronic migraine"
    stored = Memory.objects.get(pk=diagnosis.pk)
    assert "migraine" not in stored.value and "migraine" not in stored.text


@pytest.mark.parametrize("payload", [{}, {"value": ""}, {"text": "   "}, {"value": "x" * 9000}])
def test_patch_refuses_empty_or_overlong_edits_with_a_reason(population, payload):
    instrument = population[("acme", "alice")][1]
    response = ServiceClient("acme", "alice").patch(f"/api/memories/{instrument.pk}", payload)
    assert response.status_code == 422
    assert response.json()["detail"][0]["msg"]
    assert Memory.objects.get(pk=instrument.pk).value == "Bassoon"


def test_patch_of_an_old_version_is_409(population):
    instrument = population[("acme", "alice")][1]
    supersede(instrument, "Clarinet", "Alice now plays the Clarinet.")
    response = ServiceClient("acme", "alice").patch(f"/api/memories/{instrument.pk}", {"value": "Flute"})
    assert response.status_code == 409
    assert "superseded" in response.json()["detail"]


def test_delete_removes_every_version_and_nothing_of_others(population):
    instrument = population[("acme", "alice")][1]
    newer = supersede(instrument, "Clarinet", "Alice now plays the Clarinet.")
    alice = ServiceClient("acme", "alice")

    response = alice.delete(f"/api/memories/{newer.pk}")

    assert response.status_code == 200 and response.json() == {"deleted": 2}
    assert not Memory.objects.filter(pk__in=[instrument.pk, newer.pk]).exists()
    assert alice.get(f"/api/memories/{instrument.pk}").status_code == 404
    assert Memory.objects.filter(tenant="acme", user_id="bob").count() == 1
    assert Memory.objects.filter(tenant="globex", user_id="alice", status=MemoryStatus.ACTIVE).count() == 1
    assert alice.delete(f"/api/memories/{newer.pk}").status_code == 404
