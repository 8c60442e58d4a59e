"""Every invariant lives in a service, under its lock (issue 9 §3): settings that change
derived rows rescore them; re-seating is one step; a closed round's table stays closed;
imported games keep their own rules; undo checks the last hand under the game's lock."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, make_game, play
from tournaments.events.services.events import (
    change_points,
    change_rules,
    register_player,
    save_settings,
    set_presence,
)
from tournaments.events.services.gamefiles import import_game
from tournaments.events.services.rounds import close_round, open_round, reseat_round
from tournaments.models import Bye, Game, Hand, Round
from tournaments.play.services import undo
from tournaments.play.services.entry import close_game, delete_last_hand, reopen_game
from tournaments.play.services.undo import undo_change

pytestmark = pytest.mark.django_db

GIN_FILE = {
    "format": "ramiscore/1",
    "variant": "gin-rummy",
    "players": ["Gaston", "Hélène"],
    "hands": [
        {
            "how": "gin",
            "ended_by": "Gaston",
            "held": {
                "Gaston": "6C 7C 8C 9C QS QH QD 2S 3S 4S",
                "Hélène": "AC 2C 3C 4C 5C 5D 5H 9S 9D KH",
            },
        }
    ],
}


def points(game) -> dict[str, Decimal]:
    return dict(game.seats.values_list("player__name", "tournament_points"))


@pytest.fixture
def tournament(club):
    return EventFactory(club=club, kind="tournament", options={"target": 100}, bye_points=3)


def finished_game(event):
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=100, Chloé=40)
    return game


def test_a_new_points_scale_rescores_every_game_in_the_same_step(tournament):
    game = finished_game(tournament)
    assert points(game) == {"Anne": 3, "Bruno": 0, "Chloé": 1}
    change_points(
        event=tournament, points_scale=[5, 2, 1], points_for_win_at_time=None, bye_points=3
    )
    assert points(game) == {"Anne": 5, "Bruno": 1, "Chloé": 2}


def test_new_bye_points_reach_the_byes_already_given(tournament):
    player = register_player(event=tournament, name="Zoé").player
    round_ = Round.objects.create(event=tournament, number=1)
    Bye.objects.create(round=round_, player=player, points=3)
    change_points(
        event=tournament, points_scale=[3, 1, 0], points_for_win_at_time=None, bye_points=1
    )
    assert Bye.objects.get().points == 1


def test_points_for_a_win_at_time_rescore_the_games_closed_at_time(tournament):
    game = make_game(tournament)
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    close_game(game=game)
    assert points(game)["Anne"] == 3
    save_settings(event=tournament, changes={"points_for_win_at_time": 2})
    assert points(game)["Anne"] == 2


def test_saving_other_settings_leaves_the_games_as_they_are(tournament):
    game = finished_game(tournament)
    before = Game.objects.get(pk=game.pk).updated_at
    save_settings(event=tournament, changes={"name": "Open de printemps"})
    tournament.refresh_from_db()
    assert tournament.name == "Open de printemps"
    assert Game.objects.get(pk=game.pk).updated_at == before


def test_a_failed_reseat_keeps_the_old_seating(club):
    event = EventFactory(club=club, options={"target": 100})
    for name in ("Anne", "Bruno", "Chloé", "Denis"):
        register_player(event=event, name=name)
    round_ = open_round(event=event, seed=1)
    tables = sorted(Game.objects.filter(round=round_).values_list("id", flat=True))
    for registration in event.registrations.all()[:3]:
        set_presence(registration=registration, checked_in=False)
    with pytest.raises(ValidationError, match="Only 1 player is checked in"):
        reseat_round(round_=round_, seed=2)
    assert Round.objects.get(event=event).pk == round_.pk
    assert sorted(Game.objects.filter(round=round_).values_list("id", flat=True)) == tables


def test_a_table_of_a_closed_round_cannot_be_reopened_through_the_service(event, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    close_round(round_=game.round)
    with pytest.raises(ValidationError, match="The round is closed"):
        reopen_game(game=game)
    game.refresh_from_db()
    assert game.closed


def test_a_rule_change_leaves_imported_games_with_their_own_rules(club):
    event = EventFactory(club=club, variant="gin-rummy", options={})
    imported = import_game(event=event, document=GIN_FILE)
    assert imported.imported
    own = make_game(event, players=("Anne", "Bruno"), table_number=5)
    change_rules(event=event, variant="gin-rummy", options={"knock_max": 7})
    imported.refresh_from_db()
    own.refresh_from_db()
    assert imported.options == {} and own.options == {"knock_max": 7}


def test_after_a_gin_file_is_imported_a_rami_event_still_changes_its_rules(club):
    event = EventFactory(club=club, variant="rami-penalites", options={"target": 100})
    imported = import_game(event=event, document=GIN_FILE)
    change_rules(event=event, variant="rami-penalites", options={"target": 150})
    imported.refresh_from_db()
    assert imported.variant == "gin-rummy"
    event.refresh_from_db()
    assert event.options == {"target": 150}


def test_undo_of_an_entry_checks_the_last_hand_under_the_lock(game, monkeypatch):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    entered = Hand.history.get(history_type="+", number=1)
    real = delete_last_hand

    def another_phone_first(**kwargs):
        # Between the organiser's click and the deletion, a phone saves hand 2.
        play(game, "going_out", "Bruno", Anne=1, Chloé=1)
        return real(**kwargs)

    monkeypatch.setattr(undo, "delete_last_hand", another_phone_first)
    with pytest.raises(ValidationError, match="Only the last hand entered"):
        undo_change(game=game, history_id=entered.history_id, reason="typed twice")
    assert sorted(game.hands.values_list("number", flat=True)) == [1, 2]


def test_undo_refuses_a_hand_deleted_and_entered_again_under_the_same_number(game):
    first = play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    entered = Hand.history.get(history_type="+", id=first.pk)
    delete_last_hand(game=game, reason="wrong")
    play(game, "going_out", "Bruno", Anne=2, Chloé=2)
    with pytest.raises(ValidationError, match="Only the last hand entered"):
        undo_change(game=game, history_id=entered.history_id, reason="oops")
    assert game.hands.get().ended_by.player.name == "Bruno"
