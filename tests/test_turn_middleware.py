"""The chat-turn middleware (issue 3): intent, hybrid recall, polarity, the gate, three budgeted slots,
private memories, read audit; after the turn: filters, working memory, versioned merging with
confirmation, entity links, forget intents, the semantic layer, heat, background retries."""
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_app import service
from memory_app.candidates import MemoryCandidate
from memory_app.intent import detect_intent
from memory_app.merge import merge_candidate
from memory_app.models import Memory, MemoryEvent, MemoryStatus, SessionSummary, Snippet, TopicHeat, Turn
from memory_app.tokens import count_tokens

pytestmark = pytest.mark.django_db


def say(user, *messages, session="s1"):
    records = []
    for text in messages:
        records.append(service.after_turn(user, text, session_id=session))
    return records


@pytest.mark.parametrize("message, scene", [
    ("帮我把购物车里这双跑鞋下单，快递选哪家？", "shipping"),
    ("晚上想做个水果沙拉，要注意什么？", "food"),
    ("有点感冒，能吃哪些药？", "health"),
    ("Which courier should I use for this parcel?", "shipping"),
    ("Suggest a recipe I can cook tonight", "food"),
    ("这台笔记本卖 9999，预算够吗？", "budget"),
])
def test_intent_tags_scenes_in_both_languages(message, scene):
    intent = detect_intent(message)
    assert scene in intent.scene_names
    assert all(0 < confidence <= 1 for _, confidence in intent.scenes)


@pytest.mark.parametrize("message", ["1+1等于几", "讲个笑话", "What's the capital of Australia?", "帮我把“谢谢”翻译成日语"])
def test_messages_that_need_no_memory_get_none(message):
    say("u1", "我对芒果过敏，吃了会起疹子", "以后网购都给我选顺丰吧", "你回复能不能简短点")
    context = service.before_turn("u1", message)
    assert context.injected is False and context.block == ""
    assert context.gate["top_relevance"] < context.gate["threshold"]


def test_relevant_memory_is_injected_with_score_parts_and_read_audit():
    say("u1", "我对芒果过敏，吃了会起疹子", "以后网购都给我选顺丰吧")
    context = service.before_turn("u1", "周末想做杯果昔，有没有什么水果是我得避开的？", session_id="s2", turn_id="t9")
    assert context.injected and "芒果" in context.block
    used = context.memories[0]
    assert {"similarity", "keyword", "recency", "confidence", "importance", "usage", "heat"} <= set(used.parts)
    assert used.why
    memory_ids = [m.id for m in context.memories if m.source_type == "memory"]
    reads = MemoryEvent.objects.filter(action="read", session_id="s2", turn_id="t9")
    assert set(reads.values_list("memory_ref", flat=True)) == set(memory_ids)


def test_keyword_recall_finds_a_chinese_name_the_vectors_miss():
    say("u1", "我家猫年糕这几天不怎么吃猫粮，怎么回事", "以后网购都给我选顺丰吧", "我是做产品经理的")
    context = service.before_turn("u1", "年糕还是不怎么吃，要不要带去医院？")
    assert "年糕" in context.block


def test_polarity_never_eats_is_not_turned_into_likes():
    say("u1", "我这人无辣不欢，吃火锅必须牛油红锅", "不过香菜我是一点都不碰，闻到那个味道就难受")
    context = service.before_turn("u1", "帮我点碗牛肉米粉，备注栏该写点啥？")
    assert "香菜" in context.block
    coriander = [m for m in context.memories if "香菜" in m.text]
    assert coriander and all(m.polarity != 1 for m in coriander if m.source_type == "memory")


def test_changed_preference_injects_only_the_newer_one():
    say("u1", "我每天下午都要喝一杯奶茶，不喝就没劲")
    say("u1", "奶茶我已经戒了，改喝柠檬水")
    context = service.before_turn("u1", "下午想喝点东西，推荐一杯饮料吧")
    assert context.injected
    assert "柠檬水" in context.block or "不再喝奶茶" in context.block
    assert "每天下午都要喝一杯奶茶" not in context.block


def test_gate_threshold_is_configurable_per_scene(settings):
    say("u1", "以后网购都给我选顺丰吧")
    message = "帮我把这双跑鞋下单，快递选哪家？"
    assert service.before_turn("u1", message).injected
    settings.CHATMEM_GATE_THRESHOLDS_BY_SCENE = {"shipping": 1.01}
    closed = service.before_turn("u1", message)
    assert not closed.injected and closed.gate["threshold"] == 1.01


def test_slots_budget_and_whole_sentences():
    facts = [f"我对{item}过敏，吃了会很难受，一定要记得帮我避开含{item}的东西" for item in
             ["芒果", "菠萝", "猕猴桃", "草莓", "桃子", "花生", "虾", "蟹", "牛奶", "鸡蛋", "芝麻", "小麦"]]
    say("u1", "你回复能不能简短点，别长篇大论", *facts)
    context = service.before_turn("u1", "晚上想做个水果沙拉，还要配点坚果和海鲜，我有哪些过敏要注意？", session_id="s1")
    assert context.injected
    assert context.tokens == count_tokens(context.block) <= 500
    assert 1 <= len(context.memories) <= 8
    assert set(context.slots) <= {"profile", "facts", "summary"} and all(context.slots.values())
    assert "profile" in context.slots  # the reply-style preference
    for used in context.memories:
        line = [line for line in context.block.splitlines() if line.startswith("- ") and used.text[:8] in line]
        assert line, used.text
        assert line[0].rstrip().endswith(("。", ".", "！", "!", "？", "?", "）", ")")) or used.text in line[0]


def test_empty_slots_are_left_out():
    say("u1", "我对芒果过敏，吃了会起疹子")
    context = service.before_turn("u1", "晚上想做个水果沙拉，要注意什么？", session_id="fresh")
    assert context.injected
    assert "profile" not in context.slots or context.slots["profile"]
    for slot, text in context.slots.items():
        assert text.strip()


def test_private_memories_need_include_private():
    say("u1", "我家在朝阳区望京西园三区 4 号楼 1502，帮我找找附近的瑜伽馆")
    memory = Memory.objects.filter(user_id="u1", is_private=True).first()
    assert memory is not None
    hidden = service.before_turn("u1", "帮我叫个跑腿把钥匙送回家，地址你直接填一下")
    assert "1502" not in hidden.block
    shown = service.before_turn("u1", "帮我叫个跑腿把钥匙送回家，地址你直接填一下", include_private=True)
    assert "1502" in shown.block


def test_filler_makes_no_memory_but_stays_retrievable_as_the_raw_turn():
    record = service.after_turn("u1", "行吧那我先这样", session_id="s1")
    assert not record.outcome["created"]
    # The raw-turn floor: every user turn is a snippet, whatever extraction made of it.
    assert Snippet.objects.filter(user_id="u1", text="行吧那我先这样").count() == 1


def test_one_off_goes_to_working_memory_and_the_session_summary_only():
    record = service.after_turn("u1", "今天下午四点要开预算复盘会，帮我整理一下议程", session_id="s1")
    assert record.outcome["working_memory"]
    assert not Memory.objects.filter(user_id="u1", value__contains="复盘会").exists()
    same_session = service.before_turn("u1", "复盘会几点开始来着？", session_id="s1")
    assert "复盘会" in same_session.slots.get("summary", "")
    other_session = service.before_turn("u1", "复盘会几点开始来着？", session_id="s2")
    assert "四点" not in other_session.slots.get("summary", "")


def test_lower_confidence_goes_to_pending():
    now = timezone.now()
    strong = MemoryCandidate(kind="fact", key="profile.location.city", value="北京", text="用户在北京工作。",
                             confidence=0.95, entities=["北京"])
    weak = MemoryCandidate(kind="fact", key="profile.location.city", value="天津", text="用户在天津工作。",
                           confidence=0.65, entities=["天津"])
    merge_candidate(tenant="default", user_id="u1", candidate=strong, sources=[], observed_at=now, message="我在北京工作",
                    is_correction=False)
    outcome, _ = merge_candidate(tenant="default", user_id="u1", candidate=weak, sources=[], observed_at=now,
                                 message="我好像在天津工作", is_correction=False)
    assert outcome.action == "pending"
    assert Memory.objects.get(user_id="u1", status="active").value == "北京"


def test_contradiction_at_close_confidence_is_asked_and_the_answer_resolves_it():
    now = timezone.now() - timedelta(days=3)
    subway = MemoryCandidate(kind="fact", key="home.commute", value="北京地铁10号线", text="用户通勤坐北京地铁10号线。",
                             confidence=0.85, entities=["北京"])
    beijing = MemoryCandidate(kind="fact", key="profile.location.city", value="北京", text="用户在北京工作。",
                              confidence=0.9, entities=["北京"])
    shanghai = MemoryCandidate(kind="fact", key="profile.location.city", value="上海", text="用户在上海工作。",
                               confidence=0.88, entities=["上海"])
    for candidate, message in ((subway, "我每天坐北京地铁10号线"), (beijing, "我在北京工作")):
        merge_candidate(tenant="default", user_id="u1", candidate=candidate, sources=[], observed_at=now, message=message,
                        is_correction=False)
    outcome, _ = merge_candidate(tenant="default", user_id="u1", candidate=shanghai, sources=[], observed_at=now,
                                 message="我在上海工作", is_correction=False)
    assert outcome.action == "asked"
    context = service.before_turn("u1", "我工作的城市最近有什么好玩的展览？", session_id="s9")
    assert "北京" in context.confirmation_question and "上海" in context.confirmation_question
    assert context.confirmation_question in context.block
    record = service.after_turn("u1", "是的，现在在上海了", session_id="s9")
    assert record.outcome["resolved"] == [{"key": "profile.location.city", "answer": "confirmed"}]
    assert Memory.objects.get(user_id="u1", key="profile.location.city", status="active").value == "上海"
    assert Memory.objects.get(user_id="u1", key="home.commute").needs_review  # linked to 北京


def test_explicit_move_supersedes_and_flags_linked_memories():
    now = timezone.now()
    for candidate, message in (
        (MemoryCandidate(kind="fact", key="home.commute", value="北京地铁10号线", text="用户通勤坐北京地铁10号线。",
                         confidence=0.85, entities=["北京"]), "我每天坐北京地铁10号线"),
        (MemoryCandidate(kind="fact", key="profile.location.city", value="北京", text="用户住在北京。", confidence=0.9,
                         entities=["北京"]), "我住在北京"),
    ):
        merge_candidate(tenant="default", user_id="u1", candidate=candidate, sources=[], observed_at=now, message=message,
                        is_correction=False)
    moved = MemoryCandidate(kind="fact", key="profile.location.city", value="上海", text="用户搬到了上海。",
                            confidence=0.9, entities=["上海"])
    outcome, flagged = merge_candidate(tenant="default", user_id="u1", candidate=moved, sources=[], observed_at=now,
                                       message="我搬到上海了", is_correction=False)
    assert outcome.action == "superseded"
    assert [memory.key for memory in flagged] == ["home.commute"]
    assert MemoryEvent.objects.filter(action="review", memory_ref=flagged[0].pk).exists()


@pytest.mark.parametrize("statement, request_text, secret_part", [
    ("我家在朝阳区望京西园三区 4 号楼 1502，帮我找找附近的瑜伽馆", "我之前跟你说过的家庭住址你删掉吧，以后别再记了", "1502"),
    ("我男朋友叫许晨，下周他过生日，帮我想想送啥", "我和许晨分手了。以后别再提他，关于他的事都别记了", "许晨"),
])
def test_forget_intents_delete_every_copy_and_say_so(statement, request_text, secret_part):
    say("u1", statement)
    record = service.after_turn("u1", request_text, session_id="s1")
    assert record.outcome["forgotten"] and record.outcome["forgotten"][0]["memories"] + record.outcome["forgotten"][0]["snippets"] >= 1
    for model, field in ((Memory, "value"), (Memory, "text"), (Snippet, "text"), (SessionSummary, "text"), (Turn, "text")):
        assert not model.objects.filter(user_id="u1", **{f"{field}__contains": secret_part}).exists(), (model, field)
    context = service.before_turn("u1", "我家具体住哪来着？那个人叫什么？", include_private=True)
    assert secret_part not in context.block


def test_semantic_layer_keeps_snippets_with_turn_ids_and_a_session_summary():
    service.after_turn("u1", "清明打算带全家去西安玩三天，帮我简单排个行程", session_id="trip", turn_id="t14")
    snippet = Snippet.objects.get(user_id="u1")
    assert snippet.sources == [{"session": "trip", "turn": "t14"}] and snippet.embedding is not None
    summary = SessionSummary.objects.get(user_id="u1", session_id="trip")
    assert "西安" in summary.text and summary.sources[-1]["turn"] == "t14"
    context = service.before_turn("u1", "去西安那几天，哪些景点要提前预约？", session_id="later")
    assert any(m.source_type in ("snippet", "memory") and {"session": "trip", "turn": "t14"} in m.sources
               for m in context.memories)


def test_heat_rises_for_the_topics_talked_about():
    say("u1", "我家猫年糕这几天不怎么吃猫粮", "年糕今天还是不吃猫粮，我有点担心")
    heat = dict(TopicHeat.objects.filter(user_id="u1").values_list("topic", "heat"))
    assert heat.get("pets", 0) > 1.0


def test_failing_llm_extraction_falls_back_to_rules_and_is_retried(llm_endpoint):
    llm_endpoint.failures.append(500)
    record = service.after_turn("u1", "我对芒果过敏，吃了会起疹子", session_id="s1")
    assert record.outcome["created"], "the rule extractor still remembered it"
    turn = Turn.objects.get(pk=record.turn_pk)
    assert turn.status == "failed" and turn.last_error
    llm_endpoint.json_replies.append('{"memories": [{"kind": "fact", "key": "health.allergy.芒果", "value": "芒果", '
                                     '"text": "用户对芒果过敏。", "confidence": 0.95, "importance": 0.9, '
                                     '"sensitivity": "medium", "entities": ["芒果"], "polarity": -1}]}')
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("memory", "retry", stdout=out)  # what cron runs with the immediate backend
    assert out.getvalue().strip() == "retried 1 turns"
    turn.refresh_from_db()
    assert turn.status == "processed" and turn.attempts == 2
    assert Memory.objects.filter(user_id="u1", status=MemoryStatus.ACTIVE).count() == Memory.objects.filter(user_id="u1").values("key").distinct().count()
    assert Snippet.objects.filter(user_id="u1").count() == 1  # the retry did not duplicate the snippet


def test_failing_embedder_leaves_the_chat_working(settings, fake_openai):
    from memory_app.providers import reset_providers

    settings.CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
    settings.CHATMEM_EMBEDDING_BASE_URL = fake_openai.base_url
    settings.CHATMEM_EMBEDDING_API_KEY = "x"
    settings.CHATMEM_LLM_MAX_RETRIES = 0
    reset_providers()
    fake_openai.failures += [503] * 10
    record = service.after_turn("u1", "我家猫年糕这几天不怎么吃猫粮", session_id="s1")
    assert record.status == "processed"
    context = service.before_turn("u1", "年糕还是不吃猫粮怎么办？")
    assert "年糕" in context.block  # keyword recall alone found it


def test_asking_for_what_the_user_likes_brings_their_likes_first():
    say("u1", "我有糖尿病好几年了，甜的东西现在都不能吃", "我最喜欢吃鱼，清蒸鲈鱼一个人能吃一大盘",
        "明天女儿回来吃饭，我得去买菜了")
    context = service.before_turn("u1", "周末女儿回来，做道我自己也爱吃的菜，你有什么建议")
    assert context.injected
    liked = next(m for m in context.candidates if m.source_type == "memory" and m.polarity == 1)
    assert "鱼" in liked.text and context.candidates.index(liked) < 3
    assert "something the user likes" in liked.why
    assert "鱼" in context.block and "甜" in context.block  # the constraint still rides along
