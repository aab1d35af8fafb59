"""Several reads of one turn in one statement: on PostgreSQL every statement is a round trip."""


def union_all(querysets):
    """The rows of every queryset (each tagged by the caller, e.g. with ``Value(position)``) from one statement."""
    return querysets[0].union(*querysets[1:], all=True) if len(querysets) > 1 else querysets[0]
