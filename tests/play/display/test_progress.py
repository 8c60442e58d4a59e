"""Progress towards a game's end, as percentages for progress bars."""

from __future__ import annotations

import pytest

from tournaments.play.display.progress import Bar, game_progress, percent
from tournaments.rules import make_variant


@pytest.mark.parametrize(
    ("value", "limit", "expected"),
    [
        (0, 100, 0),
        (50, 100, 50),
        (99, 100, 99),
        (100, 100, 100),
        (140, 100, 100),
        (-20, 100, 0),
        (1, 3, 33),
        (2, 3, 66),
        (5, 0, 100),
    ],
)
def test_percent_is_clamped_and_reaches_100_only_at_the_limit(value, limit, expected):
    assert percent(value, limit) == expected


def test_a_penalty_target_measures_how_close_each_player_is_to_the_losing_limit():
    progress = game_progress(make_variant("rami-penalites"), {"Anne": 45, "Bruno": 120}, 3)
    assert progress.target == 100 and progress.penalty
    assert progress.players == {"Anne": Bar(45, 100, 45), "Bruno": Bar(120, 100, 100)}
    assert progress.deals is None and progress.has_bars


def test_a_winning_target_measures_progress_towards_victory():
    progress = game_progress(make_variant("rami-traditionnel"), {"Anne": 125, "Bruno": 0}, 2)
    assert not progress.penalty
    assert progress.players["Anne"] == Bar(125, 500, 25)
    assert progress.players["Bruno"].percent == 0


def test_negative_totals_give_an_empty_bar():
    variant = make_variant("rummy", {"target": 200})
    progress = game_progress(variant, {"Anne": -60, "Bruno": 60}, 4)
    assert progress.players["Anne"].percent == 0 and progress.players["Bruno"].percent == 30


def test_a_number_of_deals_gives_one_bar_for_the_game():
    progress = game_progress(make_variant("rami-jokers"), {"Anne": -50, "Bruno": 30}, 3)
    assert progress.players == {}
    assert progress.deals == Bar(3, 5, 60)
    assert progress.penalty and progress.has_bars


def test_the_deals_bar_stops_at_the_number_of_deals():
    progress = game_progress(make_variant("gin-rami"), {"Anne": 0, "Bruno": 12}, 1)
    assert progress.deals == Bar(1, 1, 100)


def test_a_target_and_a_number_of_deals_give_both_bars():
    variant = make_variant("rami-penalites", {"number_of_deals": 10})
    progress = game_progress(variant, {"Anne": 30}, 4)
    assert progress.players["Anne"] == Bar(30, 100, 30)
    assert progress.deals == Bar(4, 10, 40)


def test_rummy_without_a_target_has_no_bar():
    progress = game_progress(make_variant("rummy"), {"Anne": 40, "Bruno": -40}, 6)
    assert progress.players == {} and progress.deals is None
    assert not progress.has_bars


def test_gin_rummy_goes_towards_its_target():
    progress = game_progress(make_variant("gin-rummy"), {"Anne": 64, "Bruno": 20}, 5)
    assert progress.players["Anne"] == Bar(64, 100, 64) and not progress.penalty
