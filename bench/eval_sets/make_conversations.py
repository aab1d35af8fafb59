"""Held-out evaluation sets that imitate the hidden ones: long multi-session chats between two named friends,
where a question needs one or two turns out of hundreds.

    .venv/bin/python bench/eval_sets/make_conversations.py          # writes conversations_en/zh.jsonl here
    .venv/bin/python manage.py memory eval bench/eval_sets/conversations_en.jsonl --verbose

Deterministic (seeded, no network, no model). Each file holds 4 conversations of 8-12 sessions over ~10 months,
150-300 turns, mostly chit-chat with personal facts sprinkled in (content_en.py / content_zh.py), and 15-25
third-person questions each: recall, update (evidence = the newer turn), negation, noise (general knowledge,
nothing should be injected) and private (a shared phone number or password must not reach the context).
Nobody tunes on these files: they exist to see whether the dev-set figures generalize."""
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import content_en
import content_zh

HERE = Path(__file__).resolve().parent
SEED = 20260521
FIRST_DAY = datetime(2025, 3, 3)
SPAN_DAYS = 300
TURNS_RANGE = (170, 280)
MAX_QUERIES = 25


class Drawer:
    """Hands out pool values without reuse inside one file, so no two conversations share a name or a city."""

    def __init__(self, rng):
        self.rng, self.left = rng, {}

    def __call__(self, name, pool):
        if not self.left.get(name):
            self.left[name] = self.rng.sample(pool, len(pool))
        return self.left[name].pop()


def fill(text, slots):
    rendered = text.format(**slots)
    assert "{" not in rendered and "}" not in rendered, rendered
    return rendered


def session_starts(rng, count, zone):
    # Distinct days at least a week apart, spread over ~10 months, at an everyday hour.
    while True:
        days = sorted(rng.sample(range(SPAN_DAYS), count))
        if all(b - a >= 7 for a, b in zip(days, days[1:])):
            break
    return [(FIRST_DAY + timedelta(days=d, hours=rng.randint(8, 22), minutes=rng.randint(0, 59))).replace(tzinfo=zone)
            for d in days]


def plan_facts(rng, content, draw, names, with_private):
    """(owner, friend, Fact) triples: most types once, a few for both friends (attribution), maybe one secret."""
    a, b = names
    chosen = rng.sample(content.FACT_TYPES, rng.randint(13, 16))
    plans = [(builder, rng.choice(names)) for builder in chosen]
    for builder in rng.sample(content.PARALLEL_TYPES, 2):
        owners = [owner for kind, owner in plans if kind is builder]
        plans += [(builder, name) for name in (a, b) if name not in owners]
    if with_private:
        plans.append((rng.choice(content.PRIVATE_TYPES), rng.choice(names)))
    rng.shuffle(plans)
    return [(owner, b if owner == a else a, builder(draw)) for builder, owner in plans]


def place_pieces(rng, facts, sessions):
    """Session index of every piece; later pieces of a fact (updates, reversals) go to strictly later sessions."""
    placed = []
    for _owner, _friend, fact in facts:
        if len(fact.pieces) == 1:
            placed.append([rng.randrange(sessions)])
        else:
            first = rng.randrange(sessions // 2)
            placed.append([first, rng.randrange(max(first + 1, sessions // 2), sessions)])
    return placed


class Writer:
    """Appends turns with ids and clock, and keeps chit-chat flowing between the two friends."""

    def __init__(self, rng, user, content, names):
        self.rng, self.user, self.content, self.names = rng, user, content, names
        self.turns, self.last_speaker, self.clock = [], names[1], None

    def other(self, name):
        return self.names[1] if name == self.names[0] else self.names[0]

    def say(self, speaker, text):
        self.clock += timedelta(seconds=self.rng.randint(25, 110))
        turn_id = f"{self.user}-t{len(self.turns) + 1:03d}"
        self.turns.append({"id": turn_id, "speaker": speaker, "text": text, "time": self.clock.isoformat()})
        self.last_speaker = speaker
        return turn_id

    def pick(self, variants):
        # No line twice within a stretch of chat: repeats would read as the template they come from.
        recent = {turn["text"] for turn in self.turns[-60:]}
        fresh = [v for v in variants if v not in recent] or variants
        return self.rng.choice(fresh)

    def next_speaker(self):
        return self.other(self.last_speaker) if self.rng.random() < 0.85 else self.last_speaker

    def chitchat(self, count, month):
        rng, content = self.rng, self.content
        while count > 0:
            speaker = self.next_speaker()
            slots = {"O": self.other(speaker), "month": month}
            if count >= 2 and rng.random() < 0.55:
                prompts, replies = rng.choice(content.EXCHANGES)
                self.say(speaker, fill(self.pick(prompts), slots))
                self.say(self.other(speaker), fill(self.pick(replies), slots))
                count -= 2
            else:
                self.say(speaker, fill(self.pick(content.SOLO), slots))
                count -= 1

    def piece(self, piece, owner, friend, slots, mood):
        """Says one stretch of a fact; returns the turn ids in piece order."""
        rng, content = self.rng, self.content
        if piece[0][0] == "S" and rng.random() < 0.4:
            self.say(friend, rng.choice(content.LEAD_INS))
        ids = [self.say(owner if who == "S" else friend, fill(rng.choice(variants), slots)) for who, variants in piece]
        if piece[-1][0] == "S" and rng.random() < 0.6:
            self.say(friend, self.pick(content.REACT[mood]))
        return ids


def build_conversation(rng, content, draw, index, lang, with_private):
    names = content.PAIRS[index]
    user = f"conv_{lang}_{index + 1}"
    zone = timezone(timedelta(hours=int(content.TIMEZONES[index][:3]), minutes=int(content.TIMEZONES[index][4:])))
    starts = session_starts(rng, rng.randint(8, 12), zone)
    facts = plan_facts(rng, content, draw, names, with_private)
    placement = place_pieces(rng, facts, len(starts))
    target_turns = rng.randint(*TURNS_RANGE)
    fact_turns = sum(len(piece) + 1 for _o, _f, fact in facts for piece in fact.pieces)
    chit_budget = max(len(starts) * 6, target_turns - fact_turns - 4 * len(starts))
    weights = [rng.uniform(0.6, 1.4) for _ in starts]
    per_session = [max(6, round(chit_budget * w / sum(weights))) for w in weights]

    writer = Writer(rng, user, content, names)
    turn_ids = [[None] * len(fact.pieces) for _o, _f, fact in facts]
    fact_slots = [None] * len(facts)
    for number, start in enumerate(starts):
        writer.clock = start
        month = content.MONTHS[start.month - 1]
        opener = rng.choice(names)
        writer.say(opener, fill(rng.choice(content.GREETINGS), {"O": writer.other(opener)}))
        writer.say(writer.other(opener), fill(rng.choice(content.GREETING_REPLIES), {"O": opener}))
        here = [(f, p) for f, pieces in enumerate(placement) for p, session in enumerate(pieces) if session == number]
        rng.shuffle(here)
        gaps = [rng.random() for _ in range(len(here) + 1)]
        chunks = [round(per_session[number] * g / sum(gaps)) for g in gaps]
        for (fact_index, piece_index), chunk in zip(here, chunks):
            writer.chitchat(chunk, month)
            owner, friend, fact = facts[fact_index]
            if fact_slots[fact_index] is None:  # dates in a fact are relative to the session that first mentions it
                fact_slots[fact_index] = {**fact.slots, "S": owner, "O": friend, "month": month,
                                          "month_next": content.MONTHS[start.month % 12],
                                          "month_in2": content.MONTHS[(start.month + 1) % 12]}
            turn_ids[fact_index][piece_index] = writer.piece(fact.pieces[piece_index], owner, friend,
                                                             fact_slots[fact_index], fact.mood)
        writer.chitchat(chunks[-1], month)
        closer = writer.next_speaker()
        writer.say(closer, rng.choice(content.FAREWELLS))
        writer.say(writer.other(closer), rng.choice(content.FAREWELL_REPLIES))

    queries = write_queries(rng, content, facts, fact_slots, turn_ids)
    return {"user": user, "turns": writer.turns, "queries": queries}


def write_queries(rng, content, facts, fact_slots, turn_ids):
    queries, extras = [], []
    for (_owner, _friend, fact), slots, ids in zip(facts, fact_slots, turn_ids):
        specs = list(fact.queries)
        first = specs.pop(0) if specs[0].kind != "recall" or rng.random() < 0.6 else specs.pop(rng.randrange(len(specs)))
        queries.append(render_query(rng, first, slots, ids))
        extras += [render_query(rng, spec, slots, ids) for spec in specs]
    noise = [{"q": q, "evidence": [], "kind": "noise"} for q in rng.sample(content.NOISE, 2)]
    room = MAX_QUERIES - len(queries) - len(noise)
    queries += rng.sample(extras, min(len(extras), max(0, min(room, rng.randint(2, 5)))))
    queries = queries[:MAX_QUERIES - len(noise)] + noise
    rng.shuffle(queries)
    return queries


def render_query(rng, spec, slots, ids):
    query = {"q": fill(rng.choice(spec.variants), slots), "evidence": [ids[p][t] for p, t in spec.evidence],
             "kind": spec.kind}
    if spec.must_not_contain:
        query["must_not_contain"] = [fill(text, slots) for text in spec.must_not_contain]
    return query


def check(case):
    ids = {turn["id"] for turn in case["turns"]}
    assert 150 <= len(case["turns"]) <= 300, (case["user"], len(case["turns"]))
    assert 15 <= len(case["queries"]) <= 25, (case["user"], len(case["queries"]))
    assert all(turn["speaker"] != "assistant" for turn in case["turns"])
    for query in case["queries"]:
        assert set(query["evidence"]) <= ids and (query["kind"] in ("noise", "private")) != bool(query["evidence"]), query
        if query.get("must_not_contain"):  # the secret as written was really said
            assert any(query["must_not_contain"][0] in turn["text"] for turn in case["turns"]), query


def main(out_dir=HERE):
    for lang, content in (("en", content_en), ("zh", content_zh)):
        rng = random.Random(f"{SEED}-{lang}")
        draw = Drawer(rng)
        private_skipped = rng.randrange(len(content.PAIRS))  # 3 of 4 conversations carry a secret
        cases = [build_conversation(rng, content, draw, i, lang, i != private_skipped) for i in range(len(content.PAIRS))]
        path = Path(out_dir) / f"conversations_{lang}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for case in cases:
                check(case)
                out.write(json.dumps(case, ensure_ascii=False) + "\n")
        turns = sum(len(c["turns"]) for c in cases)
        queries = [q["kind"] for c in cases for q in c["queries"]]
        kinds = {kind: queries.count(kind) for kind in sorted(set(queries))}
        print(f"{path.name}: {len(cases)} conversations, {turns} turns, {len(queries)} queries {kinds}")


if __name__ == "__main__":
    main(*sys.argv[1:])
