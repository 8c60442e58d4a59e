"""`import_game` and `recompute_event`: the command-line side of game files and rescoring."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.factories import make_game, play
from tests.gamefile_support import BAD_FILES
from tournaments.events.services.gamefiles import export_game
from tournaments.models import Game, HandLine, Seat

pytestmark = pytest.mark.django_db

RUMMY = {
    "format": "ramiscore/1",
    "variant": "rummy",
    "players": ["Xavier", "Yvonne"],
    "hands": [{"how": "going_out", "ended_by": "Xavier", "held": {"Yvonne": 12}}],
}


def test_import_game_adds_a_table_and_says_where(tmp_path, event):
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(RUMMY), encoding="utf-8")
    out = io.StringIO()
    call_command("import_game", str(path), "--event", str(event.id), stdout=out)
    game = Game.objects.get()
    assert export_game(game) == RUMMY
    assert f"table 1 of round 1 of {event.name} (game {game.id})" in out.getvalue()


def test_import_game_into_a_given_round(tmp_path, event):
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(RUMMY), encoding="utf-8")
    call_command("import_game", str(path), "--event", str(event.id), "--round", "1")
    with pytest.raises(CommandError):
        call_command("import_game", str(path), "--event", str(event.id), "--round", "3")
    assert Game.objects.count() == 1


def test_import_game_lists_every_problem_and_stores_nothing(tmp_path, event):
    bad = {**RUMMY, "hands": [{"how": "going_out", "ended_by": "Zoé", "held": {"Yvonne": 12}}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="was not imported"):
        call_command("import_game", str(path), "--event", str(event.id), stderr=err)
    assert "hand 1" in err.getvalue() and "Zoé" in err.getvalue()
    assert not Game.objects.exists()


@pytest.mark.parametrize("content, message", [(None, "cannot read"), ("{oops", "cannot read")])
def test_import_game_refuses_unreadable_files(content, message, tmp_path, event):
    path = tmp_path / "partie.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CommandError, match=message):
        call_command("import_game", str(path), "--event", str(event.id))


def test_import_game_needs_an_existing_event(tmp_path, db):
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(RUMMY))
    with pytest.raises(CommandError, match="no event 42"):
        call_command("import_game", str(path), "--event", "42")


def test_recompute_event_rewrites_the_derived_rows_and_prints_each_table(event):
    first = make_game(event)
    second = make_game(event, players=("Denis", "Élodie"), table_number=2)
    play(first, "going_out", "Anne", Bruno=60, Chloé=20)
    play(first, "going_out", "Anne", Bruno=45, Chloé=20)
    play(second, "going_out", "Denis", Élodie=7)
    # Derived rows gone wrong (say, before a fix to the engine).
    Seat.objects.update(total=999, rank=None)
    HandLine.objects.update(points=0, running_total=0)
    Game.objects.update(finished=False, winner=None)
    out = io.StringIO()
    call_command("recompute_event", str(event.id), stdout=out)
    totals = dict(Seat.objects.values_list("player__name", "total"))
    assert totals == {"Anne": 0, "Bruno": 105, "Chloé": 40, "Denis": 0, "Élodie": 7}
    first.refresh_from_db()
    assert first.finished and first.winner.name == "Anne"
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Round 1, table 1: 2 hands, finished, winner Anne")
    assert lines[1].startswith("Round 1, table 2: 1 hand, in play")
    assert "Recomputed 2 games" in lines[2]


def test_recompute_event_needs_an_existing_event(db):
    with pytest.raises(CommandError, match="no event 42"):
        call_command("recompute_event", "42")


def test_recompute_event_changes_nothing_when_a_game_cannot_be_scored(event):
    first = make_game(event)
    play(first, "going_out", "Anne", Bruno=10, Chloé=20)
    second = make_game(event, players=("Denis", "Élodie"), table_number=2)
    play(second, "going_out", "Denis", Élodie=7)
    Seat.objects.filter(game=first).update(total=999)
    # A fact the rules refuse (more than ten cards can be worth).
    HandLine.objects.filter(seat__game=second, held_count=7).update(held_count=500)
    with pytest.raises(CommandError, match="Nothing was changed"):
        call_command("recompute_event", str(event.id))
    assert set(Seat.objects.filter(game=first).values_list("total", flat=True)) == {999}


@pytest.mark.parametrize("name", BAD_FILES)
def test_import_game_refuses_a_bad_file_with_exit_2_and_stores_nothing(name, tmp_path, event):
    text, words = BAD_FILES[name]
    path = tmp_path / "partie.json"
    path.write_text(text, encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_game", str(path), "--event", str(event.id), stderr=err)
    assert refused.value.returncode == 2
    assert words in err.getvalue() + str(refused.value)
    assert "Traceback" not in err.getvalue()
    assert not Game.objects.exists()
