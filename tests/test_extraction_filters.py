"""Write filters and forget intents: filler and small talk store nothing, today's errands go to working memory,
secrets are blocked (only their kind is reported), and "forget X" yields a request that finds every copy of X.
The filter examples are invented for this file."""
import json

import pytest

from memory_app.extraction import ForgetRequest, extract
from memory_app.extraction.filters import is_low_information, is_one_off, only_asks


def rule_extract(text, **kwargs):
    return extract(text, use_llm=False, **kwargs)


@pytest.mark.parametrize("text", [
    "嗯嗯好滴", "ok thanks", "哈哈哈谢啦", "cool cool", "好嘞收到啦", "哈哈 ok", "thx!", "晚安", "懂了懂了", "Good morning!",
    "haha nice", "👍", "sounds good, bye",
])
def test_low_information_stores_nothing(text):
    result = rule_extract(text)
    assert result.low_information and result.candidates == [] and result.one_off == []


@pytest.mark.parametrize("text", ["我对头孢过敏", "I love birdwatching", "好的，以后寄东西用申通"])
def test_informative_messages_are_not_low_information(text):
    assert not is_low_information(text)


@pytest.mark.parametrize("text,one_off", [
    ("今晚八点要去机场接表哥，帮我查下航班", "今晚八点要去机场接表哥"),
    ("Dentist appointment at 3 today, can you remind me at 2?", "Dentist appointment at 3 today"),
    ("明天上午要交水电费", "明天上午要交水电费"),
    ("Picking up the rental car tomorrow morning", "Picking up the rental car tomorrow morning"),
])
def test_one_off_context_goes_to_working_memory_not_long_term(text, one_off):
    result = rule_extract(text)
    assert result.one_off == [one_off]
    assert result.candidates == []


def test_a_one_off_clause_does_not_hide_a_lasting_fact_in_the_same_message():
    result = rule_extract("我家养了只兔子叫糯米，今天它把电线咬断了")
    assert [c.key for c in result.candidates] == ["pets.糯米"]
    assert result.one_off == ["今天它把电线咬断了"]
    assert "电线" not in result.candidates[0].text


@pytest.mark.parametrize("text", ["从今天开始我不吃猪肉了", "I'm pescatarian from now on, starting today"])
def test_a_lasting_change_said_today_is_not_one_off(text):
    assert not is_one_off(text)
    assert rule_extract(text).candidates


@pytest.mark.parametrize("text", [
    "今天好冷啊", "堵车堵了半小时", "好困，昨晚没睡好", "So tired today", "Raining nonstop here", "Long week.",
])
def test_small_talk_about_the_moment_is_never_a_long_term_memory(text):
    assert extract(text, speaker="Mireille", use_llm=False).candidates == []
    assert extract(text, use_llm=False).candidates == []


SECRETS = [
    ("新号码 18800001111 你记一下，以后联系用这个", "phone", "18800001111"),
    ("办签证要用身份证，号码是 330106198802143527", "id_card", "330106198802143527"),
    ("工资卡是 6222 0210 0111 2223 331，开户行在哪查", "bank_card", "6222 0210 0111 2223 331"),
    ("路由器密码是 Qz!8843lake，帮我记住", "password", "Qz!8843lake"),
    ("Passport no. K7731902, please keep it on file", "passport", "K7731902"),
    ("here's my key sk-zyxwvutsrqponmlkjihg5678, store it", "api_key", "sk-zyxwvutsrqponmlkjihg5678"),
]


@pytest.mark.parametrize("text,kind,secret", SECRETS)
def test_secrets_are_blocked_and_never_appear_anywhere(text, kind, secret):
    result = rule_extract(text)
    assert {"kind": kind, "reason": "sensitive value not stored"} in result.blocked
    dumped = json.dumps(result.as_dict(), ensure_ascii=False)
    assert secret not in dumped and secret.replace(" ", "") not in dumped


def test_the_rest_of_a_message_with_a_secret_is_remembered_with_the_secret_masked():
    result = rule_extract("新号码 18800001111，另外我对头孢过敏")
    assert result.blocked == [{"kind": "phone", "reason": "sensitive value not stored"}]
    assert [c.key for c in result.candidates] == ["health.allergy.头孢"]
    assert "18800001111" not in json.dumps(result.as_dict(), ensure_ascii=False)


# The request is read by its grammar (a forget verb and its object phrase, in either order); what is left of
# the object phrase describes the subject, and forget_matching finds it by meaning (no list of subjects here).
@pytest.mark.parametrize("text,description", [
    ("别再记我的地址了", "我的地址"),
    ("之前告诉你的那个家庭住址，删掉吧，留着不放心", "家庭住址"),
    ("上回聊到的诊所营收和成本，统统忘掉，那是内部数据", "诊所营收和成本"),
    ("我和合伙人葛文涛闹掰了。他的事你都别记着了", "我和合伙人葛文涛闹掰"),  # "他" stands for the sentence before
    ("forget my phone number", "phone number"),
    ("please forget what I told you about my old boss", "old boss"),
    # a tag or thanks closing the request names nothing, in dialect too (好伐: 吴语; 侬: you)
    ("前两天讲的姑妈开刀的事，侬就别再记着好伐", "姑妈开刀"),
    ("上周讲的房东涨租那件事，删掉好了，谢谢啦", "房东涨租"),
    ("之前聊的侄女留学那件事，帮忙删掉", "侄女留学"),
    ("刚才那句关于我外婆的，撤回，不要存", "那句关于我外婆"),
    ("Eish, rather forget what I said about Lwazi's loan.", "Lwazi's loan"),
    ("I would like you to not keep what I wrote about my stepson's exams.", "stepson's exams"),
    # a detail of the user's profile as the whole object is a thing the memory keeps: no other cue needed
    ("删掉我的住址吧", "我的住址"),
    ("Please don't store my date of birth.", "date of birth"),
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


@pytest.mark.parametrize("text", ["我忘了带钥匙", "Don't forget to remind me about the dentist", "我对头孢过敏",
                                  "I tried to not remember the exam at all", "Better delete the blurry photos first",
                                  "这条消息我撤回了，发错群了",
                                  # an embedded question asks the assistant's judgement; a particle makes another verb
                                  "帮我看论文的时候，直接说哪几句该删、哪几句该改就行", "你教我怎么删微信里的聊天背景",
                                  "Correct my grammar as we go, do not save those up.",
                                  "Keep the hints short and don't hold them off until I ask.",
                                  "Can you remove my name from the rota?"])
def test_ordinary_sentences_are_not_forget_requests(text):
    assert rule_extract(text).forget_requests == []


def test_forget_request_covers_candidates_sharing_a_distinctive_word():
    request = ForgetRequest(description="葛文涛")
    assert request.covers(key="event.meeting", text="用户下个月要和葛文涛去谈融资。")
    assert request.covers(key="work.partner", entities=["葛文涛"])
    assert not request.covers(key="hobby.music", text="用户喜欢听爵士乐。")
    assert ForgetRequest(everything=True).covers(key="anything.at_all")


def test_a_forget_message_does_not_store_the_thing_it_forgets():
    result = rule_extract("我跟葛文涛散伙了，别再记我合伙人叫葛文涛这件事了")
    assert result.forget_requests
    assert not any("葛文涛" in f"{c.value}{c.text}" for c in result.candidates)


@pytest.mark.parametrize("text", [
    "Which glue holds best on a ceramic mug handle?",
    "How long does epoxy take to set, and can the mug go in the dishwasher after?",
    "请问瓷杯把手断了用什么胶粘比较牢？",
    "帮我查一下明天去苏州的高铁",
    "Can you find me a cheap flight to Lisbon?",
    "好的，那环氧树脂胶要晾多久？",
])
def test_a_message_that_only_asks(text):
    assert only_asks(text)


@pytest.mark.parametrize("text", [
    "I glued the handle of my blue mug back with two-part epoxy.",
    "My mug handle snapped, which glue should I use?",
    "我上周用双组分环氧胶把蓝色杯子的把手粘好了",
    "杯子把手断了，用什么胶好？",
    "Could you keep your answers short from now on?",
    "ok thanks",
    "",
])
def test_a_message_that_states_something_or_nothing_does_not_only_ask(text):
    assert not only_asks(text)
