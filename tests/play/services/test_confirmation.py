"""Confirmation in the services (issue 9 §2): who entered and who confirmed are players of
the table and never the same one; an organiser vouches for what he enters or corrects and
may confirm any hand; nothing closes, wins, pays or rates while a hand waits; a waiting hand
can be discarded with a reason."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import EventFactory, UserFactory, correct, facts, make_game
from tournaments.events.services.rounds import close_round
from tournaments.models import Hand, RatingUpdate
from tournaments.play.services.entry import (
    close_game,
    confirm_hand,
    discard_hand,
    record_hand,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    return EventFactory(club=club, options={"target": 100}, confirmation_required=True)


@pytest.fixture
def game(event):
    return make_game(event, pot=15)


def seat(game, position: int):
    return game.seats.select_related("player").get(position=position)


def at_table(game, number: int = 1, *, by: int = 2, device: str = "phone-2", **held):
    """Hand `number` entered from a phone at the table by the player in seat `by` (Anne
    went out; Bruno and Chloé hold 3 and 4 unless told)."""
    held = {"Bruno": 3, "Chloé": 4} | held
    return record_hand(
        game=game,
        number=number,
        facts=facts(game, "going_out", "Anne", **held),
        device=device,
        entered_by_seat=seat(game, by),
    )


def test_the_player_named_as_entering_cannot_confirm_even_from_another_phone(game):
    hand = at_table(game, by=2)
    with pytest.raises(PermissionDenied, match="Bruno entered this hand"):
        confirm_hand(hand=hand, device="phone-3", confirmed_by_seat=seat(game, 2))
    assert Hand.objects.get().is_provisional


def test_another_player_of_the_table_confirms_and_both_names_are_kept(game):
    hand = at_table(game, by=2)
    confirm_hand(hand=hand, device="phone-3", confirmed_by_seat=seat(game, 3))
    stored = Hand.objects.get()
    assert not stored.is_provisional
    assert (stored.entered_by_seat.player.name, stored.confirmed_by_seat.player.name) == (
        "Bruno",
        "Chloé",
    )


def test_a_player_confirming_must_say_who_he_is(game):
    hand = at_table(game)
    with pytest.raises(ValidationError, match="Say who confirms"):
        confirm_hand(hand=hand, device="phone-3")


def test_a_player_of_another_table_cannot_confirm(event, game):
    elsewhere = make_game(event, players=("Denis", "Emma"), table_number=2)
    hand = at_table(game)
    with pytest.raises(ValidationError, match="does not play at this table"):
        confirm_hand(hand=hand, device="phone-3", confirmed_by_seat=seat(elsewhere, 1))


def test_the_phone_that_entered_a_hand_cannot_confirm_it(game):
    hand = at_table(game, device="phone-2")
    with pytest.raises(PermissionDenied):
        confirm_hand(hand=hand, device="phone-2", confirmed_by_seat=seat(game, 3))


def test_a_hand_an_organiser_enters_counts_as_confirmed_by_him(game, organiser):
    hand = record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=3, Chloé=4),
        user=organiser,
    )
    assert not hand.is_provisional and hand.confirmed_by == organiser
    game.refresh_from_db()
    assert not game.has_provisional_hands


def test_an_account_that_does_not_organise_the_club_does_not_vouch(game):
    stranger = UserFactory(username="stranger")
    hand = record_hand(
        game=game, number=1, facts=facts(game, "going_out", "Anne", Bruno=3, Chloé=4), user=stranger
    )
    assert hand.is_provisional


def test_an_organiser_confirms_any_waiting_hand_in_his_name(game, organiser):
    hand = at_table(game)
    confirm_hand(hand=hand, user=organiser)
    stored = Hand.objects.get()
    assert not stored.is_provisional and stored.confirmed_by == organiser


def test_an_organisers_correction_counts_as_confirmed(game, organiser):
    hand = at_table(game)
    correct(hand, "going_out", "Anne", reason="Chloé held 5", user=organiser, Bruno=3, Chloé=5)
    stored = Hand.objects.get()
    assert not stored.is_provisional and stored.confirmed_by == organiser


def test_a_waiting_hand_gives_no_winner_prize_points_or_rating(game):
    at_table(game, Bruno=100)
    game.refresh_from_db()
    seats = list(game.seats.all())
    assert not game.finished and game.winner is None
    assert all(s.prize is None and s.tournament_points == 0 for s in seats)
    assert not RatingUpdate.objects.exists()
    confirm_hand(hand=Hand.objects.get(), device="phone-3", confirmed_by_seat=seat(game, 3))
    game.refresh_from_db()
    assert game.finished and game.winner.name == "Anne"
    assert RatingUpdate.objects.filter(game=game).count() == 3


def test_a_table_with_a_waiting_hand_cannot_be_closed(game):
    at_table(game)
    with pytest.raises(ValidationError, match=r"table 1, hand 1"):
        close_game(game=game)
    game.refresh_from_db()
    assert not game.closed


def test_a_round_with_a_waiting_hand_cannot_be_closed(event, game):
    make_game(event, players=("Denis", "Emma"), table_number=2)
    at_table(game)
    with pytest.raises(ValidationError, match=r"confirm or discard them before closing"):
        close_round(round_=game.round)
    game.round.refresh_from_db()
    assert not game.round.is_closed and not game.round.games.filter(closed=True).exists()


def test_discarding_a_waiting_hand_keeps_it_in_the_history_and_moves_the_next_up(game, organiser):
    at_table(game, 1, Bruno=3)
    at_table(game, 2, Bruno=7)
    confirm_hand(hand=Hand.objects.get(number=2), user=organiser)
    discard_hand(hand=Hand.objects.get(number=1), reason="never played", user=organiser)
    remaining = Hand.objects.get()
    assert remaining.number == 1 and not remaining.is_provisional
    assert game.seats.get(position=2).total == 7
    gone = Hand.history.get(history_type="-")
    assert gone.history_change_reason == "never played" and gone.history_user == organiser
    close_game(game=game)  # nothing waits any more


def test_a_confirmed_hand_is_not_discarded(game, organiser):
    hand = at_table(game)
    confirm_hand(hand=hand, user=organiser)
    with pytest.raises(ValidationError, match="correct it instead"):
        discard_hand(hand=hand, reason="changed my mind", user=organiser)


def test_discarding_needs_a_reason(game, organiser):
    with pytest.raises(ValidationError, match="Say why"):
        discard_hand(hand=at_table(game), reason=" ", user=organiser)
