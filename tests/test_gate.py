"""The gate follows the ranking: what ranks first goes in when the gate opens, reply style never opens it alone,
and one thing said is never injected twice (as a memory and as its raw turn)."""
import pytest

from memory_app import service

pytestmark = pytest.mark.django_db

HISTORY = [
    "I keep bees on the roof of my building in Lyon, three hives so far",
    "My brother Anselm is getting married in Porto next June",
    "I'm training for a half marathon, running four mornings a week",
    "Please always answer me in short bullet points",
    "I can't eat walnuts, my throat swells up",
]


def tell(user: str) -> None:
    for number, text in enumerate(HISTORY):
        service.after_turn(user, text, session_id="s1", turn_id=f"t{number}")


def injected_turns(context) -> set[str]:
    return {source.get("turn") for memory in context.memories for source in memory.sources}


def test_when_the_gate_opens_the_best_ranked_item_is_injected():
    tell("beekeeper")
    context = service.before_turn("beekeeper", "How should I get my hives ready for winter?")
    assert context.injected
    best = {source.get("turn") for source in context.candidates[0].sources}
    assert best == {"t0"} and best <= injected_turns(context)


def test_reply_style_rides_along_with_the_users_own_writing_but_never_opens_the_gate_alone():
    tell("styled")
    note = service.before_turn("styled", "Write a short thank-you note to my neighbour for feeding the cat")
    assert note.injected and "reply style only" in note.gate["reason"]
    assert injected_turns(note) == {"t3"}  # the style rule, and no unrelated fact with it


    explain = service.before_turn("styled", "Explain how a heat pump works")
    assert explain.injected and injected_turns(explain) == {"t3"}  # an explanation is written in their style


@pytest.mark.parametrize("question", ["What is the boiling point of ethanol?",
                                      "Is it true that bats are blind?", "丝绸之路最早是什么时候形成的？"])
def test_a_fact_about_the_world_takes_nothing_from_memory_not_even_the_reply_style(question):
    tell("styled")
    context = service.before_turn("styled", question)
    assert not context.injected and context.block == ""
    assert "reply style" not in context.gate["reason"]


def test_one_statement_is_never_injected_twice():
    tell("once")
    context = service.before_turn("once", "Any snack ideas for my long run on Sunday? Mind what I can't eat")
    lines = [line for line in context.block.splitlines() if line.startswith("- ")]
    assert len(lines) == len(set(lines))
    turns = [source.get("turn") for memory in context.memories for source in memory.sources[-1:]]
    assert len(turns) == len(set(turns)), turns  # a memory and the raw turn it came from: one of them only


@pytest.mark.parametrize("request_text", ["Please delete what I told you about my brother's wedding",
                                          "我哥结婚那件事你删掉吧，别留着"])
def test_a_request_to_forget_recalls_nothing_for_what_it_describes(request_text):
    tell("forgetful")
    context = service.before_turn("forgetful", request_text)
    assert not context.injected and context.block == "" and context.candidates == []
    assert "request to forget" in context.gate["reason"]


def test_a_request_to_forget_beside_a_question_recalls_for_the_question_alone():
    tell("busy")
    context = service.before_turn("busy", "Forget what I said about my brother's wedding, and how should I get "
                                          "my hives ready for winter?")
    assert context.injected
    assert {source.get("turn") for source in context.candidates[0].sources} == {"t0"}
    assert "t0" in injected_turns(context) and "t1" not in injected_turns(context)
