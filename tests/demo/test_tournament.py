"""The demo's tournament: two Swiss rounds played through the services, the third in play.
The demo is loaded once for the module (tests/demo/conftest.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.demo import DEMO_TOURNAMENT, load_demo
from tournaments.events.selectors.clock import round_clock
from tournaments.models import Event
from tournaments.rules.clock import RUNNING

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_tournament_with_a_round_in_play(demo, client) -> None:
    load_demo()  # twice: still one tournament
    event = Event.objects.get(name=DEMO_TOURNAMENT)
    assert event.is_tournament and event.seating_method == "swiss"
    rounds = list(event.rounds.order_by("number"))
    assert [r.is_closed for r in rounds] == [True, True, False]
    assert all(game.finished for game in rounds[0].games.all())
    assert rounds[1].games.filter(closed=True).count() == 1  # closed at time
    assert event.registrations.count() == 12
    assert event.registrations.filter(withdrawn=True).count() == 1
    assert sum(len(game.seats.all()) for game in rounds[2].games.all()) == 11

    response = client.get(reverse("tournament:standings", args=[event.id]))
    assert response.status_code == 200
    pool = response.context["standings"].pool
    assert pool.pool == 108  # 12 × 10 € − 10 %
    rows = response.context["table"].rows
    assert sum(row.record["prize"] for row in rows) == pool.pool
    assert rows[0].record["points"] > 0
    page = client.get(reverse("tournament:overview", args=[event.id]))
    assert page.context["current"].round.number == 3


def test_the_demo_round_in_play_has_a_running_clock(demo, client) -> None:
    """A new user sees the round clock after `make run`: on the projector screen, the
    phones and the organiser's page (with a pause in its history)."""
    event = Event.objects.get(name=DEMO_TOURNAMENT)
    current = event.rounds.get(number=3)
    clock = round_clock(current, timezone.now())
    assert clock.state == RUNNING
    assert 32 * 60 < clock.seconds_left <= 33 * 60  # 45 minutes, 14 played, 2 paused
    assert [c.action for c in current.clock_changes.all()] == ["start", "pause", "resume"]
    screen = client.get(reverse("screen", args=[event.id])).content.decode()
    assert 'data-panel="clock"' in screen and 'data-state="running"' in screen
