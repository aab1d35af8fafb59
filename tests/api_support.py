"""Helpers shared by the tests/test_api_*.py files: a client that calls the REST API the way a service
does (a real token, a real end-user header), and memories written through the real actions."""
import json

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from memory_app import actions
from memory_app.api_auth import USER_HEADER, issue_token
from memory_app.candidates import MemoryCandidate


class ServiceClient:
    """The Django test client with ``Authorization: Bearer`` and ``X-Chatmem-User`` set."""

    def __init__(self, tenant: str = "default", user_id: str = "alice", token: str | None = None):
        self.tenant = tenant
        self.user_id = user_id
        self.token = token or issue_token(tenant, f"service-{tenant}")
        self.client = Client()

    def for_user(self, user_id: str) -> "ServiceClient":
        return ServiceClient(self.tenant, user_id, token=self.token)

    @property
    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}", USER_HEADER: self.user_id}

    def get(self, path: str, params: dict | None = None):
        return self.client.get(path, params or {}, headers=self.headers)

    def post(self, path: str, payload: dict):
        return self.client.post(path, json.dumps(payload), content_type="application/json", headers=self.headers)

    def patch(self, path: str, payload: dict):
        return self.client.patch(path, json.dumps(payload), content_type="application/json", headers=self.headers)

    def delete(self, path: str):
        return self.client.delete(path, headers=self.headers)


def signed_in_browser(username: str, **client_options) -> tuple[Client, str]:
    """A browser with a session for a new person; returns it with that person's user id (their pk)."""
    person = get_user_model().objects.create_user(username, password="pw-for-tests")
    browser = Client(**client_options)
    browser.force_login(person)
    return browser, str(person.pk)


def post_json(client: Client, path: str, payload: dict, **headers):
    return client.post(path, json.dumps(payload), content_type="application/json", headers=headers)


def make_memory(tenant: str, user_id: str, key: str, value: str, text: str, *, kind: str = "preference",
                sensitivity: str = "low", is_private: bool = False):
    candidate = MemoryCandidate(kind=kind, key=key, value=value, text=text, confidence=0.9,
                                sensitivity=sensitivity, is_private=is_private, source="api")
    return actions.create_memory(tenant=tenant, user_id=user_id, candidate=candidate,
                                 sources=[{"session": "s1", "turn": f"{key}-t1"}], observed_at=timezone.now())


def supersede(memory, value: str, text: str):
    candidate = MemoryCandidate(kind=memory.kind, key=memory.key, value=value, text=text, confidence=0.9, source="api")
    return actions.supersede_memory(memory, candidate=candidate, sources=[{"session": "s1", "turn": f"{memory.key}-t2"}],
                                    observed_at=timezone.now())
