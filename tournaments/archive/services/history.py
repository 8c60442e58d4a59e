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
# Read once: `Model.history` looks its model up anew on each access.
GAME_RECORD, HAND_RECORD, LINE_RECORD = (m.history.model for m in (Game, Hand, HandLine))
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
        for model, rows in (
            (GAME_RECORD, self.games),
            (HAND_RECORD, self.hands),
            (LINE_RECORD, self.lines),
        ):
            rows.sort(key=lambda row: row.history_date)
            model.objects.bulk_create(rows, batch_size=BATCH)


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
    for record in records:
        rows.games.append(
            GAME_RECORD(
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
    def seat_id(name: str | None) -> int | None:
        return seats[name].pk if name is not None else None

    for record in records:
        rows.hands.append(
            HAND_RECORD(
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
    for record in records:
        seat = seats[record["player"]]
        held = record["held"]
        rows.lines.append(
            LINE_RECORD(
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
    games: list[tuple[Game, list[Seat], int]],
) -> list[list[tuple[int, dict[int, int]]]]:
    """For each (game, its seats, a count): ids for that many deleted hands of the game and
    their lines (one per seat), taken by placeholder rows, deleted at once with the history
    their deletion wrote. A few statements for every game together."""
    wanted = [(game, seats, index) for game, seats, count in games for index in range(count)]
    if not wanted:
        return [[] for _game in games]
    hands = Hand.objects.bulk_create(
        (
            Hand(game=game, number=PLACEHOLDER_NUMBER + index, how="draw")
            for game, _s, index in wanted
        ),
        batch_size=BATCH,
    )
    lines = HandLine.objects.bulk_create(
        (
            HandLine(hand=hand, seat=seat)
            for hand, (_game, seats, _index) in zip(hands, wanted, strict=True)
            for seat in seats
        ),
        batch_size=BATCH,
    )
    hand_ids = [hand.pk for hand in hands]
    Hand.objects.filter(pk__in=hand_ids).delete()
    Hand.history.filter(id__in=hand_ids).delete()
    HandLine.history.filter(id__in=[line.pk for line in lines]).delete()
    by_hand: dict[int, dict[int, int]] = {hand_id: {} for hand_id in hand_ids}
    for line in lines:
        by_hand[line.hand_id][line.seat_id] = line.pk
    by_game: dict[int, list[tuple[int, dict[int, int]]]] = {game.pk: [] for game, _s, _c in games}
    for hand in hands:
        by_game[hand.game_id].append((hand.pk, by_hand[hand.pk]))
    return [by_game[game.pk] for game, _s, _c in games]
