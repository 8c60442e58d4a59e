"""Who gives a count or cards, by way of ending a hand: one rule in the engine
(`who_is_counted`), which the engine's own check, the entry form and the entry page's script
all read (issue 9 §3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.rules import PRESETS, make_variant
from tournaments.rules.hands import (
    ALL_OR_NONE,
    COUNTED,
    HOLDS_NOTHING,
    NO_DEADWOOD,
    NOBODY,
    Counted,
    Hand,
    counted_by_way,
    hand_shape_problems,
    who_is_counted,
    who_must_be_counted,
)

ENTRY_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "entry.js"


@pytest.mark.parametrize(
    ("variant", "how", "expected"),
    [
        ("rami-penalites", "going_out", Counted(HOLDS_NOTHING, COUNTED)),
        ("rami-traditionnel", "rami_sec", Counted(HOLDS_NOTHING, COUNTED)),
        ("gin-rummy", "knock", Counted(COUNTED, COUNTED)),
        ("gin-rummy", "gin", Counted(NO_DEADWOOD, COUNTED)),
        ("gin-rummy", "draw", Counted(NOBODY, ALL_OR_NONE)),
        ("gin-rami", "knock", Counted(COUNTED, COUNTED)),
    ],
)
def test_who_is_counted_by_way_of_ending(variant, how, expected):
    assert who_is_counted(make_variant(variant, {}), how) == expected


@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_the_engines_check_follows_the_same_rule(slug):
    variant = make_variant(slug, {})
    players = ("A", "B", "C")[: min(3, variant.max_players)]
    for how, rule in counted_by_way(variant).items():
        ender = None if rule["ender"] == NOBODY else "A"
        expected = [
            name for name in players if not (name == ender and rule["ender"] == HOLDS_NOTHING)
        ]
        assert who_must_be_counted(variant, players, Hand(how, ender, {})) == expected
        held = dict.fromkeys(expected, 0)
        # Everyone the rule counts, and nobody else: the engine sees nothing missing.
        problems = hand_shape_problems(variant, players, Hand(how, ender, held), 1)
        assert not problems, (slug, how, problems)


def test_the_rule_is_plain_data_for_the_page():
    variant = make_variant("gin-rummy", {})
    assert counted_by_way(variant) == {
        "knock": {"ender": "counted", "others": "counted"},
        "gin": {"ender": "no_deadwood", "others": "counted"},
        "draw": {"ender": "nobody", "others": "all_or_none"},
    }


def test_the_entry_script_reads_the_rule_instead_of_knowing_the_variants():
    script = ENTRY_JS.read_text()
    assert 'getElementById("who-is-counted")' in script
    for knowledge in ('"rami"', '"gin"', '=== "draw"', "dataset.family"):
        assert knowledge not in script
