"""When a hand number is already taken (two phones at one table): what was stored first,
player by player beside what the refused entry said where it differs (the counts to check at
the table, not the points they gave), who entered it, and what comes next (the next hand, or
the end of the game). Built from the game sheet already loaded: no query.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from tournaments.models import Hand, HandLine, Seat
from tournaments.play.display.hands import entered_by, outcome_text
from tournaments.play.facts import HandFacts
from tournaments.play.selectors.games import GameSheet, HandRow
from tournaments.rules.cards import format_cards
from tournaments.rules.hands import NEVER_MELDED, Held
from tournaments.words.cards import shown_codes

# A held value as compared: a count, NEVER_MELDED (or a code the engine refused), the card
# codes sorted, or None (nothing).
Compared = int | str | list[str] | None


@dataclass(frozen=True)
class ConflictRow:
    """One player in the stored hand: what he held, and what the refused entry said if it
    differs (the facts to check at the table, not the points they gave)."""

    name: str
    stored: str
    entered: str = ""  # empty when the refused entry says the same (or there is none)

    @property
    def differs(self) -> bool:
        return bool(self.entered)


@dataclass(frozen=True)
class ConflictView:
    number: int
    next_number: int
    rows: list[ConflictRow]  # the stored hand's players; empty if there is no stored hand
    outcome: str = ""  # the stored hand's "Anne · Went out"
    entered_by: str = ""  # who entered the stored hand, when it is known
    entered_outcome: str = ""  # the refused entry's, when it differs
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
    rows: list[ConflictRow] = []
    outcome, entered_outcome, who = "", "", ""
    if stored is not None:
        outcome = outcome_text(stored.hand.how, stored.hand.ended_by)
        who = _entered_by(stored.hand, sheet.seats)
        if facts is not None and (facts.how, facts.ended_by) != (
            stored.hand.how,
            stored.hand.ended_by,
        ):
            entered_outcome = outcome_text(facts.how, facts.ended_by)
        for seat, line in zip(sheet.seats, stored.lines, strict=True):
            typed = facts.held.get(seat.id) if facts is not None else None
            differs = facts is not None and _stored(line) != _typed(typed)
            rows.append(
                ConflictRow(
                    seat.player.name,
                    _shown(_stored(line)),
                    _shown(_typed(typed)) if differs else "",
                )
            )
    return ConflictView(
        number=number,
        next_number=len(sheet.rows) + 1,
        rows=rows,
        outcome=outcome,
        entered_by=who,
        entered_outcome=entered_outcome,
        same=stored is not None and facts is not None and same_facts(stored, sheet.seats, facts),
        game_over=game.finished or game.closed,
        winner=game.winner.name if game.finished and game.winner is not None else "",
        correct_url=correct_url if stored is not None else "",
    )


def _entered_by(hand: Hand, seats: list[Seat]) -> str:
    """The player named at the table, the account (by its person's name), or the table
    link's phone; "" when the hand does not say (imported from a game file, say)."""
    if not (hand.entered_by_seat_id or hand.entered_by_id or hand.entered_from):
        return ""
    return entered_by(hand, {seat.id: seat for seat in seats})


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


def _stored(line: HandLine | None) -> Compared:
    if line is None:
        return None
    if line.never_melded:
        return NEVER_MELDED
    if line.held_cards:
        return sorted(line.held_cards.split())
    return line.held_count


def _typed(value: Held | None) -> Compared:
    if isinstance(value, tuple):
        return sorted(format_cards(value).split())
    return value  # a count, NEVER_MELDED, None, or a wrong code (never equal to a stored one)


def _shown(value: Compared) -> str:
    """A held value as the box shows it: the count, the cards (in the page's letters),
    "never melded", or a dash."""
    if value is None:
        return "–"
    if value == NEVER_MELDED:
        return gettext("never melded")
    if isinstance(value, list):
        return shown_codes(" ".join(value))  # in the page's letters, as typed there
    return str(value)
