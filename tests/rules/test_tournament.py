"""Tournament points per game: places at the table, then the event's points by place."""

from __future__ import annotations

from decimal import Decimal

from tournaments.rules.tournament import places, tournament_points


def test_tied_totals_share_the_better_place():
    assert places(["A", "B", "C"], {"A": 10, "B": 10, "C": 30}) == {"A": 1, "B": 1, "C": 3}


def test_tied_players_share_the_points_of_the_places_they_occupy():
    points = tournament_points(
        ranking=["A", "B", "C"], ranks={"A": 1, "B": 1, "C": 3}, scale=[3, 1]
    )
    assert points == {"A": Decimal("2.00"), "B": Decimal("2.00"), "C": Decimal("0.00")}


def test_a_win_when_time_is_up_may_be_worth_less():
    ranks = {"A": 1, "B": 2}
    kwargs = {"ranking": ["A", "B"], "ranks": ranks, "scale": [3, 1], "win_at_time": 2}
    assert tournament_points(**kwargs)["A"] == Decimal("3.00")
    assert tournament_points(**kwargs, ended_by_closing=True)["A"] == Decimal("2.00")


def test_three_tied_for_two_places_get_a_third_each_to_the_cent():
    ranks = {"A": 1, "B": 1, "C": 1}
    points = tournament_points(ranking=["A", "B", "C"], ranks=ranks, scale=[1])
    assert points == dict.fromkeys("ABC", Decimal("0.33"))
