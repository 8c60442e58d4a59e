"""Seasons: the organiser's rule, and standings read from the nights' stored results (a
club night's places at its tables, a tournament's final places)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.factories import ClubFactory, EventFactory, make_game, play
from tests.ratings.test_services import finish
from tests.views.tournament_data import build
from tournaments.models import Hand, Season
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import correct_hand
from tournaments.seasons.selectors.standings import season_standings
from tournaments.seasons.services import save_season
from tournaments.standings.selectors import event_standings

pytestmark = pytest.mark.django_db

OCT = datetime.date(2026, 10, 1)


def season_of(club, **fields) -> Season:
    values = {
        "club": club,
        "name": "Championnat d'automne",
        "starts_on": OCT,
        "ends_on": datetime.date(2026, 12, 31),
        "scoring": "places",
        "points_scale": [10, 8, 6, 5],
        "best_of": None,
    }
    return save_season(**{**values, **fields})


def club_night(club, day: int, tables) -> list:
    event = EventFactory(club=club, date=datetime.date(2026, 10, day), options={"target": 50})
    return [
        make_game(event, players=players, table_number=n) for n, players in enumerate(tables, 1)
    ]


def by_name(standings) -> dict[str, tuple]:
    return {
        standings.names[line.player]: (line.place, line.total, line.nights_played)
        for line in standings.lines
    }


def test_a_club_night_gives_each_player_the_points_of_his_place_at_his_table(club):
    first, second = club_night(club, 2, [("Anne", "Bruno", "Chloé"), ("Denis", "Élodie")])
    finish(first, "Anne", Bruno=10, Chloé=20)  # Anne 1st, Bruno 2nd, Chloé 3rd
    finish(second, "Élodie", Denis=30)  # Élodie wins her table: 1st of the night too
    found = by_name(season_standings(season_of(club)))
    assert found["Anne"][1] == 10 and found["Élodie"][1] == 10
    assert found["Anne"][0] == found["Élodie"][0] == 1
    assert found["Bruno"][1] == 8 and found["Chloé"][1] == 6 and found["Denis"][1] == 8


def test_a_table_still_playing_gives_nothing_yet_and_the_night_shows_in_play(club):
    (game,) = club_night(club, 2, [("Anne", "Bruno", "Chloé")])
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    standings = season_standings(season_of(club))
    assert standings.lines == []
    assert [night.event for night in standings.nights_in_play] == [game.event]


def test_correcting_a_night_moves_the_season(club):
    (game,) = club_night(club, 2, [("Anne", "Bruno", "Chloé")])
    finish(game, "Anne", Bruno=10, Chloé=20)
    season = season_of(club)
    assert by_name(season_standings(season))["Anne"][0] == 1
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    last = Hand.objects.filter(game=game).order_by("-number").first()
    facts = HandFacts("going_out", seats["Bruno"], {seats["Anne"].id: 60, seats["Chloé"].id: 1})
    correct_hand(hand=last, facts=facts, reason="Bruno went out, not Anne")
    found = by_name(season_standings(season))
    assert found["Bruno"][:2] == (1, 10) and found["Anne"][:2] == (3, 6)


def test_a_tournament_counts_once_with_its_final_place(club):
    event, _people = build(6, 2, date=datetime.date(2026, 10, 9), club=club)
    tournament = {row.record.player_id: row for row in event_standings(event)}
    by_points = season_standings(season_of(club, scoring="tournament_points"))
    assert {line.nights_played for line in by_points.lines} == {1}
    for line in by_points.lines:
        assert line.total == tournament[line.player].record.points
    by_places = season_standings(season_of(club, name="Par places"))
    scale = [10, 8, 6, 5]
    for line in by_places.lines:
        place = tournament[line.player].place
        assert line.total == (scale[place - 1] if place <= len(scale) else 0)


def test_only_the_best_nights_count_when_the_organiser_says_so(club):
    for day, winner in ((2, "Bruno"), (9, "Anne"), (16, "Anne")):
        (game,) = club_night(club, day, [("Anne", "Bruno", "Chloé")])
        others = {name: 10 for name in ("Anne", "Bruno", "Chloé") if name != winner}
        finish(game, winner, **others)
    found = by_name(season_standings(season_of(club, best_of=2)))
    assert found["Anne"] == (1, 20, 3)  # 10 + 10; her shared 2nd place (7) left out
    assert found["Bruno"] == (2, 17, 3)  # 10 + 7: tied 2nd with Chloé, (8 + 6) / 2


def test_chosen_events_count_alone(club):
    (counted,) = club_night(club, 2, [("Anne", "Bruno")])
    (other,) = club_night(club, 9, [("Chloé", "Denis")])
    finish(counted, "Anne", Bruno=60)
    finish(other, "Chloé", Denis=60)
    found = by_name(season_standings(season_of(club, events=[counted.event])))
    assert set(found) == {"Anne", "Bruno"}


def test_events_outside_the_dates_are_left_out(club):
    (inside,) = club_night(club, 2, [("Anne", "Bruno")])
    finish(inside, "Anne", Bruno=60)
    outside = EventFactory(club=club, date=datetime.date(2027, 1, 5))
    found = season_standings(season_of(club))
    assert [night.event for night in found.nights] == [inside.event]
    assert outside not in [night.event for night in found.nights]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": "  "}, "name", "Give the season a name."),
        ({"ends_on": datetime.date(2026, 9, 1)}, "ends_on", "comes before the first day"),
        ({"points_scale": []}, "points_scale", "Give the season points for 1st"),
        ({"points_scale": [10, -1]}, "points_scale", "Give the season points for 1st"),
        ({"best_of": 0}, "best_of", "Count at least one night"),
        ({"scoring": "elo"}, "scoring", "Choose how nights give season points."),
    ],
)
def test_a_season_that_makes_no_sense_is_refused_with_the_reason(club, fields, field, message):
    with pytest.raises(ValidationError) as caught:
        season_of(club, **fields)
    assert message in " ".join(caught.value.message_dict[field])
    assert not Season.objects.exists()


def test_chosen_events_must_be_the_clubs_and_within_the_dates(club):
    elsewhere = EventFactory(club=ClubFactory(), date=datetime.date(2026, 10, 2), name="Ailleurs")
    too_late = EventFactory(club=club, date=datetime.date(2027, 2, 1), name="Trop tard")
    with pytest.raises(ValidationError) as caught:
        season_of(club, events=[elsewhere, too_late])
    problems = " ".join(caught.value.message_dict["events"])
    assert "“Ailleurs” belongs to another club." in problems
    assert "“Trop tard”" in problems and "outside the season's dates" in problems


def test_a_season_scored_by_tournament_points_keeps_its_scale(club):
    season = season_of(club, scoring="tournament_points", points_scale=None)
    assert season.points_scale == [10, 8, 6, 5, 4, 3, 2, 1]
    season = season_of(club, season=season, points_scale=[5, 3, 1])
    assert Season.objects.get().points_scale == [5, 3, 1]


def test_tournament_points_of_a_club_night_come_from_its_own_scale(club):
    (game,) = club_night(club, 2, [("Anne", "Bruno", "Chloé")])
    finish(game, "Anne", Bruno=10, Chloé=20)  # the event's scale: 3, 1, 0
    found = by_name(season_standings(season_of(club, scoring="tournament_points")))
    assert found["Anne"][1] == Decimal(3) and found["Bruno"][1] == Decimal(1)
