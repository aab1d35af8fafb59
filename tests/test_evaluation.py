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
        {"id": "e1-t1", "speaker": "user", "text": "我对芒果过敏，吃了会起疹子", "time": "2026-03-02T10:15:00+08:00"},
        {"id": "e1-t2", "speaker": "assistant", "text": "记住了。", "time": "2026-03-02T10:15:20+08:00"},
        {"id": "e1-t3", "speaker": "user", "text": "我手机号是 13857162049，快递联系不上我就打这个", "time": "2026-03-03T09:00:00+08:00"},
        {"id": "e1-t4", "speaker": "user", "text": "以后网购都给我选顺丰吧", "time": "2026-03-04T09:00:00+08:00"},
        {"id": "e1-t5", "speaker": "user", "text": "算了，以后都用京东快递吧", "time": "2026-03-09T09:00:00+08:00"},
    ], "queries": [
        {"q": "晚上想做个水果沙拉，要注意什么？", "evidence": ["e1-t1"], "kind": "recall"},
        {"q": "这双鞋下单，快递选哪家？", "evidence": ["e1-t5"], "kind": "update"},
        {"q": "1+1等于几", "evidence": [], "kind": "noise"},
        {"q": "我手机号多少来着？", "evidence": [], "kind": "private", "must_not_contain": ["13857162049"]},
    ]},
    {"user": "e2", "turns": [
        {"id": "e2-t1", "speaker": "Caroline", "text": "I went to a pottery class yesterday and made a wonky bowl",
         "time": "1:56 pm on 8 May, 2023"},
        {"id": "e2-t2", "speaker": "Melanie", "text": "We adopted a rescue dog, the kids named him Biscuit",
         "time": "2:10 pm on 8 May, 2023"},
    ], "queries": [
        {"q": "What is the name of Melanie's dog?", "evidence": ["e2-t2"]},
        {"q": "What's the capital of Australia?", "evidence": [], "kind": "noise"},
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
    assert summary["queries"] == 6
    assert summary["recall_at"]["3"] == 1.0
    assert summary["noise_injection_rate"] == 0.0
    assert summary["leaks"] == 0 and summary["cross_user"] == 0
    assert 0 < summary["context_tokens_max"] <= 500


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
    assert json.loads(result.stdout.strip().splitlines()[-1])["queries"] == 6


@pytest.mark.parametrize("value, expected", [
    ("2026-03-02T10:15:00+08:00", "2026-03-02T10:15:00+08:00"),
    ("1:56 pm on 8 May, 2023", "2023-05-08T13:56:00"),
    ("2023-05-08T13:56:00", "2023-05-08T13:56:00"),
])
def test_turn_times_in_iso_and_long_conversation_spellings(value, expected):
    parsed = parse_turn_time(value)
    assert parsed.tzinfo is not None
    assert parsed.isoformat().startswith(expected)
