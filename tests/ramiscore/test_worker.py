"""The background worker on several machines (ramiscore/worker.py): a task whose worker died is
queued again, one whose worker lives is left to it, one that killed its workers is given up;
two workers never share an id. PostgreSQL only (the workers' locks are PostgreSQL's)."""

from __future__ import annotations

import pytest
from django.core.management import get_commands
from django.db import connection
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from ramiscore import worker
from tournaments.federation.services.ranking import rate_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's locks"),
]
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def queue(settings):
    settings.TASKS = DATABASE_QUEUE


def running_on(*worker_ids: str) -> DBTaskResult:
    """A task claimed by each of these workers in turn, the last still running it."""
    task = DBTaskResult.objects.get(pk=rate_game.enqueue(0).id)
    for worker_id in worker_ids:
        task.claim(worker_id)
    return task


def status(task: DBTaskResult) -> str:
    task.refresh_from_db()
    return task.status


def test_a_task_whose_worker_is_gone_is_queued_again(queue):
    task = running_on("killed")
    assert worker.recover_tasks().queued == [str(task.pk)]
    assert status(task) == TaskResultStatus.READY
    assert task.worker_ids == ["killed"]  # who had it stays written


def test_a_task_whose_worker_lives_is_left_to_it_until_it_dies(queue):
    with worker.alive("alive"):
        task = running_on("alive")
        assert worker.recover_tasks().queued == []
        assert status(task) == TaskResultStatus.RUNNING
    # Its connection closed, as when its process is killed.
    assert worker.recover_tasks().queued == [str(task.pk)]


def test_a_task_that_lost_three_workers_is_given_up(queue):
    task = running_on("first", "second", "third")
    recovered = worker.recover_tasks()
    assert (recovered.queued, recovered.failed) == ([], [str(task.pk)])
    assert status(task) == TaskResultStatus.FAILED
    assert task.exception_class_path == "ramiscore.worker.WorkerLost"


def test_a_worker_started_again_with_its_id_queues_what_it_left_running(queue):
    task = running_on("host-1")
    with worker.alive("host-1"):
        assert status(task) == TaskResultStatus.READY


def test_two_live_workers_never_share_an_id(queue):
    with worker.alive("host-1"), pytest.raises(worker.WorkerAlreadyRunning):
        with worker.alive("host-1"):
            pass


def test_a_worker_whose_lock_connection_was_lost_takes_its_lock_again(queue):
    with worker.alive("host-1") as lock:
        assert lock is not None
        with connection.cursor() as cursor:  # as a restart of PostgreSQL would
            cursor.execute("SELECT pg_terminate_backend(%s)", [lock.held.info.backend_pid])
        lock.keep()
        task = running_on("host-1")
        assert worker.recover_tasks().queued == []
        assert status(task) == TaskResultStatus.RUNNING


def test_manage_db_worker_is_the_worker_that_recovers() -> None:
    assert get_commands()["db_worker"] == "tournaments"
