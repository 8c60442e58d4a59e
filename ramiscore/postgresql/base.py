"""Django's PostgreSQL backend, whose connections are health-checked only after a rest.

With CONN_HEALTH_CHECKS, Django asks a kept connection "SELECT 1" before the first query of
every request: a second round trip to PostgreSQL for a poll whose whole work is one indexed
query (issue 25: a fifth of a busy worker's time, at 5,000 phones, went to it). A connection
that a request used without error a few seconds ago is trusted instead; one that has rested
longer (the night's quiet spells, a laptop woken up, the server restarted meanwhile) is
checked as before. What this gives up: PostgreSQL restarted while its connections are busy
fails the next request of each of them (a "busy, try again" page, the phone's entry kept
and sent again), as the requests it cut short would have failed anyway; each is then closed
at its request's end (Django's own check after an error) and opened afresh.

Only web requests trust: the background worker (django-tasks-db's loop) looks at its
connection every second outside any request, and is checked as Django checks it, so that
PostgreSQL restarted under it is reconnected to rather than an error that ends the worker.
"""

from __future__ import annotations

import time

from django.core.signals import request_finished, request_started
from django.db import connections
from django.db.backends.postgresql import base

# Seconds a connection used without error by a request is trusted without being asked again.
TRUSTED_FOR = 5.0


class DatabaseWrapper(base.DatabaseWrapper):
    used_without_error_at = -TRUSTED_FOR  # never, for a new connection
    serving_a_request = False  # between request_started and request_finished
    health_check_done: bool  # Django's: this request's connection was looked at already

    def close_if_health_check_failed(self) -> None:
        if (
            self.serving_a_request
            and self.connection is not None
            and not self.health_check_done
            and time.monotonic() - self.used_without_error_at < TRUSTED_FOR
        ):
            self.health_check_done = True  # as if asked: used without error a moment ago
        super().close_if_health_check_failed()

    def close_if_unusable_or_obsolete(self) -> None:
        # Called as each request starts and ends: a connection that this request used (its
        # first query sets health_check_done) and left without an error worked just now.
        used = self.connection is not None and self.health_check_done and not self.errors_occurred
        super().close_if_unusable_or_obsolete()
        if used and self.serving_a_request and self.connection is not None:
            self.used_without_error_at = time.monotonic()


def _serving(serving: bool) -> None:
    # This thread's connections (each thread has its own).
    for connection in connections.all(initialized_only=True):
        if isinstance(connection, DatabaseWrapper):
            connection.serving_a_request = serving


def _request_started(**kwargs: object) -> None:
    _serving(True)


def _request_finished(**kwargs: object) -> None:
    _serving(False)


# request_finished's own close_old_connections (connected when django.db was imported, so
# before this) runs first and marks the connection used; this then ends the request.
request_started.connect(_request_started, dispatch_uid="ramiscore.postgresql.started")
request_finished.connect(_request_finished, dispatch_uid="ramiscore.postgresql.finished")
