"""The whole test database as text, for "is this word stored anywhere?" checks after a deletion.

Every table the connection can see is read with plain SQL, so rows no Django model describes (task results,
FTS or postings tables, a third-party app's tables) are covered on SQLite and PostgreSQL alike. JSON text is
read back and written again without ASCII escapes: Django stores ``"过敏"`` in a JSON column as ``"\\u8fc7..."``
on SQLite, which a plain substring test would miss.
"""
import json

from django.db import connection


def _readable(cell) -> str:
    if isinstance(cell, memoryview):
        cell = bytes(cell)
    if isinstance(cell, bytes):
        return cell.decode("utf-8", "replace")
    if isinstance(cell, (dict, list)):  # psycopg hands jsonb back parsed
        return json.dumps(cell, ensure_ascii=False)
    text = str(cell)
    if text[:1] in "[{\"":
        try:
            return json.dumps(json.loads(text), ensure_ascii=False)
        except ValueError:
            pass
    return text


def table_names() -> list[str]:
    with connection.cursor() as cursor:
        return connection.introspection.table_names(cursor)


def dump_database() -> dict[str, str]:
    """Each table's rows as one text (table name -> text)."""
    dump = {}
    with connection.cursor() as cursor:
        for table in table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            dump[table] = "\n".join(" | ".join(_readable(cell) for cell in row if cell is not None)
                                    for row in cursor.fetchall())
    return dump


def tables_holding(word: str) -> list[str]:
    """The tables in which ``word`` (case-insensitive) still occurs somewhere."""
    word = word.lower()
    return sorted(table for table, text in dump_database().items() if word in text.lower())
