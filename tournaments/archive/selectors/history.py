"""The history part of an event's archive: the django-simple-history records of its games,
hands and what each player held, as the archive writes them (docs/archive.md), with people
named instead of ids. Loaded in three queries for the whole event.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Game, Hand, HandLine, Seat
from tournaments.play.facts import HeldLine
from tournaments.play.selectors.history import HistoryRecord
from tournaments.rules.hands import NEVER_MELDED

# simple_history's record types, in words.
CHANGES = {"+": "created", "~": "changed", "-": "deleted"}
HISTORY_TYPES = {words: symbol for symbol, words in CHANGES.items()}


def moment(value: datetime.datetime | None) -> str | None:
    """A date and time as the archive writes it: ISO 8601 in UTC."""
    return None if value is None else value.astimezone(datetime.UTC).isoformat()


@dataclass(frozen=True)
class ArchiveNames:
    """Seats and accounts by their ids, to name them in the archive."""

    seats: dict[int, str]
    users: dict[int, str]

    def seat(self, seat_id: int | None) -> str | None:
        return self.seats.get(seat_id) if seat_id is not None else None

    def user(self, user_id: int | None) -> str | None:
        return self.users.get(user_id) if user_id is not None else None


@dataclass
class EventHistory:
    """The history records of an event's games, hands and lines, each list oldest first."""

    games: dict[int, list[HistoryRecord]] = field(default_factory=lambda: defaultdict(list))
    hands: dict[int, list[HistoryRecord]] = field(default_factory=lambda: defaultdict(list))
    lines: dict[int, list[HistoryRecord]] = field(default_factory=lambda: defaultdict(list))
    hands_of_game: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))

    def user_ids(self) -> set[int]:
        ids = set()
        for records in (*self.games.values(), *self.hands.values(), *self.lines.values()):
            ids |= {record.history_user_id for record in records}
        for records in self.hands.values():
            for record in records:
                ids |= {record.entered_by_id, record.confirmed_by_id}
        ids.discard(None)
        return ids

    def held(self, hand_id: int, names: ArchiveNames) -> list[dict[str, Any]]:
        """What each player held, each time it was written or deleted, oldest first."""
        return [
            {
                **_when_and_who(record, names),
                "player": names.seat(record.seat_id),
                "held": _held(record),
            }
            for record in self.lines.get(hand_id, [])
        ]


def load_history(games: list[Game], seats: list[Seat]) -> EventHistory:
    """Every history record of the event's games, of their hands (deleted ones included)
    and of their hands' lines: three queries.

    The games and seats come as the lists the archive already read, and the queries name
    their ids. A subquery instead (`seat_id__in=Seat.objects.filter(...)`) let PostgreSQL,
    on tables whose statistics said empty, run it again for each history row: 20 s for one
    event of the demo, past the statement timeout (CI, stop 32)."""
    game_ids = [game.pk for game in games]
    history = EventHistory()
    order = ("history_date", "history_id")
    for record in Game.history.filter(id__in=game_ids).order_by(*order):
        history.games[record.id].append(record)
    for record in Hand.history.filter(game_id__in=game_ids).order_by(*order):
        if record.id not in history.hands:
            history.hands_of_game[record.game_id].append(record.id)
        history.hands[record.id].append(record)
    seat_ids = [seat.pk for seat in seats]
    for record in HandLine.history.filter(seat_id__in=seat_ids).order_by(*order):
        history.lines[record.hand_id].append(record)
    return history


def hand_records(records: list[HistoryRecord], names: ArchiveNames) -> list[dict[str, Any]]:
    """A hand's history: each version of its facts, entry and confirmation."""
    return [
        {
            **_when_and_who(record, names),
            "number": record.number,
            "how": record.how,
            "ended_by": names.seat(record.ended_by_id),
            "entered_by": names.user(record.entered_by_id),
            "entered_by_seat": names.seat(record.entered_by_seat_id),
            "entered_from": record.entered_from,
            "needs_confirmation": record.needs_confirmation,
            "confirmed_at": moment(record.confirmed_at),
            "confirmed_by": names.user(record.confirmed_by_id),
            "confirmed_by_seat": names.seat(record.confirmed_by_seat_id),
            "confirmed_from": record.confirmed_from,
        }
        for record in records
    ]


def game_records(records: list[HistoryRecord], names: ArchiveNames) -> list[dict[str, Any]]:
    """A game's history: closed, reopened, its rules, pot or table link changed."""
    return [
        {
            **_when_and_who(record, names),
            "closed": record.closed,
            "link_enabled": record.link_enabled,
            "variant": record.variant,
            "options": record.options,
            "pot": None if record.pot is None else f"{record.pot:.2f}",
        }
        for record in records
    ]


def deleted_hands(
    history: EventHistory, game: Game, live: set[int], names: ArchiveNames
) -> list[dict[str, Any]]:
    """The history of the game's hands deleted or discarded since, in the order they were
    first entered."""
    return [
        {
            "history": hand_records(history.hands[hand_id], names),
            "held_history": history.held(hand_id, names),
        }
        for hand_id in history.hands_of_game.get(game.pk, [])
        if hand_id not in live
    ]


def _when_and_who(record: HistoryRecord, names: ArchiveNames) -> dict[str, Any]:
    return {
        "at": moment(record.history_date),
        "by": names.user(record.history_user_id),
        "change": CHANGES[record.history_type],
        "reason": record.history_change_reason or "",
    }


def _held(record: HeldLine) -> int | str | None:
    """A line's held value as a game file writes it: a count, card codes, never melded."""
    if record.never_melded:
        return NEVER_MELDED
    if record.held_cards:
        return record.held_cards
    return record.held_count
