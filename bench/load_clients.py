"""The simulated users of ``bench/loadtest.py``: half talk to the REST API as a service would (``/api/context``
then ``/api/turns``), half chat through the demo's websocket as a browser would. Each user sends its turns one
after another to its own server and, when that server does not answer, sends the same turn again (same turn id,
same client id) to the other one. Every context a user is shown is checked for other users' words.

A small websocket client is included (RFC 6455, text frames only): enough for the demo's protocol, and no extra
dependency.
"""
import asyncio
import base64
import hashlib
import json
import os
import struct
import time
from dataclasses import dataclass, field

import httpx2

SYLLABLES = ["ba", "de", "fi", "go", "ku", "la", "me", "ni", "po", "ru"]
TRADES = ["luthier", "cooper", "glassblower", "beekeeper", "bookbinder", "cartographer", "stonemason", "weaver"]
# What users say, in turn. {place} is the user's own invented place name: any context that shows another user's
# place name to this user is a cross-user leak.
TEMPLATES = [
    "I live in {place} and I work as a {trade}",
    "我下个月要去{place}看望朋友",
    "My favourite place to eat in {place} is a small noodle bar",
    "I prefer tea over coffee in the morning",
    "周末我常在{place}的公园跑步",
    "What should I pack for a weekend in {place}?",
]
GIVE_UP_SECONDS = 120.0  # a turn no server accepted for this long is counted as unsent (never seen so far)


def place_of(index: int) -> str:
    """An invented, fixed-length place name per user: no user's name is part of another's."""
    return "Vel" + "".join(SYLLABLES[int(digit)] for digit in f"{index:03d}")


def text_of(index: int, number: int) -> str:
    return TEMPLATES[number % len(TEMPLATES)].format(place=place_of(index), trade=TRADES[index % len(TRADES)])


@dataclass
class Tally:
    """What every user did, shared by all of them (one event loop: no locks needed)."""

    places: list[str]
    sent: int = 0
    acknowledged: int = 0
    unsent: int = 0
    retried_sends: int = 0
    leaks: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)

    def check(self, index: int, shown: str) -> None:
        foreign = [place for other, place in enumerate(self.places) if other != index and place in shown]
        if foreign:
            self.leaks.append(f"user {index} was shown {foreign}")


class ServerGone(Exception):
    """The server did not answer (refused, reset, closed, 5xx): the same turn goes to the other server."""


async def with_failover(ports: list[int], preferred: int, tally: Tally, attempt):
    """``attempt(port)`` on the preferred server, then alternately on the others, backing off, until it works."""
    deadline, delay, turn = time.monotonic() + GIVE_UP_SECONDS, 0.2, 0
    while True:
        port = ports[(preferred + turn) % len(ports)]
        try:
            return await attempt(port)
        except (ServerGone, OSError, asyncio.IncompleteReadError, httpx2.TransportError):
            if time.monotonic() > deadline:
                raise
            tally.retried_sends += 1
            turn += 1
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)


# --- REST ---------------------------------------------------------------------------------------------------

async def rest_user(index: int, turns: int, ports: list[int], token: str, user_id: str, tally: Tally) -> None:
    headers = {"Authorization": f"Bearer {token}", "X-Chatmem-User": user_id}
    async with httpx2.AsyncClient(timeout=60.0, headers=headers) as client:
        async def post(port: int, path: str, body: dict) -> dict:
            response = await client.post(f"http://127.0.0.1:{port}/api/{path}", json=body)
            if response.status_code >= 500:
                raise ServerGone(f"{path}: {response.status_code}")
            if response.status_code not in (200, 202):
                raise RuntimeError(f"{path} answered {response.status_code}: {response.text[:200]}")
            return response.json()

        async def one_turn(port: int, number: int) -> None:
            text = text_of(index, number)
            context = await post(port, "context", {"message": text, "session_id": "s1"})
            tally.check(index, context.get("block", ""))
            await post(port, "turns", {"user_message": text, "assistant_message": "Noted.", "session_id": "s1",
                                       "turn_id": f"t{number}"})

        for number in range(turns):
            await _timed(tally, lambda: with_failover(ports, index, tally, lambda port: one_turn(port, number)))


async def _timed(tally: Tally, send) -> None:
    tally.sent += 1
    started = time.monotonic()
    try:
        await send()
    except Exception:  # gave up: reported as unsent, never silently dropped
        tally.unsent += 1
        return
    tally.latencies.append(time.monotonic() - started)
    tally.acknowledged += 1


# --- websocket (the demo's chat) --------------------------------------------------------------------------

class WebSocket:
    """A minimal client: handshake, masked text frames out, text/ping/close frames in."""

    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, port: int, path: str, cookie: str) -> "WebSocket":
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Origin: http://127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n").encode())
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        accept = base64.b64encode(hashlib.sha1((key + cls.GUID).encode()).digest()).decode()
        if not head.startswith("HTTP/1.1 101") or accept not in head:
            writer.close()
            raise ServerGone(f"websocket refused: {head.splitlines()[0] if head else 'no answer'}")
        return cls(reader, writer)

    async def send_json(self, value) -> None:
        await self._send(0x1, json.dumps(value).encode())

    async def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        self.writer.write(header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload)))
        await self.writer.drain()

    async def receive_json(self) -> dict:
        message = b""
        while True:
            first, second = await self.reader.readexactly(2)
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
            payload = await self.reader.readexactly(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ServerGone("websocket closed by the server")
            if opcode == 0x9:
                await self._send(0xA, payload)
                continue
            message += payload
            if first & 0x80 and opcode in (0x0, 0x1):
                return json.loads(message)

    def close(self) -> None:
        self.writer.close()


async def chat_user(index: int, turns: int, ports: list[int], cookie: str, tally: Tally) -> None:
    state = {"socket": None, "port": None, "conversation": None}

    async def one_turn(port: int, number: int) -> None:
        if state["port"] != port or state["socket"] is None:
            if state["socket"] is not None:
                state["socket"].close()
            state["socket"], state["port"] = await WebSocket.connect(port, "/ws/chat/", cookie), port
        socket = state["socket"]
        try:
            await socket.send_json({"type": "chat.message", "conversation_id": state["conversation"],
                                    "text": text_of(index, number), "client_id": f"u{index}n{number}"})
            while True:
                event = await socket.receive_json()
                if event["type"] == "turn.started":
                    state["conversation"] = event["conversation"]["id"]
                    tally.check(index, event["context"].get("block", ""))
                elif event["type"] == "error" and event.get("code") not in ("model_failed", "model_timeout"):
                    raise RuntimeError(f"chat refused the turn: {event}")
                elif event["type"] == "turn.finished":
                    return
        except (ServerGone, OSError, asyncio.IncompleteReadError):
            state["socket"] = None
            raise

    try:
        for number in range(turns):
            await _timed(tally, lambda: with_failover(ports, index, tally, lambda port: one_turn(port, number)))
    finally:
        if state["socket"] is not None:
            state["socket"].close()
