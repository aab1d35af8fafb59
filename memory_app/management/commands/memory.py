"""``manage.py memory``: the seed CLI over the memory facade.

    memory remember --user u1 "我以后都希望用顺丰，别放门口"
    memory recall --user u1 "这个用户对配送有什么偏好？" [--limit N] [--json]
    memory forget --user u1 [--id N | --session S]      memory forget --expired
    memory export --user u1 [--output FILE]
    memory reembed [--missing | --all] [--batch-size N] [--dry-run] [--quiet]
    memory eval FILE.jsonl [--report out.html] [--verbose] [--quiet]

All but eval take --tenant (default CHATMEM_DEFAULT_TENANT; for reembed, every tenant), --json and --lang
(auto: Chinese labels when the input is Chinese). A bad argument is one line on stderr and a non-zero exit,
never a usage dump. On a terminal, eval and reembed show a progress bar on stderr (counts, rate, ETA); not with
--quiet, and not when stderr is a pipe or a file. What they print on stdout is the same either way.
"""
import argparse
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, transaction

from memory_app import progress, service
from memory_app.conf import app_settings
from memory_app.crypto import reveal_value
from memory_app.evaluation import EvalFileError, run_eval
from memory_app.models import Memory
from memory_app.search_index import indexed_users, reindex_user
from memory_app.semantic import relink_revisions
from memory_app.reembed import DEFAULT_BATCH_SIZE, ReembedError, count_rows_to_embed, reembed

from . import _memory_output as output

ACTOR = "cli"


class OneLineErrorParser(CommandParser):
    """argparse prints the whole usage before an error; an operator wants the one line that says what is wrong
    (``-h`` still shows the usage). Under call_command Django's CommandParser already raises CommandError."""

    def error(self, message):
        if self.called_from_command_line:
            self.exit(2, f"{self.prog}: error: {message}\n")
        super().error(message)


def _positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"must be a whole number above 0, not {value!r}")
    return number


def _non_negative_float(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not number >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be a number of seconds, 0 or more, not {value!r}")
    return number


def _non_blank(value: str) -> str:
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return value.strip()


def _shared_options(tenant_help: str) -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--tenant", type=_non_blank, help=tenant_help)
    options.add_argument("--json", action="store_true", help="print JSON instead of lines")
    options.add_argument("--lang", choices=("auto", "zh", "en"), default="auto",
                         help="language of the output (auto: Chinese when the input is Chinese)")
    return options


def _dump_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def _migrate_if_needed() -> None:
    from django.core.management import call_command
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        call_command("migrate", interactive=False, verbosity=0)


class Command(BaseCommand):
    help = "Remember, recall, forget and export a user's memories; re-embed vectors; run an evaluation set."

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        # BaseCommand builds a plain CommandParser; switch it to the one-line variant (which adds no state),
        # and the subcommand parsers inherit it through add_subparsers.
        parser.__class__ = OneLineErrorParser
        return parser

    def add_arguments(self, parser):
        common = _shared_options("tenant (default: CHATMEM_DEFAULT_TENANT)")
        user = argparse.ArgumentParser(add_help=False)
        user.add_argument("--user", type=_non_blank, help="the end user's id")

        subcommands = parser.add_subparsers(dest="subcommand", required=True, metavar="SUBCOMMAND",
                                            parser_class=OneLineErrorParser)
        remember = subcommands.add_parser("remember", parents=[common, user], help="extract and store memories now")
        remember.add_argument("text", nargs="+", help="what the user said")
        remember.add_argument("--session", default="", help="session id to record as the source")

        recall = subcommands.add_parser("recall", parents=[common, user], help="find the memories relevant to a query")
        recall.add_argument("query", nargs="+")
        recall.add_argument("--limit", type=_positive_int, help="how many results (default CHATMEM_RECALL_LIMIT)")
        recall.add_argument("--include-private", action="store_true", help="also private memories")

        forget = subcommands.add_parser("forget", parents=[common, user],
                                        help="delete a user's memories (--id N, --session S or all), or expired ones")
        forget.add_argument("--id", type=_positive_int, dest="memory_id", help="one memory (and its versions)")
        forget.add_argument("--session", type=_non_blank, help="what came only from this session")
        forget.add_argument("--expired", action="store_true", help="expired memories of every user")

        export = subcommands.add_parser("export", parents=[common, user], help="everything about a user, as JSON")
        export.add_argument("--output", help="write to this file instead of stdout")

        reembed_parser = subcommands.add_parser("reembed", parents=[_shared_options("only this tenant (default: all)")],
                                                help="re-embed vectors after the embedder changed")
        mode = reembed_parser.add_mutually_exclusive_group()
        mode.add_argument("--missing", action="store_true",
                          help="only rows without a vector or from another embedder/dimension (the default)")
        mode.add_argument("--all", action="store_true", dest="everything", help="every row")
        reembed_parser.add_argument("--batch-size", type=_positive_int, default=DEFAULT_BATCH_SIZE)
        reembed_parser.add_argument("--dry-run", action="store_true", help="only count the rows")
        reembed_parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")

        reindex_parser = subcommands.add_parser(
            "reindex", parents=[_shared_options("only this tenant (default: all)")],
            help="rebuild the keyword index and per-user index state from the stored rows, and link "
                 "revisions to what they revise")
        reindex_parser.add_argument("--user", type=_non_blank, help="only this user (needs --tenant)")

        retry = subcommands.add_parser("retry", help="process again the turns whose background work failed or stalled")
        retry.add_argument("--limit", type=_positive_int, default=100, help="at most this many turns (default 100)")
        retry.add_argument("--stale-after", type=_non_negative_float, metavar="SECONDS",
                           help="also turns pending this long (default CHATMEM_TURN_STALE_AFTER_SECONDS)")

        evaluate = subcommands.add_parser("eval", help="replay an evaluation set (JSONL)")
        evaluate.add_argument("file", help="one JSON object a line: user, turns, queries")
        evaluate.add_argument("--verbose", action="store_true", help="also print every missed query")
        evaluate.add_argument("--no-baseline", action="store_true",
                              help="skip the plain hybrid retrieval over raw turns (baseline_recall_at)")
        evaluate.add_argument("--report", metavar="FILE.html",
                              help="also write an HTML report: the figures beside the baseline, every miss")
        evaluate.add_argument("--quiet", action="store_true", help="no progress bar on stderr")

    def handle(self, *args, **options):
        handler = getattr(self, f"handle_{options['subcommand']}")
        try:
            handler(options)
        except service.MemoryInputError as error:
            raise CommandError(str(error)) from error
        except DatabaseError as error:
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise CommandError(f"database error: {first_line} (has `manage.py migrate` run?)") from error

    # --- helpers -------------------------------------------------------------------------------------------

    def _write(self, line: str) -> None:
        self.stdout.write(line)

    def _progress_bar(self, description: str, options, unit: str):
        """A bar on stderr for a person at a terminal (tqdm writes the raw stream: no line endings added)."""
        stream = getattr(self.stderr, "_out", self.stderr)
        quiet = options.get("quiet") or options.get("verbosity") == 0
        return progress.bar(description, stream=stream, unit=unit, enabled=progress.wanted(stream, quiet=quiet))

    def _tenant(self, options) -> str:
        return options["tenant"] or app_settings.DEFAULT_TENANT

    def _require_user(self, options) -> str:
        if not options.get("user"):
            raise CommandError(f"{options['subcommand']} needs --user USER_ID")
        return options["user"]

    def _joined_text(self, words: list[str], what: str) -> str:
        text = " ".join(words).strip()
        if not text:
            raise CommandError(f"the {what} is empty")
        if len(text) > app_settings.MAX_MESSAGE_CHARS:
            raise CommandError(f"the {what} is {len(text)} characters long; the limit is "
                               f"{app_settings.MAX_MESSAGE_CHARS} (CHATMEM_MAX_MESSAGE_CHARS)")
        return text

    # --- subcommands ---------------------------------------------------------------------------------------

    def _write_items(self, options, items, *, lang: str, nothing: str, line) -> None:
        """--json: the items as a JSON list; else one line each, or one line saying there is nothing."""
        if options["json"]:
            self._write(_dump_json([item.as_dict() for item in items]))
            return
        if not items:
            self._write(output.text(lang, nothing))
        for item in items:
            self._write(line(item))

    def handle_remember(self, options):
        user_id, tenant = self._require_user(options), self._tenant(options)
        text = self._joined_text(options["text"], "text to remember")
        outcomes = service.remember(user_id, text, tenant=tenant, session_id=options["session"], actor=ACTOR)
        lang = output.choose_language(options["lang"], text)
        self._write_items(options, outcomes, lang=lang, nothing="nothing_to_remember", line=lambda outcome:
                          output.outcome_line(lang, outcome, self._replaced_value(tenant, user_id, outcome)))

    def _replaced_value(self, tenant: str, user_id: str, outcome) -> str:
        """For a superseded key, the value the new version replaced (the new row points at it)."""
        if outcome.action != "superseded":
            return ""
        new = Memory.objects.for_user(tenant, user_id).select_related("previous").filter(pk=outcome.memory_id).first()
        return reveal_value(new.previous) if new and new.previous else ""

    def handle_recall(self, options):
        user_id, tenant = self._require_user(options), self._tenant(options)
        query = self._joined_text(options["query"], "query")
        found = service.recall(user_id, query, tenant=tenant, limit=options["limit"],
                               include_private=options["include_private"], actor=ACTOR)
        lang = output.choose_language(options["lang"], query)
        self._write_items(options, found, lang=lang, nothing="no_memories",
                          line=lambda memory: output.recall_line(lang, memory))

    def handle_forget(self, options):
        lang = output.choose_language(options["lang"], options.get("user") or "", options.get("session") or "")
        if options["expired"]:
            if options.get("user") or options["memory_id"] or options["session"]:
                raise CommandError("--expired removes expired memories of every user; "
                                   "it takes no --user, --id or --session")
            count = service.forget_expired()
            self._write(_dump_json({"expired": count}) if options["json"]
                        else output.text(lang, "expired", count=count))
            return
        if not options.get("user"):
            raise CommandError("forget needs --user USER_ID (optionally with --id N or --session S), or --expired")
        if options["memory_id"] and options["session"]:
            raise CommandError("forget takes --id or --session, not both")
        counts = self._forget_for_user(self._tenant(options), options["user"], options)
        self._write(_dump_json(counts) if options["json"] else output.counts_line(lang, counts))

    def _forget_for_user(self, tenant: str, user_id: str, options) -> dict:
        if options["memory_id"]:
            deleted = service.forget_memory(options["memory_id"], tenant=tenant, user_id=user_id, actor=ACTOR)
            if not deleted:
                raise CommandError(f"no memory {options['memory_id']} for user {user_id} in tenant {tenant}")
            return {"memories": deleted}
        if options["session"]:
            return service.forget_session(tenant, user_id, options["session"], actor=ACTOR)
        return service.forget_user(tenant, user_id, actor=ACTOR)

    def handle_export(self, options):
        user_id, tenant = self._require_user(options), self._tenant(options)
        target = Path(options["output"]) if options["output"] else None
        if target is not None and not target.parent.is_dir():
            raise CommandError(f"cannot write {target}: folder {target.parent} does not exist")
        data = service.export_user(tenant, user_id, actor=ACTOR)
        if target is None:
            self._write(_dump_json(data))
            return
        try:
            target.write_text(_dump_json(data) + "\n", encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot write {target}: {error.strerror or error}") from error
        lang = output.choose_language(options["lang"], user_id)
        count = len(data.get("memories", []))
        self._write(_dump_json({"exported": count, "path": str(target)}) if options["json"]
                    else output.text(lang, "exported", count=count, path=target))

    def handle_reembed(self, options):
        lang = output.choose_language(options["lang"])
        tenant = options["tenant"]  # no default here: an embedder change concerns every tenant
        try:
            if options["dry_run"]:
                counts = count_rows_to_embed(everything=options["everything"], tenant=tenant)
                self._write(_dump_json(counts) if options["json"] else output.text(lang, "would_reembed", **counts))
                return
            with self._progress_bar("reembed", options, unit="row"):
                report = reembed(everything=options["everything"], tenant=tenant, batch_size=options["batch_size"],
                                 actor=ACTOR)
        except ReembedError as error:
            raise CommandError(f"{error}; run `memory reembed --missing` again to finish") from error
        if options["json"]:
            self._write(_dump_json(report.as_dict()))
            return
        line = output.text(lang, "reembedded", memories=report.memories, snippets=report.snippets,
                           embedder=report.embedder, dim=report.dim)
        if report.indexes_rebuilt:
            line += output.text(lang, "indexes_rebuilt")
        if report.standing_requests_left_behind:
            line += output.text(lang, "standing_left_behind", count=report.standing_requests_left_behind)
        self._write(line)

    def handle_reindex(self, options):
        tenant, user_id = options["tenant"], options.get("user")
        if user_id and not tenant:
            raise CommandError("reindex --user needs --tenant")
        users = [(tenant, user_id)] if user_id else indexed_users(tenant)
        items = links = 0
        for user_tenant, user in users:
            with transaction.atomic():
                items += reindex_user(user_tenant, user)
                links += relink_revisions(user_tenant, user)
        result = {"users": len(users), "items": items, "revision_links": links}
        line = f"reindexed {items} items of {len(users)} users; {links} revisions newly linked to what they revise"
        self._write(_dump_json(result) if options["json"] else line)

    def handle_retry(self, options):
        # With the immediate task backend nothing re-runs a failed turn by itself; cron runs this instead.
        count = service.retry_failed_turns(limit=options["limit"], stale_after_seconds=options["stale_after"])
        self._write(f"retried {count} turns")

    def handle_eval(self, options):
        report = Path(options["report"]) if options["report"] else None
        if report is not None and not report.parent.is_dir():  # said now, not after a long run
            raise CommandError(f"cannot write {report}: folder {report.parent} does not exist")
        _migrate_if_needed()  # an evaluation is often the first command run on a fresh checkout
        try:
            # Replays into the scratch tenant "eval", which run_eval wipes first: no --tenant on purpose.
            with self._progress_bar("eval", options, unit="turn"):
                run_eval(options["file"], stdout=self.stdout, verbose=options["verbose"],
                         baseline=not options["no_baseline"], report_path=report)
        except EvalFileError as error:
            raise CommandError(str(error)) from error
        except (OSError, UnicodeDecodeError) as error:
            if report is not None and getattr(error, "filename", None) == str(report):
                raise CommandError(f"cannot write {report}: {error.strerror or error}") from error
            raise CommandError(f"{options['file']}: cannot read it as UTF-8 text ({type(error).__name__})") from error
