"""A message as long as the API accepts (8,000 characters) is processed whole: the facts at its very end become
memories, the raw-turn snippet keeps every character, and its vector is made from a bounded opening.
(How long it takes is reported by bench/long_message.py, never asserted here.) Examples are invented for this file."""
import pytest

from memory_app import service
from memory_app.conf import app_settings
from memory_app.models import Memory, Snippet, TurnStatus
from memory_app.semantic import vector_text

pytestmark = pytest.mark.django_db

# Narration about the world, not about the speaker: it fills the message without giving memories of its own.
NARRATION = {
    "zh": ["渡轮第{n}天清晨离开小岛，涨潮前回来。", "港口的灯塔刷成了红白两色，夜里每{n}秒闪一次。",
           "集市上卖海带的摊子排到了第{n}个路口。", "老城墙在{n}世纪修过一次，石头是从河对岸运来的。"],
    "en": ["The ferry left the island at dawn on day {n} and came back before the tide turned.",
           "The lighthouse at the harbour is painted red and white and flashes every {n} seconds.",
           "At the market the seaweed stalls reached as far as crossing number {n}.",
           "The old town wall was repaired in the {n}th century with stones brought across the river."],
}
LAST_WORDS = {"zh": "对了，我对猕猴桃过敏。", "en": "By the way, I am allergic to kiwi."}


def long_message(language: str, size: int = 8000) -> str:
    separator = "" if language == "zh" else " "
    ending = separator + LAST_WORDS[language]
    parts, length, index = [], len(ending), 0
    while True:
        sentence = NARRATION[language][index % 4].format(n=index + 2)
        if length + len(sentence) + len(separator) > size:
            return separator.join(parts) + ending
        parts.append(sentence)
        length += len(sentence) + len(separator)
        index += 1


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_long_message_is_processed_whole_and_the_fact_at_its_end_is_remembered(language):
    message = long_message(language)
    assert 7900 <= len(message) <= app_settings.MAX_MESSAGE_CHARS

    record = service.after_turn("u1", message, session_id="s1", turn_id="t1")

    assert record.status == TurnStatus.PROCESSED
    allergy = Memory.objects.get(user_id="u1", key__startswith="health.allergy.")
    assert allergy.value.lower() in {"猕猴桃", "kiwi"}
    [snippet] = Snippet.objects.filter(user_id="u1")
    assert snippet.text == " ".join(message.split())  # every character kept, the last words included
    assert snippet.embedding is not None


def test_the_vector_text_of_a_long_line_is_a_bounded_opening_cut_at_a_sentence_end(settings):
    settings.CHATMEM_SNIPPET_VECTOR_MAX_TOKENS = 40
    short = "我家楼下新开了一家修自行车的铺子。"
    assert vector_text(short) == short
    chinese = vector_text(long_message("zh"))
    assert chinese.endswith("。") and len(chinese) <= 40
    english = vector_text(long_message("en"))
    assert english.endswith(".") and len(english) <= 160 and long_message("en").startswith(english)
