"""The REST API under /api/ (django-ninja; OpenAPI docs at /api/docs).

Thin views: each one finds the caller's scope (tenant, user) and calls the facade (memory_app.service) or
the actions. Every query is scoped to that caller; a memory id that belongs to someone else is a 404, the
same as one that does not exist, so ids reveal nothing.
"""
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db.models import Q
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, NinjaAPI, Query, Schema, Status
from ninja.errors import HttpError
from ninja.pagination import LimitOffsetPagination, paginate
from ninja.security import django_auth

from . import actions, service
from .api_auth import ServiceTokenAuth, caller_of
from .api_schemas import (
    ContextIn,
    DeletedOut,
    ErrorOut,
    ForgetMeIn,
    ForgetMeOut,
    MemoryDetailOut,
    MemoryFilters,
    MemoryOut,
    MemoryPatchIn,
    TurnIn,
    TurnOut,
    ValidationErrorOut,
)
from .db_retry import retry_on_busy
from .models import Memory, MemoryStatus, TurnStatus

api = NinjaAPI(
    title="chatmem",
    version="1",
    description=(
        "Long-term memory for chat products. Services authenticate with `Authorization: Bearer <token>` "
        "(`manage.py memory_token create NAME`) and name the end user in `X-Chatmem-User`; the browser uses "
        "its session and acts only for the signed-in user."
    ),
    # Token first: ninja tries these in order, and session auth 403s a cookie without a CSRF token.
    auth=[ServiceTokenAuth(), django_auth],
    urls_namespace="chatmem_api",
)

EDITABLE_STATUSES = (MemoryStatus.ACTIVE, MemoryStatus.PENDING)
# Every operation can answer these (OpenAPI lists them): a bad header or an unreadable body (400), no or a wrong
# credential (401), a signed-in user naming someone else (403), a request that does not fit its schema (422); one
# with a body also a body over DATA_UPLOAD_MAX_MEMORY_SIZE (413).
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut}
BODY_ERRORS = {**ERRORS, 413: ErrorOut}
LARGEST_ID = 2**63 - 1  # a bigint primary key; a larger id names no memory
LARGEST_OFFSET = 10**9  # far past any user's memories, and well inside every database's integers


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    """ninja's limit/offset with bounds in the schema, so an offset past any integer a database takes is a 422."""

    class Input(Schema):
        limit: int = Field(100, ge=1, le=200)
        offset: int = Field(0, ge=0, le=LARGEST_OFFSET)


@api.exception_handler(service.MemoryInputError)
def bad_memory_input(request, error: service.MemoryInputError):
    """The facade's own input checks (e.g. a turn id already recorded) are the caller's to fix: 400."""
    return api.create_response(request, {"detail": str(error)}, status=400)


@api.exception_handler(RequestDataTooBig)
def body_too_large(request, error: RequestDataTooBig):
    return api.create_response(request, {"detail": f"the request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} "
                                                   "bytes (DATA_UPLOAD_MAX_MEMORY_SIZE)"}, status=413)


def _own_memory(request: HttpRequest, memory_id: int) -> Memory:
    caller = caller_of(request)
    if not 0 < memory_id <= LARGEST_ID:
        raise Http404("no such memory")
    return get_object_or_404(Memory.objects.for_user(caller.tenant, caller.user_id), pk=memory_id)


@api.post("/context", response={200: dict, **BODY_ERRORS}, summary="Preview the memory context for a message")
def context(request, body: ContextIn):
    caller = caller_of(request)
    turn_context = service.before_turn(caller.user_id, body.message, tenant=caller.tenant, session_id=body.session_id,
                                       turn_id=body.turn_id, include_private=body.include_private)
    return turn_context.as_dict()


@api.post("/turns", response={200: TurnOut, 202: TurnOut, **BODY_ERRORS}, summary="Observe a chat turn")
def observe_turn(request, body: TurnIn):
    """Records the turn and extracts memories from it; 202 when the extraction is queued for a worker."""
    caller = caller_of(request)
    record = service.after_turn(caller.user_id, body.user_message, body.assistant_message, tenant=caller.tenant,
                                session_id=body.session_id, turn_id=body.turn_id,
                                reply_without_memory=body.reply_without_memory)
    # Anything not yet processed (queued for a worker, or failed and waiting for a retry) is "accepted".
    return Status(200 if record.status == TurnStatus.PROCESSED else 202, record.as_dict())


@api.get("/memories", response={200: list[MemoryOut], **ERRORS}, summary="List memories")
@paginate(BoundedLimitOffsetPagination)
def list_memories(request, filters: Query[MemoryFilters]):
    caller = caller_of(request)
    memories = Memory.objects.for_user(caller.tenant, caller.user_id)
    if filters.status != "all":
        memories = memories.filter(status=filters.status)
    if filters.kind:
        memories = memories.filter(kind=filters.kind)
    if filters.key_prefix:
        memories = memories.filter(key__startswith=filters.key_prefix)
    if filters.q:
        memories = memories.filter(Q(text__icontains=filters.q) | Q(value__icontains=filters.q))
    return memories.order_by("-updated_at", "-id")


@api.get("/memories/{memory_id}", response={200: MemoryDetailOut, 404: ErrorOut, **ERRORS}, summary="Get a memory and its versions")
def get_memory(request, memory_id: int):
    return _own_memory(request, memory_id)


@api.patch("/memories/{memory_id}", response={200: MemoryOut, 404: ErrorOut, 409: ErrorOut, **BODY_ERRORS}, summary="Edit a memory")
def update_memory(request, memory_id: int, body: MemoryPatchIn):
    memory = _own_memory(request, memory_id)
    if memory.status not in EDITABLE_STATUSES:
        raise HttpError(409, f"this version is {memory.status}; only the active or a pending version can be edited")
    changes = {}
    if body.value is not None or body.text is not None:
        # A new value without a new sentence would leave recall reading the old sentence.
        changes["value"] = body.value
        changes["text"] = body.text if body.text is not None else body.value
    if body.is_private is not None:
        changes["is_private"] = body.is_private
    actor = caller_of(request).actor
    return retry_on_busy(lambda: actions.update_memory(memory, actor=actor, **changes), what="api update_memory")


@api.delete("/memories/{memory_id}", response={200: DeletedOut, 404: ErrorOut, **ERRORS}, summary="Delete a memory")
def delete_memory(request, memory_id: int):
    """Deletes the memory with every version of its key (and their vectors and audit content)."""
    caller = caller_of(request)
    if not 0 < memory_id <= LARGEST_ID:
        raise HttpError(404, "Not Found")
    deleted = retry_on_busy(lambda: service.forget_memory(memory_id, tenant=caller.tenant, user_id=caller.user_id,
                                                          actor=caller.actor), what="api delete_memory")
    if not deleted:
        raise HttpError(404, "Not Found")
    return {"deleted": deleted}


@api.get("/export", response={200: dict, **ERRORS}, summary="Export everything remembered about the user")
def export(request):
    caller = caller_of(request)
    return service.export_user(caller.tenant, caller.user_id, actor=caller.actor)


@api.post("/forget-me", response={200: ForgetMeOut, **BODY_ERRORS}, summary="Erase everything about the user")
def forget_me(request, body: ForgetMeIn):
    if not body.confirm:
        raise HttpError(400, 'nothing was erased: send {"confirm": true} to erase everything remembered about this user')
    caller = caller_of(request)
    deleted = retry_on_busy(lambda: service.forget_user(caller.tenant, caller.user_id, actor=caller.actor),
                            what="api forget_me")
    return {"deleted": deleted}
