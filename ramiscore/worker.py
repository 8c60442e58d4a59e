"""The background worker on several machines: a task whose worker dies is run again.

django-tasks-db's worker (`manage.py db_worker`) marks a task RUNNING, runs it, then marks it
done. A worker killed in between (kill -9, out of memory, its machine lost) leaves the task
RUNNING for ever: nobody runs it again, and what it was for (a game's federation rating, a
webhook) is silently lost. So each worker holds, for as long as it lives, a PostgreSQL session
lock named after its id, on a connection of its own: PostgreSQL frees it the moment that
connection ends, which is when the process dies (or, for a machine lost, when the server's TCP
keepalives give up on it). Every worker, every WORKER_RECOVERY_SECONDS, looks at the RUNNING
tasks: one whose worker's lock is free has lost its worker, and is queued again (READY) for
the next free worker; one that lost MAX_WORKERS_LOST workers is marked failed instead, so that
a task that kills its worker cannot kill them all in turn.

No clock decides that a worker is dead (a slow PDF is not a dead worker), and no thread has to
keep beating. A task may thus run twice only if its worker's lock connection dropped while the
worker went on: every task of the site is written to be run again safely (the federation
ranking is rebuilt from a game that is already rated, a webhook delivery is taken under its
row's lock, a PDF under its lease). See docs/deploy.md, "Several machines".

On SQLite (one laptop at a venue, one worker) there is nothing to recover from another
machine: both are no-ops there.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import psycopg
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger(__name__)

# A task whose worker died this many times is not tried again (it is what kills them).
MAX_WORKERS_LOST = 3
# The lock's key: a 64-bit hash of the worker's id (ids are unique in a pool of workers).
LOCK_KEY = "hashtextextended(%s, 0)"
# A lost machine's session ends after about 60 + 3 × 10 s of silence, not the system's 2 h.
KEEPALIVES = (
    "SET tcp_keepalives_idle = 60",
    "SET tcp_keepalives_interval = 10",
    "SET tcp_keepalives_count = 3",
)


class WorkerAlreadyRunning(RuntimeError):
    pass


class WorkerLost(RuntimeError):
    """What a task given up after MAX_WORKERS_LOST workers died running it failed with."""


@dataclass
class Recovered:
    queued: list[str] = field(default_factory=list)  # task ids, READY again
    failed: list[str] = field(default_factory=list)  # task ids given up


def recover_tasks(*, own: str = "") -> Recovered:
    """Every RUNNING task whose worker is gone: queued again, or failed when it lost
    MAX_WORKERS_LOST workers. `own`: the calling worker's id, whose tasks a worker that has
    just started knows are orphans (an earlier life of it, with the same id)."""
    recovered = Recovered()
    if connection.vendor != "postgresql":
        return recovered
    with transaction.atomic():
        running = (
            DBTaskResult.objects.running()
            .select_for_update(skip_locked=True)  # a task being finished right now is left
            .order_by()
            .values_list("pk", "worker_ids")
        )
        by_worker: dict[str, list[tuple[str, int]]] = {}
        for task_id, worker_ids in running:
            last = worker_ids[-1] if worker_ids else ""
            by_worker.setdefault(last, []).append((str(task_id), len(worker_ids)))
        with connection.cursor() as cursor:
            for worker_id, tasks in by_worker.items():
                if worker_id != own:
                    # Free for this transaction only: the worker's session no longer holds it.
                    cursor.execute(f"SELECT pg_try_advisory_xact_lock({LOCK_KEY})", [worker_id])
                    if not cursor.fetchone()[0]:
                        continue  # alive, running it
                for task, lost in tasks:
                    (recovered.failed if lost >= MAX_WORKERS_LOST else recovered.queued).append(
                        task
                    )
        DBTaskResult.objects.filter(pk__in=recovered.queued).update(
            status=TaskResultStatus.READY, started_at=None
        )
        DBTaskResult.objects.filter(pk__in=recovered.failed).update(
            status=TaskResultStatus.FAILED,
            finished_at=timezone.now(),
            exception_class_path=f"{WorkerLost.__module__}.{WorkerLost.__qualname__}",
            traceback=f"Its worker died {MAX_WORKERS_LOST} times while running it.",
        )
    for task in recovered.queued:
        logger.warning("Task %s lost its worker: queued again.", task)
    for task in recovered.failed:
        logger.error("Task %s lost %s workers: given up.", task, MAX_WORKERS_LOST)
    return recovered


class WorkerLock:
    """The worker's lock, on a connection of its own (Django may close and reopen the worker's
    connection between tasks; this one stays)."""

    def __init__(self, worker_id: str) -> None:
        self.worker_id = worker_id
        self.held: Any = None  # the psycopg connection holding it

    def take(self) -> None:
        """Raises WorkerAlreadyRunning when a live worker holds it: ids must be unique."""
        self.held = connection.get_new_connection(connection.get_connection_params())
        with self.held.cursor() as cursor:
            for statement in KEEPALIVES:
                cursor.execute(statement)
            cursor.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY})", [self.worker_id])
            taken = cursor.fetchone()[0]
        self.held.commit()  # a session lock outlives the transaction; the session stays idle
        if not taken:
            self.release()
            raise WorkerAlreadyRunning(
                f"A worker with the id {self.worker_id!r} is already running."
            )

    def keep(self) -> None:
        """Takes the lock again if its connection was lost (PostgreSQL restarted, the network
        cut): else the other workers would take this one's every task for an orphan."""
        try:
            with self.held.cursor() as cursor:
                cursor.execute("SELECT 1")
            self.held.commit()
        except psycopg.Error:
            logger.warning("The worker's lock was lost with its connection: taking it again.")
            self.release()
            self.take()

    def release(self) -> None:
        if self.held is not None:
            self.held.close()
            self.held = None


@contextmanager
def alive(worker_id: str, *, every: float | None = None) -> Iterator[WorkerLock | None]:
    """While the block runs (the worker's life): its lock held, the tasks an earlier life of
    it left running queued again, and every `every` seconds (WORKER_RECOVERY_SECONDS), from a
    thread with its own database connections, the lock kept and recover_tasks run. A round
    that fails (the database out of reach for a moment) is skipped: the next one tries again."""
    if connection.vendor != "postgresql":
        yield None
        return
    every = settings.WORKER_RECOVERY_SECONDS if every is None else every
    lock = WorkerLock(worker_id)
    lock.take()
    stop = threading.Event()

    def run() -> None:
        try:
            while not stop.wait(every):
                try:
                    lock.keep()
                    recover_tasks()
                except (DatabaseError, psycopg.Error, WorkerAlreadyRunning) as error:
                    logger.warning("Recovering tasks failed this time: %s", error)
        finally:
            connection.close()  # this thread's own

    thread = threading.Thread(target=run, name="task-recovery", daemon=True)
    try:
        recover_tasks(own=worker_id)
        thread.start()
        yield lock
    finally:
        stop.set()
        if thread.is_alive():
            thread.join()
        lock.release()
