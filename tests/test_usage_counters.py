"""Usage counters: every item placed in a prompt is counted and stamped, and on PostgreSQL that update stays on
the row's heap page (HOT), so a read does not insert into every index of the table (the HNSW graph included)."""
from datetime import timedelta

import numpy as np
import pytest
from django.db import connection, transaction
from django.utils import timezone

from memory_app import actions
from memory_app.conf import app_settings
from memory_app.models import Memory, Snippet
from memory_app.pgindex import COUNTER_TABLE_FILLFACTOR

ROWS = 24  # enough full-width rows (a vector each) to fill several heap pages


def _seed(user_id: str) -> tuple[list[Memory], list[Snippet]]:
    """Rows as wide as real ones: each with a vector of the configured dimension."""
    vectors = np.random.default_rng(7).standard_normal((2 * ROWS, app_settings.EMBEDDING_DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    dim = app_settings.EMBEDDING_DIM
    memories = Memory.objects.bulk_create([
        Memory(user_id=user_id, kind="fact", key=f"garden.bed{index}", value=f"bed {index} has leeks",
               text=f"Raised bed {index} grows leeks this spring.", confidence=0.9, embedding=vectors[index],
               embedding_dim=dim) for index in range(ROWS)])
    snippets = Snippet.objects.bulk_create([
        Snippet(user_id=user_id, text=f"I watered bed {index} twice this week.", embedding=vectors[ROWS + index],
                embedding_dim=dim) for index in range(ROWS)])
    return memories, snippets


def test_each_use_counts_once_and_stamps_the_time(db):
    memories, snippets = _seed("gardener")
    first, second = timezone.now() - timedelta(minutes=5), timezone.now()
    actions.record_reads(memories[:2], actor="test", purpose="injected")
    actions.record_snippet_use([snippet.pk for snippet in snippets[:2]], first)
    actions.record_reads(memories[:1], actor="test", purpose="injected")
    actions.record_snippet_use([snippets[0].pk], second)

    assert [m.access_count for m in Memory.objects.filter(pk__in=[m.pk for m in memories[:3]]).order_by("pk")] == [2, 1, 0]
    counted = Snippet.objects.in_bulk([snippet.pk for snippet in snippets[:3]])
    assert [counted[s.pk].access_count for s in snippets[:3]] == [2, 1, 0]
    assert [counted[s.pk].last_accessed_at for s in snippets[:3]] == [second, first, None]
    assert Memory.objects.get(pk=memories[2].pk).last_accessed_at is None


TABLES = {"memory_app_memory": Memory, "memory_app_snippet": Snippet}


def _row_updates(table: str) -> tuple[int, int]:
    """This transaction's row updates and HOT updates of a table (pg_stat_xact_*: no flush to wait for)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = %s", [table])
        return cursor.fetchone()


def _one_row_per_page(table: str, ids: list[int]) -> list[int]:
    """A page has room for one new row version until it is pruned, and a version written by the transaction
    still running cannot be pruned: so one transaction can update in place at most one row per page."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT DISTINCT ON ((ctid::text::point)[0]) id FROM {table} WHERE id = ANY(%s) "
                       "ORDER BY (ctid::text::point)[0], id", [ids])
        return [row_id for (row_id,) in cursor.fetchall()]


def _read_once(memory_ids: list[int], snippet_ids: list[int]) -> dict[str, tuple[int, int]]:
    """Count a use of these items as before_turn does; the row updates and HOT updates it made, per table."""
    before = {table: _row_updates(table) for table in TABLES}
    actions.record_reads(Memory.objects.filter(pk__in=memory_ids), actor="test", purpose="injected")
    actions.record_snippet_use(snippet_ids, timezone.now())
    return {table: tuple(after - earlier for after, earlier in zip(_row_updates(table), before[table]))
            for table in TABLES}


def _require_postgres(db_vendor):
    if db_vendor != "postgresql":
        pytest.skip("HOT updates and fillfactor are PostgreSQL's")


def _spread(memories, snippets) -> tuple[list[int], list[int]]:
    return (_one_row_per_page("memory_app_memory", [m.pk for m in memories]),
            _one_row_per_page("memory_app_snippet", [s.pk for s in snippets]))


@pytest.mark.parametrize("fillfactor, in_place", [(None, True), (100, False)], ids=["migrated-layout", "packed-pages"])
def test_counter_updates_stay_on_their_page_on_postgres(db_vendor, fillfactor, in_place):
    _require_postgres(db_vendor)
    with connection.cursor() as cursor:
        if fillfactor:  # the layout before migration 0008: pages packed full, no room for a new row version
            for table in TABLES:
                cursor.execute(f"ALTER TABLE {table} SET (fillfactor = {fillfactor})")
        else:
            cursor.execute("SELECT relname, reloptions FROM pg_class WHERE relname = ANY(%s)", [list(TABLES)])
            assert {name: options for name, options in cursor.fetchall()} == dict.fromkeys(
                TABLES, [f"fillfactor={COUNTER_TABLE_FILLFACTOR}"])
    memory_ids, snippet_ids = _spread(*_seed("gardener"))
    assert len(memory_ids) >= 3 and len(snippet_ids) >= 3, "the rows should span several pages"

    counted = _read_once(memory_ids, snippet_ids)

    for table, ids in (("memory_app_memory", memory_ids), ("memory_app_snippet", snippet_ids)):
        updates, hot = counted[table]
        assert updates == len(ids)
        if in_place:
            assert hot == len(ids), f"{table}: {hot} of {len(ids)} counter updates were HOT"
        else:  # a packed page has no room; only a partly filled page may have some (the last one, or one that
            # rows of earlier, rolled-back tests left half empty): never every page
            assert hot < len(ids), f"{table}: packed pages left room for all {hot} updates"


def test_items_used_turn_after_turn_keep_being_updated_in_place(transactional_db, db_vendor):
    """The same memories injected on every turn: each turn commits, the next one prunes the old versions and
    writes its own on the same page again, so the HOT chain goes on (no index entry, turn after turn)."""
    _require_postgres(db_vendor)
    memory_ids, snippet_ids = _spread(*_seed("gardener"))
    for turn in range(4):
        with transaction.atomic():
            counted = _read_once(memory_ids, snippet_ids)
        assert counted == {"memory_app_memory": (len(memory_ids),) * 2,
                           "memory_app_snippet": (len(snippet_ids),) * 2}, f"turn {turn}"
    assert set(Memory.objects.filter(pk__in=memory_ids).values_list("access_count", flat=True)) == {4}
