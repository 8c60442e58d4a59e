"""The season championship's rule, alone: points by place, best N nights, tie-breaks."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.rules.season import (
    PLACES,
    TOURNAMENT_POINTS,
    NightEntry,
    Place,
    as_decimal,
    counted_nights,
    night_points,
    rank_season,
    shared_points,
)

SCALE = [10, 8, 6, 5]


@pytest.mark.parametrize(
    ("place", "tied", "expected"),
    [
        (1, 1, 10),
        (2, 2, 7),  # (8 + 6) / 2
        (3, 3, Fraction(11, 3)),  # (6 + 5 + 0) / 3
        (5, 1, 0),  # past the scale
        (1, 4, Fraction(29, 4)),
    ],
)
def test_tied_players_share_the_points_of_the_places_they_occupy(place, tied, expected):
    assert shared_points(SCALE, place, tied) == expected


def test_a_club_night_adds_the_points_of_every_table_finished():
    entry = NightEntry((Place(1, 1, 4), Place(3, 1, 4)), Decimal("4.00"))
    assert night_points(entry, scoring=PLACES, scale=SCALE) == 16
    assert night_points(entry, scoring=TOURNAMENT_POINTS, scale=SCALE) == 4


def test_best_n_keeps_the_best_nights_and_the_earliest_among_equals():
    points = {"a": Fraction(6), "b": Fraction(10), "c": Fraction(6), "d": Fraction(1)}
    assert counted_nights(points, 2, ["a", "b", "c", "d"]) == {"b", "a"}
    assert counted_nights(points, None, ["a", "b", "c", "d"]) == set(points)
    assert counted_nights(points, 9, ["a", "b", "c", "d"]) == set(points)


def entries(**nights_by_player):
    """Player -> {night: place}: one place at one table of four each night."""
    return {
        player: {night: NightEntry((Place(place, 1, 4),)) for night, place in nights.items()}
        for player, nights in nights_by_player.items()
    }


def test_players_are_ranked_by_points_then_nights_played_then_best_night():
    found = rank_season(
        entries(
            Anne={"n1": 1, "n2": 4},  # 15 points in 2 nights, best 10
            Bruno={"n1": 3, "n2": 3, "n3": 4},  # 17
            Chloe={"n1": 2, "n2": 2, "n3": 5},  # 16 in 3 nights
            Denis={"n2": 1, "n3": 4},  # 15 in 2 nights, best 10: level with Anne
            Eve={"n1": 4, "n2": 2, "n3": 6},  # 5 + 8 + 0 = 13
        ),
        scoring=PLACES,
        scale=SCALE,
        best_of=None,
        order=["n1", "n2", "n3"],
    )
    assert [(line.player, line.place, line.total) for line in found] == [
        ("Bruno", 1, 17),
        ("Chloe", 2, 16),
        ("Anne", 3, 15),
        ("Denis", 3, 15),
        ("Eve", 5, 13),
    ]
    assert [line.tied for line in found] == [False, False, True, True, False]


def test_more_nights_played_beats_a_better_best_night_on_equal_points():
    found = rank_season(
        entries(Anne={"n1": 1}, Bruno={"n1": 4, "n2": 4}),  # 10 in 1 night, 10 in 2
        scoring=PLACES,
        scale=SCALE,
        best_of=None,
        order=["n1", "n2"],
    )
    assert [line.player for line in found] == ["Bruno", "Anne"]
    assert [line.place for line in found] == [1, 2]


def test_only_the_best_n_nights_count_but_every_night_is_played():
    (line,) = rank_season(
        entries(Anne={"n1": 4, "n2": 1, "n3": 2}),
        scoring=PLACES,
        scale=SCALE,
        best_of=2,
        order=["n1", "n2", "n3"],
    )
    assert line.total == 18 and line.nights_played == 3
    assert line.counted == {"n2", "n3"}
    assert line.points == {"n1": 5, "n2": 10, "n3": 8}


def test_an_unknown_scoring_is_refused():
    with pytest.raises(ValueError, match="Unknown season scoring"):
        rank_season({}, scoring="elo", scale=SCALE, best_of=None, order=[])


def test_points_read_to_the_hundredth():
    assert as_decimal(Fraction(19, 3)) == Decimal("6.33")
