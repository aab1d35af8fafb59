"""Write filters and forget intents: filler stores nothing, today's errands go to working memory, secrets
are blocked (only their kind is reported), and "forget X" yields a request that finds every copy of X."""
import json

import pytest

from memory_app.extraction import ForgetRequest, extract
from memory_app.extraction.filters import is_low_information, is_one_off


def rule_extract(text, **kwargs):
    return extract(text, use_llm=False, **kwargs)


@pytest.mark.parametrize("text", [
    "嗯好的我再看看", "ok thanks", "哈哈谢谢", "cool thx", "嗯嗯", "好的好的 谢谢", "哈哈 ok", "haha thanks man", "thanks!",
    "晓得了", "嗯嗯知道", "行 我再看看", "先不聊了", "早上好", "Good morning!", "哈哈哈你还挺好耍的", "👍",
])
def test_low_information_stores_nothing(text):
    result = rule_extract(text)
    assert result.low_information and result.candidates == [] and result.one_off == []


@pytest.mark.parametrize("text", ["我对芒果过敏", "I love sushi", "好的，以后用京东"])
def test_informative_messages_are_not_low_information(text):
    assert not is_low_information(text)


@pytest.mark.parametrize("text,one_off", [
    ("今天下午三点要开需求评审会，帮我把这几条整理成列表", "今天下午三点要开需求评审会"),
    ("Board meeting at 4 today, wish me luck lol", "Board meeting at 4 today"),
    ("今晚十点要盘点库存，帮我列个盘点表模板", "今晚十点要盘点库存"),
    ("明早八点要监考，先不聊了", "明早八点要监考"),
    ("lunch meeting at 12:30 today with a German buyer", "lunch meeting at 12:30 today with a German buyer"),
    ("今天晚上要去江北机场接人，航班十点落地", "今天晚上要去江北机场接人"),
])
def test_one_off_context_goes_to_working_memory_not_long_term(text, one_off):
    result = rule_extract(text)
    assert result.one_off == [one_off]
    assert result.candidates == []


def test_one_off_clause_does_not_hide_a_lasting_fact_in_the_same_message():
    result = rule_extract("我养了只仓鼠叫土豆，今天它越狱了哈哈哈")
    assert [c.key for c in result.candidates] == ["pets.土豆"]
    assert result.one_off == ["今天它越狱了"]
    assert "越狱" not in result.candidates[0].text


@pytest.mark.parametrize("text", ["从今天开始我吃素", "I'm vegan from now on, starting today"])
def test_a_lasting_change_said_today_is_not_one_off(text):
    assert not is_one_off(text)
    assert rule_extract(text).candidates


SECRETS = [
    ("我手机号是 13857162049，快递联系不上我的时候你直接帮我填", "phone", "13857162049"),
    ("订火车票要身份证号，我的是 510104197905213318，你帮我记着", "id_card", "510104197905213318"),
    ("我的养老金卡号是 6217 0012 3000 4567 891，你帮我看看是哪个银行的", "bank_card", "6217 0012 3000 4567 891"),
    ("公司 VPN 密码是 Kv#2026dev!，你帮我存一下，我老忘", "password", "Kv#2026dev"),
    ("屋头 wifi 密码 hw19830512 老是被邻居蹭，咋个改", "password", "hw19830512"),
    ("My passport number is EJ4829173, can you fill it into the visa form for me?", "passport", "EJ4829173"),
    ("my openai key is sk-abcdefghijklmnopqrstuvwx1234, keep it for me", "api_key", "sk-abcdefghijklmnopqrstuvwx1234"),
]


@pytest.mark.parametrize("text,kind,secret", SECRETS)
def test_secrets_are_blocked_and_never_appear_anywhere(text, kind, secret):
    result = rule_extract(text)
    assert {"kind": kind, "reason": "sensitive value not stored"} in result.blocked
    dumped = json.dumps(result.as_dict(), ensure_ascii=False)
    assert secret not in dumped and secret.replace(" ", "") not in dumped


def test_rest_of_a_message_with_a_secret_is_still_remembered_with_the_secret_masked():
    result = rule_extract("我手机号是 13857162049，我对芒果过敏")
    assert result.blocked == [{"kind": "phone", "reason": "sensitive value not stored"}]
    assert [c.key for c in result.candidates] == ["health.allergy.mango"]
    assert "13857162049" not in json.dumps(result.as_dict(), ensure_ascii=False)


# The request is read by its grammar (a forget verb and its object phrase, in either order); what is left of
# the object phrase describes the subject, and forget_matching finds it by meaning (no list of subjects here).
@pytest.mark.parametrize("text,description", [
    ("别再记我的地址了", "我的地址"),
    ("我之前跟你说过的家庭住址你删掉吧，以后别再记了，感觉不太安全", "家庭住址"),
    ("之前跟你说的店里流水和利润，你都别记了，那是商业机密", "店里流水和利润"),
    ("我和许晨分手了。以后别再提他，关于他的事都别记了", "我和许晨分手"),  # "他" stands for the sentence before
    ("forget my phone number", "phone number"),
    ("please forget what I told you about my ex", "ex"),
])
def test_forget_intents(text, description):
    result = rule_extract(text)
    assert [request.description for request in result.forget_requests] == [description]
    assert not result.forget_requests[0].everything
    assert result.candidates == []


@pytest.mark.parametrize("text", ["忘掉关于我的一切", "forget everything about me", "把我的所有记忆都删了", "Delete all my data please"])
def test_forget_everything(text):
    [request] = rule_extract(text).forget_requests
    assert request.everything


@pytest.mark.parametrize("text", ["我忘了带钥匙", "Don't forget to remind me about the dentist", "我对芒果过敏"])
def test_ordinary_sentences_are_not_forget_requests(text):
    assert rule_extract(text).forget_requests == []


def test_forget_request_covers_candidates_sharing_a_distinctive_word():
    request = ForgetRequest(description="许晨")
    assert request.covers(key="event.birthday", text="用户下周要给许晨过生日。")
    assert request.covers(key="event.gift", entities=["许晨"])
    assert not request.covers(key="food.fish", text="用户喜欢吃鱼。")
    assert ForgetRequest(everything=True).covers(key="anything.at_all")


def test_a_forget_message_does_not_store_the_thing_it_forgets():
    result = rule_extract("我和许晨分手了，别再记我男朋友叫许晨这件事了")
    assert result.forget_requests
    assert not any("许晨" in f"{c.value}{c.text}" for c in result.candidates)
