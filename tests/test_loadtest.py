"""The scale-out stack under load, in short: bench/loadtest.py with a few hundred turns from 10 users over REST and
the demo's websocket, on its own PostgreSQL, Redis, 2 servers and 2 workers, one of each killed midway.
It starts its own PostgreSQL, so it runs once, in the PostgreSQL pass of ``make test``."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_DIR = Path(__file__).resolve().parent.parent
ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


@pytest.mark.skipif(not ON_POSTGRES, reason="runs in the PostgreSQL pass of make test (the stack has its own database)")
def test_a_short_load_run_with_a_worker_and_a_server_killed_loses_and_doubles_nothing():
    result = subprocess.run([sys.executable, "bench/loadtest.py", "--users", "10", "--turns", "300", "--json"],
                            cwd=PROJECT_DIR, capture_output=True, text=True, timeout=1800)
    assert result.stdout.strip(), result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])

    assert report["turns_expected"] == report["turns_recorded"] == report["turns_processed"] == 300, report
    assert (report["lost"], report["duplicated"], report["cross_user"], report["unsent"]) == (0, 0, 0, 0), report
    assert report["resent_after_failure"] > 0, "the killed server interrupted no one: the test did not test"
    assert result.returncode == 0
