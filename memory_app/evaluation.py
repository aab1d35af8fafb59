"""``memory eval FILE.jsonl``: replay each user's turns through after_turn at their own time, ask every
query through before_turn, and measure recall@k, noise injection, leaks, cross-user hits, context size
and latency. The format is described in DESIGN.md; the last line printed is one JSON object."""
import json
import statistics
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from . import progress
from .actions import FORGET_REQUEST, FORGOTTEN
from .models import Memory, SessionSummary, Snippet, Turn
from .raw_retrieval import RawTurn, RawTurnRetriever, transcript_line
from .service import after_turn, before_turn, forget_user

RECALL_KS = (1, 3, 5, 10)
EVIDENCE_KINDS = {"recall", "update", "negation"}
PRIVATE_KINDS = {"private", "forget"}


class EvalFileError(ValueError):
    """The file is not in the evaluation format; the message names the line."""


@dataclass
class EvalTotals:
    queries: int = 0
    recall_hits: dict = field(default_factory=lambda: {k: [] for k in RECALL_KS})
    baseline_hits: dict = field(default_factory=lambda: {k: [] for k in RECALL_KS})
    injected_evidence: list = field(default_factory=list)
    noise_total: int = 0
    noise_injected: int = 0
    leaks: int = 0
    # Evidence turns whose words are gone: erased by a forget request (over-deletion), or themselves read as one and
    # kept only as its placeholder (a statement or a correction taken for a request).
    evidence_forgotten: set = field(default_factory=set)
    cross_user: int = 0
    context_tokens: list = field(default_factory=list)
    before_ms: list = field(default_factory=list)
    after_ms: list = field(default_factory=list)
    misses: list = field(default_factory=list)


def load_cases(path: str | Path) -> list[dict]:
    path = Path(path)
    if not path.is_file():
        raise EvalFileError(f"no such file: {path}")
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as error:
            raise EvalFileError(f"line {number}: not JSON ({error.msg})") from None
        if not isinstance(case, dict) or not case.get("user") or not isinstance(case.get("turns"), list):
            raise EvalFileError(f"line {number}: needs \"user\" and a \"turns\" list")
        for turn in case["turns"]:
            if not {"id", "speaker", "text"} <= set(turn):
                raise EvalFileError(f"line {number}: every turn needs id, speaker and text")
        cases.append(case)
    if not cases:
        raise EvalFileError(f"{path}: no cases")
    return cases


# Besides ISO 8601, the spellings long-conversation data sets use ("1:56 pm on 8 May, 2023").
_TIME_FORMATS = ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y", "%Y-%m-%d %H:%M", "%Y/%m/%d %H:%M", "%Y-%m-%d",
                 "%d %B %Y", "%B %d, %Y")


def parse_turn_time(value) -> datetime | None:
    """An aware datetime from a turn's ``time`` (naive times are read in the project's time zone)."""
    if not value:
        return None
    text = str(value).strip()
    parsed = parse_datetime(text)
    if parsed is None:
        for time_format in _TIME_FORMATS:
            try:
                parsed = datetime.strptime(text, time_format)
                break
            except ValueError:
                continue
    if parsed is not None and timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed)
    return parsed


def _time_of(turn: dict, fallback: datetime) -> datetime:
    return parse_turn_time(turn.get("time")) or fallback


def _covered(scored, evidence: set[str]) -> set[str]:
    turns = {str(source.get("turn")) for source in scored.sources if source.get("turn")}
    return turns & evidence


SOURCE_MODELS = {"memory": Memory, "snippet": Snippet, "summary": SessionSummary}


def _foreign_items(items, user: str) -> int:
    """How many recalled items belong to someone else (one query per kind of item, not per item)."""
    foreign = 0
    for source_type, model in SOURCE_MODELS.items():
        ids = [item.id for item in items if item.source_type == source_type]
        if ids:
            owners = dict(model.objects.filter(pk__in=ids).values_list("pk", "user_id"))
            foreign += sum(1 for pk in ids if owners.get(pk) not in (user, None))
    return foreign


def _user_turns(case: dict) -> list[RawTurn]:
    return [RawTurn(str(turn["id"]), transcript_line(str(turn["text"])[:8000], str(turn["speaker"])))
            for turn in case["turns"]
            if turn["speaker"] != "assistant" and str(turn["text"]).strip()]


def replay_user(case: dict, tenant: str, totals: EvalTotals, *, baseline: bool = True) -> None:
    asked_at = replay_turns(case, tenant, totals)
    ask_queries(case, tenant, totals, asked_at=asked_at, baseline=baseline)


def replay_turns(case: dict, tenant: str, totals: EvalTotals) -> datetime:
    """Every turn through after_turn at its own time; returns when the queries are asked (an hour later)."""
    user = str(case["user"])
    clock = timezone.make_aware(datetime(2026, 1, 1))
    turns = case["turns"]
    for index, turn in enumerate(turns):
        clock = _time_of(turn, clock + timedelta(minutes=1))
        if turn["speaker"] == "assistant" or not str(turn["text"]).strip():
            continue
        following = turns[index + 1] if index + 1 < len(turns) else None
        reply = following["text"] if following and following["speaker"] == "assistant" else ""
        started = time.perf_counter()
        # The set's replies were written without this memory layer in their prompts.
        after_turn(user, str(turn["text"])[:8000], reply, tenant=tenant, session_id=turn.get("session") or clock.date().isoformat(),
                   turn_id=str(turn["id"]), speaker=turn["speaker"], now=clock, reply_without_memory=True)
        totals.after_ms.append((time.perf_counter() - started) * 1000)
        progress.advance()

    return clock + timedelta(hours=1)


def ask_queries(case: dict, tenant: str, totals: EvalTotals, *, asked_at: datetime, baseline: bool = True) -> None:
    """Every query through before_turn, scored against its evidence (and the raw-turn baseline)."""
    user = str(case["user"])
    raw_retriever = RawTurnRetriever(_user_turns(case)) if baseline else None
    for number, query in enumerate(case.get("queries", [])):
        kind = query.get("kind", "recall")
        started = time.perf_counter()
        context = before_turn(user, query["q"], tenant=tenant, session_id=f"eval-{user}", turn_id=f"q{number}",
                              now=asked_at)
        totals.before_ms.append((time.perf_counter() - started) * 1000)
        progress.advance()
        totals.queries += 1
        totals.context_tokens.append(context.tokens)
        totals.cross_user += _foreign_items(context.candidates + context.memories, user)
        evidence = {str(turn_id) for turn_id in query.get("evidence", [])}
        if kind in EVIDENCE_KINDS and evidence:
            erased = Turn.objects.filter(tenant=tenant, user_id=user, turn_id__in=evidence,
                                         text__in=[FORGOTTEN, FORGET_REQUEST])
            totals.evidence_forgotten |= {(user, turn_id) for turn_id in erased.values_list("turn_id", flat=True)}
            for k in RECALL_KS:
                covered = set().union(*[_covered(scored, evidence) for scored in context.candidates[:k]]) if context.candidates else set()
                totals.recall_hits[k].append(len(covered) / len(evidence))
            baseline_top = raw_retriever.rank(query["q"], max(RECALL_KS)) if raw_retriever else []
            for k in RECALL_KS:
                if raw_retriever:
                    totals.baseline_hits[k].append(len(evidence & set(baseline_top[:k])) / len(evidence))
            if raw_retriever and any(totals.recall_hits[k][-1] < totals.baseline_hits[k][-1] for k in RECALL_KS):
                totals.misses.append({"user": user, "q": query["q"], "kind": "below_baseline",
                                      "evidence": sorted(evidence), "baseline_top3": baseline_top[:3],
                                      "top": [(s.text[:40], [x.get("turn") for x in s.sources[:2]], round(s.score, 3))
                                              for s in context.candidates[:3]]})
            injected = set().union(*[_covered(scored, evidence) for scored in context.memories]) if context.memories else set()
            totals.injected_evidence.append(len(injected) / len(evidence))
            if len(injected) < len(evidence):
                totals.misses.append({"user": user, "q": query["q"], "kind": kind, "evidence": sorted(evidence),
                                      "injected": context.injected, "gate": context.gate.get("reason", ""),
                                      "baseline_top3": baseline_top[:3],
                                      "top": [(s.text[:40], s.sources[:1], round(s.score, 3)) for s in context.candidates[:3]]})
        if kind == "noise":
            totals.noise_total += 1
            totals.noise_injected += int(context.injected)
            if context.injected:
                totals.misses.append({"user": user, "q": query["q"], "kind": kind, "gate": context.gate.get("reason", ""),
                                      "injected_lines": [m.text[:40] for m in context.memories]})
        forbidden = [text for text in query.get("must_not_contain", []) or [] if text]
        leaked = [text for text in forbidden if text in context.block]
        if leaked:
            totals.leaks += 1
            totals.misses.append({"user": user, "q": query["q"], "kind": kind, "leaked": len(leaked)})


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def summarize(totals: EvalTotals) -> dict:
    def mean(values):
        return round(statistics.fmean(values), 4) if values else 0.0

    return {
        "queries": totals.queries,
        "recall_at": {str(k): mean(values) for k, values in totals.recall_hits.items()},
        **({"baseline_recall_at": {str(k): mean(values) for k, values in totals.baseline_hits.items()}}
           if any(totals.baseline_hits.values()) else {}),
        "noise_injection_rate": round(totals.noise_injected / totals.noise_total, 4) if totals.noise_total else 0.0,
        "leaks": totals.leaks,
        "evidence_forgotten": len(totals.evidence_forgotten),
        "cross_user": totals.cross_user,
        "context_tokens_mean": round(statistics.fmean(totals.context_tokens), 1) if totals.context_tokens else 0.0,
        "context_tokens_max": max(totals.context_tokens, default=0),
        "before_turn_ms_p50": round(_percentile(totals.before_ms, 0.5), 1),
        "before_turn_ms_p95": round(_percentile(totals.before_ms, 0.95), 1),
        "after_turn_ms_p50": round(_percentile(totals.after_ms, 0.5), 1),
        "after_turn_ms_p95": round(_percentile(totals.after_ms, 0.95), 1),
        "evidence_injected_rate": mean(totals.injected_evidence),
    }


def run_eval(path: str | Path, *, stdout=None, tenant: str = "eval", verbose: bool = False,
             baseline: bool = True, report_path: str | Path | None = None) -> dict:
    """Replay a file into the configured database (all users share it, so leaks across users show).
    ``report_path``: also write the HTML report (memory_app.eval_report) there."""
    cases = load_cases(path)
    for case in cases:  # a rerun starts clean: the eval tenant is a scratch space
        forget_user(tenant, str(case["user"]), actor="eval")
    totals = EvalTotals()
    progress.expect(sum(len(_user_turns(case)) + len(case.get("queries", [])) for case in cases))
    for case in cases:
        progress.stage(f"eval {case['user']}")
        replay_user(case, tenant, totals, baseline=baseline)
    result = summarize(totals)
    if report_path is not None:
        from .eval_report import write_report

        write_report(report_path, result, totals.misses, source=Path(path).name)
    if stdout is not None:
        if verbose:
            for miss in totals.misses:
                stdout.write(json.dumps(miss, ensure_ascii=False, default=str))
        stdout.write(json.dumps(result, ensure_ascii=False))
    return result
