"""`manage.py memory eval FILE.jsonl`: the format of DESIGN.md, replayed through the real middleware, with the
summary JSON as the last line."""
import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from memory_app.evaluation import parse_turn_time

pytestmark = pytest.mark.django_db

CASES = [
    {"user": "e1", "turns": [
        {"id": "e1-t1", "speaker": "user", "text": "我一吃花生就喉咙肿，得随身带药", "time": "2026-03-02T10:15:00+08:00"},
        {"id": "e1-t2", "speaker": "assistant", "text": "明白了。", "time": "2026-03-02T10:15:20+08:00"},
        {"id": "e1-t3", "speaker": "user", "text": "我的手机号是 13912345678，有事打给我", "time": "2026-03-03T09:00:00+08:00"},
        {"id": "e1-t4", "speaker": "user", "text": "我在宁波一家外贸公司做会计", "time": "2026-03-04T09:00:00+08:00"},
        {"id": "e1-t5", "speaker": "user", "text": "跟你说下，我已经辞职了，现在在杭州做自由职业的插画师", "time": "2026-03-09T09:00:00+08:00"},
        {"id": "e1-t6", "speaker": "user", "text": "备用钥匙藏在车库第三个花盆底下", "time": "2026-03-10T09:00:00+08:00"},
    ], "queries": [
        {"q": "周末想烤点饼干带给同事，配料上我该注意什么？", "evidence": ["e1-t1"], "kind": "recall"},
        {"q": "帮我写个自我介绍，说说我现在做什么工作", "evidence": ["e1-t5"], "kind": "update"},
        {"q": "备用钥匙放哪了？", "evidence": ["e1-t6"], "kind": "recall"},
        {"q": "37乘以12等于多少", "evidence": [], "kind": "noise"},
        {"q": "我的电话号码是多少？", "evidence": [], "kind": "private", "must_not_contain": ["13912345678"]},
    ]},
    {"user": "e2", "turns": [
        {"id": "e2-t1", "speaker": "Ingrid", "text": "I spent the morning repairing an old sailboat with my uncle",
         "time": "1:56 pm on 8 May, 2023"},
        {"id": "e2-t2", "speaker": "Tomas", "text": "We adopted a grey rescue cat, my son named her Pebble",
         "time": "2:10 pm on 8 May, 2023"},
    ], "queries": [
        {"q": "What is the name of Tomas's cat?", "evidence": ["e2-t2"]},
        {"q": "What's the boiling point of water in Fahrenheit?", "evidence": [], "kind": "noise"},
    ]},
]


def write_cases(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(case, ensure_ascii=False) for case in CASES) + "\n", encoding="utf-8")
    return path


def test_eval_prints_the_summary_line_last(tmp_path):
    out = StringIO()
    call_command("memory", "eval", str(write_cases(tmp_path)), stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert set(summary) >= {"queries", "recall_at", "noise_injection_rate", "leaks", "cross_user",
                            "context_tokens_mean", "context_tokens_max", "before_turn_ms_p50", "before_turn_ms_p95",
                            "after_turn_ms_p50", "after_turn_ms_p95"}
    assert summary["queries"] == 7
    assert summary["recall_at"]["3"] == 1.0
    assert summary["noise_injection_rate"] == 0.0
    assert summary["leaks"] == 0 and summary["cross_user"] == 0
    assert 0 < summary["context_tokens_max"] <= 500


def test_the_raw_turn_baseline_is_reported_and_the_pipeline_is_not_below_it(tmp_path):
    out = StringIO()
    call_command("memory", "eval", str(write_cases(tmp_path)), stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert set(summary["baseline_recall_at"]) == {"1", "3", "5", "10"}
    assert summary["baseline_recall_at"]["10"] == 1.0  # two short histories: plain retrieval finds everything
    for k, baseline in summary["baseline_recall_at"].items():
        assert summary["recall_at"][k] >= baseline, k


def test_without_the_baseline_the_field_is_absent(tmp_path):
    out = StringIO()
    call_command("memory", "eval", str(write_cases(tmp_path)), "--no-baseline", stdout=out)
    assert "baseline_recall_at" not in json.loads(out.getvalue().strip().splitlines()[-1])


def test_a_rerun_starts_from_a_clean_scratch_tenant(tmp_path):
    path = write_cases(tmp_path)
    first, second = StringIO(), StringIO()
    call_command("memory", "eval", str(path), stdout=first)
    call_command("memory", "eval", str(path), stdout=second)
    assert json.loads(first.getvalue().splitlines()[-1])["recall_at"] == json.loads(second.getvalue().splitlines()[-1])["recall_at"]


def test_eval_migrates_a_fresh_database_itself(tmp_path):
    """A brand-new SQLite file (in both suite runs): the judge's first command may be this one."""
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run([sys.executable, "manage.py", "memory", "eval", str(write_cases(tmp_path))], cwd=root,
                            env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-500:]
    assert json.loads(result.stdout.strip().splitlines()[-1])["queries"] == 7


@pytest.mark.parametrize("value, expected", [
    ("2026-03-02T10:15:00+08:00", "2026-03-02T10:15:00+08:00"),
    ("1:56 pm on 8 May, 2023", "2023-05-08T13:56:00"),
    ("2023-05-08T13:56:00", "2023-05-08T13:56:00"),
])
def test_turn_times_in_iso_and_long_conversation_spellings(value, expected):
    parsed = parse_turn_time(value)
    assert parsed.tzinfo is not None
    assert parsed.isoformat().startswith(expected)


def test_evidence_erased_by_a_forget_request_is_counted(tmp_path):
    """Over-deletion shows: a later question's evidence that a forget request took along is counted, once per turn."""
    case = {"user": "e3", "turns": [
        {"id": "e3-t1", "speaker": "user", "text": "My sister Petra keeps bees on her roof in Lyon", "time": "2026-02-01T09:00:00+01:00"},
        {"id": "e3-t2", "speaker": "user", "text": "I play the cello in a community orchestra on Thursdays", "time": "2026-02-02T09:00:00+01:00"},
        {"id": "e3-t3", "speaker": "user", "text": "Forget what I told you about my sister and her bees, please.", "time": "2026-02-03T09:00:00+01:00"},
    ], "queries": [
        {"q": "Who keeps bees in my family?", "evidence": ["e3-t1"], "kind": "recall"},
        {"q": "Where does my sister keep her hives?", "evidence": ["e3-t1"], "kind": "recall"},
        {"q": "When is my orchestra rehearsal?", "evidence": ["e3-t2"], "kind": "recall"},
    ]}
    summary = _eval_summary(tmp_path, case)
    assert summary["evidence_forgotten"] == 1  # e3-t1, asked about twice; the orchestra turn stays
    assert summary["recall_at"]["10"] < 1.0


def test_evidence_read_as_a_forget_request_is_counted_as_forgotten(tmp_path):
    """A message kept only as the forget-request placeholder has lost its words: if a question needs it, that shows."""
    case = {"user": "e4", "turns": [
        {"id": "e4-t1", "speaker": "user", "text": "Our allotment plot is number 14 by the east gate", "time": "2026-02-01T09:00:00+01:00"},
        {"id": "e4-t2", "speaker": "user", "text": "We now rent a second plot by the pond. Delete what I told you about the plot.",
         "time": "2026-04-02T09:00:00+01:00"},
    ], "queries": [
        {"q": "Do I still have a garden plot?", "evidence": ["e4-t2"], "kind": "negation"},
    ]}
    assert _eval_summary(tmp_path, case)["evidence_forgotten"] == 1


def _eval_summary(tmp_path, case: dict) -> dict:
    """``memory eval`` on a one-user file: its last line."""
    path = tmp_path / "case.jsonl"
    path.write_text(json.dumps(case) + "\n", encoding="utf-8")
    out = StringIO()
    call_command("memory", "eval", str(path), stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])
