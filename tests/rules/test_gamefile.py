"""The game file: read, written back identically, and every problem reported."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tournaments.rules import RulesError, read_game, score_game, write_game
from tournaments.rules import game as game_module
from tournaments.rules.gamefile import parse_amount, parse_game_text

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
        "json",
        "re",
        "typing",
        "unicodedata",
    }


# -- files that used to crash the reader (issue 9, section 4) --------------------------------------


def rummy_file(**changes) -> dict:
    document = {"format": "ramiscore/1", "variant": "rummy", "players": ["A", "B"], "hands": []}
    return document | changes


def refusal(document) -> list[str]:
    """The problems of a refused file, one line each as score_game prints them."""
    with pytest.raises(RulesError) as error:
        score_game(read_game(document))
    return [str(problem) for problem in error.value.problems]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"variant": []}, "unknown variant [] (known variants: rami-traditionnel"),
        ({"variant": {}}, "unknown variant {}"),
        ({"options": {"prize_winner_share": "NaN"}}, "prize_winner_share must be a number"),
        ({"options": {"prize_winner_share": float("nan")}}, "between 0 and 1, not nan"),
        ({"options": {"prize_winner_share": "-Infinity"}}, "between 0 and 1, not -Infinity"),
        ({"options": []}, "options must be an object"),
        ({"players": ["A\x00", "B"]}, "player A\\x00: this name holds a control character"),
        ({"players": ["A\tB", "C"]}, "player A\\tB: this name holds a control character"),
        ({"pot": "123456789.00"}, "the pot can be at most 99999999.99, not 123456789.00"),
        ({"pot": 10**20}, "the pot can be at most 99999999.99, not 100000000000000000000"),
        ({"pot": "١٢"}, "the pot must be a non-negative amount"),
    ],
    ids=[
        "variant-list",
        "variant-object",
        "option-NaN-text",
        "option-NaN",
        "option-infinite",
        "options-list",
        "name-with-NUL",
        "name-with-tab",
        "pot-too-large",
        "pot-integer-too-large",
        "pot-arabic-digits",
    ],
)
def test_a_bad_value_is_one_clear_line_never_a_crash(changes, words):
    lines = refusal(rummy_file(**changes))
    assert len(lines) == 1 and words in lines[0]
    assert "\n" not in lines[0] and "\x00" not in lines[0]


def test_a_name_in_a_message_is_escaped_and_cut_short():
    lines = refusal(rummy_file(players=["A\nB" * 500, "A\nB" * 500]))
    # Each name holds a line break, and they are the same name: three problems, three lines.
    assert len(lines) == 3 and all("\n" not in line and len(line) < 700 for line in lines)
    assert lines[0].startswith("player A\\nBA\\nB") and "…" in lines[0]


def test_a_pot_at_the_most_a_column_holds_is_taken():
    assert read_game(rummy_file(pot="99999999.99")).pot == 99_999_999_99


class CountingIsQuadratic(list):
    """A player list that refuses the old check (a count over the list per name)."""

    def count(self, value):
        raise AssertionError("each name counted over the whole list: quadratic")


def test_duplicate_names_are_found_in_one_pass_over_the_list():
    names = CountingIsQuadratic([f"Joueur {i}" for i in range(40_000)] + ["Joueur 7", "Joueur 9"])
    lines = refusal(rummy_file(players=names))
    assert "player Joueur 7: Joueur 7 appears twice among the players" in lines
    assert "player Joueur 9: Joueur 9 appears twice among the players" in lines


def test_totals_too_large_to_store_are_refused(monkeypatch):
    # The real bound (2**31 - 1) takes about a million hands to pass: lowered for the test.
    monkeypatch.setattr(game_module, "LARGEST_TOTAL", 150)
    hand = {"how": "going_out", "ended_by": "A", "held": {"B": 100}}
    lines = refusal(rummy_file(hands=[hand, hand]))
    assert lines == ["hand 2: the totals pass 150 after this hand, more than can be stored"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deep"),
        ('{"a":' * 50 + "1" + "}" * 50, "nested too deep"),
        ("1" * 5_000, "a number too long to read"),
        ("{not json", "not valid JSON (line 1)"),
    ],
    ids=["100,000-deep", "50-deep", "5,000-digit-number", "not-json"],
)
def test_an_unreadable_text_is_one_clear_problem(text, words):
    with pytest.raises(RulesError) as error:
        parse_game_text(text)
    (problem,) = error.value.problems
    assert words in str(problem)


def test_a_real_game_file_is_not_too_deep():
    document = rummy_file(options={"prize_places": [60, 40]}, hands=[{"how": "going_out"}])
    assert parse_game_text(json.dumps(document)) == document


def test_a_game_of_more_hands_than_a_game_may_have_is_refused_before_any_is_read():
    from tournaments.rules.variants import MAX_HANDS

    hand = {"how": "going_out", "ended_by": "A", "held": {"B": 5}}
    document = {"format": "ramiscore/1", "variant": "rummy", "players": ["A", "B"]}
    read_game({**document, "hands": [hand] * MAX_HANDS})
    with pytest.raises(RulesError) as error:
        read_game({**document, "hands": [{"not": "a hand"}] * (MAX_HANDS + 1)})
    (problem,) = error.value.problems
    assert str(problem) == f"a game has at most {MAX_HANDS} hands, not {MAX_HANDS + 1}"
