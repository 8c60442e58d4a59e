"""The game file: read, written back identically, and every problem reported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tournaments.rules import RulesError, read_game, score_game, write_game
from tournaments.rules.gamefile import parse_amount

from .vectors import load_vectors

VALID = [v for v in load_vectors() if not v.get("expected_error")]


@pytest.mark.parametrize("vector", VALID, ids=[v["id"] for v in VALID])
def test_export_import_export_gives_the_same_document(vector):
    written = write_game(read_game(vector["game"]))
    assert write_game(read_game(written)) == written


def test_writing_keeps_only_the_options_that_differ_from_the_preset():
    game = read_game(
        {
            "format": "ramiscore/1",
            "variant": "gin-rummy",
            "options": {"system": "10/20", "target": 100, "mode": "multi_game"},
            "players": ["A", "B"],
            "pot": "12.5",
            "hands": [{"how": "draw"}],
        }
    )
    document = write_game(game)
    # 10/20 implies its bonuses; the target is the preset's own.
    assert document["options"] == {"system": "10/20", "mode": "multi_game"}
    assert document["pot"] == "12.50"
    assert document["hands"] == [{"how": "draw"}]


def test_cards_are_written_back_as_codes():
    game = read_game(
        {
            "format": "ramiscore/1",
            "variant": "rami-jokers",
            "players": ["A", "B"],
            "hands": [{"how": "going_out", "ended_by": "A", "held": {"B": "jk 10h as"}}],
        }
    )
    assert write_game(game)["hands"][0]["held"] == {"B": "JK 10H AS"}


@pytest.mark.parametrize(
    ("text", "cents"),
    [("100.00", 10_000), ("12.5", 1_250), ("0", 0), (20, 2_000), ("253.17", 25_317)],
)
def test_amounts_are_read_to_the_cent(text, cents):
    assert parse_amount(text) == cents


@pytest.mark.parametrize("text", ["-20.00", "1.234", "abc", "", 1.5, True, None, "1e3"])
def test_bad_amounts_are_refused(text):
    assert parse_amount(text) is None


def test_every_problem_of_a_file_is_reported():
    with pytest.raises(RulesError) as error:
        read_game(
            {
                "format": "ramiscore/2",
                "variant": "rami-penalites",
                "players": ["A", "B", "B"],
                "pot": "x",
                "hands": [{"how": "going_out", "ended_by": "A", "held": {"B": 7}}, "no hand"],
            }
        )
    assert {p.field for p in error.value.problems} == {"format", "players", "pot", "how"}


def test_every_problem_of_a_hand_is_reported_with_its_hand_and_player():
    game = read_game(
        {
            "format": "ramiscore/1",
            "variant": "rami-penalites",
            "players": ["A", "B", "C", "D"],
            "hands": [
                {"how": "going_out", "ended_by": "A", "held": {"B": "7X", "C": -1, "D": 1.5}}
            ],
        }
    )
    with pytest.raises(RulesError) as error:
        score_game(game)
    problems = error.value.problems
    assert [(p.hand, p.player) for p in problems] == [(1, "B"), (1, "C"), (1, "D")]
    card_problem = problems[0]
    assert (card_problem.hand, card_problem.player) == (1, "B")
    assert str(card_problem) == (
        "hand 1, player B: 7X is not a card code (rank A 2-10 J Q K, then suit S H D C)"
    )


def test_a_problem_can_be_shown_in_another_language():
    with pytest.raises(RulesError) as error:
        read_game({"format": "ramiscore/1", "variant": "gin-rummy", "players": ["A"]})
    english = "%(variant)s is played by %(low)s players, not %(count)s"
    french = {english: "%(variant)s se joue à %(low)s joueurs, pas %(count)s"}
    assert error.value.problems[0].text(lambda m: french.get(m, m)) == (
        "gin-rummy se joue à 2 joueurs, pas 1"
    )


def test_the_engine_imports_nothing_from_django():
    package = Path(__file__).resolve().parents[2] / "tournaments" / "rules"
    imported = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add(node.module.split(".")[0])
    assert len(list(package.glob("*.py"))) >= 8
    assert imported <= {
        "__future__",
        "collections",
        "dataclasses",
        "datetime",
        "decimal",
        "fractions",
        "functools",
        "itertools",
        "re",
        "typing",
    }
