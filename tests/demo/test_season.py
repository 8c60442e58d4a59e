"""The demo's season: six past club nights with the same members, the season around them,
and club ratings, all through the real services. The demo is loaded once for the module
(tests/demo/conftest.py)."""

from __future__ import annotations

import pytest

from tournaments.demo import DEMO_CLUB, load_demo
from tournaments.demo.season import DAYS_AGO, DEMO_SEASON
from tournaments.models import Club, Game, RatingUpdate, Season, Seat
from tournaments.ratings.services import recompute_ratings
from tournaments.seasons.selectors.standings import season_standings

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_season_of_six_finished_nights_and_tonights_events(demo):
    club = Club.objects.get(name=DEMO_CLUB)
    season = Season.objects.get(club=club, name=DEMO_SEASON)
    standings = season_standings(season)
    past = [night for night in standings.nights if not night.in_play]
    assert len(past) == len(DAYS_AGO) == 6
    assert all(len(night.entries) >= 8 for night in past)
    assert Game.objects.filter(event__in=[n.event for n in past], finished=False).count() == 0
    assert len(standings.lines) >= 12 and standings.lines[0].place == 1
    assert season.best_of == 5


def test_the_demo_ratings_are_those_of_a_recompute_from_the_games(demo):
    club = Club.objects.get(name=DEMO_CLUB)
    rated_places = Seat.objects.filter(game__event__club=club, game__finished=True).count()
    assert RatingUpdate.objects.filter(player__club=club).count() == rated_places
    stored = sorted(RatingUpdate.objects.values_list("player_id", "game_id", "mu", "sigma"))
    recompute_ratings(club=club)
    assert sorted(RatingUpdate.objects.values_list("player_id", "game_id", "mu", "sigma")) == stored


def test_loading_the_demo_twice_keeps_one_season_and_the_same_ratings(demo):
    first = sorted(RatingUpdate.objects.values_list("player__name", "place", "mu"))
    load_demo()
    assert Season.objects.filter(name=DEMO_SEASON).count() == 1
    assert sorted(RatingUpdate.objects.values_list("player__name", "place", "mu")) == first


def test_load_demo_prints_the_season_page(demo):
    season = Season.objects.get(name=DEMO_SEASON)
    assert f"http://127.0.0.1:8000/seasons/{season.id}/" in demo.printed
