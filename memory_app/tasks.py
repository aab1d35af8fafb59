"""Background tasks (django-tasks). ImmediateBackend runs them inline (tests, the demo's default);
django-tasks-db's DatabaseBackend + ``manage.py db_worker`` runs them out of the request."""
from django_tasks import task


@task()
def process_turn_task(turn_pk: int) -> dict:
    """Returns the turn's outcome without its values and sentences: a database backend keeps return values in
    rows of its own, where deleting a memory would otherwise have to chase them (the turn row has the full one)."""
    from .actions_forget import without_content
    from .turn_processing import run_turn

    return without_content(run_turn(turn_pk))
