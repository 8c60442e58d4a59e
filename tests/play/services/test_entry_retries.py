"""A hand sent again by a phone whose answer was lost (issue 10 §2): the entry's id
(`idempotency_key`) stores it once; another entry for the same number is still a conflict."""

from __future__ import annotations

import pytest

from tests.factories import facts, make_game, play
from tournaments.models import Hand, HandLine
from tournaments.play.services.entry import HandConflict, close_game, record_hand

pytestmark = pytest.mark.django_db

KEY = "3f2a9c0d4b5e6f708192a3b4c5d6e7f8"


def send(game, key: str = KEY, number: int = 1, **held):
    held = held or {"Bruno": 12, "Chloé": 30}
    return record_hand(
        game=game,
        number=number,
        facts=facts(game, "going_out", "Anne", **held),
        device="phone-1",
        idempotency_key=key,
    )


def test_the_same_entry_sent_twice_stores_one_hand_and_returns_it_both_times(game):
    first = send(game)
    again = send(game)
    assert again == first
    assert Hand.objects.count() == 1 and HandLine.objects.count() == 3
    assert first.history.count() == 1  # nothing written the second time
    assert [seat.total for seat in game.seats.order_by("position")] == [0, 12, 30]


def test_the_entry_is_stored_with_the_hand(game):
    assert send(game).idempotency_key == KEY


def test_another_entry_for_a_taken_number_is_the_usual_conflict(game):
    first = send(game)
    with pytest.raises(HandConflict) as conflict:
        send(game, key="another-entry-of-hand-1", Bruno=5, Chloé=5)
    assert conflict.value.stored == first and conflict.value.expected == 2
    assert Hand.objects.count() == 1


def test_an_entry_stored_before_the_game_was_closed_is_still_answered_as_stored(game):
    first = send(game)
    close_game(game=game)
    assert send(game) == first


def test_an_entry_sent_again_after_later_hands_returns_its_own_hand(game):
    first = send(game)
    play(game, "going_out", "Bruno", Anne=1, Chloé=1)
    assert send(game) == first
    assert game.hands.count() == 2


def test_the_same_id_in_another_game_is_another_entry(game, event):
    other = make_game(event, table_number=2)
    send(game)
    stored = send(other)
    assert stored.game == other
    assert Hand.objects.count() == 2


def test_entries_without_an_id_are_never_taken_for_one_another(game):
    play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    assert list(game.hands.values_list("idempotency_key", flat=True)) == ["", ""]
