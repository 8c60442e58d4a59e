"""`manage.py score_game`: a vector of each kind from the command line, exit 2 on invalid
input."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.gamefile_support import BAD_FILES, GIN
from tests.rules.vectors import load_vectors, mismatches, one_of_each_kind

# The engine runs every vector (tests/rules); the command, one of each kind.
VECTORS = one_of_each_kind(load_vectors())
REPO = Path(__file__).resolve().parents[2]


def run_command(path: Path) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("score_game", str(path), stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_score_game_prints_the_vectors_result_or_fails_with_2(vector, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(vector["game"]), encoding="utf-8")
    code, out, err = run_command(path)
    if vector.get("expected_error"):
        assert code == 2 and out == ""
        assert err.strip(), "at least one problem on standard error"
    else:
        assert code == 0 and err == ""
        assert mismatches(vector["expected"], json.loads(out)) == []


def test_it_reads_standard_input_and_exits_2_with_one_line_per_problem():
    game = {
        "format": "ramiscore/1",
        "variant": "rami-penalites",
        "players": ["A", "B", "C"],
        "hands": [{"how": "going_out", "ended_by": "A", "held": {"B": -5, "C": "7X"}}],
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "score_game", "-"],
        input=json.dumps(game),
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "hand 1, player B: a count cannot be negative (-5)",
        "hand 1, player C: 7X is not a card code (rank A 2-10 J Q K, then suit S H D C)",
    ]


def test_it_says_when_the_file_is_not_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run_command(path)
    assert code == 2 and out == "" and "not valid JSON (line 1)" in err


def test_it_says_when_the_file_is_missing(tmp_path):
    code, out, err = run_command(tmp_path / "nowhere.json")
    assert code == 2 and out == "" and "cannot read" in err


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_one_line_per_problem_and_exit_2_never_a_traceback(name, tmp_path):
    text, words = BAD_FILES[name]
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_command(path)
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1 and words in lines[0]
    assert "Traceback" not in err


def test_a_knock_at_0_prints_a_gin_from_the_command_line(tmp_path):
    hand = {"how": "knock", "ended_by": "A", "held": {"A": 0, "B": 40}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GIN, "hands": [hand]}), encoding="utf-8")
    code, out, _err = run_command(path)
    assert code == 0
    scored = json.loads(out)["hands"][0]
    assert (scored["result"], scored["points"]) == ("gin", {"A": 65, "B": 0})
