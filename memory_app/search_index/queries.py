"""The SQL shapes of a turn's reads. On PostgreSQL every statement is a round trip, and one whose text is new
is parsed and planned again: several reads go in one statement, and lists of values are one array parameter."""
from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models.lookups import In
from django.utils.datastructures import OrderedSet


def union_all(querysets):
    """The rows of every queryset (each tagged by the caller, e.g. with ``Value(position)``) from one statement."""
    return querysets[0].union(*querysets[1:], all=True) if len(querysets) > 1 else querysets[0]


class AnyOf(In):
    """``field IN (values)`` whose SQL text does not change with the number of values: on PostgreSQL
    ``field = ANY(%s)`` with one array parameter, so that psycopg prepares the statement once it has run a few
    times (prepare_threshold in chatmem/settings.py); an IN list elsewhere. Used as an expression:
    ``queryset.filter(AnyOf(F("pk"), pks))``."""

    def as_postgresql(self, compiler, connection):
        if not self.rhs_is_direct_value():
            return super().as_sql(compiler, connection)
        lhs, lhs_params = self.process_lhs(compiler, connection)
        values = [value for value in OrderedSet(self.rhs) if value is not None]
        if not values:
            raise EmptyResultSet  # as IN () does: the read is skipped
        _, params = self.batch_process_rhs(compiler, connection, values)
        field = self.lhs.output_field  # text, not varchar(n): a cast to varchar(n) would cut longer values short
        element = "text" if field.get_internal_type() in ("CharField", "TextField") else field.cast_db_type(connection)
        return f"{lhs} = ANY(%s::{element}[])", (*lhs_params, list(params))


def any_of(column: str, values, sql_type: str = "bigint") -> tuple[str, list]:
    """``AnyOf`` for raw SQL: the condition and its parameters (an IN list outside PostgreSQL)."""
    values = list(values)
    if connection.vendor == "postgresql":
        return f"{column} = ANY(%s::{sql_type}[])", [values]
    return f"{column} IN ({', '.join(['%s'] * len(values))})", values
