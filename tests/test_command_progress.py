"""Progress of the long commands and the eval report.

A bar runs on stderr only for a person at a terminal: a pseudo-terminal in a real subprocess, and in process a
stream that says it is one; never into a pipe or a file, never with --quiet; stdout is the same either way. The
HTML report is parsed back: the figures with the baseline beside them, the misses with what ranked instead, and
the words of the evaluation file escaped."""
import json
import os
import pty
import subprocess
import sys
import threading
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from memory_app import service

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent

MARKUP = "<b onclick=\"steal()\">Otter</b> & co"  # must come out as text, never as markup
CASES = [
    {"user": "p1", "turns": [
        {"id": "p1-t1", "speaker": "user", "text": "我对荞麦过敏，吃了会起疹子", "time": "2026-04-01T09:00:00+08:00"},
        {"id": "p1-t2", "speaker": "user", "text": f"My kayak is called {MARKUP}.", "time": "2026-04-02T09:00:00+08:00"},
        {"id": "p1-t3", "speaker": "user", "text": "The lift in our building broke again today.",
         "time": "2026-04-03T09:00:00+08:00"},
        {"id": "p1-t4", "speaker": "assistant", "text": "Sorry to hear that.", "time": "2026-04-03T09:00:10+08:00"},
    ], "queries": [
        {"q": "早餐做荞麦面可以吗？", "evidence": ["p1-t1"], "kind": "recall"},
        # Evidence in the assistant's words, which memory does not keep: a sure miss, whose ranked items the report
        # shows.
        {"q": "<script>alert('what did I name my boat?')</script>", "evidence": ["p1-t4"], "kind": "recall"},
    ]},
]
WORK_UNITS = 3 + 2  # user turns + queries: the eval bar's total


class Terminal(StringIO):
    """Stands in for a terminal in process (the subprocess test below uses a real pseudo-terminal)."""

    def isatty(self):
        return True


def cases_file(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(case, ensure_ascii=False) for case in CASES) + "\n", encoding="utf-8")
    return path


def run(command: str, *args, stderr=None, **options) -> tuple[str, str]:
    out, err = StringIO(), stderr if stderr is not None else StringIO()
    call_command(command, *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


def test_eval_shows_a_bar_on_a_terminal_and_nothing_else_changes(tmp_path):
    piped_out, piped_err = run("memory", "eval", str(cases_file(tmp_path)), stderr=StringIO())
    shown_out, shown_err = run("memory", "eval", str(cases_file(tmp_path)), stderr=Terminal())

    assert piped_err == ""
    assert "eval" in shown_err and f"/{WORK_UNITS}" in shown_err
    piped, shown = last_json(piped_out), last_json(shown_out)
    assert set(piped) == set(shown) and piped["recall_at"] == shown["recall_at"] and shown["queries"] == 2
    assert len(shown_out.strip().splitlines()) == len(piped_out.strip().splitlines()) == 1


@pytest.mark.parametrize("silencer", [{"quiet": True}, {"verbosity": 0}])
def test_quiet_silences_the_bar_even_on_a_terminal(tmp_path, silencer):
    _, err = run("memory", "eval", str(cases_file(tmp_path)), stderr=Terminal(), **silencer)
    assert err == ""


def test_reembed_and_maintenance_show_progress_only_on_a_terminal(settings, llm_endpoint):
    service.after_turn("p2", "我对荞麦过敏", session_id="s1")
    service.after_turn("p2", "I live in Ljubljana.", session_id="s1")
    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"  # every row needs a new vector

    _, bar = run("memory", "reembed", stderr=Terminal())
    assert "reembed" in bar and "row" in bar
    assert run("memory", "reembed", "--all", "--quiet", stderr=Terminal())[1] == ""
    assert run("memory", "reembed", "--all", stderr=StringIO())[1] == ""

    shown_out, shown_err = run("memory_maintenance", "all", "--json", stderr=Terminal())
    piped_out, piped_err = run("memory_maintenance", "all", "--json", stderr=StringIO())
    assert "maintenance" in shown_err and piped_err == ""
    assert run("memory_maintenance", "decay", "--quiet", stderr=Terminal())[1] == ""
    assert [job["job"] for job in json.loads(shown_out)] == [job["job"] for job in json.loads(piped_out)]


def test_a_real_terminal_gets_the_bar_and_stdout_keeps_the_json_line(tmp_path):
    """The command in a subprocess with stderr on a pseudo-terminal, as a person runs it (fresh SQLite file)."""
    primary, secondary = pty.openpty()
    received = []
    reader = threading.Thread(target=_drain, args=(primary, received), daemon=True)
    reader.start()
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    try:
        result = subprocess.run([sys.executable, "manage.py", "memory", "eval", str(cases_file(tmp_path))], cwd=ROOT,
                                env=env, stdout=subprocess.PIPE, stderr=secondary, text=True, timeout=600)
    finally:
        os.close(secondary)
    reader.join(timeout=30)
    os.close(primary)
    terminal = b"".join(received).decode("utf-8", "replace")

    assert result.returncode == 0, terminal[-500:]
    assert last_json(result.stdout)["queries"] == 2
    assert f"/{WORK_UNITS}" in terminal and "\r" in terminal  # a bar redrawn in place, with its total


def _drain(fd: int, received: list) -> None:
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the terminal was closed
            return
        if not chunk:
            return
        received.append(chunk)


# --- the HTML report ------------------------------------------------------------------------------------------


class ReportReader(HTMLParser):
    """The parts of the report a reader looks at: the figures table by row, and each miss's cells."""

    def __init__(self):
        super().__init__()
        self.tags, self.figures, self.misses = [], {}, []
        self._row, self._cell, self._cells = None, None, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if tag == "tr" and ("data-figure" in attrs or attrs.get("class") == "miss"):
            self._row, self._cells = attrs, []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._cells.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if "data-figure" in self._row:
                self.figures[self._row["data-figure"]] = self._cells[1:]
            else:
                self.misses.append({"kind": self._row.get("data-kind"), "cells": self._cells})
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def test_the_report_holds_figures_beside_the_baseline_and_misses_with_what_ranked_instead(tmp_path):
    report = tmp_path / "out.html"
    out, _ = run("memory", "eval", str(cases_file(tmp_path)), "--report", str(report))
    summary = last_json(out)
    reader = ReportReader()
    reader.feed(report.read_text(encoding="utf-8"))

    for k in ("1", "3", "5", "10"):
        chatmem, baseline = reader.figures[f"recall@{k}"]
        assert float(chatmem) == summary["recall_at"][k] and float(baseline) == summary["baseline_recall_at"][k]
    assert reader.figures["leaks"][0] == str(summary["leaks"])
    assert reader.figures["before_turn p95"][0] == f"{summary['before_turn_ms_p95']} ms"

    (miss,) = [miss for miss in reader.misses if "alert" in miss["cells"][0]]
    query, kind, evidence, ranked_instead, baseline_top, _ = miss["cells"]
    assert query.startswith("<script>alert('what did I name my boat?')</script>")  # shown as text...
    assert "script" not in reader.tags and "b" not in reader.tags  # ...never run or rendered as markup
    assert (kind, evidence) == ("recall", "p1-t4")
    assert ranked_instead and "[p1-" in ranked_instead  # what ranked instead, with its source turns
    assert baseline_top.startswith("p1-")
    raw = report.read_text(encoding="utf-8")
    assert "<script>" not in raw and "<b onclick" not in raw


def test_a_report_into_a_missing_folder_is_refused_before_the_run(tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="folder .* does not exist"):
        run("memory", "eval", str(cases_file(tmp_path)), "--report", str(tmp_path / "nowhere" / "out.html"))
