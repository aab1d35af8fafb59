"""Who may do what in the admin: staff only; the "Memory moderators" group holds exactly view/change/
delete on memories, view on the audit log and view/delete on standing forget requests; a moderator can do every
moderation task with it."""
import pytest
from django.contrib.auth.models import Group, Permission, User
from django.test import Client
from django.urls import reverse

from memory_app.apps import MODERATOR_GROUP, ensure_moderator_group
from memory_app.models import Memory, MemoryStatus
from tests.admin_support import moderator_client, remember

pytestmark = pytest.mark.django_db
CHANGELIST = reverse("admin:memory_app_memory_changelist")


MODERATOR_CODENAMES = {"memory_app.view_memory", "memory_app.change_memory", "memory_app.delete_memory",
                       "memory_app.view_memoryevent", "memory_app.view_standingforgetrequest",
                       "memory_app.delete_standingforgetrequest"}


def codenames(group: Group) -> set[str]:
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.select_related("content_type")}


def test_migrate_creates_the_moderator_group_with_exactly_its_permissions():
    group = Group.objects.get(name=MODERATOR_GROUP)
    assert codenames(group) == MODERATOR_CODENAMES


def test_the_group_is_reset_to_exactly_its_permissions_at_the_next_migrate():
    group = Group.objects.get(name=MODERATOR_GROUP)
    group.permissions.add(Permission.objects.get(codename="delete_user"))
    group.permissions.remove(Permission.objects.get(codename="view_memoryevent"))
    ensure_moderator_group()  # what post_migrate runs
    assert codenames(group) == MODERATOR_CODENAMES


def test_anonymous_and_non_staff_users_are_sent_to_the_login_page():
    memory = remember("u1", "hobby.music", "jazz")
    non_staff = Client()
    non_staff.force_login(User.objects.create_user("customer", is_staff=False))
    urls = [CHANGELIST, reverse("admin:memory_app_memory_change", args=[memory.pk]),
            reverse("admin:memory_app_memoryevent_changelist"),
            reverse("admin:memory_app_memory_user") + "?tenant=default&user=u1",
            reverse("admin:memory_app_memory_user_export_json") + "?tenant=default&user=u1",
            reverse("admin:memory_app_memory_user_delete") + "?tenant=default&user=u1"]
    for client in (Client(), non_staff):
        for url in urls:
            response = client.get(url)
            assert response.status_code == 302 and "/admin/login/" in response["Location"], url
    non_staff.post(reverse("admin:memory_app_memory_user_delete"), {"tenant": "default", "user": "u1", "confirm": "yes"})
    assert Memory.objects.filter(pk=memory.pk).exists()


def test_staff_without_the_group_sees_no_memories():
    staff = Client()
    staff.force_login(User.objects.create_user("clerk", is_staff=True))
    assert staff.get(CHANGELIST).status_code == 403
    assert staff.get(reverse("admin:memory_app_memory_user") + "?tenant=default&user=u1").status_code == 403


def test_a_moderator_can_moderate(settings):
    client, moderator = moderator_client()
    memory = remember("u1", "hobby.music", "jazz")
    assert client.get(CHANGELIST).status_code == 200
    assert client.get(reverse("admin:memory_app_memory_change", args=[memory.pk])).status_code == 200
    assert client.get(reverse("admin:memory_app_memoryevent_changelist")).status_code == 200
    client.post(CHANGELIST, {"action": "deactivate_selected", "_selected_action": [memory.pk]})
    assert Memory.objects.get(pk=memory.pk).status == MemoryStatus.ARCHIVED
    export = client.get(reverse("admin:memory_app_memory_user_export_json"), {"tenant": "default", "user": "u1"})
    assert export.status_code == 200
    client.post(CHANGELIST, {"action": "delete_selected", "_selected_action": [memory.pk], "post": "yes"})
    assert not Memory.objects.filter(pk=memory.pk).exists()


def test_a_moderator_has_nothing_else():
    client, moderator = moderator_client()
    assert not moderator.is_superuser
    for name in ("admin:auth_user_changelist", "admin:auth_group_changelist", "admin:memory_app_memory_add",
                 "admin:memory_app_memoryevent_add"):
        assert client.get(reverse(name)).status_code == 403, name
    index = client.get(reverse("admin:index")).content.decode()
    assert "Memory events" in index and "Users" not in index


def test_a_moderator_cannot_edit_the_audit_log():
    client, _ = moderator_client()
    remember("u1", "hobby.music", "jazz")
    event = client.get(reverse("admin:memory_app_memoryevent_changelist")).context["cl"].result_list[0]
    url = reverse("admin:memory_app_memoryevent_change", args=[event.pk])
    page = client.get(url)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert client.post(url, {"actor": "someone else"}).status_code == 403
    assert client.get(reverse("admin:memory_app_memoryevent_delete", args=[event.pk])).status_code == 403
