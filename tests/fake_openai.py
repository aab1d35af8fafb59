"""A small OpenAI-compatible server on 127.0.0.1 for tests: real sockets, the real ``openai`` client.

Script it per test:
    server.chat_replies.append("text")            # next /v1/chat/completions answer (streamed if asked)
    server.json_replies.append('{"memories": []}')  # next answer to a request with response_format
    server.json_answerer = callable                # body -> answer (or None: the rules above) for such requests
    server.failures.append(500)                    # next request of any kind fails with this status
    server.delay_seconds = 2.0                     # every answer waits (to test time-outs)
    server.hold_embeddings_of = "some text"        # an embeddings request with this text hangs until stop()
    server.wait_for_held_request()                 # returns once a client is stuck in such a request
    server.release_held_requests()                 # held requests (and later ones) are answered after all
Requests it received are in ``server.requests`` as (path, parsed JSON body).
"""
import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np


def fake_embedding(text: str, dim: int) -> list[float]:
    """Deterministic bag-of-characters vector: texts sharing characters are close, as real ones would be."""
    vector = np.zeros(dim, dtype=np.float32)
    for char in text.lower():
        vector[int(hashlib.md5(char.encode()).hexdigest(), 16) % dim] += 1.0
    norm = np.linalg.norm(vector) or 1.0
    return (vector / norm).tolist()


class FakeOpenAIServer:
    def __init__(self, embedding_dim: int = 64):
        self.chat_replies: list[str] = []
        self.json_replies: list[str] = []
        self.json_answerer = None  # callable(request body) -> answer or None: answers that depend on the request
        self.failures: list[int] = []
        self.requests: list[tuple[str, dict]] = []
        self.delay_seconds = 0.0
        self.embedding_dim = embedding_dim
        self.default_chat_reply = "OK"
        self.hold_embeddings_of = ""
        self._held = threading.Event()
        self._released = threading.Event()  # set on release or stop: held requests end
        self._stopped = False
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def start(self):
        self._thread.start()
        return self

    def wait_for_held_request(self, timeout: float = 120.0) -> None:
        if not self._held.wait(timeout):
            raise TimeoutError(f"no embeddings request for {self.hold_embeddings_of!r} arrived")

    def release_held_requests(self) -> None:
        self.hold_embeddings_of = ""
        self._released.set()

    def stop(self):
        self._stopped = True
        self._released.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def _handler_class(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                server.requests.append((self.path, body))
                if server.delay_seconds:
                    time.sleep(server.delay_seconds)
                if server.failures:
                    self._send_json(server.failures.pop(0), {"error": {"message": "scripted failure", "type": "server_error"}})
                elif self.path.endswith("/embeddings"):
                    self._embeddings(body)
                elif self.path.endswith("/chat/completions"):
                    self._chat(body)
                else:
                    self._send_json(404, {"error": {"message": "not found"}})

            def _send_json(self, status, payload):
                data = json.dumps(payload, ensure_ascii=False).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _embeddings(self, body):
                inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                if server.hold_embeddings_of and any(server.hold_embeddings_of in text for text in inputs):
                    server._held.set()
                    server._released.wait(timeout=300)  # the client is killed meanwhile, or the test ends
                    if server._stopped:
                        return
                data = [{"object": "embedding", "index": i, "embedding": fake_embedding(text, server.embedding_dim)}
                        for i, text in enumerate(inputs)]
                self._send_json(200, {"object": "list", "data": data, "model": body.get("model", "fake"),
                                      "usage": {"prompt_tokens": 1, "total_tokens": 1}})

            def _chat(self, body):
                if body.get("response_format"):
                    answered = server.json_answerer(body) if server.json_answerer else None
                    content = answered if answered is not None else (
                        server.json_replies.pop(0) if server.json_replies else '{"memories": []}')
                else:
                    content = server.chat_replies.pop(0) if server.chat_replies else server.default_chat_reply
                base = {"id": "chatcmpl-fake", "created": int(time.time()), "model": body.get("model", "fake")}
                if not body.get("stream"):
                    self._send_json(200, {**base, "object": "chat.completion", "choices": [
                        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for start in range(0, len(content), 4):
                    chunk = {**base, "object": "chat.completion.chunk", "choices": [
                        {"index": 0, "delta": {"content": content[start:start + 4]}, "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n".encode())
                    self.wfile.flush()
                done = {**base, "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self.wfile.write(f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode())
                self.wfile.flush()

        return Handler
