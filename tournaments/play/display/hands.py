"""One stored hand in words: how it ended, what each player held and what it gave, and who
entered and confirmed it. What the confirm screen shows the player who checks a hand, what
the organiser sees before closing a table, and what the record sheet and history print.

Built from rows already loaded (`selectors.games.game_sheet`): no query.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import rules
from tournaments.models import Hand, HandLine, Seat
from tournaments.play.facts import HeldLine, held_value
from tournaments.play.selectors.games import HandRow
from tournaments.rules import RulesError, Variant
from tournaments.rules.cards import format_cards
from tournaments.rules.hands import GIN_, KNOCK, NEVER_MELDED, UNDERCUT, Cards, Laid, laid_down
from tournaments.words.cards import shown_codes
from tournaments.words.formats import labelled
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


def hand_words(row: HandRow, seats: list[Seat]) -> str:
    """A stored hand on one line, as a kept hand is shown beside it: "Hand 10: Anne · Went
    out · Bruno: 12, Chloé: 30"."""
    held = [
        labelled(seat.player.name, held_words(line))
        for seat, line in zip(seats, row.lines, strict=True)
        if line is not None and line.held_anything
    ]
    facts = " · ".join([outcome(row.hand), ", ".join(held)] if held else [outcome(row.hand)])
    return _("Hand %(number)s: %(facts)s") % {"number": row.number, "facts": facts}


def typed_words(typed: dict[str, Any], seats: list[Seat]) -> str:
    """A hand as a phone typed it (models.SetAsideHand.typed), on one line: "Anne · Went out ·
    Bruno: 12, Chloé: 30"; card codes as they were typed."""
    by_position = {str(seat.position): seat for seat in seats}
    ender = by_position.get(typed.get("ended_by", ""))
    held = [
        labelled(by_position[position].player.name, _typed_value(value))
        for position, value in typed.get("held", {}).items()
        if value and position in by_position
    ]
    parts = [outcome_text(typed.get("how", ""), ender), ", ".join(held)]
    return " · ".join(part for part in parts if part)


def _typed_value(value: str) -> str:
    return str(_("never melded")) if value == NEVER_MELDED else value


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
    # A gin hand given by cards: the melds, lay-offs and deadwood the engine counted.
    laid: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class HandSummary:
    number: int
    outcome: str
    lines: list[FactLine]
    entered_by: str
    confirmed_by: str
    provisional: bool


def hand_summary(row: HandRow, seats: list[Seat], variant: Variant | None = None) -> HandSummary:
    """A stored hand's facts and points, player by player in seat order; with its game's
    `variant`, what the engine laid down for a gin hand given by cards (the confirm screen:
    a confirmer checks a deadwood without counting it again)."""
    hand = row.hand
    seats_by_id = {seat.id: seat for seat in seats}
    laid = _laid_down(row, seats, variant) if variant is not None else {}
    return HandSummary(
        number=hand.number,
        outcome=outcome(hand),
        lines=[
            _fact_line(seat, line, laid.get(seat.player.name))
            for seat, line in zip(seats, row.lines, strict=True)
        ],
        entered_by=entered_by(hand, seats_by_id),
        confirmed_by=confirmed_by(hand, seats_by_id),
        provisional=hand.is_provisional,
    )


def _fact_line(seat: Seat, line: HandLine | None, laid: Laid | None = None) -> FactLine:
    if line is None:
        return FactLine(seat.player.name, "—", None, 0, 0)
    held = held_words(line)
    counted = None if line.counted is None or str(line.counted) == held else line.counted
    words = _laid_words(laid) if laid is not None else []
    return FactLine(seat.player.name, held, counted, line.points, line.running_total, words)


def _laid_down(row: HandRow, seats: list[Seat], variant: Variant) -> dict[str, Laid]:
    """The engine's melds for the stored hand; {} if it has none to show (or refuses it)."""
    if not any(line is not None and line.held_cards for line in row.lines):
        return {}
    held = {
        seat.player.name: held_value(line)
        for seat, line in zip(seats, row.lines, strict=True)
        if line is not None and line.held_anything
    }
    ended_by = row.hand.ended_by_id
    names = {seat.id: seat.player.name for seat in seats}
    hand = rules.Hand(row.hand.how, names[ended_by] if ended_by else None, held)
    try:
        return laid_down(variant, tuple(seat.player.name for seat in seats), hand)
    except RulesError:
        return {}


def _laid_words(laid: Laid) -> list[str]:
    """ "Melds: 4H 5H 6H · 9S 9D 9C", "Laid off on the knocker's melds: 7H", "Left: 3C", the
    cards in the page's letters."""

    def shown(cards: Cards) -> str:
        return shown_codes(format_cards(cards))

    words = []
    if laid.melds:
        words.append(_("Melds: %(melds)s") % {"melds": " · ".join(shown(m) for m in laid.melds)})
    if laid.laid_off:
        words.append(
            _("Laid off on the knocker’s melds: %(cards)s") % {"cards": shown(laid.laid_off)}
        )
    if laid.deadwood:
        words.append(_("Left: %(cards)s") % {"cards": shown(laid.deadwood)})
    return words
