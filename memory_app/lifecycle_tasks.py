"""django-tasks entry points for the lifecycle jobs in ``memory_app.lifecycle``.

django-tasks has no scheduler. Run the jobs periodically from cron or a systemd timer, either directly:

    # every night at 03:10
    10 3 * * *  cd /srv/chatmem && .venv/bin/python manage.py memory_maintenance all

or by enqueueing these tasks (a ``manage.py db_worker`` then runs them under the configured backend):

    from memory_app.lifecycle_tasks import run_maintenance
    run_maintenance.enqueue()

Arguments and results are JSON (task backends store them): each task returns the job reports as dicts, keys
by kind only.
"""
from django_tasks import task

from . import lifecycle
from .actions_forget import without_content


def _run(names: list[str], now: str | None, dry_run: bool, tenant: str | None) -> list[dict]:
    options = {"now": lifecycle.parse_moment(now) if now else None, "dry_run": dry_run, "tenant": tenant}
    reports = lifecycle.run_all(**options) if names == ["all"] else [lifecycle.JOBS[name](**options) for name in names]
    # Keys only by kind ("health.allergy", not the value some keys end in): a backend stores these rows.
    return without_content([report.as_dict() for report in reports])


@task()
def run_maintenance(jobs: list[str] | None = None, now: str | None = None, dry_run: bool = False,
                    tenant: str | None = None) -> list[dict]:
    """Run the named jobs (``expire``, ``decay``, ``cap``, ``review``, ``rotate-keys``), or all of them."""
    names = list(jobs or ["all"])
    unknown = [name for name in names if name != "all" and name not in lifecycle.JOBS]
    if unknown:
        raise ValueError(f"unknown lifecycle job(s): {', '.join(unknown)}; known: {', '.join(lifecycle.JOBS)}, all")
    return _run(names, now, dry_run, tenant)


@task()
def expire_memories(now: str | None = None, dry_run: bool = False) -> list[dict]:
    return _run(["expire"], now, dry_run, None)


@task()
def decay_memories(now: str | None = None, dry_run: bool = False) -> list[dict]:
    return _run(["decay"], now, dry_run, None)


@task()
def cap_memories(now: str | None = None, dry_run: bool = False) -> list[dict]:
    return _run(["cap"], now, dry_run, None)


@task()
def review_memories(now: str | None = None, dry_run: bool = False) -> list[dict]:
    return _run(["review"], now, dry_run, None)


@task()
def rotate_encryption_keys(dry_run: bool = False) -> list[dict]:
    return _run(["rotate-keys"], None, dry_run, None)
