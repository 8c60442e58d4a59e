"""The API proved from outside: Schemathesis generates requests from the OpenAPI document
(valid and invalid ones), and every answer must be no server error and match the document
(status, content type, body, headers)."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from tests.api.conftest import tables
from tests.factories import PlayerFactory

schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())


@pytest.fixture(autouse=True)
def the_tests_connection_kept_open():
    """Schemathesis calls the WSGI application itself, whose request signals close the
    database connection after each answer (CONN_MAX_AGE 0): on PostgreSQL that is the test's
    own connection, inside its transaction, and the next request finds it closed. Django's
    test client keeps it open the same way, for the same reason."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def club_data(event, token_for):
    """An event with two tables and a season, and a token that may do everything."""
    from tournaments.models import Season

    event.kind = "tournament"
    event.save()
    tables(event, 2)
    PlayerFactory(club=event.club)
    Season.objects.create(club=event.club, name="2026", starts_on=event.date, ends_on=event.date)
    return token_for(event.club, "read", "enter", "organise")


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_every_answer_matches_the_schema_and_none_is_a_server_error(case, club_data, settings):
    settings.API_RATE_TOKEN = settings.API_RATE_ANONYMOUS = "100000/m"
    case.call_and_validate(
        headers={"Authorization": f"Bearer {club_data}"},
        # A hand well formed for the document may still be refused by the rules (a player
        # not at the table, a count the variant forbids): a 400 with its problems is right.
        excluded_checks=[positive_data_acceptance],
    )
