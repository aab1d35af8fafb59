"""bench/secret_probe.py, run as a command on a probe file of this test's own."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = '''
SECRETS = [
    ("password", "the shed padlock is 4-19-33, room 12 is mine", ["4-19-33"], ["12"]),
    ("password", "nothing here names it: blue kettle", ["blue kettle"], []),
]
HARMLESS = [("bus 42 leaves at 7:15", ["42", "7:15"])]
'''


def _run(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench/secret_probe.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_it_prints_totals_and_by_kind_and_the_misses_only_when_asked(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    totals = _run(str(probe))
    assert totals.returncode == 0, totals.stderr
    assert totals.stdout.splitlines()[:2] == [
        "secrets redacted 1/2, messages that lost a number beside a secret 0, harmless messages altered 0/1",
        "password 1/2"]
    assert "blue kettle" not in totals.stdout
    with_misses = _run(str(probe), "--misses")
    assert "missed: 'nothing here names it: blue kettle'" in with_misses.stdout


def test_a_missing_probe_file_is_one_line_and_a_non_zero_exit(tmp_path):
    result = _run(str(tmp_path / "nope.py"))
    assert result.returncode == 2 and result.stderr.strip().count("\n") == 0 and "no such probe file" in result.stderr
