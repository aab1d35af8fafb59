"""Encryption at rest of high-sensitivity values: sealing on write, revealing on read, rotation to a new
key, sealing rows written before encryption was switched on, and clear errors for bad keys."""
import pytest
from cryptography.fernet import Fernet
from django.core.management import CommandError, call_command

from memory_app import actions, crypto, lifecycle
from memory_app.models import EventAction, Memory, MemoryEvent
from tests.admin_support import remember

pytestmark = pytest.mark.django_db

OLD_KEY, NEW_KEY, STRANGER_KEY = (Fernet.generate_key().decode() for _ in range(3))


def stored(memory) -> tuple[str, str]:
    """What the database really holds, bypassing any reveal."""
    return Memory.objects.filter(pk=memory.pk).values_list("value", "text").get()


def test_high_sensitivity_values_are_sealed_at_rest_and_revealed_on_read(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = OLD_KEY
    secret_ish = remember("u1", "health.condition", "甲亢", "用户有甲亢", sensitivity="high")
    ordinary = remember("u1", "hobby.music", "爵士乐", "用户喜欢爵士乐")
    value, text = stored(secret_ish)
    assert value.startswith("enc:v1:") and text.startswith("enc:v1:")
    assert "甲亢" not in value + text
    fresh = Memory.objects.get(pk=secret_ish.pk)
    assert fresh.is_encrypted
    assert (crypto.reveal_value(fresh), crypto.reveal_text(fresh)) == ("甲亢", "用户有甲亢")
    assert stored(ordinary) == ("爵士乐", "用户喜欢爵士乐")
    assert not Memory.objects.get(pk=ordinary.pk).is_encrypted


def test_without_a_key_nothing_is_sealed(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = ""
    memory = remember("u1", "health.condition", "hyperthyroidism", sensitivity="high")
    assert stored(memory)[0] == "hyperthyroidism"
    assert not Memory.objects.get(pk=memory.pk).is_encrypted


def test_editing_a_sealed_memory_keeps_it_sealed(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = OLD_KEY
    memory = remember("u1", "health.condition", "migraine", "User has migraine", sensitivity="high")
    actions.update_memory(Memory.objects.get(pk=memory.pk), value="hay fever", actor="test")
    value, text = stored(memory)
    assert value.startswith("enc:v1:") and "hay fever" not in value
    assert text.startswith("enc:v1:"), "the text was re-sealed, not left as ciphertext-of-ciphertext or plain"
    fresh = Memory.objects.get(pk=memory.pk)
    assert crypto.reveal_value(fresh) == "hay fever"
    assert crypto.reveal_text(fresh) == "User has migraine"


def test_rotation_moves_every_sealed_row_to_the_newest_key(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = OLD_KEY
    memories = [remember(f"u{n}", "health.condition", f"condition {n}", sensitivity="high") for n in range(3)]

    settings.CHATMEM_ENCRYPTION_KEYS = f"{NEW_KEY},{OLD_KEY}"  # step 1: prepend the new key
    report = lifecycle.rotate_keys()
    assert sorted(change["id"] for change in report.changes) == sorted(memory.pk for memory in memories)
    assert {change["action"] for change in report.changes} == {"rotate"}
    assert MemoryEvent.objects.filter(action=EventAction.UPDATE, detail__reason="key rotation").count() == 3

    settings.CHATMEM_ENCRYPTION_KEYS = NEW_KEY  # step 3: drop the old key; every row still opens
    assert [crypto.reveal_value(Memory.objects.get(pk=m.pk)) for m in memories] == [f"condition {n}" for n in range(3)]


def test_rotation_is_idempotent(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = OLD_KEY
    remember("u1", "health.condition", "migraine", sensitivity="high")
    settings.CHATMEM_ENCRYPTION_KEYS = f"{NEW_KEY},{OLD_KEY}"
    assert len(lifecycle.rotate_keys().changes) == 1
    assert lifecycle.rotate_keys().changes == [], "rows already under the newest key are left alone"


def test_a_row_sealed_with_a_dropped_key_is_reported_unreadable_not_destroyed(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = STRANGER_KEY
    memory = remember("u1", "health.condition", "migraine", sensitivity="high")
    before = stored(memory)
    settings.CHATMEM_ENCRYPTION_KEYS = NEW_KEY
    assert crypto.reveal_value(Memory.objects.get(pk=memory.pk)) == crypto.UNREADABLE
    report = lifecycle.rotate_keys()
    assert report.notes["unreadable"] == [memory.pk]
    assert report.changes == []
    assert stored(memory) == before


def test_rotation_seals_rows_written_before_encryption_was_switched_on(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = ""
    memory = remember("u1", "health.condition", "migraine", sensitivity="high")
    settings.CHATMEM_ENCRYPTION_KEYS = NEW_KEY
    dry = lifecycle.rotate_keys(dry_run=True)
    assert [change["action"] for change in dry.changes] == ["seal"]
    assert stored(memory)[0] == "migraine", "a dry run changes nothing"
    lifecycle.rotate_keys()
    assert stored(memory)[0].startswith("enc:v1:")
    assert crypto.reveal_value(Memory.objects.get(pk=memory.pk)) == "migraine"


def test_a_bad_key_is_a_clear_error_that_does_not_echo_the_key(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = f"{NEW_KEY},not-a-fernet-key"
    with pytest.raises(crypto.EncryptionKeyError, match="key #2") as caught:
        remember("u1", "health.condition", "migraine", sensitivity="high")
    assert "not-a-fernet-key" not in str(caught.value)
    with pytest.raises(CommandError, match="key #2"):
        call_command("memory_maintenance", "rotate-keys")


def test_rotation_without_keys_is_refused(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = ""
    with pytest.raises(CommandError, match="no encryption keys configured"):
        call_command("memory_maintenance", "rotate-keys")
