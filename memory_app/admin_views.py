"""Per-user admin pages: find a user, see what is stored about them, download it (JSON, CSV), delete it
all after a confirmation page that says what will go. Mounted under the Memory admin (see
``MemoryAdmin.get_urls``); the admin site's own wrapper already requires an active staff account.

The user is named in the query string (``?tenant=…&user=…``), not the path, because user ids are the
host product's and may hold any character.
"""
import json

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseNotFound, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from . import actions, exports
from .conf import app_settings
from .models import Memory, MemoryEvent, SessionSummary, Snippet, TopicHeat, Turn


class UserLookupForm(forms.Form):
    tenant = forms.CharField(label=gettext_lazy("Tenant"), max_length=64)
    user = forms.CharField(label=gettext_lazy("User id"), max_length=128)


def _require(request, permission: str) -> None:
    if not request.user.has_perm(f"memory_app.{permission}_memory"):
        raise PermissionDenied


def _named_user(request) -> tuple[str, str] | None:
    form = UserLookupForm(request.POST or request.GET)
    if not form.is_valid():
        return None
    return form.cleaned_data["tenant"].strip(), form.cleaned_data["user"].strip()


def user_footprint(tenant: str, user_id: str) -> dict:
    """What is stored about one user, counted: what an export holds and what a delete removes."""
    memories = Memory.objects.for_user(tenant, user_id)
    return {
        "memories_by_status": dict(memories.values_list("status").annotate(n=Count("id")).order_by("status")),
        "memories": memories.count(),
        "keys": memories.values("key").distinct().count(),
        "events": MemoryEvent.objects.for_user(tenant, user_id).count(),
        "snippets": Snippet.objects.for_user(tenant, user_id).count(),
        "summaries": SessionSummary.objects.for_user(tenant, user_id).count(),
        "turns": Turn.objects.for_user(tenant, user_id).count(),
        "topics": TopicHeat.objects.for_user(tenant, user_id).count(),
    }


def _has_data(footprint: dict) -> bool:
    return any(footprint[name] for name in ("memories", "events", "snippets", "summaries", "turns", "topics"))


def _context(request, model_admin, title: str, **extra) -> dict:
    return {**model_admin.admin_site.each_context(request), "opts": model_admin.model._meta, "title": title,
            **extra}


def user_overview(request, model_admin):
    _require(request, "view")
    form = UserLookupForm(request.GET or None, initial={"tenant": app_settings.DEFAULT_TENANT})
    named = _named_user(request) if request.GET else None
    footprint = user_footprint(*named) if named else None
    return TemplateResponse(request, "admin/memory_app/user_data.html", _context(
        request, model_admin, _("Everything about one user"), form=form, named=named, footprint=footprint,
        has_data=bool(footprint and _has_data(footprint)),
        can_delete=request.user.has_perm("memory_app.delete_memory")))


def user_export(request, model_admin, *, fmt: str):
    _require(request, "view")
    named = _named_user(request)
    if named is None:
        return HttpResponseBadRequest(_("Name a user: both ?tenant= and ?user= are required."),
                                      content_type="text/plain; charset=utf-8")
    tenant, user_id = named
    if not _has_data(user_footprint(tenant, user_id)):
        return HttpResponseNotFound(_("Nothing is stored about user %(user)s in tenant %(tenant)s.")
                                    % {"user": user_id, "tenant": tenant}, content_type="text/plain; charset=utf-8")
    actor = f"admin:{request.user.get_username()}"
    if fmt == "csv":
        # The BOM lets spreadsheet programs read the UTF-8 (Chinese) text correctly.
        body, content_type = "\ufeff" + exports.export_user_csv(tenant, user_id, actor=actor), "text/csv; charset=utf-8"
    else:
        body = json.dumps(exports.export_user_data(tenant, user_id, actor=actor), ensure_ascii=False, indent=2)
        content_type = "application/json; charset=utf-8"
    response = HttpResponse(body, content_type=content_type)
    filename = f"chatmem-{slugify(tenant) or 'tenant'}-{slugify(user_id) or 'user'}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
def user_delete(request, model_admin):
    _require(request, "delete")
    named = _named_user(request)
    if named is None:
        messages.error(request, _("Name a user (tenant and user id) before deleting."))
        return HttpResponseRedirect(reverse("admin:memory_app_memory_user"))
    tenant, user_id = named
    footprint = user_footprint(tenant, user_id)
    if not _has_data(footprint):
        messages.warning(request, _("Nothing is stored about user %(user)s in tenant %(tenant)s; nothing was deleted.")
                         % {"user": user_id, "tenant": tenant})
        return HttpResponseRedirect(reverse("admin:memory_app_memory_user"))
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        counts = actions.forget_user(tenant, user_id, actor=f"admin:{request.user.get_username()}")
        removed = ", ".join(f"{name}: {count}" for name, count in counts.items() if isinstance(count, int))
        messages.success(request, _("Deleted everything about user %(user)s in tenant %(tenant)s (%(removed)s).")
                         % {"user": user_id, "tenant": tenant, "removed": removed})
        return HttpResponseRedirect(reverse("admin:memory_app_memory_changelist"))
    return TemplateResponse(request, "admin/memory_app/user_delete_confirm.html", _context(
        request, model_admin, _("Delete everything about one user"), tenant=tenant, user_id=user_id,
        footprint=footprint))
