"""Every request is bounded (issue 26 §1): on PostgreSQL no statement runs longer than
DATABASE_STATEMENT_TIMEOUT (a page past it answers 503, "try again", never hangs a thread);
gunicorn.conf.py ends a request that runs past GUNICORN_TIMEOUT
(tests/ramiscore/test_gunicorn_watchdog.py proves it with a real server)."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection, transaction

from ramiscore.env import database_config
from ramiscore.middleware import BUSY, database_trouble

URL = "postgres://club:s3cret@db.example.org:5432/ramiscore"


def test_postgresql_statements_end_after_30_seconds_unless_told_otherwise() -> None:
    options = database_config(URL)["OPTIONS"]["options"]
    assert "-c statement_timeout=30000" in options
    assert "-c lock_timeout=20000" in options  # waiting for a lock still ends first


def test_the_statement_timeout_is_configurable_and_zero_lifts_it() -> None:
    options = database_config(URL, statement_timeout=120)["OPTIONS"]["options"]
    assert "-c statement_timeout=120000" in options
    assert (
        "statement_timeout" not in database_config(URL, statement_timeout=0)["OPTIONS"]["options"]
    )


def test_sqlite_has_no_such_option() -> None:
    assert "options" not in database_config("sqlite:////tmp/x.sqlite3")["OPTIONS"]


@pytest.mark.django_db
def test_a_statement_past_its_time_is_cancelled_and_answers_busy() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's statement_timeout")
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone()[0] == "30s"
        cursor.execute("SET statement_timeout = '50ms'")  # instead of the site's 30 s
        try:
            with pytest.raises(OperationalError) as cancelled, transaction.atomic():
                cursor.execute("SELECT pg_sleep(5)")
        finally:
            cursor.execute("RESET statement_timeout")
    assert database_trouble(cancelled.value) == BUSY  # the page says "busy, try again": a 503
