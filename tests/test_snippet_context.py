"""A line of a conversation between named people is embedded after the other person's line it answers; a chat with
an assistant embeds each line alone. Forgetting the earlier line takes its words out of the later line's vector
too, and re-embedding makes the same vectors. Examples are invented for this file."""
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
from django.core.management import call_command

from memory_app import actions, service
from memory_app.models import Snippet, Turn
from memory_app.providers import get_embedder
from memory_app.search_index import keyword_index

pytestmark = pytest.mark.django_db

START = datetime(2025, 6, 2, 18, 0, tzinfo=timezone.utc)
QUESTION = ("Tomasz", "How did the pottery market go on Saturday, Wren?")
ANSWER = ("Wren", "Sold nine bowls and the big green jug, the stall fee was worth it this time")


def say(user, lines, session="s1"):
    for number, (speaker, text) in enumerate(lines):
        service.after_turn(user, text, speaker=speaker, session_id=session, turn_id=f"t{number}",
                           now=START + timedelta(minutes=number))


def snippet_of(user, turn_id):
    return next(snippet for snippet in Snippet.objects.filter(user_id=user)
                if snippet.sources == [{"session": "s1", "turn": turn_id}])


def vector_of(text):
    return get_embedder().embed_passages([text])[0]


def close(first, second):
    return float(np.dot(np.asarray(first), second)) > 0.999


def test_a_line_is_embedded_after_the_other_persons_line_it_answers():
    say("market", [QUESTION, ANSWER])
    answer = snippet_of("market", "t1")
    assert answer.context_turn == "t0"
    together = vector_of(f"{QUESTION[0]}: {QUESTION[1]}\n{ANSWER[0]}: {ANSWER[1]}")
    alone = vector_of(f"{ANSWER[0]}: {ANSWER[1]}")
    assert close(answer.embedding, together) and not close(answer.embedding, alone)
    assert snippet_of("market", "t0").context_turn == ""  # nothing before the first line


@pytest.mark.parametrize("speakers", [("user", "user"), ("Wren", "Wren"), ("assistant", "Wren")])
def test_no_context_from_the_same_speaker_an_assistant_or_an_anonymous_user(speakers):
    say("solo", [(speakers[0], QUESTION[1]), (speakers[1], ANSWER[1])])
    answer = snippet_of("solo", "t1")
    assert answer.context_turn == ""
    line = ANSWER[1] if speakers[1] == "user" else f"{speakers[1]}: {ANSWER[1]}"
    assert close(answer.embedding, vector_of(line))


def test_no_context_across_sessions():
    service.after_turn("split", QUESTION[1], speaker=QUESTION[0], session_id="s0", turn_id="t0", now=START)
    say("split", [ANSWER])
    assert snippet_of("split", "t0").context_turn == ""


def test_forgetting_the_earlier_line_re_embeds_the_later_one_from_its_own_words():
    say("forgotten", [QUESTION, ANSWER])
    actions.erase_turns(Turn.objects.filter(user_id="forgotten", turn_id="t0"))
    answer = snippet_of("forgotten", "t1")
    assert answer.context_turn == ""
    assert close(answer.embedding, vector_of(f"{ANSWER[0]}: {ANSWER[1]}"))


def test_re_embedding_makes_the_same_vectors():
    say("again", [QUESTION, ANSWER])
    before = np.asarray(snippet_of("again", "t1").embedding)
    Snippet.objects.filter(user_id="again").update(embedding_model="someone-else")
    call_command("memory", "reembed", "--missing", "--quiet")
    answer = snippet_of("again", "t1")
    assert answer.embedding_model == get_embedder().name
    assert close(answer.embedding, before) and answer.context_turn == "t0"


# A chat with an assistant: the reply's opening is keyword-indexed with the message only when the reply was written
# without memory in its prompt (it then describes this message alone); the vector stays the message's own.
STATEMENT = "Our boat's engine is a two-stroke, we mix oil at fifty to one"
REPLY = "Noted: a 50:1 petrol mix for the outboard. I'll keep that in mind for fuel and maintenance questions."
REPLY_ONLY_WORDS = "outboard petrol maintenance"


def tell(user, *, reply_without_memory, reply=REPLY, text=STATEMENT):
    service.after_turn(user, text, reply, session_id="s1", turn_id="t0", now=START,
                       reply_without_memory=reply_without_memory)
    return snippet_of(user, "t0")


def keyword_hits(user, query):
    index = keyword_index()
    prepared = index.prepare("default", user, query)
    return index.search_each(prepared, "default", user, [("snippet", 10)])[0] if prepared is not None else {}


def test_a_reply_written_without_memory_is_found_by_its_words_but_stays_out_of_the_vector():
    snippet = tell("boat", reply_without_memory=True)
    assert snippet.reply_words == REPLY
    assert snippet.pk in keyword_hits("boat", REPLY_ONLY_WORDS)
    assert close(snippet.embedding, vector_of(STATEMENT))


def test_a_reply_written_with_memory_or_unknown_is_not_indexed():
    snippet = tell("boat-default", reply_without_memory=False)
    assert snippet.reply_words == "" and snippet.pk not in keyword_hits("boat-default", REPLY_ONLY_WORDS)
    assert snippet.pk in keyword_hits("boat-default", "two-stroke oil")


def test_only_the_replys_opening_is_kept_and_it_is_redacted(settings):
    settings.CHATMEM_SNIPPET_REPLY_MAX_CHARS = 40
    reply = "Saved your marina gate code 4471 and the berth number for Saturday's trip."
    snippet = tell("boat-code", reply_without_memory=True, reply=reply)
    assert Turn.objects.get(user_id="boat-code").reply_without_memory
    assert len(snippet.reply_words) == 40 and "4471" not in snippet.reply_words
    assert snippet.reply_words.startswith("Saved your marina gate code [password]")


def test_reindexing_keeps_the_replys_words():
    snippet = tell("boat-again", reply_without_memory=True)
    call_command("memory", "reindex")
    assert snippet.pk in keyword_hits("boat-again", REPLY_ONLY_WORDS)
