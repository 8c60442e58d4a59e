"""Printed sheets as PDF: blank table sheets, filled game records, standings, seating lists.

Each function takes model objects and returns the PDF's bytes, rendered from a template of
templates/sheets/ in the event's language (labels, dates, numbers). Reads go through
tournaments.selectors, in a fixed number of queries whatever the number of tables or hands.
"""

from __future__ import annotations

from django.utils import translation

from tournaments.models import Event, Game, Round
from tournaments.selectors.games import games_with_seats

from .blank import blank_sheet
from .record import game_record
from .render import ReportProgress, render_pdf, site_url
from .standings import seating_list, standings_context, standings_rows

__all__ = [
    "blank_sheets_pdf",
    "game_record_pdf",
    "seating_pdf",
    "site_url",
    "standings_pdf",
    "standings_rows",
]


def blank_sheets_pdf(
    round: Round,
    *,
    games: list[Game] | None = None,
    site: str | None = None,
    entry_links: bool = True,
    progress: ReportProgress | None = None,
) -> bytes:
    """One page per table of the round (or of `games`, given with their seats).

    `entry_links` prints each table link's QR code (when the link is on): for the organiser's
    copy only, since whoever scans it can enter hands. `progress(stage, done, total)` hears
    of each table prepared ("pages"), each page laid out ("layout") and the writing.
    """
    event = round.event
    if games is None:
        games = games_with_seats(round.games.order_by("table_number"))
    site = site or site_url()
    with translation.override(event.language):
        sheets = []
        for done, game in enumerate(games, start=1):
            sheets.append(blank_sheet(game, site=site, entry_links=entry_links))
            if progress:
                progress("pages", done, len(games))
        context = {"event": event, "round": round, "sheets": sheets}
        return render_pdf(
            "sheets/blank.html",
            context,
            language=event.language,
            progress=progress,
            pages=len(sheets),
        )


def game_record_pdf(game: Game) -> bytes:
    """The filled record of one game: every hand, the totals, the winner and the prizes."""
    with translation.override(game.event.language):
        record = game_record(game.pk)
        return render_pdf("sheets/record.html", {"record": record}, language=game.event.language)


def standings_pdf(event: Event) -> bytes:
    """The event's results: per table for a club night, the standings for a tournament."""
    with translation.override(event.language):
        context = standings_context(event)
        return render_pdf("sheets/standings.html", context, language=event.language)


def seating_pdf(round: Round) -> bytes:
    """Who sits where in the round: by table, then every player by name."""
    language = round.event.language
    with translation.override(language):
        return render_pdf("sheets/seating.html", seating_list(round), language=language)
