"""The stand-out rule of forgetting by meaning (``memory_app.forget_standout``): which single message a forget
request means when no copy of it matched its description outright."""
import numpy as np
import pytest

from memory_app import forget_standout
from memory_app.conf import app_settings
from memory_app.embedding import embed_passages_safely, embed_query_safely


def test_a_clear_leader_among_a_few_messages_stands_out():
    """Among six messages no plain z-score can exceed sqrt(5) = 2.24, so a fixed z bar of 2 almost never let
    a new user's message go; measured against the others, a clear leader does."""
    fit = np.array([1.9, 0.5, 0.4, 0.6, 0.3, 0.5])
    best, lead = forget_standout.lead_of_best(fit, list(range(len(fit))))
    assert best == 0 and lead >= app_settings.FORGET_STANDOUT_Z
    plain_z = (fit[0] - fit.mean()) / fit.std()
    assert plain_z < 2.24
    tied = np.array([1.0, 0.95, 0.4, 0.6, 0.3, 0.5])  # two messages fit as well: neither is "the" one
    assert forget_standout.lead_of_best(tied, list(range(len(tied))))[1] < app_settings.FORGET_STANDOUT_Z


def test_the_best_of_many_ordinary_messages_does_not_stand_out_by_chance():
    """A long history always has a message three spreads above the rest by chance; the bar grows with the
    count, so a request that fits none of them takes none (fixed seeds: the same draws every run)."""
    fired, plain_z_above_3 = 0, 0
    for seed in range(20):
        fit = np.random.default_rng(seed).normal(size=600)
        best, lead = forget_standout.lead_of_best(fit, list(range(len(fit))))
        fired += lead >= app_settings.FORGET_STANDOUT_Z
        plain_z_above_3 += (fit[best] - fit.mean()) / fit.std() > 2.5
    assert plain_z_above_3 == 20
    assert fired <= 2


def test_the_expected_best_grows_with_the_count():
    assert forget_standout.expected_best_z(1) == 0.0
    values = [forget_standout.expected_best_z(count) for count in (2, 5, 20, 100, 1000)]
    assert values == sorted(values)
    assert 1.1 < values[1] < 1.2 and 3.1 < values[-1] < 3.3  # E[max] of 5 and of 1,000 normal draws: 1.16, 3.24


@pytest.mark.django_db
def test_among_messages_that_fit_equally_a_private_matter_comes_first():
    """Equal fit: the nudge towards private matters decides (what people ask to forget is nearly always one)."""
    messages = ["I picked up new running shoes at the outlet mall", "My cousin is visiting us for the weekend",
                "The doctor told me the biopsy came back and I start chemotherapy next month",
                "We repainted the hallway a pale grey", "I ordered a pizza with mushrooms tonight"]
    vectors, _ = embed_passages_safely(messages)
    scores = forget_standout.standing(np.zeros(len(messages)), list(vectors))
    assert int(np.argmax(scores)) == 2


@pytest.mark.django_db
def test_a_category_and_a_concrete_event_of_its_domain_meet_through_the_scenes():
    """"My work situation" shares no word with a lay-off; its scene profile (work) does, a holiday's does not."""
    messages = ["The plant is closing and my whole shift was let go on Friday",
                "We booked a cabin by the lake for the long weekend", "My daughter lost her first tooth today",
                "I've started growing basil and chillies on the windowsill", "The new espresso machine is noisy"]
    vectors, _ = embed_passages_safely(messages)
    fit = np.zeros(len(messages))
    with_scene = forget_standout.standing(fit, list(vectors), embed_query_safely("my work situation"))
    without_scene = forget_standout.standing(fit, list(vectors))
    assert with_scene[0] - without_scene[0] > max(with_scene[1:] - without_scene[1:])
