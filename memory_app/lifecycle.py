"""Memory lifecycle: expiry, decay, the per-user capacity cap, periodic review and key rotation.

Each job takes ``now`` (so it can be replayed and tested), ``dry_run`` (report what it would do, change
nothing) and an optional ``tenant``; it returns a ``JobReport``. Every change goes through
``memory_app.actions`` so it leaves an audit event. Operators run them with
``manage.py memory_maintenance`` or enqueue the tasks in ``memory_app.lifecycle_tasks``.
"""
import math
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from datetime import datetime, time, timedelta

from cryptography.fernet import InvalidToken
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from . import actions, crypto, progress
from .conf import app_settings
from .db_retry import retry_on_busy
from .models import Memory, MemoryStatus, Sensitivity

ACTOR = "lifecycle"
LIVE_STATUSES = (MemoryStatus.ACTIVE, MemoryStatus.PENDING)


class LifecycleError(Exception):
    """A job cannot run as configured (the message says why, in one line)."""


@dataclass
class JobReport:
    job: str
    dry_run: bool
    examined: int = 0
    changes: list[dict] = field(default_factory=list)  # {"id", "tenant", "user_id", "key", "action", "reason"}
    notes: dict = field(default_factory=dict)

    def add(self, memory: Memory, action: str, reason: str) -> None:
        # Keys only, never values: the report is printed to terminals and stored as task results.
        self.changes.append({"id": memory.pk, "tenant": memory.tenant, "user_id": memory.user_id,
                             "key": memory.key, "action": action, "reason": reason})

    def as_dict(self) -> dict:
        return {**asdict(self), "changed": len(self.changes)}


def parse_moment(text: str) -> datetime:
    """An ISO 8601 date or datetime for ``now`` (naive means the project's time zone)."""
    try:
        moment = parse_datetime(text)
        day = None if moment else parse_date(text)
    except ValueError:  # well formed but impossible, e.g. month 13
        moment = day = None
    if day:
        moment = datetime.combine(day, time.min)
    if moment is None:
        raise LifecycleError(f"not an ISO 8601 date or datetime: {text!r}")
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


def _write(action, *args, **kwargs):
    """One change, as its own short transaction, tried again if the chat is writing at that moment."""
    return retry_on_busy(lambda: action(*args, **kwargs), what=f"maintenance {action.__name__}")


def _scoped(tenant: str | None):
    queryset = Memory.objects.all()
    return queryset.filter(tenant=tenant) if tenant else queryset


# --- expiry -------------------------------------------------------------------------------------------

def expiry_for(memory):
    """The earliest of the TTLs that apply to this memory's kind and sensitivity (None: keeps)."""
    days = [
        app_settings.TTL_DAYS_BY_KIND.get(memory.kind),
        app_settings.TTL_DAYS_BY_SENSITIVITY.get(memory.sensitivity),
    ]
    days = [value for value in days if value]
    if not days:
        return None
    return memory.observed_at + timedelta(days=min(days))


def expire(*, now: datetime | None = None, dry_run: bool = False, tenant: str | None = None) -> JobReport:
    """Deactivate live memories whose TTL has run out.

    The TTL is evaluated with today's policy and the latest observation, not only the stored
    ``expires_at``: a fact the user stated again is fresh again, and a tightened TTL applies to old rows."""
    now = now or timezone.now()
    report = JobReport("expire", dry_run)
    kinds_with_ttl = [kind for kind, days in app_settings.TTL_DAYS_BY_KIND.items() if days]
    sensitivities_with_ttl = [level for level, days in app_settings.TTL_DAYS_BY_SENSITIVITY.items() if days]
    candidates = _scoped(tenant).filter(status__in=LIVE_STATUSES).filter(
        Q(expires_at__lte=now) | Q(kind__in=kinds_with_ttl) | Q(sensitivity__in=sensitivities_with_ttl))
    candidates = list(candidates.defer("embedding"))  # a list: rows change while we walk them
    progress.expect(len(candidates))
    for memory in candidates:
        report.examined += 1
        progress.advance()
        expires_at = expiry_for(memory)
        if expires_at is None or expires_at > now:
            continue
        report.add(memory, "deactivate", f"expired {expires_at.date().isoformat()}")
        if not dry_run:
            _write(actions.deactivate_memory, memory, actor=ACTOR, reason="expired")
    return report


# --- decay and consolidation ----------------------------------------------------------------------------

def current_strength(memory: Memory, now: datetime) -> float:
    """Strength in (0, 1]: halves every half-life of idleness since the last use (or observation).

    Use consolidates a memory: its half-life grows with the number of uses (log scale, so a hundred reads
    are not a hundred times stronger) and with its importance. Computed from scratch each time, so
    running the job twice never decays twice."""
    last_seen = max(filter(None, [memory.last_accessed_at, memory.observed_at]))
    idle_days = max(0.0, (now - last_seen).total_seconds() / 86400)
    half_life = (app_settings.DECAY_HALF_LIFE_DAYS
                 * (1 + app_settings.DECAY_USE_FACTOR * math.log2(1 + memory.access_count))
                 * (0.5 + memory.importance))
    return round(0.5 ** (idle_days / half_life), 4) if half_life > 0 else 0.0


def decay(*, now: datetime | None = None, dry_run: bool = False, tenant: str | None = None) -> JobReport:
    """Recompute the strength of active memories; archive those below CHATMEM_ARCHIVE_STRENGTH_BELOW
    (out of recall, still exported, restorable by a moderator)."""
    now = now or timezone.now()
    report = JobReport("decay", dry_run)
    threshold = app_settings.ARCHIVE_STRENGTH_BELOW
    refreshed: dict[tuple[str, str], dict[int, float]] = defaultdict(dict)
    too_weak: list[Memory] = []
    active = _scoped(tenant).filter(status=MemoryStatus.ACTIVE)
    progress.expect_rows(active)
    for memory in active.defer("embedding").iterator():
        report.examined += 1
        progress.advance()
        strength = current_strength(memory, now)
        if abs(strength - memory.strength) >= 0.001:
            refreshed[(memory.tenant, memory.user_id)][memory.pk] = strength
        if strength < threshold:
            report.add(memory, "archive", f"strength {strength:.3f} < {threshold}")
            too_weak.append(memory)
    report.notes["strength_refreshed"] = sum(len(rows) for rows in refreshed.values())
    if not dry_run:
        for (row_tenant, user_id), strengths in refreshed.items():
            _write(actions.refresh_strengths, row_tenant, user_id, strengths, actor=ACTOR)
        for memory in too_weak:
            _write(actions.archive_memory, memory, actor=ACTOR, reason="decayed")
    return report


# --- capacity cap -------------------------------------------------------------------------------------

def retention_score(memory: Memory, now: datetime) -> float:
    """What a memory is worth keeping: mostly how alive it is, then how sure and how important."""
    return 0.5 * current_strength(memory, now) + 0.25 * memory.confidence + 0.25 * memory.importance


def cap(*, now: datetime | None = None, dry_run: bool = False, tenant: str | None = None) -> JobReport:
    """Keep at most CHATMEM_MAX_MEMORIES_PER_USER active memories per user; archive the lowest-scored."""
    now = now or timezone.now()
    limit = app_settings.MAX_MEMORIES_PER_USER
    if not isinstance(limit, int) or limit < 0:
        raise LifecycleError(f"CHATMEM_MAX_MEMORIES_PER_USER must be a whole number >= 0, not {limit!r}")
    report = JobReport("cap", dry_run, notes={"limit": limit})
    over = (_scoped(tenant).filter(status=MemoryStatus.ACTIVE).values("tenant", "user_id")
            .annotate(active=Count("id")).filter(active__gt=limit).order_by("tenant", "user_id"))
    for row in over:
        memories = list(Memory.objects.for_user(row["tenant"], row["user_id"])
                        .filter(status=MemoryStatus.ACTIVE).defer("embedding"))
        report.examined += len(memories)
        memories.sort(key=lambda memory: (retention_score(memory, now), memory.observed_at))
        for memory in memories[:len(memories) - limit]:
            report.add(memory, "archive", f"over the cap of {limit}")
            if not dry_run:
                _write(actions.archive_memory, memory, actor=ACTOR, reason="capacity")
    return report


# --- periodic review ----------------------------------------------------------------------------------

def review(*, now: datetime | None = None, dry_run: bool = False, tenant: str | None = None) -> JobReport:
    """Clean memories nobody ever used and the extractor was unsure of, once they are old enough to have
    had their chance; report what still waits for a moderator (pending, flagged as possibly stale)."""
    now = now or timezone.now()
    cleanup = app_settings.REVIEW_CLEANUP
    if cleanup not in ("archive", "delete"):
        raise LifecycleError(f"CHATMEM_REVIEW_CLEANUP must be 'archive' or 'delete', not {cleanup!r}")
    report = JobReport("review", dry_run)
    scoped = _scoped(tenant)
    unused_and_unsure = scoped.filter(
        status__in=LIVE_STATUSES, access_count=0, confidence__lt=app_settings.REVIEW_MIN_CONFIDENCE,
        created_at__lte=now - timedelta(days=app_settings.REVIEW_MIN_AGE_DAYS)).defer("embedding")
    reason = f"confidence < {app_settings.REVIEW_MIN_CONFIDENCE}, never used"
    progress.expect_rows(unused_and_unsure)
    for memory in unused_and_unsure:
        report.examined += 1
        progress.advance()
        if memory.status == MemoryStatus.PENDING:  # an unanswered, unsure challenger: drop it, keep the active value
            report.add(memory, "reject", reason)
            if not dry_run:
                _write(actions.reject_pending, memory, actor=ACTOR)
        elif cleanup == "delete":
            report.add(memory, "delete", reason)
            if not dry_run:
                _write(actions.delete_memories, [memory], actor=ACTOR, reason="review")
        else:
            report.add(memory, "archive", reason)
            if not dry_run:
                _write(actions.archive_memory, memory, actor=ACTOR, reason="review")
    report.notes["awaiting_moderation"] = {
        "pending": scoped.filter(status=MemoryStatus.PENDING).count(),
        "needs_review": scoped.filter(status=MemoryStatus.ACTIVE, needs_review=True).count(),
    }
    return report


# --- encryption key rotation --------------------------------------------------------------------------

def rotate_keys(*, now: datetime | None = None, dry_run: bool = False, tenant: str | None = None) -> JobReport:
    """Re-encrypt sealed rows with the newest key, and seal high-sensitivity rows still in plain text."""
    if not crypto.encryption_enabled():
        raise LifecycleError("no encryption keys configured: set CHATMEM_ENCRYPTION_KEYS (newest key first)")
    try:
        crypto.check_keys()
    except crypto.EncryptionKeyError as error:
        raise LifecycleError(str(error)) from error
    report = JobReport("rotate-keys", dry_run, notes={"unreadable": []})
    to_visit = _scoped(tenant).filter(Q(is_encrypted=True) | Q(sensitivity=Sensitivity.HIGH)).defer("embedding")
    to_visit = list(to_visit)
    progress.expect(len(to_visit))
    for memory in to_visit:
        report.examined += 1
        progress.advance()
        if not memory.is_encrypted:
            report.add(memory, "seal", "high sensitivity, was plain text")
            if not dry_run:
                crypto.seal(memory)
                _write(actions.reseal_memory, memory, actor=ACTOR, reason="encryption switched on")
            continue
        try:
            if not crypto.rotate(memory):
                continue
        except InvalidToken:  # written with a key that is no longer configured: leave it, say so
            report.notes["unreadable"].append(memory.pk)
            continue
        report.add(memory, "rotate", "re-encrypted with the newest key")
        if not dry_run:
            _write(actions.reseal_memory, memory, actor=ACTOR, reason="key rotation")
    return report


JOBS = {"expire": expire, "decay": decay, "cap": cap, "review": review, "rotate-keys": rotate_keys}


def run_all(**options) -> list[JobReport]:
    """Every job, in an order that matters: expiry and decay first, so the cap never archives a live
    memory to make room for one that was about to go anyway; key rotation only when keys are set."""
    names = ["expire", "decay", "cap", "review"] + (["rotate-keys"] if crypto.encryption_enabled() else [])
    return [run_job(name, **options) for name in names]


def run_job(name: str, **options) -> JobReport:
    progress.stage(f"maintenance {name}")
    return JOBS[name](**options)
