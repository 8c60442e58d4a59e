"""Each token, and each address without one, may ask so many times per period; then a 429
that says how long to wait."""

from __future__ import annotations

import pytest

from tests.api.conftest import bearer

pytestmark = pytest.mark.django_db


def test_past_its_allowance_a_token_gets_a_429_with_retry_after(client, settings, event, token_for):
    settings.API_RATE_TOKEN = "3/m"
    secret = token_for(event.club, "read")
    other = token_for(event.club, "read")
    answers = [client.get(f"/api/v1/events/{event.pk}", **bearer(secret)) for _ in range(4)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert int(refused["Retry-After"]) >= 1
    assert refused.json()["detail"].startswith("Too many requests: wait ")
    # Another token has its own allowance.
    assert client.get(f"/api/v1/events/{event.pk}", **bearer(other)).status_code == 200


def test_anonymous_readers_have_an_allowance_per_address(client, settings, event):
    settings.API_RATE_ANONYMOUS = "2/m"
    codes = [client.get(f"/api/v1/events/{event.pk}").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
