"""The history part of an event archive stored back: the django-simple-history records of
each game, hand and line as the archive gives them (dates, people, reasons), so that the
change history reads as before and the archive exported again is the same, byte for byte.

Hands deleted before the export get ids of their own: placeholder rows are inserted and
deleted again, so that no hand of this database ever shares their id (auto-incremented
ids are never reused) and their history stays apart from every other hand's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

from tournaments.archive.selectors.history import HISTORY_TYPES
from tournaments.models import Game, Hand, HandLine, Seat
from tournaments.play.selectors.history import HistoryRecord
from tournaments.rules.hands import NEVER_MELDED

BATCH = 500
PLACEHOLDER_NUMBER = 1_000_000  # above any real hand number: placeholders never collide


@dataclass
class HistoryRows:
    """The history records of an event being imported, written together at the end."""

    games: list[HistoryRecord] = field(default_factory=list)
    hands: list[HistoryRecord] = field(default_factory=list)
    lines: list[HistoryRecord] = field(default_factory=list)

    def save(self) -> None:
        # Oldest first, so that the history ids follow the dates as they did (a stable
        # sort: records of one hand at the same moment keep their order).
        for model, rows in ((Game, self.games), (Hand, self.hands), (HandLine, self.lines)):
            rows.sort(key=lambda row: row.history_date)
            model.history.model.objects.bulk_create(rows, batch_size=BATCH)


# A record as the archive reads it (services/read.py): its fields by name, as JSON gives them.
Record = dict[str, Any]


def _who(record: Record, users: dict[str, User]) -> dict[str, object]:
    return {
        "history_date": record["at"],
        "history_user": users.get(record["by"]),
        "history_type": HISTORY_TYPES[record["change"]],
        "history_change_reason": record["reason"] or None,
    }


def game_records(
    game: Game, records: list[Record], users: dict[str, User], rows: HistoryRows
) -> None:
    model = Game.history.model
    for record in records:
        rows.games.append(
            model(
                id=game.pk,
                event_id=game.event_id,
                round_id=game.round_id,
                table_number=game.table_number,
                variant=record["variant"],
                options=record["options"],
                pot=record["pot"],
                closed=record["closed"],
                link_token=game.link_token,
                link_enabled=record["link_enabled"],
                imported=game.imported,
                **_who(record, users),
            )
        )


def hand_records(
    game: Game,
    hand_id: int,
    records: list[Record],
    seats: dict[str, Seat],
    users: dict[str, User],
    rows: HistoryRows,
) -> None:
    model = Hand.history.model

    def seat_id(name: str | None) -> int | None:
        return seats[name].pk if name is not None else None

    for record in records:
        rows.hands.append(
            model(
                id=hand_id,
                game_id=game.pk,
                number=record["number"],
                how=record["how"],
                ended_by_id=seat_id(record["ended_by"]),
                entered_by=users.get(record["entered_by"]),
                entered_from=record["entered_from"],
                entered_by_seat_id=seat_id(record["entered_by_seat"]),
                confirmed_by=users.get(record["confirmed_by"]),
                confirmed_from=record["confirmed_from"],
                confirmed_by_seat_id=seat_id(record["confirmed_by_seat"]),
                confirmed_at=record["confirmed_at"],
                needs_confirmation=record["needs_confirmation"],
                **_who(record, users),
            )
        )


def held_records(
    hand_id: int,
    line_ids: dict[int, int],
    records: list[Record],
    seats: dict[str, Seat],
    users: dict[str, User],
    rows: HistoryRows,
) -> None:
    """What each player held, each time; `line_ids` gives each seat's line of the hand."""
    model = HandLine.history.model
    for record in records:
        seat = seats[record["player"]]
        held = record["held"]
        rows.lines.append(
            model(
                id=line_ids[seat.pk],
                hand_id=hand_id,
                seat_id=seat.pk,
                held_count=held if isinstance(held, int) else None,
                held_cards=held if isinstance(held, str) and held != NEVER_MELDED else "",
                never_melded=held == NEVER_MELDED,
                **_who(record, users),
            )
        )


def ids_for_deleted_hands(
    game: Game, seats: list[Seat], count: int
) -> list[tuple[int, dict[int, int]]]:
    """Ids for `count` deleted hands of the game and their lines (one per seat): taken by
    placeholder rows, deleted at once with the history their deletion wrote."""
    if not count:
        return []
    hands = Hand.objects.bulk_create(
        Hand(game=game, number=PLACEHOLDER_NUMBER + index, how="draw") for index in range(count)
    )
    lines = HandLine.objects.bulk_create(
        HandLine(hand=hand, seat=seat) for hand in hands for seat in seats
    )
    hand_ids = [hand.pk for hand in hands]
    Hand.objects.filter(pk__in=hand_ids).delete()
    Hand.history.filter(id__in=hand_ids).delete()
    HandLine.history.filter(id__in=[line.pk for line in lines]).delete()
    by_hand: dict[int, dict[int, int]] = {hand_id: {} for hand_id in hand_ids}
    for line in lines:
        by_hand[line.hand_id][line.seat_id] = line.pk
    return list(by_hand.items())
