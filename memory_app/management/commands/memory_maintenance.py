"""``manage.py memory_maintenance``: the lifecycle jobs, for cron or a systemd timer.

    memory_maintenance expire | decay | cap | review | rotate-keys | all  [--dry-run] [--json] [--quiet]
                       [--tenant T] [--now 2026-03-01T00:00:00+08:00]

Prints a report of what was (or, with --dry-run, would be) done. On a terminal a progress bar runs on stderr
meanwhile (not with --quiet, not into a pipe or a file). A bad argument or a job that cannot run
as configured is one line on stderr and a non-zero exit.
"""
import json
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory_app import lifecycle, progress
from memory_app.crypto import EncryptionKeyError

LISTED_CHANGES = 200  # per job; the rest are counted (the JSON report always has every change)


class TerseParser(CommandParser):
    """An argparse error is one line, not a usage dump (``-h`` still shows the usage)."""

    def error(self, message):
        if not self.called_from_command_line:
            raise CommandError(message)  # under call_command, e.g. in tests
        sys.stderr.write(f"memory_maintenance: {message}\n")
        sys.exit(2)


def _moment(text: str):
    try:
        return lifecycle.parse_moment(text)
    except lifecycle.LifecycleError as error:
        raise CommandError(str(error)) from error


class Command(BaseCommand):
    help = "Run memory lifecycle jobs: expiry, decay, the per-user cap, review, encryption key rotation."

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.__class__ = TerseParser  # subcommand parsers inherit it through add_subparsers
        return parser

    def add_arguments(self, parser):
        jobs = parser.add_subparsers(dest="job", required=True, metavar="JOB")
        for name, job_help in (
            ("expire", "deactivate memories past their TTL (by kind and sensitivity)"),
            ("decay", "recompute strength; archive memories that fell below the threshold"),
            ("cap", "archive the lowest-scored memories of users above CHATMEM_MAX_MEMORIES_PER_USER"),
            ("review", "clean low-confidence, never-used memories; count what awaits moderation"),
            ("rotate-keys", "re-encrypt sealed values with the newest key; seal plain high-sensitivity rows"),
            ("all", "expire, decay, cap, review (and rotate-keys when keys are configured)"),
        ):
            job = jobs.add_parser(name, help=job_help, description=job_help)
            job.add_argument("--dry-run", action="store_true", help="report what would change, change nothing")
            job.add_argument("--json", dest="as_json", action="store_true", help="print the report as JSON")
            job.add_argument("--tenant", help="only this tenant (default: all)")
            job.add_argument("--now", type=str, help="evaluate as of this ISO 8601 time (default: now)")
            job.add_argument("--quiet", action="store_true", help="no progress bar on stderr")

    def handle(self, *args, job, dry_run, as_json, tenant, now, quiet, verbosity=1, **_):
        options = {"now": _moment(now) if now else None, "dry_run": dry_run, "tenant": tenant or None}
        stream = getattr(self.stderr, "_out", self.stderr)  # tqdm needs the raw stream (no line endings added)
        try:
            with progress.bar("maintenance", stream=stream, unit="memory",
                              enabled=progress.wanted(stream, quiet=quiet or verbosity == 0)):
                reports = lifecycle.run_all(**options) if job == "all" else [lifecycle.run_job(job, **options)]
        except (lifecycle.LifecycleError, EncryptionKeyError) as error:
            raise CommandError(str(error)) from error
        if as_json:
            self.stdout.write(_dump([report.as_dict() for report in reports]))
            return
        for report in reports:
            self._print(report)

    def _print(self, report: lifecycle.JobReport) -> None:
        verb = "would change" if report.dry_run else "changed"
        notes = "".join(f", {name} {_short(value)}" for name, value in report.notes.items())
        self.stdout.write(f"{report.job}: examined {report.examined}, {verb} {len(report.changes)}{notes}")
        for change in report.changes[:LISTED_CHANGES]:
            self.stdout.write(f"  {change['action']} #{change['id']} {change['tenant']}/{change['user_id']} "
                              f"{change['key']} ({change['reason']})")
        if len(report.changes) > LISTED_CHANGES:
            self.stdout.write(f"  … and {len(report.changes) - LISTED_CHANGES} more (--json lists them all)")


def _short(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} {item}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return f"{len(value)}" + (f" (ids {', '.join(map(str, value[:10]))})" if value else "")
    return str(value)


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)
