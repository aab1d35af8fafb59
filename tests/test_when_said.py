"""When a forget request says its subject was said: the window it gives, and forgetting inside it. Examples are
invented for this file."""
from datetime import datetime, timedelta, timezone

import pytest

from memory_app import service
from memory_app.models import Snippet, Turn
from memory_app.when_said import said_window

NOW = datetime(2031, 6, 15, 12, tzinfo=timezone.utc)


@pytest.mark.parametrize("message, earliest, latest", [
    ("the knee business we went over last month, please bin it", "2031-04-11", "2031-06-01"),
    ("my tax worries that I brought up in february, erase them", "2031-01-27", "2031-03-06"),
    ("forget what I said two weeks ago about the car", "2031-05-27", "2031-06-06"),
    ("delete what I told you yesterday about the fight", "2031-06-13", "2031-06-15"),
    ("前几天跟你吐槽的那个邻居，别记了", "2031-06-05", "2031-06-15"),
    ("把我3个月前说的那件事删了", "2031-02-15", "2031-04-16"),
    ("上个月讲的房贷的事当没听过", "2031-04-11", "2031-06-01"),
    ("五月份说的体检结果删掉", "2031-04-26", "2031-06-06"),
    ("去年跟你讲的那个事别记了", "2029-12-25", "2031-01-08"),
    # holidays: around them, or the month before / after ("before xmas", "过年后"), the most recent one
    ("scrap the loan details from just before xmas", "2030-11-15", "2030-12-27"),
    ("国庆的时候跟你说的房贷逾期，能不能别记着", "2030-09-27", "2030-10-11"),
    ("过年后跟你讲的那个事删了", "2031-02-03", "2031-03-25"),
    # "today" dates the remembering when another time dates the saying
    ("今天想起来，上个月说的那个事删了", "2031-04-11", "2031-06-01"),
    ("前天晚上我发的那段牢骚删了吧", "2031-06-11", "2031-06-15"),
    # a month later in the year than now is last year's
    ("the stuff from back in November about my sister", "2030-10-27", "2030-12-06"),
])
def test_a_dated_reference_gives_a_window_around_it(message, earliest, latest):
    start, end = said_window(message, NOW)
    assert (start.date().isoformat(), end.date().isoformat()) == (earliest, latest)


@pytest.mark.parametrize("message", ["I told you about my loan, drop it", "上次说的那个事删了吧", "之前提过的别记了",
                                     "下午要见客户，把那个报价单的事删了"])
def test_a_vague_reference_gives_no_window(message):
    assert said_window(message, NOW) is None


@pytest.mark.django_db
def test_a_dated_paraphrase_takes_the_best_fitting_message_of_that_time():
    """"That loan problem" shares no word with the car-payment message, and over the whole history it does not
    stand out (a message of January fits the words a little better); dated "back in march", it is the best fit of
    March and goes, and nothing else does."""
    history = [
        "Picked up a secondhand rowing machine, it squeaks but works",
        "My niece started violin lessons, she practises in the hallway",
        "We repainted the kitchen a pale green colour",
        "Watched a documentary about deep sea creatures, wild stuff",
        "The cat learned to open the pantry door somehow",
        "Our book club is reading a novel set in Lagos",
        "Tried a sourdough starter, it smells like paint thinner",
        "The neighbours built a treehouse for their kids",
        "I'm two months behind on the car payments and the lender keeps calling",
        "I switched my running route to the river path",
        "Booked a dentist check-up for the end of the month",
        "My brother lent me his tent for the camping weekend",
    ]
    start = datetime(2031, 1, 5, 18, tzinfo=timezone.utc)
    for number, text in enumerate(history):
        service.after_turn("dee", text, session_id=f"s{number}", turn_id=f"t{number}", now=start + timedelta(days=9 * number))
    assert (start + timedelta(days=9 * 8)).month == 3
    service.after_turn("dee", "the loan problem I raised with you in march, please drop it", session_id="s99",
                       turn_id="t99", now=start + timedelta(days=9 * len(history)))
    stored = " ".join(Snippet.objects.filter(user_id="dee").values_list("text", flat=True))
    assert "lender" not in stored and not Turn.objects.filter(user_id="dee", text__contains="lender").exists()
    assert all(word in stored for word in ("rowing machine", "violin", "sourdough", "treehouse", "river path", "tent"))
