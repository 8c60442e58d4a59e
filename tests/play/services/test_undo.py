"""Every change to a game's hands can be undone from its history."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import play
from tournaments.models import Hand
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import correct_hand, delete_last_hand
from tournaments.play.services.undo import undo_change

pytestmark = pytest.mark.django_db


def totals(game):
    return {s.player.name: s.total for s in game.seats.select_related("player")}


def latest_change(game):
    return Hand.history.filter(game_id=game.id).order_by("-history_date", "-history_id").first()


def test_undoing_a_correction_restores_the_facts_before_it(game):
    hand = play(game, "going_out", "Anne", Bruno=30, Chloé="KD 7S")
    seats = {s.player.name: s for s in game.seats.select_related("player")}
    facts = HandFacts("going_out", seats["Bruno"], {seats["Anne"].id: 4, seats["Chloé"].id: 9})
    correct_hand(hand=hand, facts=facts, reason="wrong winner")
    assert totals(game) == {"Anne": 4, "Bruno": 0, "Chloé": 9}
    undo_change(game=game, history_id=latest_change(game).history_id, reason="it was right")
    assert totals(game) == {"Anne": 0, "Bruno": 30, "Chloé": 17}
    hand.refresh_from_db()
    assert hand.ended_by == seats["Anne"]
    assert latest_change(game).history_change_reason == "it was right"


def test_undoing_a_deletion_puts_the_hand_back(game):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    play(game, "going_out", "Bruno", Anne=11, Chloé="AS 2S")
    before = totals(game)
    delete_last_hand(game=game, reason="oops")
    undo_change(game=game, history_id=latest_change(game).history_id, reason="not a duplicate")
    assert totals(game) == before
    restored = game.hands.get(number=2)
    assert restored.lines.get(seat__player__name="Chloé").held_cards == "AS 2S"


def test_undoing_an_entry_deletes_it_only_while_it_is_the_last(game):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    first_entry = latest_change(game)
    play(game, "going_out", "Bruno", Anne=5, Chloé=7)
    with pytest.raises(ValidationError):
        undo_change(game=game, history_id=first_entry.history_id, reason="no")
    undo_change(game=game, history_id=latest_change(game).history_id, reason="typed twice")
    assert game.hands.count() == 1


def test_a_change_of_another_game_cannot_be_undone_here(game, event):
    from tests.factories import make_game

    other = make_game(event, table_number=2)
    play(other, "going_out", "Anne", Bruno=5, Chloé=7)
    with pytest.raises(ValidationError):
        undo_change(game=game, history_id=latest_change(other).history_id, reason="x")
