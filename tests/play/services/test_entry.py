"""Hand entry services: facts stored, points derived, nothing stored on error."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import EventFactory, UserFactory, facts, make_game, play
from tournaments.models import Hand, HandLine
from tournaments.play.services.entry import (
    HandConflict,
    close_game,
    confirm_hand,
    correct_hand,
    delete_last_hand,
    preview_hand,
    record_hand,
)
from tournaments.rules import RulesError

pytestmark = pytest.mark.django_db


def totals(game):
    return {s.player.name: s.total for s in game.seats.select_related("player")}


def test_a_hand_stores_its_facts_and_the_derived_points(game):
    hand = play(game, "going_out", "Anne", Bruno=30, Chloé="KD 7S 3H")
    lines = {line.seat.player.name: line for line in hand.lines.select_related("seat__player")}
    assert lines["Bruno"].held_count == 30 and lines["Chloé"].held_cards == "KD 7S 3H"
    assert lines["Chloé"].counted == 20 and lines["Chloé"].points == 20
    assert lines["Anne"].held_anything is False and lines["Anne"].points == 0
    assert totals(game) == {"Anne": 0, "Bruno": 30, "Chloé": 20}
    hand.refresh_from_db()
    assert hand.result == "going_out" and hand.winner.player.name == "Anne"


def _seat_reads(game, seats_read, number):
    """The seats' reads a hand's save makes when its caller holds `seats_read` read with
    `game`, and the totals after it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    hand_facts = facts(game, "going_out", "Anne", Bruno=5, Chloé=7)
    with CaptureQueriesContext(connection) as captured:
        record_hand(game=game, number=number, facts=hand_facts, seats_read=seats_read)
    return sum('FROM "tournaments_seat"' in q["sql"] for q in captured.captured_queries)


def test_the_seats_the_caller_read_are_used_only_while_the_game_has_not_changed(game):
    from tournaments.models import Game
    from tournaments.play.selectors.games import game_seats

    # Read with the game as it is: not read again under the lock.
    assert _seat_reads(game, game_seats(game), 1) == 0
    assert totals(game) == {"Anne": 0, "Bruno": 5, "Chloé": 7}
    # Read, then another phone saves a hand first: the game moved on, its seats read again.
    seen = Game.objects.get(pk=game.pk)
    seats = game_seats(seen)
    play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    assert _seat_reads(seen, seats, 3) == 1
    assert totals(game) == {"Anne": 0, "Bruno": 11, "Chloé": 15}


def test_a_hand_in_play_writes_the_seats_columns_that_moved_only(game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    with CaptureQueriesContext(connection) as captured:
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    [written] = [q["sql"] for q in captured if q["sql"].startswith('UPDATE "tournaments_seat"')]
    # Anne went out again: her total and rank stay, Bruno's and Chloé's totals move.
    assert '"total" = ' in written and '"hands_won" = ' in written
    assert '"prize"' not in written and '"tournament_points"' not in written
    assert totals(game) == {"Anne": 0, "Bruno": 6, "Chloé": 8}
    assert [s.hands_won for s in game.seats.order_by("position")] == [2, 0, 0]


def test_a_hand_stored_without_lines_still_counts_when_the_game_is_read(game):
    from tournaments.models import Game
    from tournaments.play.facts import load_facts

    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    Hand.objects.create(game=game, number=2, how="going_out", ended_by=game.seats.first())
    Game.objects.filter(pk=game.pk).update(hands_played=2)
    game.refresh_from_db()
    _seats, hands = load_facts(game)
    assert [hand.number for hand in hands] == [1, 2]
    assert [len(hand.lines.all()) for hand in hands] == [3, 0]


def test_the_preview_stores_nothing(game):
    preview = preview_hand(game=game, facts=facts(game, "going_out", "Anne", Bruno=5, Chloé=7))
    assert preview.scored.points == {"Anne": 0, "Bruno": 5, "Chloé": 7}
    assert preview.totals_after == {"Anne": 0, "Bruno": 5, "Chloé": 7}
    assert not Hand.objects.exists()


def test_a_refused_hand_stores_nothing_and_names_the_player(game):
    with pytest.raises(RulesError) as error:
        record_hand(game=game, number=1, facts=facts(game, "going_out", "Anne", Bruno=-4, Chloé=1))
    assert [(p.hand, p.player) for p in error.value.problems] == [(1, "Bruno")]
    assert not Hand.objects.exists() and not HandLine.objects.exists()


def test_a_hand_number_already_taken_is_a_conflict_showing_the_stored_hand(game):
    first = play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    with pytest.raises(HandConflict) as conflict:
        record_hand(game=game, number=1, facts=facts(game, "going_out", "Bruno", Anne=9, Chloé=9))
    assert conflict.value.stored == first and conflict.value.expected == 2
    assert game.hands.count() == 1


def test_the_game_ends_at_the_target_with_a_winner_and_the_pot_split(game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    play(game, "going_out", "Chloé", Anne=20, Bruno=45)
    game.refresh_from_db()
    # Bruno reaches 105: the game ends, and the lowest total (Chloé, 10) wins.
    assert game.finished and game.winner.name == "Chloé" and game.ended_after_hand == 2
    prizes = {s.player.name: s.prize for s in game.seats.select_related("player")}
    assert prizes == {"Anne": Decimal("0.00"), "Bruno": Decimal("0.00"), "Chloé": Decimal("15.00")}
    with pytest.raises(RulesError, match="after the end of the game"):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)


def test_a_correction_needs_a_reason_and_the_totals_follow_it(game):
    hand = play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    organiser = UserFactory()
    with pytest.raises(ValidationError):
        correct_hand(
            hand=hand, facts=facts(game, "going_out", "Anne", Bruno=6, Chloé=10), reason=""
        )
    correct_hand(
        hand=hand,
        facts=facts(game, "going_out", "Anne", Bruno=6, Chloé=10),
        reason="60 was a typo",
        user=organiser,
    )
    assert totals(game) == {"Anne": 0, "Bruno": 6, "Chloé": 10}
    reasons = list(hand.history.values_list("history_type", "history_change_reason"))
    assert reasons[0] == ("~", "60 was a typo")
    line = HandLine.objects.get(hand=hand, seat__player__name="Bruno")
    assert [h.held_count for h in line.history.all()] == [6, 60]


def test_deleting_the_last_hand_keeps_it_in_the_history(game):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    play(game, "going_out", "Bruno", Anne=5, Chloé=7)
    delete_last_hand(game=game, reason="entered twice")
    assert list(game.hands.values_list("number", flat=True)) == [1]
    assert totals(game) == {"Anne": 0, "Bruno": 5, "Chloé": 7}
    deleted = Hand.history.filter(game_id=game.id, history_type="-").get()
    assert deleted.number == 2 and deleted.history_change_reason == "entered twice"


def test_a_closed_game_refuses_new_hands_and_keeps_its_totals(game):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    close_game(game=game)
    game.refresh_from_db()
    assert game.finished and game.winner.name == "Anne"
    with pytest.raises(ValidationError):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)


def test_a_provisional_hand_waits_for_a_different_person():
    event = EventFactory(confirmation_required=True, options={"target": 100})
    game = make_game(event)
    enterer, other = UserFactory(), UserFactory()
    chloe = game.seats.get(position=3)
    hand = record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=101, Chloé=1),
        user=enterer,
    )
    game.refresh_from_db()
    assert hand.is_provisional and game.has_provisional_hands and not game.finished
    with pytest.raises(PermissionDenied):
        confirm_hand(hand=hand, user=enterer, confirmed_by_seat=chloe)
    confirm_hand(hand=hand, user=other, confirmed_by_seat=chloe)
    game.refresh_from_db()
    assert game.finished and not game.has_provisional_hands and game.winner.name == "Anne"


def test_a_table_link_device_cannot_confirm_its_own_hand():
    event = EventFactory(confirmation_required=True)
    game = make_game(event)
    bruno = game.seats.get(position=2)
    hand = record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=3, Chloé=1),
        device="phone-1",
    )
    with pytest.raises(PermissionDenied):
        confirm_hand(hand=hand, device="phone-1", confirmed_by_seat=bruno)
    with pytest.raises(PermissionDenied):
        confirm_hand(hand=hand, confirmed_by_seat=bruno)  # nobody at all
    confirmed = confirm_hand(hand=hand, device="phone-2", confirmed_by_seat=bruno)
    assert confirmed.confirmed_from == "phone-2"


def test_cards_after_a_knock_are_counted_with_lay_offs():
    event = EventFactory(variant="gin-rummy", options={})
    game = make_game(event, players=("A", "B"))
    hand = play(
        game, "knock", "A", A="2H 3H 4H 7C 8C 9C QS QD QC 2S", B="5S 5D 5C 5H 6H 10C JC KD AD 3D"
    )
    counted = dict(hand.lines.values_list("seat__player__name", "counted"))
    assert counted == {"A": 2, "B": 14}  # vector K02
    assert totals(game) == {"A": 12, "B": 0}


def test_a_game_closed_before_any_hand_has_no_result_and_takes_no_hand(game):
    close_game(game=game)
    game.refresh_from_db()
    assert game.closed and not game.finished and game.winner is None
    assert all(seat.rank is None and seat.prize is None for seat in game.seats.all())
    with pytest.raises(ValidationError):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)


def test_the_history_names_who_made_each_change_outside_a_web_request(game):
    organiser = UserFactory()
    hand = record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=3, Chloé=4),
        user=organiser,
    )
    correct_hand(
        hand=hand,
        facts=facts(game, "going_out", "Anne", Bruno=5, Chloé=4),
        reason="miscount",
        user=organiser,
    )
    assert [h.history_user for h in hand.history.all()] == [organiser, organiser]
    line = hand.lines.get(seat__player__name="Bruno")
    assert line.history.first().history_user == organiser


def test_deleting_a_hand_that_is_no_longer_the_last_is_refused(game):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    play(game, "going_out", "Bruno", Anne=5, Chloé=7)
    with pytest.raises(ValidationError, match="hand 2"):
        delete_last_hand(game=game, reason="typo", number=1)
    assert game.hands.count() == 2


def test_a_hand_past_the_most_a_game_may_have_is_refused_with_a_sentence(game, monkeypatch):
    from tournaments.rules import variants

    monkeypatch.setattr(variants, "MAX_HANDS", 2)
    for _ in range(2):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    with pytest.raises(ValidationError, match="A game has at most 2 hands"):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    assert game.hands.count() == 2
