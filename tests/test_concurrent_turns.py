"""Many users writing and reading at the same moment, on a database shared by real threads (a file on SQLite,
the test server on PostgreSQL): every turn is processed exactly once, nobody sees anyone else's data, and one
key never has two active memories, even when two sessions of one user state it at once."""
from collections import Counter

import pytest
from django.db.models import Count

from memory_app import service
from memory_app.models import Memory, MemoryStatus, Snippet, Turn, TurnStatus
from tests.concurrency_support import run_in_threads, shared_database  # noqa: F401 (fixture)

USERS = 10
SESSIONS_PER_USER = 2  # two threads per user: their turns race for the same keys
# Invented place names and trades, two places per user, so that any leak names its owner.
PLACES = ["Brenvik", "Caldoro", "Dastrel", "Elvanor", "Fennmoor", "Galdric", "Hollowmere", "Iskaran", "Jorvath",
          "Kelmsby", "Lorwynn", "Marrowick", "Northal", "Ostrava", "Pellucid", "Quarlow", "Rimsdale", "Sorrento",
          "Tavistock", "Umberlee"]
TRADES = ["clockmaker", "glassblower", "beekeeper", "cartographer", "luthier", "stonemason", "bookbinder",
          "ferrier", "cooper", "weaver"]


def user_id(index: int) -> str:
    return f"user-{index:02d}"


def markers(index: int) -> set[str]:
    return {PLACES[2 * index], PLACES[2 * index + 1], TRADES[index]}


def statements(index: int, session: int) -> list[str]:
    place = PLACES[2 * index + session]
    return [
        f"I live in {place}" if session == 0 else f"I moved to {place} last month",
        f"I work as a {TRADES[index]}",
        "I prefer tea over coffee",
        f"我周末常去{place}的湖边钓鱼",
    ]


def one_session(job: tuple[int, int]) -> list[str]:
    """One user's session: say something, then ask; returns every context block it was shown."""
    index, session = job
    seen = []
    for number, text in enumerate(statements(index, session)):
        service.after_turn(user_id(index), text, "ok", session_id=f"s{session}", turn_id=f"t{number}")
        seen.append(service.before_turn(user_id(index), "Where do I live, and what is my trade?",
                                        session_id=f"s{session}").block)
    return seen


@pytest.mark.django_db(transaction=True)
def test_twenty_threads_of_users_writing_and_reading_at_once(shared_database):
    jobs = [(index, session) for index in range(USERS) for session in range(SESSIONS_PER_USER)]
    blocks_seen = run_in_threads(one_session, jobs)

    turns = Turn.objects.all()
    expected = USERS * SESSIONS_PER_USER * len(statements(0, 0))
    assert turns.count() == expected
    assert Counter(turns.values_list("status", flat=True)) == {TurnStatus.PROCESSED: expected}
    assert set(turns.values_list("attempts", flat=True)) == {1}, "a turn was processed more than once"
    snippet_sources = Counter((snippet.user_id, str(snippet.sources)) for snippet in Snippet.objects.all())
    assert len(snippet_sources) == expected and set(snippet_sources.values()) == {1}

    duplicates = (Memory.objects.filter(status=MemoryStatus.ACTIVE).values("tenant", "user_id", "key")
                  .annotate(copies=Count("id")).filter(copies__gt=1))
    assert not duplicates.exists()

    for (index, _), blocks in zip(jobs, blocks_seen):
        others = set().union(*(markers(other) for other in range(USERS) if other != index))
        for block in blocks:
            assert not [word for word in others if word in block], f"{user_id(index)} was shown another's data"
        stored = [memory.text for memory in Memory.objects.for_user("default", user_id(index))]
        stored += [snippet.text for snippet in Snippet.objects.for_user("default", user_id(index))]
        assert not [word for word in others for text in stored if word in text]

    for index in range(USERS):
        city = Memory.objects.for_user("default", user_id(index)).get(key="profile.location.city",
                                                                     status=MemoryStatus.ACTIVE)
        assert city.value in markers(index)
        recalled = service.recall(user_id(index), "Which city do I live in now?")
        assert city.pk in [item.id for item in recalled]
