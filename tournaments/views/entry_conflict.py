"""When a hand number is already taken (two phones at one table): what was stored first,
whether it says the same as the refused entry, and what comes next (the next hand, or the
end of the game). Built from the game sheet already loaded: no query.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import HandLine, Seat
from tournaments.rules.cards import format_cards
from tournaments.rules.hands import NEVER_MELDED
from tournaments.selectors.games import GameSheet, HandRow
from tournaments.services.entry import HandFacts


@dataclass(frozen=True)
class ConflictView:
    number: int
    next_number: int
    points: list[tuple[str, int]]  # the stored hand's points by player; empty if none
    same: bool = False  # the stored hand has exactly the facts that were refused
    game_over: bool = False  # the stored hand (or an earlier one) ended the game
    winner: str = ""
    correct_url: str = ""  # organisers correct the stored hand themselves


def conflict_view(
    sheet: GameSheet, number: int, facts: HandFacts | None = None, correct_url: str = ""
) -> ConflictView:
    """The stored hand `number` and what follows it; `facts`, the refused entry, if any."""
    game = sheet.game
    stored = next((row for row in sheet.rows if row.number == number), None)
    points = []
    if stored is not None:
        points = [
            (name, line.points if line else 0)
            for name, line in zip(sheet.players, stored.lines, strict=True)
        ]
    return ConflictView(
        number=number,
        next_number=len(sheet.rows) + 1,
        points=points,
        same=stored is not None and facts is not None and same_facts(stored, sheet.seats, facts),
        game_over=game.finished or game.closed,
        winner=game.winner.name if game.finished and game.winner_id else "",
        correct_url=correct_url if stored is not None else "",
    )


def same_facts(row: HandRow, seats: list[Seat], facts: HandFacts) -> bool:
    """Whether a stored hand says what `facts` say: how, who ended it, what each held (the
    same cards in any order)."""
    hand = row.hand
    ended_by = facts.ended_by.pk if facts.ended_by else None
    if hand.how != facts.how or hand.ended_by_id != ended_by:
        return False
    return all(
        _stored(line) == _typed(facts.held.get(seat.id))
        for seat, line in zip(seats, row.lines, strict=True)
    )


def _stored(line: HandLine | None):
    if line is None:
        return None
    if line.never_melded:
        return NEVER_MELDED
    if line.held_cards:
        return sorted(line.held_cards.split())
    return line.held_count


def _typed(value):
    if isinstance(value, tuple):
        return sorted(format_cards(value).split())
    return value  # a count, NEVER_MELDED, None, or a wrong code (never equal to a stored one)
