"""The secret detector on a probe of chat messages: how many secrets it redacts, how many ordinary numbers beside
them it loses, and how many harmless messages it alters. Totals by default, so a held-out probe stays unread.

    python bench/secret_probe.py [PROBE.py] [--misses]

PROBE.py defines SECRETS = [(kind, message, [secrets as typed], [numbers that must stay])] and HARMLESS =
[(message, [numbers that must stay])] (default: bench/eval_sets/secret_probe_v5.py, held out). ``--misses`` prints
every miss: only for a probe that is no longer unseen.
"""
import argparse
import importlib.util
import os
import sys
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _compact(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKC", text) if char.isalnum())


def _load(path: str):
    spec = importlib.util.spec_from_file_location("probe", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("probe", nargs="?", default=str(ROOT / "bench/eval_sets/secret_probe_v5.py"))
    parser.add_argument("--misses", action="store_true", help="print each miss (reads the probe: it is no longer unseen)")
    args = parser.parse_args()
    if not Path(args.probe).is_file():
        print(f"secret_probe: no such probe file: {args.probe}", file=sys.stderr)
        return 2
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from memory_app.redaction import redact

    probe = _load(args.probe)
    by_kind, caught_by_kind, kept_lost, misses = Counter(), Counter(), 0, []
    for kind, message, secrets, kept in probe.SECRETS:
        redacted = redact(message)
        by_kind[kind] += 1
        if all(secret not in redacted and _compact(secret) not in _compact(redacted) for secret in secrets):
            caught_by_kind[kind] += 1
        else:
            misses.append(("missed", message, redacted))
        if not all(number in redacted for number in kept):
            kept_lost += 1
            misses.append(("number lost", message, redacted))
    altered = [("harmless altered", message, redact(message)) for message, _ in probe.HARMLESS if redact(message) != message]
    print(f"secrets redacted {sum(caught_by_kind.values())}/{len(probe.SECRETS)}, messages that lost a number beside "
          f"a secret {kept_lost}, harmless messages altered {len(altered)}/{len(probe.HARMLESS)}")
    print(" ".join(f"{kind} {caught_by_kind[kind]}/{by_kind[kind]}" for kind in sorted(by_kind)))
    if args.misses:
        for what, message, redacted in misses + altered:
            print(f"{what}: {message!r} -> {redacted!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
