"""Where ``before_turn`` spends its database time: every SQL statement of a few calls timed (through
``connection.execute_wrapper``), grouped by statement, for a bench-like user (``bench/run.py``'s corpus: N
memories plus snippets, same vectors); on PostgreSQL also EXPLAIN (ANALYZE, BUFFERS) of the slowest
statements. Runs on whatever DATABASE_URL names (a throwaway SQLite file by default):

    python scripts/with_pgserver.py python bench/sql_profile.py --size 1000 --snippets 10000 --calls 20

Nothing here asserts on time: it only reports.
"""
import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (bench/run.py: the same corpus, vectors and seeding)


def statement_shape(sql: str) -> str:
    """A statement with its literals and IN lists folded, so the calls of one statement group together."""
    shape = re.sub(r"\s+", " ", sql)
    shape = re.sub(r"IN \([^)]*\)", "IN (…)", shape)
    shape = re.sub(r"'[^']*'", "'…'", shape)
    return shape


class StatementTimer:
    def __init__(self):
        self.calls: list[tuple[str, object, float]] = []

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.calls.append((sql, params, (time.perf_counter() - started) * 1000))


def print_functions(before, calls: int, count: int) -> None:
    """Cumulative time per call of the app's own functions (and the database driver's), most first."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    for index in range(calls):
        before(index)
    profile.disable()
    rows = [(cumulative, function) for function, (_, _, _, cumulative, _) in pstats.Stats(profile).stats.items()
            if "memory_app" in function[0] or "psycopg" in function[0] or "pgvector" in function[0]]
    for cumulative, (path, line, name) in sorted(rows, reverse=True)[:count]:
        where = path.split("site-packages/")[-1].split("memory_app/", 1)[-1]
        print(f"{cumulative * 1000 / calls:7.2f} ms/call  {where}:{line} {name}")


def seeded_before_turn(size: int, snippet_count: int, data_dir: Path, other_size: int = 0):
    """Migrate, seed a bench-like user (``bench/run.py``'s corpus and vectors) and return ``before(index)``, one
    ``before_turn`` of that user on the index-th bench query (query vector cache cleared, as for a new message).
    ``other_size``: another user with that many memories (and as many snippets) first, as ``bench/run.py``'s users
    share their tables: an index then also holds rows the user filter rejects."""
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{data_dir / 'profile.sqlite3'}")  # a fresh user each run
    corpus = bench.build_corpus(max(size, other_size))
    snippets = bench.build_snippets(max(snippet_count, other_size if other_size else 0))
    bench.measure_embedding(corpus, snippets, data_dir)  # sets Django up too
    import numpy as np
    from django.core.management import call_command
    from django.db import connection

    from memory_app import service
    from memory_app.embedding import query_vector_cache
    from memory_app.providers import get_embedder

    call_command("migrate", verbosity=0)
    vectors, snippet_vectors = np.load(data_dir / "vectors.npy"), np.load(data_dir / "snippet_vectors.npy")
    if other_size:
        bench.seed_user(f"other-{other_size}", corpus[:other_size], vectors[:other_size], snippets[:other_size],
                        snippet_vectors[:other_size], get_embedder().name)
    user_id = f"profile-{size}"
    bench.seed_user(user_id, corpus[:size], vectors[:size], snippets[:snippet_count],
                    snippet_vectors[:snippet_count], get_embedder().name)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")

    def before(index):
        query_vector_cache.clear()
        return service.before_turn(user_id, bench.QUERIES[index % len(bench.QUERIES)], tenant="bench",
                                   session_id="bench", turn_id=f"q{index}")

    return before


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--snippets", type=int, default=10000)
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--other-user", type=int, default=0, metavar="SIZE",
                        help="seed another user with SIZE memories and SIZE snippets first (shared tables)")
    parser.add_argument("--explain", type=int, default=4, help="EXPLAIN ANALYZE the N slowest statements (PostgreSQL)")
    parser.add_argument("--functions", type=int, default=0, help="also print the N functions of memory_app with the "
                        "most cumulative time (cProfile over the same calls)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="chatmem-sqlprofile-") as folder:
        before = seeded_before_turn(args.size, args.snippets, Path(folder), args.other_user)
        from django.db import connection

        for index in range(3):
            before(index)
        timer, totals = StatementTimer(), []
        with connection.execute_wrapper(timer):
            for index in range(args.calls):
                started = time.perf_counter()
                before(index)
                totals.append((time.perf_counter() - started) * 1000)
        if args.functions:
            print_functions(before, args.calls, args.functions)
        by_shape = defaultdict(list)
        for sql, params, ms in timer.calls:
            by_shape[statement_shape(sql)].append((ms, sql, params))
        sql_ms = sum(ms for _, _, ms in timer.calls) / args.calls
        print(f"{connection.vendor}: {args.size} memories + {args.snippets} snippets, {args.calls} calls; "
              f"before_turn p50 {statistics.median(totals):.1f} ms, SQL {sql_ms:.1f} ms per call in "
              f"{len(timer.calls) / args.calls:.1f} statements")
        ranked = sorted(by_shape.items(), key=lambda pair: -sum(ms for ms, _, _ in pair[1]))
        for shape, runs in ranked:
            times = [ms for ms, _, _ in runs]
            print(f"{sum(times) / args.calls:7.2f} ms/call  x{len(runs) / args.calls:4.1f}  "
                  f"median {statistics.median(times):6.2f}  {shape[:150]}")
        if connection.vendor == "postgresql":
            for shape, runs in ranked[:args.explain]:
                _, sql, params = sorted(runs, key=lambda run: run[0])[len(runs) // 2]
                with connection.cursor() as cursor:
                    cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                    print(f"\n--- {shape[:200]}")
                    print("\n".join(row[0] for row in cursor.fetchall()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
