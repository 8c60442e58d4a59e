"""A variant's options in plain words, as the public pages say them."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.rules import make_variant
from tournaments.words.variants import key_options, options_line


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
