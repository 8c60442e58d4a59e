"""One stored hand in words: how it ended, what each player held and what it gave, and who
entered and confirmed it. What the confirm screen shows the player who checks a hand, what
the organiser sees before closing a table, and what the record sheet and history print.

Built from rows already loaded (`selectors.games.game_sheet`): no query.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Hand, HandLine, Seat
from tournaments.play.facts import HeldLine
from tournaments.play.selectors.games import HandRow
from tournaments.rules.hands import GIN_, KNOCK, UNDERCUT
from tournaments.words.cards import shown_codes
from tournaments.words.labels import how_choice


def display_name(user: User) -> str:
    """How a page or a sheet names an account: the full name if set, else the username."""
    return user.get_full_name() or user.get_username()


def held_words(line: HeldLine | None) -> str:
    """What a player held: a count, card codes in the page's letters ("RK 7P" in French),
    "never melded", or "—" (a line or a history record of one)."""
    if line is None:
        return "—"
    if line.never_melded:
        return _("never melded")
    if line.held_cards:
        return shown_codes(line.held_cards)
    if line.held_count is not None:
        return str(line.held_count)
    return "—"


# R22: a knock with no deadwood is scored as a gin; the pages say so, not only the points.
GIN_AT_ZERO = gettext_lazy("0 deadwood: scored as a gin")


def outcome_text(how: str, ended_by: Seat | None) -> str:
    """How a hand ended, as the entry page lists it: "Anne · Went out"."""
    label = how_choice(how)
    return f"{ended_by.player.name} · {label}" if ended_by else label


def outcome(hand: Hand) -> str:
    """A stored hand's end: "Anne · Went out", "Bruno · Knock · undercut by Anne", "Draw
    (nobody)", "Anne · Knock · 0 deadwood: scored as a gin"."""
    text = outcome_text(hand.how, hand.ended_by if hand.ended_by_id else None)
    if hand.how == KNOCK and hand.result == GIN_:
        text += " · " + str(GIN_AT_ZERO)
    if hand.result == UNDERCUT and hand.winner is not None:
        text += " · " + _("undercut by %(name)s") % {"name": hand.winner.player.name}
    return text


def person(seat: Seat | None, user: User | None, device: str) -> str:
    """Who entered or confirmed a hand: the player named at the table, else the account,
    else the table link's phone (its first characters), else "—"."""
    if seat is not None:
        return seat.player.name
    if user is not None:
        return display_name(user)
    if device:
        return _("table link (%(device)s)") % {"device": device[:4]}
    return "—"


def entered_by(hand: Hand, seats_by_id: dict[int, Seat]) -> str:
    seat_id = hand.entered_by_seat_id
    seat = seats_by_id.get(seat_id) if seat_id is not None else None
    return person(seat, hand.entered_by, hand.entered_from)


def confirmed_by(hand: Hand, seats_by_id: dict[int, Seat]) -> str:
    """Who confirmed it; "" when it was never asked for or is still awaited."""
    if hand.confirmed_at is None:
        return ""
    seat_id = hand.confirmed_by_seat_id
    seat = seats_by_id.get(seat_id) if seat_id is not None else None
    return person(seat, hand.confirmed_by, hand.confirmed_from)


@dataclass(frozen=True)
class FactLine:
    """One player's part of the hand: what he held, what it counted, what it gave."""

    name: str
    held: str  # as typed ("12", "KD 7S 10H", "never melded"); "—" for who went out
    counted: int | None  # what the held cards counted, when it is not the typed count
    points: int
    total: int


@dataclass(frozen=True)
class HandSummary:
    number: int
    outcome: str
    lines: list[FactLine]
    entered_by: str
    confirmed_by: str
    provisional: bool


def hand_summary(row: HandRow, seats: list[Seat]) -> HandSummary:
    """A stored hand's facts and points, player by player in seat order."""
    hand = row.hand
    seats_by_id = {seat.id: seat for seat in seats}
    return HandSummary(
        number=hand.number,
        outcome=outcome(hand),
        lines=[_fact_line(seat, line) for seat, line in zip(seats, row.lines, strict=True)],
        entered_by=entered_by(hand, seats_by_id),
        confirmed_by=confirmed_by(hand, seats_by_id),
        provisional=hand.is_provisional,
    )


def _fact_line(seat: Seat, line: HandLine | None) -> FactLine:
    if line is None:
        return FactLine(seat.player.name, "—", None, 0, 0)
    held = held_words(line)
    counted = None if line.counted is None or str(line.counted) == held else line.counted
    return FactLine(seat.player.name, held, counted, line.points, line.running_total)
