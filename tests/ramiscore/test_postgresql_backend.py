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
    wrapper.health_check_enabled = True  # as CONN_HEALTH_CHECKS sets it on the site
    wrapper.asked = 0
    usable = wrapper.is_usable

    def counted():
        wrapper.asked += 1
        return usable()

    wrapper.is_usable = counted
    request(wrapper)  # the connection opened by a first request
    yield wrapper
    wrapper.close()


def request(wrapper, fails: bool = False) -> int:
    """One request as Django runs it: its connections looked at as it starts and ends
    (close_old_connections), one query in between. The backend's process id it ran on."""
    wrapper.close_if_unusable_or_obsolete()
    try:
        with wrapper.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return cursor.fetchone()[0]
    finally:
        wrapper.close_if_unusable_or_obsolete()


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
