"""Lifecycle jobs: expiry by kind and sensitivity, decay and consolidation, the per-user cap, periodic
review, through the functions, the management command and the django-tasks entry points."""
import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from django_tasks import TaskResultStatus

from memory_app import actions, exports, lifecycle, lifecycle_tasks, service
from memory_app.candidates import MemoryCandidate
from memory_app.models import EventAction, Memory, MemoryEvent, MemoryStatus
from tests.admin_support import remember

pytestmark = pytest.mark.django_db
PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def ttl_policy(settings):
    """A known policy, whatever the project's defaults are today."""
    settings.CHATMEM_TTL_DAYS_BY_KIND = {"preference": None, "fact": None, "episode": 180, "procedure": None}
    settings.CHATMEM_TTL_DAYS_BY_SENSITIVITY = {"low": None, "medium": 365, "high": 90}
    settings.CHATMEM_DECAY_HALF_LIFE_DAYS = 90.0
    settings.CHATMEM_ARCHIVE_STRENGTH_BELOW = 0.1


def status_of(memory) -> str:
    return Memory.objects.get(pk=memory.pk).status


def days_ago(days: float):
    return timezone.now() - timedelta(days=days)


def run(*args) -> str:
    from io import StringIO

    out = StringIO()
    call_command("memory_maintenance", *args, stdout=out)
    return out.getvalue()


# --- expiry ----------------------------------------------------------------------------------------------

def test_ttl_is_shorter_for_high_sensitivity_and_set_per_kind(settings):
    settings.CHATMEM_TTL_DAYS_BY_KIND = {"preference": None, "episode": 180}
    settings.CHATMEM_TTL_DAYS_BY_SENSITIVITY = {"low": None, "medium": 365, "high": 90}
    now = timezone.now()
    low = Memory(kind="preference", sensitivity="low", observed_at=now)
    medium = Memory(kind="preference", sensitivity="medium", observed_at=now)
    high = Memory(kind="preference", sensitivity="high", observed_at=now)
    episode_high = Memory(kind="episode", sensitivity="high", observed_at=now)
    assert lifecycle.expiry_for(low) is None
    assert lifecycle.expiry_for(medium) == now + timedelta(days=365)
    assert lifecycle.expiry_for(high) == now + timedelta(days=90)
    assert lifecycle.expiry_for(Memory(kind="episode", sensitivity="low", observed_at=now)) == now + timedelta(days=180)
    assert lifecycle.expiry_for(episode_high) == now + timedelta(days=90), "the earliest TTL wins"


def test_expire_deactivates_what_ran_out_and_keeps_the_rest():
    trip = remember("u1", "travel.last_trip", "去了泉州", kind="episode", observed_at=days_ago(200))
    condition = remember("u1", "health.condition", "flu", sensitivity="high", observed_at=days_ago(100))
    address = remember("u1", "profile.location.city", "Porto", sensitivity="medium", observed_at=days_ago(100))
    likes = remember("u1", "hobby.music", "jazz", observed_at=days_ago(1000))

    dry = lifecycle.expire(dry_run=True)
    assert {change["id"] for change in dry.changes} == {trip.pk, condition.pk}
    assert status_of(trip) == MemoryStatus.ACTIVE, "a dry run changes nothing"

    report = lifecycle.expire()
    assert {change["id"] for change in report.changes} == {trip.pk, condition.pk}
    assert status_of(trip) == status_of(condition) == MemoryStatus.ARCHIVED
    assert status_of(address) == status_of(likes) == MemoryStatus.ACTIVE
    events = MemoryEvent.objects.filter(action=EventAction.DEACTIVATE, actor="lifecycle")
    assert sorted(events.values_list("memory_ref", flat=True)) == sorted([trip.pk, condition.pk])


def test_a_restated_memory_is_fresh_again_and_a_tightened_ttl_reaches_old_rows(settings):
    trip = remember("u1", "travel.last_trip", "Quanzhou", kind="episode", observed_at=days_ago(200))
    actions.touch_memory(Memory.objects.get(pk=trip.pk), sources=[{"session": "s2", "turn": "t9"}],
                         observed_at=timezone.now(), confidence=0.9)
    old_preference = remember("u1", "hobby.music", "jazz", observed_at=days_ago(20))
    assert old_preference.expires_at is None
    settings.CHATMEM_TTL_DAYS_BY_KIND = {"preference": 10, "episode": 180}
    report = lifecycle.expire()
    assert [change["id"] for change in report.changes] == [old_preference.pk]
    assert status_of(trip) == MemoryStatus.ACTIVE


# --- decay and consolidation -----------------------------------------------------------------------------

def test_strength_falls_with_idleness_and_rises_with_use_and_importance():
    now = timezone.now()
    fresh = Memory(observed_at=now, access_count=0, importance=0.5)
    idle = Memory(observed_at=now - timedelta(days=90), access_count=0, importance=0.5)
    idle_but_used = Memory(observed_at=now - timedelta(days=90), access_count=7, importance=0.5)
    idle_important = Memory(observed_at=now - timedelta(days=90), access_count=0, importance=0.9)
    recently_read = Memory(observed_at=now - timedelta(days=90), last_accessed_at=now - timedelta(days=1),
                           access_count=1, importance=0.5)
    assert lifecycle.current_strength(fresh, now) == 1.0
    assert lifecycle.current_strength(idle, now) == pytest.approx(0.5, abs=0.001)  # one half-life (90 days)
    assert lifecycle.current_strength(idle_but_used, now) > lifecycle.current_strength(idle, now)
    assert lifecycle.current_strength(idle_important, now) > lifecycle.current_strength(idle, now)
    assert lifecycle.current_strength(recently_read, now) > 0.99


def test_decay_archives_weak_memories_which_leave_recall_but_stay_exportable():
    forgotten = remember("u1", "allergy.drug", "头孢", "用户对头孢过敏", kind="fact")
    assert [item.id for item in service.recall("u1", "我能用头孢吗？")] == [forgotten.pk]

    report = lifecycle.decay(now=timezone.now() + timedelta(days=900))  # two and a half years of silence
    assert [change["id"] for change in report.changes] == [forgotten.pk]
    assert status_of(forgotten) == MemoryStatus.ARCHIVED
    assert MemoryEvent.objects.filter(memory_ref=forgotten.pk, action=EventAction.ARCHIVE, actor="lifecycle").exists()
    assert MemoryEvent.objects.filter(action=EventAction.REVIEW, detail__job="decay", user_id="u1").exists()

    assert forgotten.pk not in [item.id for item in service.recall("u1", "我能用头孢吗？")]
    exported = {row["id"]: row for row in exports.export_user_data("default", "u1", actor="test")["memories"]}
    assert exported[forgotten.pk]["status"] == MemoryStatus.ARCHIVED
    assert exported[forgotten.pk]["value"] == "头孢"


def test_decay_stores_the_strength_of_memories_it_keeps():
    kept = remember("u1", "hobby.music", "昆曲", "用户喜欢听昆曲", observed_at=days_ago(90))
    now = timezone.now()
    assert lifecycle.decay(now=now).changes == []
    assert Memory.objects.get(pk=kept.pk).strength == pytest.approx(0.5, abs=0.01)


def test_decay_twice_does_not_decay_twice():
    memory = remember("u1", "hobby.music", "jazz", observed_at=days_ago(60))
    now = timezone.now()
    lifecycle.decay(now=now)
    first = Memory.objects.get(pk=memory.pk).strength
    second_report = lifecycle.decay(now=now)
    assert Memory.objects.get(pk=memory.pk).strength == first
    assert second_report.notes["strength_refreshed"] == 0


def test_use_keeps_a_memory_alive_through_decay():
    used = remember("u1", "hobby.music", "jazz", observed_at=days_ago(900))
    unused = remember("u1", "food.veg", "spinach", observed_at=days_ago(900))
    actions.record_reads([Memory.objects.get(pk=used.pk)], actor="test", purpose="recall")
    lifecycle.decay()
    assert status_of(used) == MemoryStatus.ACTIVE
    assert status_of(unused) == MemoryStatus.ARCHIVED


# --- capacity cap ------------------------------------------------------------------------------------------

def test_cap_archives_the_lowest_scored_memories_beyond_the_limit(settings):
    settings.CHATMEM_MAX_MEMORIES_PER_USER = 3
    strong = [remember("u1", f"food.like{n}", f"dish {n}", confidence=0.95, importance=0.8) for n in range(3)]
    weak = remember("u1", "hobby.maybe", "chess", confidence=0.6, importance=0.2, observed_at=days_ago(200))
    weaker = remember("u1", "hobby.once", "darts", confidence=0.6, importance=0.1, observed_at=days_ago(400))
    other_user = [remember("u2", f"food.like{n}", f"dish {n}") for n in range(3)]

    dry = lifecycle.cap(dry_run=True)
    assert [change["id"] for change in dry.changes] == [weaker.pk, weak.pk]
    assert Memory.objects.filter(status=MemoryStatus.ARCHIVED).count() == 0

    lifecycle.cap()
    assert status_of(weak) == status_of(weaker) == MemoryStatus.ARCHIVED
    assert all(status_of(memory) == MemoryStatus.ACTIVE for memory in strong + other_user)
    assert lifecycle.cap().changes == [], "at the cap, nothing more goes"


def test_cap_counts_per_tenant_and_user(settings):
    settings.CHATMEM_MAX_MEMORIES_PER_USER = 1
    remember("u1", "food.a", "a", tenant="t1")
    remember("u1", "food.a", "a", tenant="t2")
    assert lifecycle.cap().changes == []


# --- periodic review ---------------------------------------------------------------------------------------

def unsure(user_id, key, value, *, age_days=60, **options):
    return remember(user_id, key, value, confidence=0.62, observed_at=days_ago(age_days), **options)


def test_review_cleans_unsure_never_used_old_memories_and_reports(settings):
    settings.CHATMEM_REVIEW_MIN_CONFIDENCE = 0.7
    settings.CHATMEM_REVIEW_MIN_AGE_DAYS = 30
    stale = unsure("u1", "hobby.maybe", "chess")
    used = unsure("u1", "hobby.perhaps", "go")
    actions.record_reads([Memory.objects.get(pk=used.pk)], actor="test")
    young = unsure("u1", "hobby.new", "darts", age_days=3)
    sure = remember("u1", "hobby.music", "jazz", confidence=0.95, observed_at=days_ago(60))
    active = remember("u1", "shopping.brand.ink", "Pilot", confidence=0.9, observed_at=days_ago(60))
    challenger = actions.add_pending(active, candidate=MemoryCandidate(
        kind="preference", key="shopping.brand.ink", value="Sailor", text="shopping.brand.ink: Sailor", confidence=0.61),
        sources=[{"session": "s1", "turn": "t3"}], observed_at=days_ago(60), ask_user=True)
    flagged = remember("u1", "work.company", "ACME", confidence=0.9)
    actions.flag_for_review([flagged], reason="linked memory changed")

    report = lifecycle.review()
    assert {(change["id"], change["action"]) for change in report.changes} == {
        (stale.pk, "archive"), (challenger.pk, "reject")}
    assert status_of(stale) == MemoryStatus.ARCHIVED
    assert status_of(challenger) == MemoryStatus.ARCHIVED
    assert status_of(active) == MemoryStatus.ACTIVE, "rejecting the challenger keeps the active value"
    assert all(status_of(memory) == MemoryStatus.ACTIVE for memory in (used, young, sure))
    assert report.notes["awaiting_moderation"] == {"pending": 0, "needs_review": 1}


def test_review_can_delete_instead_of_archiving(settings):
    settings.CHATMEM_REVIEW_CLEANUP = "delete"
    stale = unsure("u1", "hobby.maybe", "chess")
    report = lifecycle.review()
    assert [change["action"] for change in report.changes] == ["delete"]
    assert not Memory.objects.filter(pk=stale.pk).exists()
    assert MemoryEvent.objects.filter(memory_ref=stale.pk).exclude(detail={"erased": True}).count() == 0


def test_a_misconfigured_review_is_a_clear_error(settings):
    settings.CHATMEM_REVIEW_CLEANUP = "shred"
    with pytest.raises(CommandError, match="CHATMEM_REVIEW_CLEANUP must be 'archive' or 'delete'"):
        call_command("memory_maintenance", "review")


# --- the management command ------------------------------------------------------------------------------

def test_command_prints_a_report_and_honours_dry_run():
    trip = remember("u1", "travel.last_trip", "Quanzhou", kind="episode", observed_at=days_ago(200))
    output = run("expire", "--dry-run")
    assert output.splitlines()[0] == "expire: examined 1, would change 1"
    assert f"deactivate #{trip.pk} default/u1 travel.last_trip" in output
    assert "Quanzhou" not in output, "reports name keys, never values"
    assert status_of(trip) == MemoryStatus.ACTIVE
    assert run("expire").startswith("expire: examined 1, changed 1")
    assert status_of(trip) == MemoryStatus.ARCHIVED


def test_command_all_runs_every_routine_job_and_speaks_json(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = ""
    remember("u1", "travel.last_trip", "Quanzhou", kind="episode", observed_at=days_ago(200))
    reports = json.loads(run("all", "--json"))
    assert [report["job"] for report in reports] == ["expire", "decay", "cap", "review"]
    assert reports[0]["changed"] == 1


def test_command_can_be_limited_to_a_tenant_and_replayed_at_a_time():
    one = remember("u1", "travel.trip", "Quanzhou", kind="episode", tenant="t1")
    two = remember("u1", "travel.trip", "Quanzhou", kind="episode", tenant="t2")
    later = (timezone.now() + timedelta(days=181)).isoformat()
    run("expire", "--tenant", "t1", "--now", later)
    assert status_of(one) == MemoryStatus.ARCHIVED
    assert status_of(two) == MemoryStatus.ACTIVE


def test_command_bad_time_is_an_error():
    with pytest.raises(CommandError, match="not an ISO 8601 date or datetime: '2026-13-45'"):
        run("expire", "--now", "2026-13-45")


@pytest.mark.parametrize("argv, expected", [
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    ([], "the following arguments are required: JOB"),
    (["decay", "--sideways"], "unrecognized arguments: --sideways"),
])
def test_bad_arguments_on_the_command_line_are_one_line_and_a_non_zero_exit(argv, expected):
    result = subprocess.run([sys.executable, "manage.py", "memory_maintenance", *argv], cwd=PROJECT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert expected in result.stderr


# --- django-tasks entry points ---------------------------------------------------------------------------

def test_maintenance_task_runs_the_jobs_and_returns_json_reports(settings):
    settings.CHATMEM_ENCRYPTION_KEYS = ""
    trip = remember("u1", "travel.last_trip", "Quanzhou", kind="episode", observed_at=days_ago(200))
    result = lifecycle_tasks.run_maintenance.enqueue(jobs=["expire", "review"])
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert [report["job"] for report in result.return_value] == ["expire", "review"]
    assert result.return_value[0]["changes"][0]["id"] == trip.pk
    assert status_of(trip) == MemoryStatus.ARCHIVED
    json.dumps(result.return_value)  # what a database backend stores


def test_single_job_tasks_take_an_iso_time():
    trip = remember("u1", "travel.last_trip", "Quanzhou", kind="episode")
    later = (timezone.now() + timedelta(days=181)).isoformat()
    assert lifecycle_tasks.expire_memories.enqueue(now=later, dry_run=True).return_value[0]["changed"] == 1
    assert status_of(trip) == MemoryStatus.ACTIVE
    for single_job in (lifecycle_tasks.decay_memories, lifecycle_tasks.cap_memories, lifecycle_tasks.review_memories):
        assert single_job.enqueue().status == TaskResultStatus.SUCCESSFUL


def test_maintenance_task_refuses_an_unknown_job():
    result = lifecycle_tasks.run_maintenance.enqueue(jobs=["expire", "vacuum"])
    assert result.status == TaskResultStatus.FAILED
    assert "unknown lifecycle job(s): vacuum" in result.errors[0].traceback
