"""A user's index state (``SearchIndexState``): the version every write bumps, the version of their vectors, how
many items are indexed, and the version of their standing forget requests (``forget_guard``). Both indexes read it
on every turn; the keyword index returns it from its own first statement (``PostingsKeywordIndex.prepare``), so
that a turn reads it once."""
from typing import NamedTuple

from django.db import connection

from ..models import SearchIndexState


class IndexState(NamedTuple):
    version: int = 0
    vectors_version: int = 0
    documents: int = 0
    standing_version: int = 0  # 0: no standing forget request


def read_index_state(tenant: str, user_id: str) -> IndexState:
    """The user's state on its own (SQL written out: the ORM took longer to build it); zeros for a user with none."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version, vectors_version, documents, standing_version "
                       f"FROM {SearchIndexState._meta.db_table} "
                       f"WHERE tenant = %s AND user_id = %s", [tenant, user_id])
        row = cursor.fetchone()
    return IndexState(*(value or 0 for value in row)) if row else IndexState()
