"""Shared test base. The same suite runs on SQLite and, under scripts/with_pgserver.py, on PostgreSQL
with pgvector (DATABASE_URL set); ``db_vendor`` tells a test which one it is on."""
import pytest
from django.core.cache import cache
from django.db import connection

from memory_app.providers import reset_providers
from tests.fake_openai import FakeOpenAIServer


@pytest.fixture(autouse=True)
def _fresh_state(settings):
    settings.OPENAI_API_KEY = ""
    settings.OPENAI_BASE_URL = ""
    reset_providers()
    cache.clear()
    yield
    reset_providers()
    cache.clear()


@pytest.fixture
def db_vendor(db):
    return connection.vendor


@pytest.fixture
def fake_openai():
    server = FakeOpenAIServer().start()
    yield server
    server.stop()


@pytest.fixture
def llm_endpoint(settings, fake_openai):
    """Point the LLM provider at the fake OpenAI-compatible server (embedder stays the local model)."""
    settings.OPENAI_API_KEY = "test-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.CHATMEM_LLM_MAX_RETRIES = 0
    reset_providers()
    return fake_openai
