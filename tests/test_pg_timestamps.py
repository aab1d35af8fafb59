"""PostgreSQL reads timestamps through psycopg's compiled loader (memory_app/pg_timestamps.py): the values and
their time zone must be exactly what Django's own loader gives."""
from datetime import datetime, timedelta, timezone as fixed_offset

import pytest
from django.db import connection

from memory_app.models import Memory

pytestmark = pytest.mark.django_db

SAMPLES = [
    "2031-07-14 09:05:01.5+05:30",
    "1969-12-31 23:59:59.999999-08",
    "2000-02-29 00:00:00+00",
    "2026-03-29 02:30:00+01",
    "1901-01-01 12:00:00.000001+14",
    "9999-12-31 23:59:59+00",
]


@pytest.fixture
def postgresql(db_vendor):
    if db_vendor != "postgresql":
        pytest.skip("a loader of PostgreSQL's driver")


def read_samples(cursor) -> list[datetime]:
    cursor.execute("SELECT unnest(%s::text[])::timestamptz", [SAMPLES])
    return [value for value, in cursor.fetchall()]


def test_cursors_read_timestamps_with_the_compiled_loader(postgresql):
    with connection.cursor() as cursor:
        loader = cursor.cursor.adapters.get_loader(1184, 0)  # timestamptz, text format
        assert loader.__name__ == "CompiledTimestamptzLoader"


def test_timestamps_read_as_djangos_own_loader_reads_them(postgresql):
    from django.db.backends.postgresql.psycopg_any import register_tzloader

    with connection.cursor() as cursor:
        compiled = read_samples(cursor)
    with connection.cursor() as cursor:
        register_tzloader(connection.timezone, cursor.cursor)  # Django's pure-Python loader, on this cursor only
        djangos = read_samples(cursor)
    assert compiled == djangos
    assert [value.tzinfo for value in compiled] == [value.tzinfo for value in djangos]
    assert [value.isoformat() for value in compiled] == [value.isoformat() for value in djangos]
    assert compiled[0] == datetime(2031, 7, 14, 3, 35, 1, 500000, tzinfo=fixed_offset.utc)


def test_a_row_keeps_its_instant_through_a_save_and_a_read():
    said_at = datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=fixed_offset(timedelta(hours=-7)))
    memory = Memory.objects.create(tenant="t", user_id="u", kind="fact", key="k", value="v", text="a plain fact",
                                   confidence=0.9, observed_at=said_at)
    read = Memory.objects.get(pk=memory.pk)
    assert read.observed_at == said_at
    assert read.observed_at.utcoffset() == timedelta(0)
