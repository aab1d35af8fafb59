"""A forget request that finds nothing to delete stays standing: a later question about its subject gets nothing
that was said before it and fits it, while the rest of memory works as before (memory_app.forget_guard)."""
import pytest
from django.urls import reverse

from memory_app import exports, service
from memory_app.models import StandingForgetRequest, Turn
from tests.admin_support import moderator_client

pytestmark = pytest.mark.django_db

USER = "renter"
HISTORY = [
    "I keep bees on the roof of my building in Lyon, three hives so far",
    "My brother Anselm is getting married in Porto next June",
    "The owner of our flat wants us out by March because he is selling it, and we have nowhere lined up yet",
    "I'm training for a half marathon, running four mornings a week",
    "I can't eat walnuts, my throat swells up",
    "Our team at work switched to a four-day week this spring",
]
EVICTION = "t2"
# The small embedder ties this description to the eviction message too loosely to erase it.
VAGUE_REQUEST = "Forget what I told you about my housing worries."
ABOUT_IT = "Any advice on my housing worries?"


def tell_history() -> None:
    for number, text in enumerate(HISTORY):
        service.after_turn(USER, text, session_id="s1", turn_id=f"t{number}")


def ask_to_forget(text: str) -> dict:
    service.after_turn(USER, text, session_id="s2", turn_id="f1")
    return Turn.objects.get(user_id=USER, turn_id="f1").outcome["forgotten"][0]


def turns_of(items) -> set[str]:
    return {source.get("turn") for item in items for source in item.sources}


def test_a_request_that_finds_nothing_stands_and_keeps_its_subject_out_of_the_prompt():
    tell_history()
    entry = ask_to_forget(VAGUE_REQUEST)
    assert entry["items"] == [] and entry["standing"] is True
    standing = StandingForgetRequest.objects.get(user_id=USER)
    assert (standing.session_id, standing.turn_id) == ("s2", "f1")
    # Only a vector is kept, never the words that name what was to go.
    stored_text = " ".join(str(getattr(standing, field.attname)) for field in StandingForgetRequest._meta.fields
                           if field.name != "vector")
    assert "housing" not in stored_text.lower()

    context = service.before_turn(USER, ABOUT_IT)
    assert EVICTION in turns_of(context.candidates)  # still stored and findable
    assert EVICTION not in turns_of(context.memories)
    assert "withheld" in context.gate["reason"]
    assert "selling" not in context.block


def test_a_question_on_another_subject_is_answered_from_memory_as_before():
    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    context = service.before_turn(USER, "Which running shoes would suit my half marathon training?")
    assert "withheld" not in context.gate["reason"]
    assert "t3" in turns_of(context.memories)


def test_what_is_said_after_the_request_is_not_guarded_by_it():
    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    service.after_turn(USER, "Good news about housing: we signed for a flat by the river and move in April",
                       session_id="s3", turn_id="n1")
    context = service.before_turn(USER, ABOUT_IT)
    assert "n1" in turns_of(context.memories)
    assert EVICTION not in turns_of(context.memories)


def test_a_request_that_finds_what_it_names_leaves_nothing_standing():
    tell_history()
    entry = ask_to_forget("Please drop what I said about the place we rent.")
    assert entry["items"] and "standing" not in entry
    assert not StandingForgetRequest.objects.filter(user_id=USER).exists()


def test_a_standing_request_is_exported_and_goes_with_its_session_and_with_the_user():
    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    rows = exports.export_user_data("default", USER, actor="test")["standing_forget_requests"]
    assert [(row["session_id"], row["turn_id"]) for row in rows] == [("s2", "f1")]
    assert "vector" not in rows[0]
    assert "standing_forget_request" in exports.export_user_csv("default", USER, actor="test")

    service.forget_session("default", USER, "s1", actor="test")
    assert StandingForgetRequest.objects.filter(user_id=USER).count() == 1  # asked in s2
    service.forget_session("default", USER, "s2", actor="test")
    assert not StandingForgetRequest.objects.filter(user_id=USER).exists()

    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    service.forget_user("default", USER, actor="test")
    assert not StandingForgetRequest.objects.filter(user_id=USER).exists()


def test_a_moderator_sees_which_turn_asked_and_can_lift_the_request():
    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    standing = StandingForgetRequest.objects.get(user_id=USER)
    client, _ = moderator_client()
    listing = client.get(reverse("admin:memory_app_standingforgetrequest_changelist"))
    assert listing.status_code == 200
    page = listing.content.decode()
    assert USER in page and "f1" in page and "housing" not in page.lower()
    assert client.get(reverse("admin:memory_app_standingforgetrequest_add")).status_code == 403

    assert EVICTION not in turns_of(service.before_turn(USER, ABOUT_IT).memories)  # guarded, and now cached
    changelist = reverse("admin:memory_app_standingforgetrequest_changelist")
    client.post(changelist, {"action": "delete_selected", "_selected_action": [standing.pk], "post": "yes"})
    assert not StandingForgetRequest.objects.filter(pk=standing.pk).exists()
    # Lifted, the request no longer guards its subject.
    assert EVICTION in turns_of(service.before_turn(USER, ABOUT_IT).memories)


def test_one_matter_takes_the_best_fit_and_its_copies_but_a_summary_takes_no_message_along():
    from types import SimpleNamespace

    from memory_app.forget_guard import _one_matter

    def item(source_type, *turns):
        return SimpleNamespace(source_type=source_type, turn_ids=set(turns))

    items = [item("snippet", "t1"), item("memory", "t1"), item("snippet", "t2"), item("snippet", "t3"),
             item("summary", "t1", "t2", "t3")]
    # t1 fits best; its memory (no vector of its own here) is a copy; t2 is too far below; t3 does not lean.
    assert _one_matter(items, [1.2, None, 0.5, 0.1, 0.4]) == {0, 1}
    # The summary fits best: it is withheld alone, not every message it covers.
    assert _one_matter(items, [0.4, None, 0.3, 0.1, 1.0]) == {4}
    assert _one_matter(items, [0.2, None, 0.1, 0.0, 0.25]) == set()  # nothing leans towards the request


def test_the_command_line_says_a_request_stands_in_the_language_it_was_asked_in():
    from io import StringIO

    from django.core.management import call_command

    tell_history()
    out = StringIO()
    call_command("memory", "remember", "--user", USER, VAGUE_REQUEST, stdout=out)
    assert "nothing matched; the forget request stands" in out.getvalue()
    assert StandingForgetRequest.objects.filter(user_id=USER).count() == 1


def test_when_the_question_cannot_be_embedded_a_standing_request_still_guards(monkeypatch):
    from memory_app import embedding

    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    working = embedding.embed_query_safely
    unembedded = ("Where do we go once the owner has sold our flat?",
                  "Which running shoes would suit my half marathon training?")
    monkeypatch.setattr(embedding, "embed_query_safely", lambda text: None if text in unembedded else working(text))
    context = service.before_turn(USER, unembedded[0])  # recalled by words alone, every request taken as meant
    assert EVICTION in turns_of(context.candidates)
    assert EVICTION not in turns_of(context.memories) and "selling" not in context.block
    other = service.before_turn(USER, unembedded[1])
    assert "t3" in turns_of(other.memories)  # what fits no standing request is injected as before


def test_standing_requests_cost_no_statement_on_a_question_they_are_not_about():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def statements(user: str) -> int:
        question = "Which running shoes would suit my half marathon training?"
        service.before_turn(user, question)  # warm: caches and the user's matrix
        with CaptureQueriesContext(connection) as reads:
            service.before_turn(user, question)
        return len(reads.captured_queries)

    for user in ("plain", USER):
        for number, text in enumerate(HISTORY):
            service.after_turn(user, text, session_id="s1", turn_id=f"t{number}")
    ask_to_forget(VAGUE_REQUEST)
    assert StandingForgetRequest.objects.filter(user_id=USER).exists()
    assert statements(USER) == statements("plain")


def test_a_turn_reads_standing_requests_only_after_they_change_and_many_cost_no_more_than_one():
    import numpy as np
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from memory_app.providers import get_embedder

    table = StandingForgetRequest._meta.db_table

    def ask() -> tuple[int, int, object]:
        """(statements, of which reading standing requests, context) of one question about the request."""
        with CaptureQueriesContext(connection) as captured:
            context = service.before_turn(USER, ABOUT_IT)
        statements = [query["sql"] for query in captured.captured_queries]
        return len(statements), sum(table in sql for sql in statements), context

    tell_history()
    ask_to_forget(VAGUE_REQUEST)
    assert ask()[1] == 1  # the first turn after the request reads it
    one_request, reads, context = ask()
    assert reads == 0 and EVICTION not in turns_of(context.memories)  # then it is cached, and still guards

    unrelated = np.random.default_rng(7).normal(size=(60, get_embedder().dim))
    for number, vector in enumerate(unrelated):
        StandingForgetRequest.objects.create(user_id=USER, turn_id=f"x{number}", vector=vector.tolist(),
                                             embedding_model=get_embedder().name, asked_at=timezone.now())
    assert ask()[1] == 1  # read again once, as they changed
    many_requests, reads, context = ask()
    assert reads == 0 and many_requests == one_request
    assert EVICTION not in turns_of(context.memories) and "selling" not in context.block


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_a_version_to_users_who_already_have_standing_requests():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from memory_app.models import SearchIndexState

    before = [("memory_app", "0016_standing_forget_request")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    historical = executor.loader.project_state(before).apps.get_model("memory_app", "StandingForgetRequest")
    historical.objects.create(tenant="default", user_id="asked-before", vector=[0.6, 0.8], embedding_model="any")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert SearchIndexState.objects.get(user_id="asked-before").standing_version != 0
    assert not SearchIndexState.objects.filter(standing_version__gt=0).exclude(user_id="asked-before").exists()


CONFIDED_HISTORY = [
    "I restore old sailing dinghies in my garage, two of them are nearly done",
    "Just between us, I failed my driving test twice before I passed, my brother still thinks I passed first time",
    "My daughter Ilse starts violin lessons on Saturdays",
    "I'm allergic to penicillin",
    "Our hatchback needs new brake pads before the winter",
]
CONFIDED = "c1"


def test_a_standing_request_withholds_the_confidence_it_fits_best_from_every_prompt(settings):
    # Short histories let a lone confidence stand out enough to be erased (forget_matching.confided_message):
    # that rule is off here, so the request finds nothing and stands.
    settings.CHATMEM_FORGET_CONFIDED_Z = 99
    for number, text in enumerate(CONFIDED_HISTORY):
        service.after_turn(USER, text, session_id="s1", turn_id=f"c{number}")
    service.after_turn(USER, "Please drop what I said about my money worries.", session_id="s2", turn_id="f1")
    entry = Turn.objects.get(user_id=USER, turn_id="f1").outcome["forgotten"][0]
    assert entry["items"] == [] and entry["standing"] is True
    assert StandingForgetRequest.objects.get(user_id=USER).guarded_turns == [["s1", CONFIDED]]

    # A question that is not about the request at all still gets nothing of the confidence.
    context = service.before_turn(USER, "How did my driving test go, and what does my car need before winter?")
    assert CONFIDED in turns_of(context.candidates)  # stored and findable
    assert CONFIDED not in turns_of(context.memories) and "failed" not in context.block
    assert "c4" in turns_of(context.memories)  # the rest of memory as before
    assert "withheld" in context.gate["reason"]
    rows = exports.export_user_data("default", USER, actor="test")["standing_forget_requests"]
    assert rows[0]["withholds_turns"] == [["s1", CONFIDED]]


@pytest.mark.django_db
def test_a_request_of_another_embedder_still_withholds_its_confidence(settings):
    """After a switch of embedder (``memory reembed``) a standing request's vector cannot be compared any more, but
    the message it withholds is named by its turn, which needs no vector."""
    from memory_app import forget_guard

    settings.CHATMEM_FORGET_CONFIDED_Z = 99
    for number, text in enumerate(CONFIDED_HISTORY):
        service.after_turn(USER, text, session_id="s1", turn_id=f"c{number}")
    service.after_turn(USER, "Please drop what I said about my money worries.", session_id="s2", turn_id="f1")
    StandingForgetRequest.objects.filter(user_id=USER).update(embedding_model="an-embedder-no-longer-configured")
    forget_guard._cache.clear()  # as a restart with the new embedder would

    context = service.before_turn(USER, "How did my driving test go, and what does my car need before winter?")
    assert CONFIDED in turns_of(context.candidates)
    assert CONFIDED not in turns_of(context.memories) and "failed" not in context.block
    assert "c4" in turns_of(context.memories)
