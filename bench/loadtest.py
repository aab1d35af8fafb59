"""``make loadtest``: the product run as it would run past one machine, under load, with a crash in the middle.

    .venv/bin/python bench/loadtest.py [--users 20] [--turns 2000] [--json]

On 127.0.0.1 it starts a throwaway PostgreSQL with pgvector, a Redis (REDIS_URL's if it answers, else a
redis-server of its own), 2 daphne servers and 2 ``db_worker``s (django-tasks-db). Simulated users, at most 20 at
once, send turns over REST and through the demo's websocket, spread over both servers. When half the turns are
sent, one worker and one server are killed (SIGKILL) and started again 3 s later. Then it waits until every turn
is processed (running ``memory retry`` the way cron would, for turns a dead worker left pending) and checks the
database: turns lost, duplicated, or shown to the wrong user. Everything it started is stopped at the end.
The last line printed is the report as JSON.
"""
import argparse
import asyncio
import json
import os
from collections import Counter
import shutil
import sys
import tempfile
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH_DIR), str(BENCH_DIR.parent)]

from load_clients import Tally, chat_user, place_of, rest_user  # noqa: E402
from load_stack import Stack  # noqa: E402

MAX_USERS = 20
REST_TENANT = "load"
RESTART_AFTER_SECONDS = 3.0
SWEEP_STALE_SECONDS = 10  # what the cron sweep treats as abandoned in this run (the product default is 300)
DRAIN_TIMEOUT_SECONDS = 900


def arguments(argv):
    parser = argparse.ArgumentParser(description="Load test of the scale-out stack, with a worker and a server killed.")
    parser.add_argument("--users", type=int, default=MAX_USERS, help=f"simulated users at once (1-{MAX_USERS})")
    parser.add_argument("--turns", type=int, default=2000, help="turns in all, spread over the users")
    parser.add_argument("--json", action="store_true", help="print only the JSON report")
    options = parser.parse_args(argv)
    if not 1 <= options.users <= MAX_USERS:
        parser.error(f"--users must be between 1 and {MAX_USERS}")
    if options.turns < options.users * 2:
        parser.error("--turns must be at least twice --users")
    return options


def set_up_django(stack: Stack) -> None:
    """This process reads and checks the same database the servers write (after the stack's settings)."""
    os.environ.update({name: stack.env[name] for name in ("DATABASE_URL", "CHATMEM_VAR_DIR", "DEBUG", "SECRET_KEY")})
    os.environ.pop("REDIS_URL", None)  # this process needs no cache
    os.environ["DJANGO_SETTINGS_MODULE"] = "chatmem.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def create_callers(users: int) -> tuple[str, dict[int, str], dict[int, str]]:
    """An API token for the REST users; a signed-in demo account (session cookie) for each chat user."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from memory_app.api_auth import issue_token

    token = issue_token(REST_TENANT, "loadtest")
    cookies, memory_ids = {}, {}
    for index in range(1, users, 2):
        person = get_user_model().objects.create_user(f"load-chat-{index}", password=os.urandom(12).hex())
        client = Client()
        client.force_login(person)
        cookies[index] = f"sessionid={client.cookies['sessionid'].value}"
        memory_ids[index] = str(person.pk)
    return token, cookies, memory_ids


async def drive(stack: Stack, options, token: str, cookies: dict[int, str], log) -> tuple[Tally, float, bool]:
    tally = Tally(places=[place_of(index) for index in range(options.users)])
    killed_mid_task = {}
    ports = [stack.ports["web-1"], stack.ports["web-2"]]
    shares = [options.turns // options.users + (index < options.turns % options.users) for index in range(options.users)]

    async def chaos():
        while tally.sent < options.turns // 2:
            await asyncio.sleep(0.05)
        killed_mid_task["work-1"] = await asyncio.to_thread(wait_until_busy, "work-1")
        log(f"  {tally.sent} turns sent: killing web-1 and work-1 "
            f"({'in the middle of a turn' if killed_mid_task['work-1'] else 'idle'})")
        await asyncio.to_thread(stack.kill, "work-1")
        await asyncio.to_thread(stack.kill, "web-1")
        await asyncio.sleep(RESTART_AFTER_SECONDS)
        stack.start_worker("work-1")
        await asyncio.to_thread(stack.start_server, "web-1")
        log(f"  web-1 and work-1 restarted ({tally.sent} turns sent)")

    async def progress():
        while True:
            await asyncio.sleep(30)
            log(f"  {tally.acknowledged} of {options.turns} turns acknowledged")

    users = [rest_user(index, shares[index], ports, token, f"rest-{index}", tally) if index % 2 == 0
             else chat_user(index, shares[index], ports, cookies[index], tally) for index in range(options.users)]
    started = time.monotonic()
    reporter = asyncio.create_task(progress())
    await asyncio.gather(chaos(), *users)
    reporter.cancel()
    return tally, time.monotonic() - started, killed_mid_task.get("work-1", False)


def wait_until_busy(worker_id: str, timeout: float = 15.0) -> bool:
    """Wait (a little) until the worker is running a turn, so that the kill cuts one in the middle."""
    from django.db import connection
    from django_tasks_db.models import DBTaskResult

    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            running = DBTaskResult.objects.filter(status="RUNNING").values_list("worker_ids", flat=True)
            if any(worker_id in (ids or []) for ids in running):
                return True
            time.sleep(0.01)
        return False
    finally:
        connection.close()


def expected_turns(options, memory_ids: dict[int, str]) -> dict[tuple[str, str, str], int]:
    from chat_app.conf import demo_settings

    shares = [options.turns // options.users + (index < options.turns % options.users) for index in range(options.users)]
    expected = {}
    for index in range(options.users):
        for number in range(shares[index]):
            key = ((REST_TENANT, f"rest-{index}", f"t{number}") if index % 2 == 0
                   else (demo_settings.TENANT, memory_ids[index], f"cu{index}n{number}"))
            expected[key] = index
    return expected


def wait_until_processed(expected: dict, log) -> tuple[float, int]:
    """Seconds until every turn was processed, and how many the cron sweep had to re-run."""
    from django.db import close_old_connections

    from memory_app import service
    from memory_app.models import Turn, TurnStatus

    users = {user_id for _, user_id, _ in expected}
    started, last_left, last_change, swept = time.monotonic(), None, time.monotonic(), 0
    while time.monotonic() - started < DRAIN_TIMEOUT_SECONDS:
        close_old_connections()
        left = Turn.objects.filter(user_id__in=users).exclude(status=TurnStatus.PROCESSED).count()
        if left == 0:
            return time.monotonic() - started, swept
        if left != last_left:
            last_left, last_change = left, time.monotonic()
        elif time.monotonic() - last_change > SWEEP_STALE_SECONDS + 5:  # the workers are idle: what is left is stuck
            count = service.retry_failed_turns(limit=10_000, stale_after_seconds=SWEEP_STALE_SECONDS)
            log(f"  cron sweep: {count} turns re-run ({left} were not processed)")
            swept += count
            last_change = time.monotonic()
        time.sleep(1)
    return time.monotonic() - started, swept


def check_database(expected: dict, tally: Tally) -> dict:
    from django.db.models import Count

    from memory_app.models import Memory, Snippet, Turn, TurnStatus

    users = {user_id for _, user_id, _ in expected}
    rows = Turn.objects.filter(user_id__in=users).values_list("tenant", "user_id", "turn_id", "status")
    copies, processed = Counter(), set()
    for tenant, user_id, turn_id, status in rows:
        copies[(tenant, user_id, turn_id)] += 1
        if status == TurnStatus.PROCESSED:
            processed.add((tenant, user_id, turn_id))
    lost = [key for key in expected if key not in processed]
    duplicated = sum(count - 1 for count in copies.values() if count > 1)
    snippets = Counter((row.tenant, row.user_id, str(row.sources)) for row in
                          Snippet.objects.filter(user_id__in=users).only("tenant", "user_id", "sources"))
    doubled_writes = sum(count - 1 for count in snippets.values() if count > 1)
    doubled_keys = (Memory.objects.filter(user_id__in=users, status="active").values("tenant", "user_id", "key")
                    .annotate(copies=Count("id")).filter(copies__gt=1).count())
    index_of = {(tenant, user_id): index for (tenant, user_id, _), index in expected.items()}
    stored_leaks = 0
    for model in (Memory, Snippet):
        for row in model.objects.filter(user_id__in=users).only("tenant", "user_id", "text"):
            owner = index_of.get((row.tenant, row.user_id))
            stored_leaks += any(place in row.text for other, place in enumerate(tally.places) if other != owner)
    return {"turns_expected": len(expected), "turns_recorded": len(copies), "turns_processed": len(processed),
            "lost": len(lost), "duplicated": duplicated + doubled_writes + doubled_keys,
            "cross_user": len(tally.leaks) + stored_leaks}


def processing_lag_ms() -> tuple[float, float]:
    """Queued-to-done time of the turn tasks the workers ran (django-tasks-db's own timestamps)."""
    from django_tasks_db.models import DBTaskResult

    done = DBTaskResult.objects.filter(task_path="memory_app.tasks.process_turn_task", status="SUCCESSFUL",
                                       finished_at__isnull=False).values_list("enqueued_at", "finished_at")
    lags = sorted((finished - enqueued).total_seconds() * 1000 for enqueued, finished in done)
    return percentile(lags, 50), percentile(lags, 95)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return round(values[min(len(values) - 1, int(len(values) * share / 100))], 1)


def main(argv=None) -> int:
    options = arguments(sys.argv[1:] if argv is None else argv)
    log = (lambda line: None) if options.json else (lambda line: print(line, flush=True))
    folder = Path(tempfile.mkdtemp(prefix="chatmem-load-"))
    try:
        with Stack(folder) as stack:
            report = run(stack, options, log)
            passed = report["lost"] == report["duplicated"] == report["cross_user"] == report["unsent"] == 0
            if not passed:  # the processes' own words, before their folder goes
                for name in ("web-1", "web-2", "work-1", "work-2"):
                    print(f"--- {name} log (end) ---\n{stack.log_tail(name)}", file=sys.stderr)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not options.json:
        print_summary(report)
    print(json.dumps(report))
    return 0 if passed else 1


def run(stack: Stack, options, log) -> dict:
    started = time.monotonic()
    log("starting PostgreSQL + pgvector, Redis, 2 servers, 2 workers on 127.0.0.1 …")
    stack.start_postgres()
    redis = stack.start_redis(os.environ.get("REDIS_URL", ""))
    set_up_django(stack)
    token, cookies, memory_ids = create_callers(options.users)
    for name in ("web-1", "web-2"):
        stack.start_server(name)
    for name in ("work-1", "work-2"):
        stack.start_worker(name)
    log(f"  servers on ports {stack.ports['web-1']} and {stack.ports['web-2']}; Redis {redis or 'none (per-process caches)'}")
    log(f"driving {options.turns} turns from {options.users} users (REST and websocket) …")
    tally, load_seconds, killed_mid_turn = asyncio.run(drive(stack, options, token, cookies, log))
    expected = expected_turns(options, memory_ids)
    log(f"  all sent in {load_seconds:.0f} s; waiting until every turn is processed …")
    drain_seconds, swept = wait_until_processed(expected, log)
    checks = check_database(expected, tally)
    lag_p50, lag_p95 = processing_lag_ms()
    return {**checks, "turns_sent": tally.sent, "acknowledged": tally.acknowledged, "unsent": tally.unsent,
            "resent_after_failure": tally.retried_sends, "rerun_by_cron_sweep": swept, "users": options.users,
            "worker_killed_mid_turn": killed_mid_turn,
            "redis": "REDIS_URL" if redis == os.environ.get("REDIS_URL") else ("own redis-server" if redis else "none"),
            "turn_latency_ms_p50": percentile([s * 1000 for s in tally.latencies], 50),
            "turn_latency_ms_p95": percentile([s * 1000 for s in tally.latencies], 95),
            "processing_lag_ms_p50": lag_p50, "processing_lag_ms_p95": lag_p95,
            "load_seconds": round(load_seconds, 1), "drain_seconds": round(drain_seconds, 1),
            "sent_per_second": round(tally.acknowledged / load_seconds, 1),
            "processed_per_second": round(checks["turns_processed"] / (load_seconds + drain_seconds), 1),
            "wall_seconds": round(time.monotonic() - started, 1), "leak_examples": tally.leaks[:3]}


def print_summary(report: dict) -> None:
    print(f"turns sent {report['turns_sent']}, acknowledged {report['acknowledged']}, processed "
          f"{report['turns_processed']} of {report['turns_expected']}")
    print(f"lost {report['lost']}, duplicated {report['duplicated']}, cross-user {report['cross_user']}, "
          f"unsent {report['unsent']} (sends retried after a failure: {report['resent_after_failure']}, "
          f"turns re-run by the cron sweep: {report['rerun_by_cron_sweep']}; worker killed mid-turn: "
          f"{'yes' if report['worker_killed_mid_turn'] else 'no'})")
    print(f"turn latency p50 {report['turn_latency_ms_p50']:.0f} ms, p95 {report['turn_latency_ms_p95']:.0f} ms; "
          f"queued-to-processed p50 {report['processing_lag_ms_p50']:.0f} ms, p95 {report['processing_lag_ms_p95']:.0f} ms")
    print(f"throughput {report['sent_per_second']} turns/s sent, {report['processed_per_second']} turns/s processed "
          f"end to end; load {report['load_seconds']} s, drain {report['drain_seconds']} s, wall {report['wall_seconds']} s")


if __name__ == "__main__":
    sys.exit(main())
