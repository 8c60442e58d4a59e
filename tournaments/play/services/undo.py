"""Undo a change to a game's hands, from its history: every change is reversible.

A correction is undone by restoring the facts as they were just before it; a deletion by
putting the hand back (if it is still the next one); an entry by deleting it (if it is still
the last one). The undo is itself a change, kept in the history with who and why.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.clubs.services.actors import Actor
from tournaments.models import Game, Hand, HandLine, Seat
from tournaments.play.facts import HandFacts, HeldLine, held_value
from tournaments.play.selectors.history import HistoryRecord
from tournaments.play.services.entry import correct_hand, delete_last_hand, set_held
from tournaments.play.services.locks import lock_table
from tournaments.play.services.scoring import refresh_game
from tournaments.rules.hands import Held


def undo_change(*, game: Game, history_id: int, reason: str, user: Actor = None) -> None:
    """Reverse one recorded change of this game's hands; ValidationError if it cannot be."""
    record = Hand.history.filter(game_id=game.pk, history_id=history_id).first()
    if record is None:
        raise ValidationError(_("This change does not belong to this game."))
    if record.history_type == "+":
        # Checked under the game's lock, by number and by hand: another phone may have
        # added a hand since the organiser looked.
        try:
            delete_last_hand(
                game=game, reason=reason, user=user, number=record.number, hand_id=record.id
            )
        except ValidationError:
            raise ValidationError(_("Only the last hand entered can be taken back.")) from None
    elif record.history_type == "-":
        _restore(game, record, reason)
    else:
        hand = game.hands.filter(pk=record.id).first()
        if hand is None:
            raise ValidationError(_("This hand has been deleted since: restore it first."))
        before = record.prev_record
        if before is None:
            raise ValidationError(_("There is no earlier version of this hand."))
        correct_hand(
            hand=hand, facts=_facts_as_of(before, record.history_date), reason=reason, user=user
        )


def _facts_as_of(version: HistoryRecord, moment: datetime) -> HandFacts:
    """The hand's facts as they stood in `version`, its lines as they were before `moment`."""
    held: dict[int, Held] = {}
    lines = HandLine.history.filter(hand_id=version.id, history_date__lt=moment)
    latest: dict[int, HeldLine] = {}
    for line in lines.order_by("history_date", "history_id"):
        latest[line.seat_id] = line
    for seat_id, line in latest.items():
        # A deletion record still carries the values the line had when it went.
        if line.held_count is not None or line.held_cards or line.never_melded:
            held[seat_id] = held_value(line)
    ended_by = Seat.objects.filter(pk=version.ended_by_id).first() if version.ended_by_id else None
    return HandFacts(version.how, ended_by, held)


def _restore(game: Game, record: HistoryRecord, reason: str) -> None:
    with transaction.atomic():
        game = lock_table(game.pk)
        last = game.hands.aggregate(last=Max("number"))["last"] or 0
        if record.number != last + 1 or game.closed:
            raise ValidationError(
                _("Hand %(number)s can only be restored as the next hand of an open game.")
                % {"number": record.number}
            )
        facts = _facts_as_of(record, record.history_date)
        hand = Hand(
            game=game,
            number=record.number,
            how=record.how,
            ended_by=facts.ended_by,
            entered_by_id=record.entered_by_id,
            entered_from=record.entered_from,
            entered_by_seat_id=record.entered_by_seat_id,
            needs_confirmation=record.needs_confirmation,
            confirmed_by_id=record.confirmed_by_id,
            confirmed_from=record.confirmed_from,
            confirmed_by_seat_id=record.confirmed_by_seat_id,
            confirmed_at=record.confirmed_at,
        )
        hand._change_reason = reason
        hand.save()
        for seat in game.seats.all():
            value = facts.held.get(seat.id)
            line = HandLine(hand=hand, seat=seat)
            set_held(line, value)
            line._change_reason = reason
            line.save()
        refresh_game(game)
