"""Redis down with REDIS_URL set: the demo says so, the chat goes on (long-term memory is in the database), and
the demo says so again when Redis is back. The Redis is a real redis-server process this test starts and stops."""
import shutil
import socket
import subprocess
import time

import pytest
from asgiref.sync import sync_to_async

from chatmem.settings import redis_backends
from memory_app.models import Memory, Turn
from tests.test_chat_consumer import events_until_finished, of_type, open_socket, send_message, user  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)
REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ThrowawayRedis:
    """redis-server on 127.0.0.1 without persistence; stop() and start() again on the same port."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        self.process = subprocess.Popen([REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


def use_redis(settings, url: str):
    """What REDIS_URL does in chatmem/settings.py; returns what to restore before the shared teardown clears caches."""
    saved = settings.CHANNEL_LAYERS, settings.CACHES
    settings.CHANNEL_LAYERS, settings.CACHES = redis_backends(url)
    return saved


@pytest.fixture
def redis_server(settings):
    if not REDIS_SERVER:
        pytest.skip("needs redis-server (Debian: apt-get install redis-server)")
    server = ThrowawayRedis().start()
    saved = use_redis(settings, server.url)
    yield server
    server.stop()
    settings.CHANNEL_LAYERS, settings.CACHES = saved


@pytest.fixture
def redis_at_a_closed_port(settings):
    saved = use_redis(settings, f"redis://127.0.0.1:{free_port()}/0")
    yield
    settings.CHANNEL_LAYERS, settings.CACHES = saved


async def test_with_redis_unreachable_the_demo_says_so_at_once_and_still_chats(user, redis_at_a_closed_port):
    communicator, connected, _ = await open_socket(user, language="en")
    assert connected
    first = await communicator.receive_json_from(timeout=30)
    assert (first["type"], first["code"], first["ok"]) == ("status", "cache_unavailable", False)
    assert "Redis" in first["message"]

    await send_message(communicator, "I work as a luthier in a small workshop")
    events = await events_until_finished(communicator)
    assert not of_type(events, "error") and not of_type(events, "status")
    assert events[-1]["outcome"]["status"] == "processed"
    assert await sync_to_async(Memory.objects.filter(key="profile.occupation", value__startswith="luthier").exists)()
    await communicator.disconnect()


async def test_redis_going_away_and_coming_back_is_reported_and_the_socket_stays_open(user, redis_server):
    communicator, connected, _ = await open_socket(user, language="en")
    assert connected
    await send_message(communicator, "I work as a luthier in a small workshop")
    events = await events_until_finished(communicator)
    assert not of_type(events, "status")
    conversation_id = events[0]["conversation"]["id"]

    await sync_to_async(redis_server.stop)()
    await send_message(communicator, "I moved to Brenvik last month", conversation_id)
    events = await events_until_finished(communicator)
    assert [event["code"] for event in of_type(events, "status")] == ["cache_unavailable"]
    assert events[-1]["reply"] and events[-1]["outcome"]["status"] == "processed"
    context = of_type(events, "turn.started")[0]["context"]
    assert "unavailable" not in context["gate"]["reason"], "long-term memory kept working without Redis"

    await sync_to_async(redis_server.start)()
    await send_message(communicator, "What do I do for a living?", conversation_id)
    events = await events_until_finished(communicator)
    assert [event["code"] for event in of_type(events, "status")] == ["cache_restored"]
    assert events[-1]["reply"]
    assert await sync_to_async(Turn.objects.filter(status="processed").count)() == 3
    await communicator.disconnect()
