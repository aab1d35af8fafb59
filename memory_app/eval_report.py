"""``memory eval FILE --report out.html``: the run's figures with the raw-turn baseline beside each, and every miss
with what ranked instead (and what the baseline ranked). A Django template with autoescape: evaluation files hold
other people's words, and nothing of them becomes markup."""
from datetime import datetime
from pathlib import Path

from django.template import Context, Engine

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
# Figures besides recall@k, in the order a reader looks for them: (label, key in the JSON line, unit).
OTHER_FIGURES = (
    ("evidence injected", "evidence_injected_rate", ""),
    ("noise injection rate", "noise_injection_rate", ""),
    ("leaks", "leaks", ""),
    ("evidence forgotten", "evidence_forgotten", ""),
    ("cross-user items", "cross_user", ""),
    ("context tokens, mean", "context_tokens_mean", ""),
    ("context tokens, max", "context_tokens_max", ""),
    ("before_turn p50", "before_turn_ms_p50", "ms"),
    ("before_turn p95", "before_turn_ms_p95", "ms"),
    ("after_turn p50", "after_turn_ms_p50", "ms"),
    ("after_turn p95", "after_turn_ms_p95", "ms"),
)


def figure_rows(result: dict) -> list[dict]:
    baseline = result.get("baseline_recall_at", {})
    rows = []
    for k, value in result.get("recall_at", {}).items():
        base = baseline.get(k)
        rows.append({"name": f"recall@{k}", "value": value, "baseline": base,
                     "below": base is not None and value < base})
    rows += [{"name": name, "value": result.get(key), "unit": unit} for name, key, unit in OTHER_FIGURES
             if key in result]
    return rows


def _turn_ids(sources) -> list[str]:
    """A ranked item's source turns, whichever shape the miss recorded them in (ids, or {"turn": id} dicts)."""
    ids = []
    for source in sources or []:
        turn = source.get("turn") if isinstance(source, dict) else source
        if turn:
            ids.append(str(turn))
    return ids


def miss_rows(misses: list[dict]) -> list[dict]:
    rows = []
    for miss in misses:
        evidence = [str(turn) for turn in miss.get("evidence", [])]
        ranked = [{"text": text, "turns": _turn_ids(sources), "score": score,
                   "is_evidence": bool(set(_turn_ids(sources)) & set(evidence))}
                  for text, sources, score in miss.get("top", [])]
        baseline = [{"turn": str(turn), "is_evidence": str(turn) in evidence} for turn in miss.get("baseline_top3", [])]
        rows.append({"user": miss.get("user", ""), "query": miss.get("q", ""), "kind": miss.get("kind", ""),
                     "evidence": evidence, "ranked": ranked, "baseline": baseline, "gate": miss.get("gate", ""),
                     "injected": miss.get("injected"), "injected_lines": miss.get("injected_lines", []),
                     "leaked": miss.get("leaked", 0)})
    return rows


def render_report(result: dict, misses: list[dict], *, source: str) -> str:
    engine = Engine(dirs=[str(TEMPLATE_DIR)], autoescape=True)
    template = engine.get_template("memory_app/eval_report.html")
    return template.render(Context({
        "source": source, "generated": datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "queries": result.get("queries", 0), "has_baseline": "baseline_recall_at" in result,
        "figures": figure_rows(result), "misses": miss_rows(misses),
    }))


def write_report(path: str | Path, result: dict, misses: list[dict], *, source: str) -> Path:
    path = Path(path)
    path.write_text(render_report(result, misses, source=source), encoding="utf-8")
    return path
