"""PostgreSQL: timestamps read through psycopg's compiled loader.

Django reads every ``timestamptz`` through its own subclass of psycopg's pure-Python loader (a regular expression and
three datetime operations per value, to relabel the result with Django's time zone): a turn reads about 180 of them
(each recalled row's ``observed_at``), 4.7 us each against 0.7 us for the compiled loader psycopg[binary] brings.
This loader hands each value to the compiled one and relabels it as Django's does, so rows read the same."""
from django.db.backends.signals import connection_created


def use_compiled_timestamp_loader(sender=None, connection=None, **kwargs) -> None:
    """connection_created: register the loader on the new connection (a no-op off PostgreSQL, or where psycopg
    has no compiled loader: Django's is as fast as the pure-Python one it wraps)."""
    if connection is None or connection.vendor != "postgresql":
        return
    from psycopg import adapters
    from psycopg.adapt import Loader
    from psycopg.pq import Format

    oid = adapters.types["timestamptz"].oid
    compiled = adapters.get_loader(oid, Format.TEXT)  # psycopg's default: the C class when one is installed
    if compiled is None or compiled.__module__.startswith("psycopg."):
        return
    django_loader = connection.connection.adapters.get_loader(oid, Format.TEXT)

    class CompiledTimestamptzLoader(Loader):
        # Django's create_cursor registers its own loader on a cursor whose connection's loader has another
        # ``timezone``: the same one keeps this loader on every cursor.
        timezone = django_loader.timezone

        def __init__(self, oid: int, context=None):
            super().__init__(oid, context)
            self._load = compiled(oid, context).load

        def load(self, data):
            # The compiled loader gives the time in the session's zone (Django sets it to its own), as the Python
            # one does; Django relabels it with its tzinfo object (or none, without USE_TZ).
            return self._load(data).replace(tzinfo=self.timezone)

    connection.connection.adapters.register_loader(oid, CompiledTimestamptzLoader)


def connect() -> None:
    connection_created.connect(use_compiled_timestamp_loader, dispatch_uid="memory_app.compiled_timestamps")
