"""A hand's facts between the database, the forms and the rules engine: what was typed at the
table (`HandFacts`), and a stored game as the engine reads it (`engine_game`). Reads only:
scoring, the record sheet and the archive share this one adapter."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from tournaments import rules
from tournaments.models import Game, Hand, HandLine, Seat
from tournaments.rules.gamefile import parse_amount
from tournaments.rules.hands import NEVER_MELDED, Held, parse_held


@dataclass(frozen=True)
class HandFacts:
    """What happened at the table, as a form or a game file gives it."""

    how: str
    ended_by: Seat | None
    held: Mapping[int, Held] = field(default_factory=dict)  # seat id → count, cards, never

    def for_engine(self, seats: list[Seat]) -> rules.Hand:
        names = {seat.id: seat.player.name for seat in seats}
        held = {names[seat_id]: value for seat_id, value in self.held.items()}
        return rules.Hand(self.how, self.ended_by.player.name if self.ended_by else None, held)


class HeldLine(Protocol):
    """What a line holds: a HandLine, or one of its django-simple-history records."""

    held_count: int | None
    held_cards: str
    never_melded: bool


def held_value(line: HeldLine) -> Held:
    """The engine's held value for a stored line that holds something: a count, the cards,
    or never melded."""
    if line.never_melded:
        return NEVER_MELDED
    if line.held_cards:
        return parse_held(line.held_cards)
    assert line.held_count is not None  # the line holds something
    return line.held_count


def engine_hand(hand: Hand, seats_by_id: dict[int, Seat]) -> rules.Hand:
    held = {
        seats_by_id[line.seat_id].player.name: held_value(line)
        for line in hand.lines.all()
        if line.held_anything
    }
    ended_by = seats_by_id[hand.ended_by_id].player.name if hand.ended_by_id else None
    return rules.Hand(hand.how, ended_by, held)


def engine_game(
    game: Game, seats: list[Seat], hands: list[Hand], *, closed: bool | None = None
) -> rules.Game:
    """The engine's view of a game; `closed` replaces the game's own (closed=False: as if
    still open)."""
    seats_by_id = {seat.id: seat for seat in seats}
    return rules.Game(
        variant=game.rules(),
        players=tuple(seat.player.name for seat in seats),
        hands=tuple(engine_hand(hand, seats_by_id) for hand in hands),
        pot=parse_amount(f"{game.pot:.2f}") if game.pot is not None else None,
        closed=game.closed if closed is None else closed,
    )


def load_facts(game: Game, seats: list[Seat] | None = None) -> tuple[list[Seat], list[Hand]]:
    """The seats (with players) and hands (with lines) of a game: two queries, one when the
    caller holds the `seats` as they are. The hands come with their lines rather than by a
    query of their own, as every hand has a line per seat (written in its transaction): one
    query fewer for the busiest write of a night. When they are not as many as the game has
    played (its row read under the lock), they are read by themselves (two queries more)."""
    if seats is None:
        seats = list(game.seats.select_related("player").order_by("position"))
    read = HandLine.objects.filter(hand__game=game).select_related("hand")
    hands: dict[int, tuple[Hand, list[HandLine]]] = {}
    for line in read.order_by("hand__number", "pk"):
        hand, lines = hands.setdefault(line.hand_id, (line.hand, []))
        hand.game = game  # its game known, as game.hands gives it
        line.hand = hand  # one object per hand, as prefetching gives
        lines.append(line)
    if len(hands) != game.hands_played:
        # A hand without lines, or hands just written and not counted yet: read as they are.
        return seats, list(game.hands.order_by("number").prefetch_related("lines"))
    return seats, [hold_lines(hand, lines) for hand, lines in hands.values()]


def hold_lines(hand: Hand, lines: list[HandLine]) -> Hand:
    """A hand just written, its lines held as load_facts holds them (prefetched): its
    writer goes on scoring it without reading back what it wrote."""
    held = hand.lines.all()  # lazy: no query
    held._result_cache = lines
    held._prefetch_done = True  # type: ignore[attr-defined]  # Django's own mark
    hand._prefetched_objects_cache = {"lines": held}  # type: ignore[attr-defined]
    return hand
