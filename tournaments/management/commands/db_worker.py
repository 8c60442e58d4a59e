"""`manage.py db_worker`: django-tasks-db's worker, which also queues again the tasks of a
worker that died (ramiscore/worker.py). Same options; it refuses to start beside a live worker
of the same `--worker-id`."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import CommandError
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands import db_worker

from ramiscore import worker


class Command(db_worker.Command):
    help = "Run the background worker; tasks left running by a worker that died run again."

    def handle(self, *args: Any, **options: Any) -> None:
        if (
            options["reload"]
            and not options["batch"]
            and os.environ.get(DJANGO_AUTORELOAD_ENV) != "true"
        ):
            # The autoreloader's parent only watches the code: its child runs the tasks.
            super().handle(*args, **options)
            return
        try:
            with worker.alive(options["worker_id"]):
                super().handle(*args, **options)
        except worker.WorkerAlreadyRunning as error:
            raise CommandError(str(error)) from error
