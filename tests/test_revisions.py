"""A message that corrects or changes something said before, often without repeating its subject, is linked to the
statement it revises and stands in for it in recall: ranked just above it, so the newer value comes first."""
import io
import json
from datetime import datetime, timedelta, timezone

import pytest
from django.core.management import call_command

from memory_app import recall, service
from memory_app.extraction.language import revises_earlier
from memory_app.models import Snippet

pytestmark = pytest.mark.django_db

START = datetime(2026, 2, 2, 9, 0, tzinfo=timezone.utc)
FILLER = [
    "I repotted the fern on the balcony, it had outgrown its pot",
    "My cousin sent photos from her hiking trip in the Dolomites",
    "We tried a new ramen place near the station, the broth was great",
    "I'm halfway through a novel about lighthouse keepers",
    "The neighbours' dog barked all night again",
    "I finally fixed the squeaky hinge on the wardrobe",
]


def say(user, lines, start=START):
    """Each line one turn, a day apart; returns the turn ids in order."""
    turn_ids = []
    for number, text in enumerate(lines, start=1):
        turn_id = f"{user}-t{number}"
        service.after_turn(user, text, session_id=f"s{number}", turn_id=turn_id, now=start + timedelta(days=number))
        turn_ids.append(turn_id)
    return turn_ids, start + timedelta(days=len(lines) + 1)


def snippet_of(user, turn_id):
    return next(s for s in Snippet.objects.for_user("default", user) if s.sources[0]["turn"] == turn_id)


def ranked_turns(context):
    return [source["turn"] for item in context.candidates for source in item.sources]


@pytest.mark.parametrize("text", [
    "the recital got pushed to the 19th", "Correction: the deposit is 300, not 250.", "改到周五下午了",
    "其实是三楼不是二楼", "Actually we meet on Wednesdays", "the rent went up to 1,450 this spring",
])
def test_revisions_are_recognised(text):
    assert revises_earlier(text)


@pytest.mark.parametrize("text", [
    "瑜伽课我不报了，太贵", "甜食早就戒了", "那家健身房我们退了", "以后周三晚上不用接他了", "物业费涨到两块六了",
    "例会往后推了一周", "我换工作了", "I quit the choir last month", "no more late shifts for me", "i dont bake bread anymore",
    "we decided against the bigger flat", "the fee went up again", "cut it down to 2 sessions a week from now on",
    "she only comes on sundays now.", "they moved to Leeds in March",
])
def test_endings_and_moved_values_are_revisions(text):
    assert revises_earlier(text)


@pytest.mark.parametrize("text", [
    "I planted tomatoes on Sunday", "我周末去看了展览", "The recital is on the 12th", "孩子开心得不得了",
    "面包烤到七八成就差不多了", "这家店还不错了", "what time is it now?", "right now I'm cooking dinner",
])
def test_plain_statements_do_not_revise(text):
    assert not revises_earlier(text)


def said_then_corrected(user, statement, correction):
    """The user says something, three other things, the correction, then the rest of the filler: the two turn ids
    and the time of the last message."""
    turn_ids, now = say(user, [statement, *FILLER[:3], correction, *FILLER[3:]])
    return turn_ids[0], turn_ids[4], now


RECITAL = ("My daughter's violin recital is on the 12th of May at the town hall",
           "the recital got pushed to the 19th, the hall flooded")


def test_a_correction_without_its_subject_ranks_above_what_it_corrects():
    original, correction, now = said_then_corrected("ana", *RECITAL)
    assert snippet_of("ana", correction).revises == snippet_of("ana", original)
    order = ranked_turns(service.before_turn("ana", "When is the violin recital?", now=now))
    assert order.index(correction) < order.index(original) <= 2


def test_the_correction_of_a_statement_found_by_meaning_alone_comes_with_it(monkeypatch):
    """The message shares no word with either turn and the vector search keeps one snippet, the statement: its
    correction comes in through the link, and ranks above it."""
    original, correction, now = said_then_corrected("fay", *RECITAL)
    monkeypatch.setattr(recall, "RETRIEVAL_DEPTH", 1)
    context = service.before_turn("fay", "When is my girl performing music?", now=now)
    snippets = [source["turn"] for item in context.candidates if item.source_type == "snippet"
                for source in item.sources]
    assert snippets.index(correction) < snippets.index(original)


def test_chinese_corrections_are_linked_too():
    lines = ["今天做了红烧排骨，孩子很爱吃", "楼下新开了一家面包店，排队的人不少", "单位年底要搞联欢会，我报了一个小合唱",
             "我下周二上午要去医院拔智齿，约的是十点", "周末带爸妈去湖边走了走，天气特别好", "拔智齿改到周四了，医生临时有手术",
             "最近在学吉他，手指有点疼"]
    turn_ids, now = say("bo", lines)
    assert snippet_of("bo", turn_ids[5]).revises == snippet_of("bo", turn_ids[3])
    order = ranked_turns(service.before_turn("bo", "我什么时候去拔牙来着？", now=now))
    assert order.index(turn_ids[5]) < order.index(turn_ids[3])


def test_a_correction_of_a_correction_is_followed():
    lines = ["The plumber is coming on Monday morning", *FILLER[:2], "Update: the plumber moved it to Wednesday",
             *FILLER[2:4], "Correction, the plumber now says Thursday, not Wednesday."]
    turn_ids, now = say("cy", lines)
    first, second, third = turn_ids[0], turn_ids[3], turn_ids[6]
    assert snippet_of("cy", third).revises == snippet_of("cy", second)
    order = ranked_turns(service.before_turn("cy", "When does the plumber come?", now=now))
    assert order.index(third) < order.index(second) < order.index(first)


def test_no_marker_or_no_shared_word_means_no_link():
    lines = ["I have a cat called Miso", "I also adopted a rabbit last week", "Actually the weather was lovely today"]
    turn_ids, _ = say("di", lines)
    assert snippet_of("di", turn_ids[1]).revises is None  # no revision marker
    assert snippet_of("di", turn_ids[2]).revises is None  # a marker, but nothing earlier shares a word with it


def test_forgetting_the_original_keeps_the_correction():
    lines = ["The book club meets at Lena's flat on Fridays", "the book club moved to the library café, same day"]
    turn_ids, _ = say("ed", lines)
    snippet_of("ed", turn_ids[0]).delete()
    correction = snippet_of("ed", turn_ids[1])
    assert correction.revises is None and correction.text.startswith("the book club moved")


def test_a_correction_ranks_above_a_memory_drawn_from_what_it_corrects():
    """The corrected message also left a memory ("works at a bakery"): the correction comes before both."""
    original, correction, now = said_then_corrected("gus", "I work at a bakery in Bristol, early shifts from 5am",
                                                    "Update: the bakery moved me to late shifts, 2pm to 10pm now")
    assert snippet_of("gus", correction).revises == snippet_of("gus", original)
    context = service.before_turn("gus", "What shifts do I work?", now=now)
    assert any(item.source_type == "memory" and original in {source["turn"] for source in item.sources}
               for item in context.candidates), "the original message left no memory: this test needs one"
    assert context.candidates[0].sources[0]["turn"] == correction


def test_a_message_that_ends_something_ranks_above_what_it_ends():
    """Stopping is said with a date ("in May") but no new value: it still replaces a statement that gave none."""
    original, ending, now = said_then_corrected(
        "hal", "I sing in a community choir, we rehearse in the church hall",
        "I quit the choir in May, my knees can't take the standing")
    assert snippet_of("hal", ending).revises == snippet_of("hal", original)
    order = ranked_turns(service.before_turn("hal", "Do I still sing with the choir?", now=now))
    assert order.index(ending) < order.index(original)


def test_a_chinese_message_that_stops_something_is_linked():
    lines = ["我每周日傍晚带女儿去学游泳，在体育馆", *FILLER[:3], "女儿的游泳课我们不上了，五月起周日傍晚改去爬山", *FILLER[3:]]
    turn_ids, now = say("ivy", lines)
    assert snippet_of("ivy", turn_ids[4]).revises == snippet_of("ivy", turn_ids[0])
    order = ranked_turns(service.before_turn("ivy", "周日傍晚女儿有什么安排？", now=now))
    assert order.index(turn_ids[4]) < order.index(turn_ids[0])


def test_reindex_links_revisions_stored_before_the_grammar_knew_them():
    """Rows written by an older version carry no link: `memory reindex` makes it, oldest first, and recall then
    lets the revision stand in again."""
    original, correction, now = said_then_corrected("kim", *RECITAL)
    Snippet.objects.filter(user_id="kim").update(revises=None)
    out = io.StringIO()
    call_command("memory", "reindex", "--tenant", "default", "--user", "kim", stdout=out)
    assert "1 revisions newly linked" in out.getvalue()
    assert snippet_of("kim", correction).revises == snippet_of("kim", original)
    order = ranked_turns(service.before_turn("kim", "When is the violin recital?", now=now))
    assert order.index(correction) < order.index(original)
    out = io.StringIO()
    call_command("memory", "reindex", "--tenant", "default", "--user", "kim", "--json", stdout=out)
    assert json.loads(out.getvalue())["revision_links"] == 0  # already linked: nothing new
