"""What a change to the forget-request grammar changes, message by message, before any eval is run.

    python scripts/forget_detection_diff.py ../base-checkout [--held-out v13,v14,...]

Reads every user turn of ``../shared/eval/*.jsonl`` and ``bench/eval_sets/*.jsonl``, asks this checkout's and the base
checkout's extraction (``extract(...).forget_requests``, as a turn is read: redacted, Traditional and Cantonese
folded; each checkout in its own process, with this interpreter), and prints every turn whose
requests differ: new, lost or changed descriptions. Held-out sets are only counted, never printed, so that they stay
unseen. A grammar change moves descriptions in ways no eval total shows until a later query happens to leak (a
"record" the user has, read as the assistant's records, emptied one description here once); this shows them all.
"""
import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SET_FILES = [*sorted((ROOT.parent / "shared" / "eval").glob("*.jsonl")),
             *sorted((ROOT / "bench" / "eval_sets").glob("*.jsonl"))]
# Held out as of the twenty-eighth session (bench/eval_sets/README.md marks each set).
HELD_OUT = "v12,v13,v14,v15,v17,v19,v20,v22,v23,v24,v25,v27,v28,v29"

READER = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
os.chdir(sys.argv[1])
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
os.environ.setdefault("SECRET_KEY", "forget-detection-diff-" + "x" * 40)
import django
django.setup()
from memory_app.extraction import extract
found = {}
for path in sys.argv[2:]:
    for line in open(path, encoding="utf-8"):
        case = json.loads(line)
        for turn in case["turns"]:
            if turn["speaker"] != "assistant":
                result = extract(turn["text"], use_llm=False)
                key = os.path.basename(path) + "|" + str(turn["id"])
                if result.forget_requests:
                    found[key] = [[r.description, r.everything, r.whole_subject] for r in result.forget_requests]
                if os.environ.get("WITH_CANDIDATES") and result.candidates:
                    found[key + "|candidates"] = sorted([c.key, c.text] for c in result.candidates)
print(json.dumps(found, ensure_ascii=False))
"""


def detections(checkout: Path, with_candidates: bool) -> dict:
    environment = {**os.environ, "WITH_CANDIDATES": "1" if with_candidates else ""}
    result = subprocess.run([sys.executable, "-c", READER, str(checkout), *map(str, SET_FILES)],
                            capture_output=True, text=True, check=True, env=environment)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the checkout to compare with (a git worktree of the base commit)")
    parser.add_argument("--held-out", default=HELD_OUT, help=f"sets only counted (default {HELD_OUT})")
    parser.add_argument("--candidates", action="store_true",
                        help="also compare what each turn's extraction keeps (key and text of every candidate): the "
                             "grammar's clause splitting decides what is extracted from, not only what is forgotten")
    args = parser.parse_args()
    held = {f"unseen_assist_{name.strip()}.jsonl" for name in args.held_out.split(",") if name.strip()}
    before, after = detections(args.base.resolve(), args.candidates), detections(ROOT, args.candidates)
    counted = Counter()
    for key in sorted(set(before) | set(after)):
        if before.get(key) == after.get(key):
            continue
        kind = "new" if key not in before else "lost" if key not in after else "changed"
        set_name = key.split("|")[0]
        if set_name in held:
            counted[(set_name, kind)] += 1
        else:
            print(f"{kind:8} {key}: {before.get(key)} -> {after.get(key)}")
    for (set_name, kind), count in sorted(counted.items()):
        print(f"{kind:8} {set_name}: {count} (held out: counted only)")
    requests_before, requests_after = (sum(not key.endswith("|candidates") for key in found) for found in (before, after))
    print(f"{requests_before} turns with requests before, {requests_after} after")


if __name__ == "__main__":
    main()
