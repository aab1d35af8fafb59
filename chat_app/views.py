"""The demo's pages: the chat (new or reopened conversation) and "my memories" (list, edit, delete,
history of a key, export, forget everything). Thin: reading is in memories.py, writing in memory_app."""
import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from memory_app import actions, service
from memory_app.providers import get_llm

from .conf import demo_settings
from .forms import ForgetEverythingForm, MemoryEditForm
from .memories import key_history, memories_by_kind, memory_of, memory_row
from .models import Conversation
from .turns import memory_user_id


def _actor(request) -> str:
    return f"user:{request.user.pk}"


def _posted(request):
    """The form data of a POST, even an empty one (``request.POST or None`` would treat that as no POST)."""
    return request.POST if request.method == "POST" else None


def _chat_page(request, conversation: Conversation | None):
    context = {
        "conversation": conversation,
        "conversations": Conversation.objects.filter(user=request.user)[:50],
        "chat_messages": conversation.messages.all() if conversation else [],
        "max_message_chars": demo_settings.MAX_MESSAGE_CHARS,
        "chat_config": {
            "conversationId": conversation.pk if conversation else None,
            "socketPath": "/ws/chat/",
            "maxChars": demo_settings.MAX_MESSAGE_CHARS,
            "loginUrl": settings.LOGIN_URL,
        },
        "model_name": get_llm().name,
    }
    return render(request, "chat_app/chat.html", context)


@login_required
def new_chat(request):
    return _chat_page(request, None)


@login_required
def conversation_page(request, conversation_id: int):
    return _chat_page(request, get_object_or_404(Conversation, pk=conversation_id, user=request.user))


@login_required
@require_POST
def conversation_delete(request, conversation_id: int):
    conversation = get_object_or_404(Conversation, pk=conversation_id, user=request.user)
    # Memory's copies of this conversation (its turns, snippets, summary, and what was learned only here)
    # go with it: deletions reach every copy.
    service.forget_session(demo_settings.TENANT, memory_user_id(request.user), conversation.session_id,
                           actor=_actor(request))
    conversation.delete()
    messages.success(request, _("The conversation was deleted, with what was learned only from it."))
    return redirect("chat:new")


@login_required
def memory_list(request):
    return render(request, "chat_app/memories.html", {"groups": memories_by_kind(request.user)})


@login_required
def memory_edit(request, memory_id: int):
    memory = memory_of(request.user, memory_id)
    row = memory_row(memory)
    form = MemoryEditForm(_posted(request), initial={"value": row["value"], "text": row["text"]})
    if request.method == "POST" and form.is_valid():
        actions.update_memory(memory, value=form.cleaned_data["value"], text=form.cleaned_data["text"], actor=_actor(request))
        messages.success(request, _("Memory “%(key)s” was updated.") % {"key": memory.key})
        return redirect("chat:memories")
    return render(request, "chat_app/memory_edit.html", {"row": row, "form": form}, status=400 if form.errors else 200)


@login_required
@require_POST
def memory_delete(request, memory_id: int):
    memory = memory_of(request.user, memory_id)
    actions.delete_memories([memory], actor=_actor(request), reason="deleted by the user")
    messages.success(request, _("Memory “%(key)s” and all its versions were deleted.") % {"key": memory.key})
    return redirect("chat:memories")


@login_required
def memory_history(request, memory_id: int):
    memory = memory_of(request.user, memory_id)
    return render(request, "chat_app/memory_history.html", {"key": memory.key, "rows": key_history(request.user, memory.key)})


@login_required
def memory_export(request):
    data = service.export_user(demo_settings.TENANT, memory_user_id(request.user), actor=_actor(request))
    response = HttpResponse(json.dumps(data, ensure_ascii=False, indent=2, default=str),
                            content_type="application/json; charset=utf-8")
    filename = f"chatmem-memories-{timezone.localdate():%Y%m%d}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def forget_everything(request):
    form = ForgetEverythingForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        counts = service.forget_user(demo_settings.TENANT, memory_user_id(request.user), actor=_actor(request))
        # The demo's own copies of what was said go too: deletions reach every copy.
        _total, deleted_by_model = Conversation.objects.filter(user=request.user).delete()
        conversations = deleted_by_model.get(Conversation._meta.label, 0)
        messages.success(request, _("Everything about you was forgotten: %(memories)s memories and %(conversations)s "
                                    "conversation records were deleted.")
                         % {"memories": counts.get("memories", 0), "conversations": conversations})
        return redirect("chat:memories")
    return render(request, "chat_app/forget.html", {"form": form}, status=400 if form.errors else 200)
