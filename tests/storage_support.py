"""What the memory layer keeps, as one text: a test can then say a value is nowhere in the database."""
from memory_app.models import Memory, MemoryEvent, SessionSummary, Snippet, Turn


def everything_stored_as_text() -> str:
    rows = []
    for model in (Memory, MemoryEvent, Snippet, SessionSummary, Turn):
        for row in model.objects.all().values():
            rows.append(str({key: value for key, value in row.items() if key != "embedding"}))
    return "\n".join(rows)
