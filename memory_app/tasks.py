"""Background tasks (django-tasks). ImmediateBackend runs them inline (tests, the demo's default);
django-tasks-db's DatabaseBackend + ``manage.py db_worker`` runs them out of the request."""
from django_tasks import task


@task()
def process_turn_task(turn_pk: int) -> dict:
    from .turn_processing import run_turn

    return run_turn(turn_pk)
