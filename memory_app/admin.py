"""Django admin for moderators: memories (filters, search, version history, audit trail, moderation
actions) and the read-only audit log. Per-user export and delete pages live in ``admin_views``.

Every change made here goes through ``memory_app.actions`` so it leaves a MemoryEvent with the admin's
name as actor. Django's own admin log gets a content-free label ("memory #12"), because it outlives a
hard delete and must not keep a copy of what was deleted.
"""
import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.admin.options import get_content_type_for_model
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import actions, admin_views, crypto
from .models import Memory, MemoryEvent, MemoryStatus, StandingForgetRequest
from .redaction import contains_secret, redact_data

AUDIT_TRAIL_LIMIT = 100  # newest events shown on a memory's page; the rest are one click away


def admin_actor(request) -> str:
    return f"admin:{request.user.get_username()}"


def per_user_url(tenant: str, user_id: str, name: str = "memory_app_memory_user") -> str:
    return reverse(f"admin:{name}") + "?" + urlencode({"tenant": tenant, "user": user_id})


def shown_detail(detail) -> str:
    """Audit details are redacted when written; redact again on display so that no row written by
    older code, or by hand, can put a secret on a moderator's screen."""
    return json.dumps(redact_data(detail or {}), ensure_ascii=False, sort_keys=True)


class MemoryForm(forms.ModelForm):
    """What a moderator may correct. Sealed values are shown decrypted; secrets are refused outright."""

    class Meta:
        model = Memory
        fields = ("value", "text", "is_private", "sensitivity", "confidence", "importance", "needs_review")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and self.instance.is_encrypted:
            self.initial["value"] = crypto.reveal_value(self.instance)
            self.initial["text"] = crypto.reveal_text(self.instance)

    def _refuse_secrets(self, name: str) -> str:
        text = self.cleaned_data[name]
        if contains_secret(text):
            raise forms.ValidationError(_("This looks like a secret (a phone, card or ID number, a password "
                                          "or key). Secrets are never stored; remove it."))
        return text

    def clean_value(self):
        return self._refuse_secrets("value")

    def clean_text(self):
        return self._refuse_secrets("text")


class ContentFreeAdminLog:
    """Mixin: Django's admin log keeps ``str(obj)`` forever; ours keeps '<model> #<id>' instead."""

    def _log(self, request, objects, flag, message=""):
        content_type = get_content_type_for_model(self.model)
        LogEntry.objects.bulk_create([
            LogEntry(user_id=request.user.pk, content_type_id=content_type.pk, object_id=str(obj.pk),
                     object_repr=f"{self.model._meta.model_name} #{obj.pk}", action_flag=flag,
                     change_message=json.dumps(message) if isinstance(message, list) else message)
            for obj in objects
        ])

    def log_change(self, request, obj, message):
        from django.contrib.admin.models import CHANGE

        self._log(request, [obj], CHANGE, message)

    def log_deletions(self, request, queryset):
        self._log(request, list(queryset), DELETION)


class UserFilter(admin.SimpleListFilter):
    """By user, listing only the most recently active users: a sidebar of every user id ever seen would not
    scale. Any user can still be chosen with ?user_id=… (the per-user page links there)."""

    title = _("user")
    parameter_name = "user_id"
    shown = 30

    def lookups(self, request, model_admin):
        recent = (model_admin.get_queryset(request).order_by("-updated_at").values_list("user_id", flat=True)
                  .distinct()[:self.shown * 10])
        users = list(dict.fromkeys(recent))[:self.shown]
        if self.value() and self.value() not in users:
            users.insert(0, self.value())
        return [(user_id, user_id) for user_id in users]

    def queryset(self, request, queryset):
        return queryset.filter(user_id=self.value()) if self.value() else queryset


@admin.register(Memory)
class MemoryAdmin(ContentFreeAdminLog, admin.ModelAdmin):
    form = MemoryForm
    list_display = ("id", "tenant", "user_link", "kind", "key", "shown_value", "status", "sensitivity", "is_private",
                    "source", "confidence", "strength", "version", "updated_at")
    list_display_links = ("id", "key")
    list_filter = ("tenant", UserFilter, "kind", "status", "sensitivity", "is_private", "source",
                   "needs_confirmation", "needs_review", ("observed_at", admin.DateFieldListFilter))
    search_fields = ("key", "value", "text", "user_id")
    date_hierarchy = "observed_at"
    list_per_page = 50
    # The embedding column is never in a form or a list: megabytes of floats, and nothing to moderate.
    readonly_fields = ("tenant", "user_link", "kind", "key", "status", "version", "previous", "source", "sources",
                       "entities", "topic", "polarity", "observed_at", "created_at", "updated_at",
                       "last_accessed_at", "access_count", "strength", "expires_at", "is_encrypted",
                       "needs_confirmation", "embedding_model", "embedding_dim", "version_history", "audit_trail")
    fieldsets = (
        (None, {"fields": ("tenant", "user_link", "kind", "key", "value", "text")}),
        (_("Moderation"), {"fields": ("status", "is_private", "sensitivity", "confidence", "importance",
                                      "needs_review", "needs_confirmation")}),
        (_("Provenance and lifecycle"), {"fields": (
            "version", "previous", "source", "sources", "entities", "topic", "polarity", "observed_at", "created_at",
            "updated_at", "last_accessed_at", "access_count", "strength", "expires_at", "is_encrypted",
            "embedding_model", "embedding_dim")}),
        (_("Version history of this key"), {"fields": ("version_history",)}),
        (_("Audit trail (who read or changed it, in which session and turn)"), {"fields": ("audit_trail",)}),
    )
    actions = ("deactivate_selected", "restore_selected_versions", "approve_pending", "reject_pending",
               "mark_private", "mark_not_private")

    def get_queryset(self, request):
        return super().get_queryset(request).defer("embedding")

    # --- columns and read-only panels -----------------------------------------------------------------

    @admin.display(description=_("user"), ordering="user_id")
    def user_link(self, memory):
        return format_html('<a href="{}">{}</a>', per_user_url(memory.tenant, memory.user_id), memory.user_id)

    @admin.display(description=_("value"))
    def shown_value(self, memory):
        value = crypto.reveal_value(memory)
        return value if len(value) <= 80 else value[:79] + "…"

    @admin.display(description=_("versions"))
    def version_history(self, memory):
        versions = actions.versions_of([memory]).defer("embedding").order_by("-version", "-pk")
        rows = format_html_join("", '<tr><td><a href="{}">v{}</a>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>', (
            (reverse("admin:memory_app_memory_change", args=[version.pk]), version.version,
             " ←" if version.pk == memory.pk else "", version.status, crypto.reveal_value(version),
             f"{version.confidence:.2f}", version.observed_at.isoformat(timespec="minutes"))
            for version in versions))
        return format_html("<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>{}</table>",
                           _("version"), _("status"), _("value"), _("confidence"), _("observed"), rows)

    @admin.display(description=_("events"))
    def audit_trail(self, memory):
        version_ids = list(actions.versions_of([memory]).values_list("pk", flat=True))
        events = MemoryEvent.objects.filter(memory_ref__in=version_ids).order_by("-created_at", "-pk")
        total = events.count()
        rows = format_html_join("", "<tr><td>{}</td><td>#{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>", (
            (event.created_at.isoformat(timespec="seconds"), event.memory_ref, event.action, event.actor,
             event.session_id, event.turn_id, shown_detail(event.detail))
            for event in events[:AUDIT_TRAIL_LIMIT]))
        all_events_url = reverse("admin:memory_app_memoryevent_changelist") + "?" + urlencode(
            {"memory_ref__in": ",".join(str(pk) for pk in version_ids)})
        return format_html(
            '<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>{}</table>'
            '<p><a href="{}">{}</a></p>',
            _("when"), _("memory"), _("action"), _("actor"), _("session"), _("turn"), _("detail"), rows,
            all_events_url, _("All %(count)d events of this key in the audit log") % {"count": total})

    # --- saving and deleting go through actions -------------------------------------------------------

    def has_add_permission(self, request):
        return False  # memories come from conversations (or the API), never typed in by a moderator

    def save_model(self, request, obj, form, change):
        stored = Memory.objects.get(pk=obj.pk)  # ``obj`` already carries the form's values
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        actions.update_memory(stored, value=changes.pop("value", None), text=changes.pop("text", None),
                              actor=admin_actor(request), **changes)

    def get_deleted_objects(self, objs, request):
        # A hard delete takes every version of the key: the confirmation page must list them all.
        return super().get_deleted_objects(actions.versions_of(list(objs)), request)

    def delete_model(self, request, obj):
        actions.delete_memories([obj], actor=admin_actor(request), reason="moderator")

    def delete_queryset(self, request, queryset):
        actions.delete_memories(queryset, actor=admin_actor(request), reason="moderator")

    # --- moderation actions ----------------------------------------------------------------------------

    def _report(self, request, done: int, skipped: int, what: str):
        self.message_user(request, ngettext("%(count)d memory %(what)s.", "%(count)d memories %(what)s.", done)
                          % {"count": done, "what": what}, messages.SUCCESS if done else messages.WARNING)
        if skipped:
            self.message_user(request, ngettext("%(count)d selected memory was left alone (not applicable).",
                                                "%(count)d selected memories were left alone (not applicable).",
                                                skipped) % {"count": skipped}, messages.WARNING)

    def _apply(self, request, queryset, applicable, change, what):
        memories = list(queryset)
        chosen = [memory for memory in memories if applicable(memory)]
        for memory in chosen:
            change(memory)
        self._report(request, len(chosen), len(memories) - len(chosen), what)

    @admin.action(description=_("Deactivate selected memories (out of recall, kept)"), permissions=["change"])
    def deactivate_selected(self, request, queryset):
        self._apply(request, queryset, lambda m: m.status in (MemoryStatus.ACTIVE, MemoryStatus.PENDING),
                    lambda m: actions.deactivate_memory(m, actor=admin_actor(request), reason="moderator"),
                    "deactivated")

    @admin.action(description=_("Restore selected versions (make them the active value of their key)"),
                  permissions=["change"])
    def restore_selected_versions(self, request, queryset):
        memories = list(queryset)
        keys = [(memory.tenant, memory.user_id, memory.key) for memory in memories]
        if len(keys) != len(set(keys)):
            self.message_user(request, _("Select one version per key to restore; nothing was changed."),
                              messages.ERROR)
            return
        self._apply(request, queryset, lambda m: m.status in (MemoryStatus.SUPERSEDED, MemoryStatus.ARCHIVED),
                    lambda m: actions.restore_version(m, actor=admin_actor(request)), "restored")

    @admin.action(description=_("Approve selected pending memories"), permissions=["change"])
    def approve_pending(self, request, queryset):
        self._apply(request, queryset, lambda m: m.status == MemoryStatus.PENDING,
                    lambda m: actions.confirm_pending(m, actor=admin_actor(request)), "approved")

    @admin.action(description=_("Reject selected pending memories"), permissions=["change"])
    def reject_pending(self, request, queryset):
        self._apply(request, queryset, lambda m: m.status == MemoryStatus.PENDING,
                    lambda m: actions.reject_pending(m, actor=admin_actor(request)), "rejected")

    @admin.action(description=_("Mark selected memories private"), permissions=["change"])
    def mark_private(self, request, queryset):
        self._apply(request, queryset, lambda m: not m.is_private,
                    lambda m: actions.update_memory(m, actor=admin_actor(request), is_private=True), "marked private")

    @admin.action(description=_("Mark selected memories not private"), permissions=["change"])
    def mark_not_private(self, request, queryset):
        self._apply(request, queryset, lambda m: m.is_private,
                    lambda m: actions.update_memory(m, actor=admin_actor(request), is_private=False),
                    "marked not private")

    # --- per-user pages -------------------------------------------------------------------------------

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("user/", wrap(self.user_view), name="memory_app_memory_user"),
            path("user/export.json", wrap(self.user_export_json_view), name="memory_app_memory_user_export_json"),
            path("user/export.csv", wrap(self.user_export_csv_view), name="memory_app_memory_user_export_csv"),
            path("user/delete/", wrap(self.user_delete_view), name="memory_app_memory_user_delete"),
        ] + super().get_urls()  # first: the default "<path:object_id>/" would swallow "user/"

    def user_view(self, request):
        return admin_views.user_overview(request, self)

    def user_export_json_view(self, request):
        return admin_views.user_export(request, self, fmt="json")

    def user_export_csv_view(self, request):
        return admin_views.user_export(request, self, fmt="csv")

    def user_delete_view(self, request):
        return admin_views.user_delete(request, self)


@admin.register(MemoryEvent)
class MemoryEventAdmin(admin.ModelAdmin):
    """The audit log: append-only, so read-only here for everyone, superusers included."""

    list_display = ("created_at", "action", "actor", "tenant", "user_id", "memory_link", "session_id", "turn_id",
                    "detail_shown")
    list_filter = ("action", "tenant", ("created_at", admin.DateFieldListFilter))
    search_fields = ("user_id", "actor", "session_id", "turn_id", "=memory_ref", "detail")
    fields = ("created_at", "action", "actor", "tenant", "user_id", "memory_link", "session_id", "turn_id",
              "detail_shown")
    readonly_fields = fields
    date_hierarchy = "created_at"
    list_per_page = 100

    def get_search_results(self, request, queryset, search_term):
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        # SQLite keeps JSON with non-ASCII characters escaped (芒果 is stored as \u8292\u679c): search
        # the details for that spelling too, so Chinese terms are found on every database.
        escaped = json.dumps(search_term.strip())[1:-1]
        if search_term.strip() and escaped != search_term.strip():
            results = results | queryset.filter(detail__icontains=escaped)
        return results, may_have_duplicates

    @admin.display(description=_("memory"), ordering="memory_ref")
    def memory_link(self, event):
        if event.memory_id:
            return format_html('<a href="{}">#{}</a>', reverse("admin:memory_app_memory_change",
                                                               args=[event.memory_id]), event.memory_ref)
        return f"#{event.memory_ref} ({_('deleted')})" if event.memory_ref else "—"

    @admin.display(description=_("detail"))
    def detail_shown(self, event):
        return shown_detail(event.detail)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(StandingForgetRequest)
class StandingForgetRequestAdmin(ContentFreeAdminLog, admin.ModelAdmin):
    """Forget requests that found nothing to delete and stand (``forget_guard``): which turn asked and when, so a
    moderator can tell why something is kept out of a reply, and lift a request by deleting it. Their vector is
    not shown, and there are no words to show."""

    list_display = ("asked_at", "tenant", "user_id", "session_id", "turn_id", "embedding_model")
    list_filter = ("tenant",)
    search_fields = ("user_id", "session_id", "turn_id")
    fields = list_display
    readonly_fields = fields
    date_hierarchy = "asked_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
