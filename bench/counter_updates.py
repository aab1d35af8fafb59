"""What the usage-counter UPDATE of ``before_turn`` (access_count, last_accessed_at of the injected items) costs on
PostgreSQL with the memory and snippet tables at fillfactor 100 (PostgreSQL's default) and at
``pgindex.COUNTER_TABLE_FILLFACTOR`` (or the --fillfactors given), side by side in one run: blocks of calls
rotate through the layouts (each block rewrites the tables with VACUUM FULL first), for a bench-like user (``bench/run.py``'s
corpus). Reports before_turn p50/p95, the UPDATE statements' times and how many row updates were HOT.

    python scripts/with_pgserver.py python bench/counter_updates.py --size 1000 --snippets 10000 --calls 300

Nothing here asserts on time: it only reports.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sql_profile import StatementTimer, seeded_before_turn  # noqa: E402

TABLES = ("memory_app_memory", "memory_app_snippet")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _is_update(sql: str) -> bool:
    return sql.lstrip().upper().startswith("UPDATE")


def table_state(cursor) -> dict:
    """Row updates and HOT updates so far, and heap pages, summed over both tables."""
    cursor.execute("SELECT pg_stat_force_next_flush()")  # flushed when this statement ends
    cursor.execute("SELECT sum(n_tup_upd), sum(n_tup_hot_upd) FROM pg_stat_user_tables WHERE relname = ANY(%s)",
                   [list(TABLES)])
    updates, hot = cursor.fetchone()
    cursor.execute("SELECT sum(pg_relation_size(oid)) / 8192 FROM pg_class WHERE relname = ANY(%s)", [list(TABLES)])
    return {"updates": int(updates or 0), "hot": int(hot or 0), "pages": int(cursor.fetchone()[0])}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--snippets", type=int, default=10000)
    parser.add_argument("--calls", type=int, default=300, help="before_turn calls per block")
    parser.add_argument("--rounds", type=int, default=2, help="blocks per layout (the order rotates)")
    parser.add_argument("--fillfactors", help="comma-separated, the first is the baseline "
                        "(default: 100 and pgindex.COUNTER_TABLE_FILLFACTOR)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="chatmem-counters-") as folder:
        before = seeded_before_turn(args.size, args.snippets, Path(folder))
        from django.db import connection

        from memory_app.pgindex import COUNTER_TABLE_FILLFACTOR, set_fillfactor

        if connection.vendor != "postgresql":
            print("counter_updates measures PostgreSQL page layouts: run it under scripts/with_pgserver.py")
            return 2
        fillfactors = [int(value) for value in (args.fillfactors or f"100,{COUNTER_TABLE_FILLFACTOR}").split(",")]
        layouts = {fillfactor: [] for fillfactor in fillfactors}
        load_at_start, call = os.getloadavg(), 0
        for round_index in range(args.rounds):
            for fillfactor in fillfactors[round_index % len(fillfactors):] + fillfactors[:round_index % len(fillfactors)]:
                set_fillfactor(connection, fillfactor)
                with connection.cursor() as cursor:
                    cursor.execute(f"VACUUM FULL {', '.join(TABLES)}")
                    cursor.execute(f"ANALYZE {', '.join(TABLES)}")
                for _ in range(3):
                    before(call)
                    call += 1
                with connection.cursor() as cursor:
                    start = table_state(cursor)
                timer, totals, injecting = StatementTimer(), [], []
                with connection.execute_wrapper(timer):
                    for _ in range(args.calls):
                        started, statements = time.perf_counter(), len(timer.calls)
                        before(call)
                        totals.append((time.perf_counter() - started) * 1000)
                        if any(_is_update(sql) for sql, _, _ in timer.calls[statements:]):
                            injecting.append(totals[-1])
                        call += 1
                with connection.cursor() as cursor:
                    end = table_state(cursor)
                updates = [ms for sql, _, ms in timer.calls if _is_update(sql)]
                layouts[fillfactor].append({"totals": totals, "injecting": injecting, "updates": updates, "pages": start["pages"],
                                            "rows": end["updates"] - start["updates"], "hot": end["hot"] - start["hot"]})
        print(f"postgresql: {args.size} memories + {args.snippets} snippets, {args.rounds} blocks x {args.calls} "
              f"before_turn calls per layout, interleaved; load average {load_at_start[0]:.2f} at start, "
              f"{os.getloadavg()[0]:.2f} at end")
        summary = {}
        for fillfactor, blocks in layouts.items():
            totals = [ms for block in blocks for ms in block["totals"]]
            updates = [ms for block in blocks for ms in block["updates"]]
            injecting = [ms for block in blocks for ms in block["injecting"]]
            rows, hot = sum(block["rows"] for block in blocks), sum(block["hot"] for block in blocks)
            summary[fillfactor] = row = {
                "p50": statistics.median(totals), "p95": percentile(totals, 0.95), "p99": percentile(totals, 0.99),
                "injecting_p50": statistics.median(injecting) if injecting else 0.0,
                "update_median": statistics.median(updates) if updates else 0.0,
                "update_p95": percentile(updates, 0.95) if updates else 0.0}
            print(f"fillfactor {fillfactor:3d}: before_turn p50 {row['p50']:.1f} p95 {row['p95']:.1f} "
                  f"p99 {row['p99']:.1f} ms, p50 of the {len(injecting)} calls that inject {row['injecting_p50']:.1f} ms; UPDATE x{len(updates)} median {row['update_median']:.2f} "
                  f"p95 {row['update_p95']:.2f} ms; rows updated {rows}, HOT {hot} ({hot / max(rows, 1):.0%}); "
                  f"heap pages {blocks[0]['pages']}; per block p95 "
                  + ", ".join(f"{percentile(block['totals'], 0.95):.1f}" for block in blocks))
        old = summary[fillfactors[0]]
        for fillfactor in fillfactors[1:]:
            new = summary[fillfactor]
            print(f"ratio {fillfactor}/{fillfactors[0]}: before_turn p50 {new['p50'] / old['p50']:.2f}, "
                  f"p95 {new['p95'] / old['p95']:.2f}, injecting p50 {new['injecting_p50'] / old['injecting_p50']:.2f}; UPDATE median "
                  f"{new['update_median'] / max(old['update_median'], 1e-9):.2f}, "
                  f"p95 {new['update_p95'] / max(old['update_p95'], 1e-9):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
