"""The change history of a game, from the django-simple-history records: its hands, their
lines and the game itself, oldest first, in a fixed number of queries whatever the number of
hands. `tournaments.play.display.audit` tells it in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from tournaments.models import Game, Hand, HandLine, Seat

# A django-simple-history record: an instance of the model it makes at run time for each
# tracked one (its fields, and history_date, history_type, history_user...). No static type
# describes it, and django-simple-history has no types: Any, named once here.
HistoryRecord = Any


@dataclass
class GameHistory:
    hands: list[HistoryRecord]  # Hand.history records, with who entered and confirmed
    lines: list[HistoryRecord]  # HandLine.history records
    # Game.history records (none for one hand)
    games: list[HistoryRecord] = field(default_factory=list)


def game_history(game: Game, seats: list[Seat]) -> GameHistory:
    """Every record of the game's hands, lines and of the game itself: three queries."""
    line_records = HandLine.history.filter(seat_id__in=[seat.id for seat in seats])
    game_records = Game.history.filter(id=game.pk).select_related("history_user")
    return GameHistory(
        hands=_hand_records(Hand.history.filter(game_id=game.pk)),
        lines=list(line_records.order_by("history_date", "history_id")),
        games=list(game_records.order_by("history_date", "history_id")),
    )


def hand_history(hand: Hand) -> GameHistory:
    """Every record of one hand and its lines (its correction page): two queries."""
    line_records = HandLine.history.filter(hand_id=hand.pk)
    return GameHistory(
        hands=_hand_records(Hand.history.filter(id=hand.pk)),
        lines=list(line_records.order_by("history_date", "history_id")),
    )


def hand_records(game: Game) -> list[HistoryRecord]:
    """The history of the game's hands (entered, corrected, confirmed, deleted) with who did
    it, oldest first: one query."""
    return list(
        Hand.history.filter(game_id=game.pk)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )


def _hand_records(records: QuerySet[HistoryRecord]) -> list[HistoryRecord]:
    return list(
        records.select_related("history_user", "entered_by", "confirmed_by").order_by(
            "history_date", "history_id"
        )
    )
