"""What standing forget requests (``memory_app.forget_guard``) cost a turn: ``before_turn`` of a user with N of
them against a twin with the same memories and snippets and none, side by side in one run (blocks of calls
alternating between the two, the order flipped every pair), for growing N. The first turn after the requests
change reads them again (once per process): its time is printed apart. Runs on whatever DATABASE_URL names (a
throwaway SQLite file by default):

    python bench/standing_requests.py [--size 1000] [--requests 10,100,1000] [--blocks 12]
    python scripts/with_pgserver.py python bench/standing_requests.py

Nothing here asserts on time: it only reports.
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (bench/run.py: the corpus, vectors and seeding)
from sql_profile import seeded_before_turn  # noqa: E402

BLOCK_CALLS = 4


def add_requests(user_id: str, count: int, dim: int, embedder_name: str, seed: int) -> None:
    """Requests through the ORM, as forgetting records them (each moves the user's standing version); vectors
    about nothing in particular, so none guards a bench query: what is timed is carrying them."""
    import numpy as np
    from django.utils import timezone

    from memory_app.models import StandingForgetRequest

    vectors = np.random.default_rng(seed).normal(size=(count, dim)).astype(np.float32)
    for number, vector in enumerate(vectors / np.linalg.norm(vectors, axis=1, keepdims=True)):
        StandingForgetRequest.objects.create(tenant="bench", user_id=user_id, turn_id=f"r{seed}-{number}",
                                             vector=[round(float(value), 6) for value in vector],
                                             embedding_model=embedder_name, asked_at=timezone.now())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="memories (and as many snippets) of both users")
    parser.add_argument("--requests", default="10,100,1000", help="standing requests of the second user, growing")
    parser.add_argument("--blocks", type=int, default=12, help="blocks of calls per user and count")
    args = parser.parse_args(argv)
    counts = [int(count) for count in args.requests.split(",")]

    with tempfile.TemporaryDirectory(prefix="chatmem-standing-") as folder:
        plain = seeded_before_turn(args.size, args.size, Path(folder), other_size=args.size)
        from django.db import connection

        from memory_app import service
        from memory_app.embedding import query_vector_cache
        from memory_app.providers import get_embedder

        twin = f"other-{args.size}"  # seeded with the same rows as the plain user

        def with_requests(index):
            query_vector_cache.clear()
            return service.before_turn(twin, bench.QUERIES[index % len(bench.QUERIES)], tenant="bench",
                                       session_id="bench", turn_id=f"q{index}")

        for index in range(4):
            plain(index), with_requests(index)
        results, held = {}, 0
        for count in counts:
            add_requests(twin, count - held, get_embedder().dim, get_embedder().name, seed=count)
            held = count
            started = time.perf_counter()
            with_requests(0)
            first_ms = (time.perf_counter() - started) * 1000
            timings = {"plain": [], "requests": []}
            for block in range(args.blocks):
                order = [("plain", plain), ("requests", with_requests)]
                for label, before in order if block % 2 == 0 else order[::-1]:
                    for call in range(BLOCK_CALLS):
                        started = time.perf_counter()
                        before(block * BLOCK_CALLS + call)
                        timings[label].append((time.perf_counter() - started) * 1000)
            plain_p50, requests_p50 = statistics.median(timings["plain"]), statistics.median(timings["requests"])
            results[str(count)] = {"plain_p50_ms": round(plain_p50, 2), "requests_p50_ms": round(requests_p50, 2),
                                   "ratio": round(requests_p50 / plain_p50, 3),
                                   "first_turn_after_change_ms": round(first_ms, 1)}
            print(f"{connection.vendor}: {count:5d} standing requests | before_turn p50 {requests_p50:6.1f} ms against "
                  f"{plain_p50:6.1f} with none (ratio {requests_p50 / plain_p50:.3f}) | first turn after they changed "
                  f"{first_ms:.1f} ms")
        print(json.dumps({"database": connection.vendor, "size": args.size, "standing": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
