"""A hand carries its base: the hand it was typed after (issue 18 §1). The server refuses a
hand whose base is no longer the game's last hand (deleted, replaced, or a hand kept on the
phone that was never stored), whatever the client does, so that a hand typed after a table
that has moved on is never counted behind the player's back."""

from __future__ import annotations

import pytest

from tests.factories import correct, facts, play
from tournaments.models import Hand
from tournaments.models.games import START
from tournaments.play.services.entry import HandConflict, StaleHand, delete_last_hand, record_hand

pytestmark = pytest.mark.django_db

KEY_10 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
KEY_11 = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"


def send(game, number: int, after: str, key: str = "", **held):
    held = held or {"Bruno": 12, "Chloé": 30}
    return record_hand(
        game=game,
        number=number,
        facts=facts(game, "going_out", "Anne", **held),
        idempotency_key=key,
        after=after,
    )


def test_a_hand_typed_after_the_last_hand_is_stored(game):
    first = play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    assert send(game, 2, after=first.ref).number == 2


def test_the_first_hand_is_typed_after_the_start(game):
    assert send(game, 1, after=START).number == 1


def test_a_hand_typed_after_a_hand_since_deleted_and_entered_again_is_refused(game):
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    seen = play(game, "going_out", "Chloé", Anne=5, Bruno=6)  # the phone shows "Hand 3"
    delete_last_hand(game=game, reason="typed on the wrong table")
    play(game, "going_out", "Chloé", Anne=5, Bruno=7)  # hand 2 again, from another phone
    with pytest.raises(StaleHand) as refused:
        send(game, 3, after=seen.ref)
    assert isinstance(refused.value, HandConflict)  # the views answer it as a conflict
    assert refused.value.expected == 3
    assert game.hands.count() == 2


def test_a_hand_typed_at_the_start_is_refused_once_a_hand_is_stored(game):
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    with pytest.raises(StaleHand):
        send(game, 2, after=START)


def test_a_hand_typed_after_a_kept_hand_is_stored_once_that_hand_is(game):
    send(game, 1, after=START, key=KEY_10)
    second = send(game, 2, after=f"k{KEY_10}", key=KEY_11)
    assert second.number == 2


def test_a_hand_typed_after_a_kept_hand_never_stored_is_refused(game):
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)  # another phone's hand 1
    with pytest.raises(StaleHand):
        send(game, 2, after=f"k{KEY_10}", key=KEY_11)
    assert not Hand.objects.filter(idempotency_key=KEY_11).exists()


def test_a_correction_of_the_last_hand_leaves_the_next_one_typed_after_it(game):
    last = play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    correct(last, "going_out", "Bruno", Anne=13, Chloé=4, reason="misread")
    assert send(game, 2, after=last.ref).number == 2


def test_a_hand_sent_again_is_answered_as_stored_whatever_its_base_says_now(game):
    first = send(game, 1, after=START, key=KEY_10)
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    assert send(game, 1, after=START, key=KEY_10) == first


def test_a_hand_without_a_base_is_checked_by_its_number_only(game):
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    assert send(game, 2, after="").number == 2
