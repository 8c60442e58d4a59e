"""An event's history as the archive reads it: every record, in queries whose plan cannot
turn into one subquery run per history row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.archive_support import export, rich_event

pytestmark = pytest.mark.django_db


def test_the_history_is_read_by_the_ids_of_the_events_games_and_seats(club, organiser):
    """A subquery in these filters let PostgreSQL, whose statistics said the tables were
    empty, run it again for each history row: 20 s for one event (CI, stop 32)."""
    event = rich_event(club, organiser)
    with CaptureQueriesContext(connection) as queries:
        export(event)
    history = [q["sql"] for q in queries if 'FROM "tournaments_historical' in q["sql"]]
    assert len(history) == 3
    for sql in history:
        assert sql.count("SELECT") == 1, sql
