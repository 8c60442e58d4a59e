"""What the tournament pages say in words or mark for the reader: how a game gives points,
and which tables the name search shows."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event
from tournaments.words.formats import points
from tournaments.words.names import folded

if TYPE_CHECKING:
    from tournaments.events.selectors.tournaments import GameWithSeats


def points_words(value: Decimal | float | str) -> str:
    """Tournament points in words: "3 points", "1 point", "4,5 points" in French."""
    amount = Decimal(str(value))
    return ngettext("%(points)s point", "%(points)s points", int(amount)) % {
        "points": points(amount)
    }


def points_scale_lines(event: Event) -> list[str]:
    """How a game gives tournament points, in words: "Place 1: 3 points", a win when time is
    up, a bye (as rules.tournament.tournament_points counts them)."""
    lines = [
        _("Place %(place)s: %(points)s") % {"place": place, "points": points_words(value)}
        for place, value in enumerate(event.points_scale, start=1)
    ]
    if event.points_scale and event.points_scale[-1]:
        lines.append(_("Any place after: %(points)s") % {"points": points_words(0)})
    if event.points_for_win_at_time is not None:
        lines.append(
            _("A win when time is up: %(points)s")
            % {"points": points_words(event.points_for_win_at_time)}
        )
    lines.append(_("A bye: %(points)s") % {"points": points_words(event.bye_points)})
    return lines


def mark_matches(games: list[GameWithSeats], query: str) -> int:
    """Mark the seats whose player's name contains the query (`.found`) and the tables that
    have one (`.shown`; all of them for an empty query); the number of tables shown."""
    wanted = folded(" ".join(query.split()))
    for game in games:
        for seat in game.seats_in_order:
            seat.found = bool(wanted) and wanted in folded(seat.player.name)
        game.shown = not wanted or any(seat.found for seat in game.seats_in_order)
    return sum(game.shown for game in games)
