"""ramiscore/postgresql: a kept connection is asked "SELECT 1" only after a rest, and one
that PostgreSQL dropped is replaced without the next visitor seeing an error once it has
rested; within the trust it fails one request and is replaced after it."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, connections

pytestmark = pytest.mark.django_db

TRUSTED_FOR = 5.0


@pytest.fixture
def kept():
    """A connection of the site's own backend, as a server thread keeps it between
    requests (outside the test's transaction), its health checks counted."""
    if connection.vendor != "postgresql":
        pytest.skip("the site's PostgreSQL backend: runs on PostgreSQL (CI sets DATABASE_URL)")
    wrapper = connections.create_connection("default")
    wrapper.asked = 0
    usable = wrapper.is_usable

    def counted():
        wrapper.asked += 1
        return usable()

    wrapper.is_usable = counted
    request(wrapper)  # the connection opened by a first request
    yield wrapper
    wrapper.close()


def request(wrapper) -> int:
    """One request as Django runs it: its connections looked at as it starts and ends
    (close_old_connections, then the backend's own receivers of request_started and
    request_finished), one query in between. The backend's process id it ran on."""
    wrapper.close_if_unusable_or_obsolete()
    wrapper.serving_a_request = True
    try:
        return backend_pid(wrapper)
    finally:
        wrapper.close_if_unusable_or_obsolete()
        wrapper.serving_a_request = False


def worker_turn(wrapper) -> int:
    """One turn of the background worker's loop: close_old_connections, no request."""
    wrapper.close_if_unusable_or_obsolete()
    try:
        return backend_pid(wrapper)
    finally:
        wrapper.close_if_unusable_or_obsolete()


def backend_pid(wrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_connection_used_a_moment_ago_is_not_asked_again(kept):
    asked = kept.asked
    for _request in range(5):
        request(kept)
    assert kept.asked == asked  # five requests, no "SELECT 1" before any of them


def test_a_connection_rested_longer_is_asked_before_it_is_used(kept):
    asked = kept.asked
    kept.used_without_error_at -= TRUSTED_FOR + 1  # as if its last request were 6 s ago
    request(kept)
    assert kept.asked == asked + 1
    request(kept)
    assert kept.asked == asked + 1  # used again at once: trusted


def test_a_connection_dropped_while_it_rested_is_replaced_unseen(kept):
    dropped = request(kept)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [dropped])
    kept.used_without_error_at -= TRUSTED_FOR + 1
    assert request(kept) != dropped  # checked, found dead, opened afresh: no error


def test_a_connection_dropped_within_the_trust_fails_one_request_then_is_replaced(kept):
    dropped = request(kept)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [dropped])
    with pytest.raises(DatabaseError):
        request(kept)
    assert request(kept) != dropped  # closed after the error, opened afresh


def test_the_worker_is_asked_each_turn_and_reconnects_after_a_restart(kept):
    # django-tasks-db's loop looks at its connection every second, outside any request: a
    # PostgreSQL restarted under it must be reconnected to, not an error that ends it.
    dropped = worker_turn(kept)
    asked = kept.asked
    worker_turn(kept)
    assert kept.asked == asked + 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [dropped])
    assert worker_turn(kept) != dropped  # no error


def test_the_backend_hears_when_a_request_starts_and_ends():
    from django.core.signals import request_finished, request_started

    from ramiscore.postgresql import base

    started, _async = request_started._live_receivers(None)
    finished, _async = request_finished._live_receivers(None)
    # What tells the backend a request is being served, then over.
    assert base._request_started in started and base._request_finished in finished
