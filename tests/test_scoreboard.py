"""What the public pages say about a game: options in plain words, statuses, amounts."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from tournaments.models import Game
from tournaments.rules import make_variant
from tournaments.scoreboard import (
    game_status,
    how_label,
    key_options,
    labelled,
    money,
    options_line,
)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("slug", "options", "expected"),
    [
        ("rami-penalites", {}, ["ends at 100 points, lowest total wins", "ace counts 11"]),
        ("rami-traditionnel", {"ace_value": 1}, ["first to 500 points", "ace counts 1"]),
        ("rummy", {}, ["settled hand by hand", "ace counts 1"]),
        ("rami-jokers", {}, ["5 deals", "lowest total wins", "ace counts 11", "4 jokers"]),
        ("gin-rami", {}, ["1 deal", "lowest total wins", "ace counts 1", "knock with 9 or less"]),
        ("gin-rummy", {}, ["first to 100 points", "ace counts 1", "knock with 10 or less"]),
        (
            "gin-rummy",
            {"mode": "multi_game"},
            ["match of 3 games to 100", "ace counts 1", "knock with 10 or less"],
        ),
        (
            "rami-penalites",
            {"number_of_deals": 8, "target": 200},
            ["ends at 200 points, lowest total wins", "8 deals", "ace counts 11"],
        ),
    ],
)
def test_key_options_in_plain_words(slug, options, expected):
    assert key_options(make_variant(slug, options)) == expected


def test_the_options_line_joins_name_options_and_extras():
    line = options_line("Rummy", make_variant("rummy"), "pot 10.00 €")
    assert line == "Rummy · settled hand by hand · ace counts 1 · pot 10.00 €"


def test_money_is_written_with_cents_in_the_language_of_the_page():
    assert money(Decimal("12.5")) == "12.50 €"
    with translation.override("fr"):
        assert money(Decimal("1234.5")).startswith("1")
        assert "234,50" in money(Decimal("1234.5"))


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, "not_started"),
        ({"hands_played": 2}, "in_play"),
        ({"hands_played": 2, "has_provisional_hands": True}, "awaiting_confirmation"),
        ({"hands_played": 5, "finished": True}, "finished"),
        ({"hands_played": 3, "finished": True, "closed": True}, "closed"),
    ],
)
def test_a_game_status_follows_its_derived_fields(fields, expected):
    assert game_status(Game(**fields)) == expected


def test_an_undercut_has_its_own_label():
    assert [how_label(code) for code in ("going_out", "undercut", "knock", "draw")] == [
        "went out",
        "undercut",
        "knocked",
        "draw",
    ]


def test_money_in_french_has_a_comma_and_the_euro_sign():
    with translation.override("fr"):
        assert money(Decimal("8")) == "8,00 €"


def test_the_money_filter_of_the_tournament_pages_is_the_same_helper():
    from tournaments.templatetags.tournament_format import money as money_filter

    with translation.override("fr"):
        assert money_filter(Decimal("54")) == money(Decimal("54")) == "54,00 €"
        assert money_filter(None) == ""


def test_a_name_and_its_value_read_with_the_colon_of_the_language():
    assert labelled("Bernard", 27) == "Bernard: 27"
    with translation.override("fr"):
        assert labelled("Bernard", 27) == "Bernard : 27"
