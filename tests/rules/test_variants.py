"""Variants are data: presets with defaults, overridden option by option, validated."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.rules import PRESETS, RulesError, make_variant
from tournaments.rules.hands import count_ceiling


def test_there_are_the_six_presets_of_the_rule_book():
    assert set(PRESETS) == {
        "rami-traditionnel",
        "rami-penalites",
        "rummy",
        "rami-jokers",
        "gin-rami",
        "gin-rummy",
    }


@pytest.mark.parametrize(
    ("slug", "parameter", "default"),
    [
        ("rami-traditionnel", "target", 500),
        ("rami-traditionnel", "ace_value", 11),
        ("rami-penalites", "rami_mode", "plus25"),
        ("rummy", "target", None),
        ("rami-jokers", "number_of_deals", 5),
        ("rami-jokers", "never_melded_penalty", 100),
        ("gin-rami", "knock_max", 9),
        ("gin-rummy", "knock_max", 10),
        ("gin-rummy", "undercut_bonus", 20),
        ("gin-rami", "prize_rule", "gin-rami"),
    ],
)
def test_presets_carry_the_rule_books_defaults(slug, parameter, default):
    assert getattr(make_variant(slug), parameter) == default


def test_a_variant_is_frozen():
    variant = make_variant("rummy")
    with pytest.raises(AttributeError):
        variant.target = 100


def test_the_gin_rummy_system_sets_both_bonuses_and_explicit_bonuses_win():
    variant = make_variant("gin-rummy", {"system": "10/20"})
    assert (variant.undercut_bonus, variant.gin_bonus) == (10, 20)
    variant = make_variant("gin-rummy", {"system": "10/20", "gin_bonus": 30})
    assert (variant.undercut_bonus, variant.gin_bonus) == (10, 30)


@pytest.mark.parametrize(
    ("slug", "options", "words"),
    [
        ("rami-traditionnel", {"rami_bonus": 30}, "unknown option rami_bonus"),
        ("rami-traditionnel", {"ace_value": 5}, "ace_value must be one of 1, 11, not 5"),
        ("rami-jokers", {"jokers": 5}, "jokers must be one of 4, 6"),
        ("rami-penalites", {"target": -1}, "target must be empty or a whole number from 1"),
        ("rami-penalites", {"target": True}, "target must be empty or a whole number"),
        ("gin-rummy", {"target": None}, "target must be a whole number from 1 to 100000"),
        ("rummy", {"prize_places": [60, 50]}, "percentages adding up to at most 100"),
        ("gin-rami", {"prize_winner_share": 1.5}, "between 0 and 1"),
        ("rami-traditionnel", {"target": None}, "needs an end"),
        ("belote", {}, "unknown variant belote"),
    ],
)
def test_bad_options_are_refused_with_a_message_naming_them(slug, options, words):
    with pytest.raises(RulesError) as error:
        make_variant(slug, options)
    assert words in str(error.value)


def test_every_bad_option_is_reported_at_once():
    with pytest.raises(RulesError) as error:
        make_variant("rami-traditionnel", {"target": 0, "ace_value": 2, "colour": "red"})
    assert len(error.value.problems) == 3


def test_rummy_alone_may_have_no_end():
    assert make_variant("rummy").target is None
    assert make_variant("rami-traditionnel", {"target": None, "number_of_deals": 8})


def test_effective_options_are_plain_json_values():
    options = make_variant("gin-rami", {"prize_places": [70, 30]}).options()
    assert options["prize_places"] == [70, 30]
    assert options["prize_winner_share"] == 0.75
    assert list(options)[-1].startswith("prize_")


@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_every_variant_declares_how_it_ends_and_which_options_matter(slug):
    variant = make_variant(slug)
    options = variant.options()
    assert variant.target == options.get("target")
    assert variant.number_of_deals == options.get("number_of_deals")
    assert variant.plays_matches is False
    assert set(variant.key_options()) <= set(options)
    assert variant.key_options()[-1] == "ace_value"


def test_a_gin_rummy_match_plays_matches_and_names_its_bonuses():
    match = make_variant("gin-rummy", {"mode": "multi_game"})
    assert match.plays_matches
    assert {"line_bonus", "game_bonus", "shutout_bonus"} <= set(match.key_options())
    assert "line_bonus" not in make_variant("gin-rummy").key_options()


def test_the_rule_book_gives_the_engines_ceiling_for_ten_cards() -> None:
    """docs/rules.md, S04: the example is the engine's own bound, not another figure."""
    rules = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    s04 = next(line for line in rules.read_text().splitlines() if line.startswith("| S04 "))
    ceiling = count_ceiling(make_variant("rami-traditionnel"), 10)
    assert f"{ceiling} for ten cards in rami traditionnel" in s04
