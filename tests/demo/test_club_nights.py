"""The demo club night that `make run` loads: realistic, scored by the engine, idempotent.
The demo is loaded once for the module (tests/demo/conftest.py)."""

from __future__ import annotations

import pytest

from tests.factories import organisers
from tournaments.demo import DEMO_CLUB, MEMBERS, load_demo
from tournaments.events.services.recompute import recompute_event
from tournaments.models import Club, Event, Game, Hand, Player

pytestmark = pytest.mark.django_db


def test_the_demo_is_a_club_night_with_finished_and_running_tables(demo):
    club = Club.objects.get(name=DEMO_CLUB)
    assert [user.username for user in organisers(club)] == ["demo"]
    assert set(Player.objects.filter(club=club).values_list("name", flat=True)) == set(MEMBERS)
    assert any("'" in name for name in MEMBERS) and max(map(len, MEMBERS)) > 40
    rami, gin = demo.events[:2]
    rami_games = list(rami.games.order_by("table_number"))
    assert {g.variant for g in rami_games} == {"rami-penalites", "rami-traditionnel"}
    assert [g.finished for g in rami_games] == [True, False, False]
    assert all(g.hands_played for g in rami_games)
    traditionnel = next(g for g in rami_games if g.variant == "rami-traditionnel")
    assert traditionnel.pot == 15
    gin_games = list(gin.games.order_by("table_number"))
    assert [g.seats.count() for g in gin_games] == [2, 2]
    assert [g.finished for g in gin_games] == [True, False]
    # A finished table has its winner and a split pot that adds up.
    first = rami_games[0]
    assert first.winner is not None
    assert sum(s.prize for s in first.seats.all()) == first.pot
    # One hand was entered as cards.
    assert Hand.objects.filter(lines__held_cards="KD 7S 3H 3C").exists()


def test_the_demo_rows_are_the_engines(demo):
    totals = {
        game.id: list(game.seats.order_by("position").values_list("total", flat=True))
        for game in Game.objects.all()
    }
    for event in demo.events:
        recompute_event(event)
    assert totals == {
        game.id: list(game.seats.order_by("position").values_list("total", flat=True))
        for game in Game.objects.all()
    }


def test_loading_the_demo_twice_rebuilds_it_and_keeps_the_visitors_events(demo):
    club = Club.objects.get(name=DEMO_CLUB)
    events, games = Event.objects.count(), Game.objects.count()
    mine = Event.objects.create(club=club, name="Mon tournoi", date="2026-12-24")
    load_demo()
    assert Club.objects.filter(name=DEMO_CLUB).count() == 1
    assert Player.objects.filter(club=club).count() == len(MEMBERS)
    assert Event.objects.count() == events + 1
    assert Event.objects.filter(pk=mine.pk).exists()
    assert Game.objects.count() == games


def test_load_demo_prints_the_login_and_the_event_pages(demo):
    text = demo.printed
    rami = Event.objects.get(name="Soirée rami du club")
    assert f"http://127.0.0.1:8000/manage/events/{rami.id}/" in text
    assert f"http://127.0.0.1:8000/events/{rami.id}/" in text
    game = rami.games.first()
    assert f"http://127.0.0.1:8000/games/{game.id}/" in text
    assert "'demo'" in text and "'demo-organiser'" in text


def test_the_demo_organiser_sees_the_demo_pages(demo, client):
    client.login(username="demo", password="demo-organiser")
    for event in demo.events:
        assert client.get(f"/manage/events/{event.id}/").status_code == 200
    assert "Soirée rami du club" in client.get("/manage/").content.decode()
