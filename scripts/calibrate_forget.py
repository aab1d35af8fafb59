"""Calibrate forgetting by meaning on the invented probe conversations of tests/forget_probes.py.

    python scripts/calibrate_forget.py            # per-probe scores and the current settings' errors
    python scripts/calibrate_forget.py --search   # also a grid search over the CHATMEM_FORGET_* thresholds

Each probe user's conversation is replayed through after_turn into a throwaway SQLite database; then every
probe's request is scored against every user's items (nothing is deleted): the asking user's own items are
the subject and its near misses, other users' items are extra negatives (a description that matches nothing
must delete nothing). A message counts as forgotten when any copy of it matches (a memory, its snippet, a
summary line, the turn), since forgetting one copy takes the others with it.
"""
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/calibrate.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")

from chatmem.run_key import ensure_secret_key  # noqa: E402
import django  # noqa: E402

ensure_secret_key()

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import override_settings  # noqa: E402

from memory_app import forget_matching, service  # noqa: E402
from memory_app.conf import app_settings  # noqa: E402
from memory_app.extraction import extract  # noqa: E402
from tests.forget_probes import PROBES  # noqa: E402

MESSAGE_COPIES = ("memory", "snippet", "summary", "turn", "working")
SETTINGS = ("FORGET_THRESHOLD", "FORGET_KEYWORD_WEIGHT")


def replay() -> dict:
    about = {}
    for probe in PROBES:
        for number, (is_about, text, reply) in enumerate(probe.turns):
            service.after_turn(probe.user, text, reply, session_id="s1", turn_id=f"t{number}")
            about[(probe.user, "s1", f"t{number}")] = is_about
    return about


def scored_messages(about: dict) -> dict:
    """(probe, owner, session, turn) -> the scored copies of that message, with its label."""
    messages = defaultdict(lambda: {"about": False, "items": []})
    for probe in PROBES:
        [request] = extract(probe.request).forget_requests
        for owner in PROBES:
            items = forget_matching.collect("default", owner.user)
            forget_matching.score(request.description, items)
            for item in items:
                if item.place not in MESSAGE_COPIES:
                    continue
                for session, turn in item.turns:
                    message = messages[(probe.user, owner.user, session, turn)]
                    message["about"] = owner is probe and about[(owner.user, session, turn)]
                    message["items"].append(item)
    return messages


def errors(messages: dict, values: tuple) -> tuple[list, list]:
    with override_settings(**{f"CHATMEM_{name}": value for name, value in zip(SETTINGS, values)}):
        hit = {key: any(item.matched for item in message["items"]) for key, message in messages.items()}
    missed = [key for key, message in messages.items() if message["about"] and not hit[key]]
    wrong = [key for key, message in messages.items() if not message["about"] and hit[key]]
    return missed, wrong


def describe(messages: dict, key) -> str:
    best = max(messages[key]["items"], key=lambda item: item.lift or -9)
    return f"{key[0]} -> {key[1]}/{key[3]} kw={best.keyword:.2f} lift={best.lift:.2f}  {best.text[:50]}"


def main():
    call_command("migrate", verbosity=0)
    messages = scored_messages(replay())
    positives = sum(message["about"] for message in messages.values())
    own_negatives = sum(1 for (probe, owner, *_), message in messages.items() if probe == owner and not message["about"])
    print(f"{positives} messages about the subject, {own_negatives} near misses of the same users, "
          f"{len(messages) - positives - own_negatives} messages of other users")
    current = tuple(getattr(app_settings, name) for name in SETTINGS)
    missed, wrong = errors(messages, current)
    print(f"current {dict(zip(SETTINGS, current))}: missed {len(missed)}/{positives}, "
          f"wrongly forgotten {sum(k[0] == k[1] for k in wrong)} near misses, {sum(k[0] != k[1] for k in wrong)} of others")
    for key in missed:
        print("  missed", describe(messages, key))
    for key in wrong:
        print("  wrong ", describe(messages, key))
    if "--search" in sys.argv:
        results = []
        thresholds = [round(0.8 + 0.05 * step, 2) for step in range(15)]
        weights = [0.0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.2]
        print("cost = 3 x near misses forgotten + subject messages missed (other users' messages reported, not "
              "counted: some are genuinely about the same kind of thing)")
        print("threshold " + " ".join(f"w={weight:<5}" for weight in weights))
        for threshold in thresholds:
            cells = []
            for weight in weights:
                missed, wrong = errors(messages, (threshold, weight))
                near = sum(key[0] == key[1] for key in wrong)
                cells.append(f"{3 * near + len(missed):>3}/{len(wrong) - near:<3}")
            print(f"{threshold:<9} " + " ".join(cells))


if __name__ == "__main__":
    main()
