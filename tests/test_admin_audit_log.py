"""The audit log in admin: read-only for everyone (superusers too), searchable and filterable, and never
a plain-text secret on any admin page or in any download."""
import pytest
from django.urls import reverse
from django.utils import timezone

from memory_app import actions
from memory_app.candidates import MemoryCandidate
from memory_app.models import EventAction, Memory, MemoryEvent
from tests.admin_support import remember

pytestmark = pytest.mark.django_db
EVENTS = reverse("admin:memory_app_memoryevent_changelist")
PHONE, CARD, PASSWORD = "13812345678", "6222021234567890123", "hunter2hunter2"


def listed(response) -> list[MemoryEvent]:
    return list(response.context["cl"].result_list)


def test_the_audit_log_is_read_only_even_for_a_superuser(admin_client):
    memory = remember("u1", "hobby.music", "jazz")
    event = MemoryEvent.objects.get(memory_ref=memory.pk)
    url = reverse("admin:memory_app_memoryevent_change", args=[event.pk])
    page = admin_client.get(url)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.post(url, {"actor": "forged"}).status_code == 403
    assert admin_client.get(reverse("admin:memory_app_memoryevent_add")).status_code == 403
    assert admin_client.get(reverse("admin:memory_app_memoryevent_delete", args=[event.pk])).status_code == 403
    bulk = admin_client.post(EVENTS, {"action": "delete_selected", "_selected_action": [event.pk], "post": "yes"})
    assert bulk.status_code in (200, 302)
    assert MemoryEvent.objects.get(pk=event.pk).actor == "system"


def test_audit_log_search_and_filters(admin_client):
    memory = remember("u1", "hobby.music", "jazz", session="sess-42", turn="turn-7")
    actions.record_reads([memory], actor="chat", session_id="sess-99", turn_id="turn-1")
    remember("u2", "food.veg", "spinach", tenant="acme")
    assert {e.memory_ref for e in listed(admin_client.get(EVENTS, {"q": "sess-42"}))} == {memory.pk}
    assert [e.action for e in listed(admin_client.get(EVENTS, {"q": "turn-1"}))] == ["read"]
    assert {e.user_id for e in listed(admin_client.get(EVENTS, {"tenant__exact": "acme"}))} == {"u2"}
    assert [e.actor for e in listed(admin_client.get(EVENTS, {"action__exact": "read"}))] == ["chat"]
    assert {e.memory_ref for e in listed(admin_client.get(EVENTS, {"q": str(memory.pk)}))} >= {memory.pk}
    assert {e.memory_ref for e in listed(admin_client.get(EVENTS, {"q": "jazz"}))} == {memory.pk}  # in details


@pytest.fixture
def secrets_everywhere():
    """Secrets offered at every door: in a candidate, in an edit, in event details, and in a row an older
    version of the code might have written without redaction."""
    memory = actions.create_memory(
        tenant="default", user_id="u1", observed_at=timezone.now(),
        candidate=MemoryCandidate(kind="fact", key="profile.phone", value=f"我的手机号是{PHONE}",
                                  text=f"用户的手机号是{PHONE}，银行卡{CARD}", confidence=0.9),
        sources=[{"session": "s1", "turn": "t1"}], session_id="s1", turn_id="t1")
    actions.update_memory(memory, value=f"password is {PASSWORD}", actor="admin:someone")
    actions.record_event(memory, EventAction.REVIEW, actor="test", detail={"note": f"call {PHONE}"})
    MemoryEvent.objects.create(memory=memory, memory_ref=memory.pk, tenant="default", user_id="u1",
                               action=EventAction.UPDATE, actor="legacy", detail={"value": f"card {CARD}"})
    return memory


def test_no_plain_text_secret_on_any_admin_page_or_download(admin_client, secrets_everywhere):
    memory = secrets_everywhere
    stored = Memory.objects.get(pk=memory.pk)
    assert "[phone]" in stored.text and PHONE not in stored.text + stored.value
    legacy = MemoryEvent.objects.get(actor="legacy")
    pages = [
        reverse("admin:memory_app_memory_changelist"),
        reverse("admin:memory_app_memory_change", args=[memory.pk]),
        EVENTS,
        reverse("admin:memory_app_memoryevent_change", args=[legacy.pk]),
        reverse("admin:memory_app_memory_user") + "?tenant=default&user=u1",
        reverse("admin:memory_app_memory_user_export_json") + "?tenant=default&user=u1",
        reverse("admin:memory_app_memory_user_export_csv") + "?tenant=default&user=u1",
    ]
    for url in pages:
        body = admin_client.get(url).content.decode()
        for secret in (PHONE, CARD, PASSWORD):
            assert secret not in body, (url, secret)
    assert "[phone]" in admin_client.get(EVENTS).content.decode()
    for secret in (PHONE, CARD, PASSWORD):
        stored_details = str(list(MemoryEvent.objects.exclude(actor="legacy").values_list("detail", flat=True)))
        assert secret not in stored_details, secret


def test_searching_for_a_secret_finds_nothing(admin_client, secrets_everywhere):
    assert listed(admin_client.get(reverse("admin:memory_app_memory_changelist"), {"q": PHONE})) == []
    assert [event.actor for event in listed(admin_client.get(EVENTS, {"q": PHONE}))] == []
