"""Printed sheets as PDF: blank table sheets, filled game records, standings, seating lists.

Each function takes model objects and returns the PDF's bytes, rendered from a template of
templates/sheets/ in the event's language (labels, dates, numbers). Reads go through
the selectors, in a fixed number of queries whatever the number of tables or hands.
"""

from __future__ import annotations

import math

from django.utils import translation

from tournaments.models import Event, Game, Payout, Round
from tournaments.play.selectors.games import games_with_seats
from tournaments.sheets.blank import blank_sheet
from tournaments.sheets.ledger import balance_context, receipt_context
from tournaments.sheets.parallel import lay_out_in_parallel
from tournaments.sheets.record import game_record
from tournaments.sheets.render import ReportProgress, render_html, render_pdf, site_url
from tournaments.sheets.standings import seating_list, standings_context

__all__ = [
    "balance_pdf",
    "blank_sheets_pdf",
    "game_record_pdf",
    "receipt_pdf",
    "seating_pdf",
    "standings_pdf",
]

# Blank sheets are laid out in several processes from this many tables (fewer are done
# sooner in one), in chunks of CHUNK_FEWEST to CHUNK_MOST tables: each chunk costs a little
# more, about one page's time, so chunks are large while much is left and small at the end,
# where a process with nothing left to do waits for the others' last chunks.
PARALLEL_FROM = 24
CHUNK_FEWEST, CHUNK_MOST = 6, 20


def blank_sheets_pdf(
    round: Round,
    *,
    games: list[Game] | None = None,
    site: str | None = None,
    entry_links: bool = True,
    progress: ReportProgress | None = None,
    processes: int = 1,
) -> bytes:
    """One page per table of the round (or of `games`, given with their seats).

    `entry_links` prints each table link's QR code (when the link is on): for the organiser's
    copy only, since whoever scans it can enter hands. `progress(stage, done, total)` hears
    of each table prepared ("pages"), each page laid out ("layout") and the writing. With
    `processes` > 1, a large round is laid out that many chunks at a time (parallel.py).
    """
    event = round.event
    if games is None:
        games = games_with_seats(round.games.order_by("table_number"))
    site = site or site_url()
    with translation.override(event.language):
        if processes > 1 and len(games) >= PARALLEL_FROM:
            chunks = (
                render_html(
                    "sheets/blank.html",
                    _blank_context(round, games, start, end, site, entry_links, progress),
                    language=event.language,
                )
                for start, end in chunk_bounds(len(games), processes)
            )
            return lay_out_in_parallel(
                chunks, pages=len(games), processes=processes, progress=progress
            )
        context = _blank_context(round, games, 0, len(games), site, entry_links, progress)
        return render_pdf(
            "sheets/blank.html",
            context,
            language=event.language,
            progress=progress,
            pages=len(games),
        )


def chunk_bounds(tables: int, processes: int) -> list[tuple[int, int]]:
    """Where each chunk of tables starts and ends, in order: each a share of the tables left
    (half of a process's share), of CHUNK_FEWEST to CHUNK_MOST tables; fewer than
    CHUNK_FEWEST left go with the chunk before (a chunk costs about a page more). So the
    chunks shrink towards the end, and the last ones finish together."""
    bounds, start = [], 0
    while start < tables:
        size = max(CHUNK_FEWEST, min(CHUNK_MOST, math.ceil((tables - start) / (processes * 2))))
        if tables - (start + size) < CHUNK_FEWEST:
            size = tables - start
        bounds.append((start, start + size))
        start += size
    return bounds


def _blank_context(
    round: Round,
    games: list[Game],
    start: int,
    end: int,
    site: str,
    entry_links: bool,
    progress: ReportProgress | None,
) -> dict:
    """The blank sheets of games[start:end], reporting each table prepared."""
    sheets = []
    for done, game in enumerate(games[start:end], start=start + 1):
        sheets.append(blank_sheet(game, site=site, entry_links=entry_links))
        if progress:
            progress("pages", done, len(games))
    return {"event": round.event, "round": round, "sheets": sheets}


def game_record_pdf(game: Game) -> bytes:
    """The filled record of one game: every hand, the totals, the winner and the prizes."""
    with translation.override(game.event.language):
        record = game_record(game.pk)
        return render_pdf("sheets/record.html", {"record": record}, language=game.event.language)


def standings_pdf(event: Event, *, progress: ReportProgress | None = None) -> bytes:
    """The event's results: per table for a club night, the standings for a tournament.
    `progress` hears of each page laid out (their number is not known before)."""
    with translation.override(event.language):
        context = standings_context(event)
        return render_pdf(
            "sheets/standings.html", context, language=event.language, progress=progress
        )


def seating_pdf(round: Round) -> bytes:
    """Who sits where in the round: by table, then every player by name."""
    language = round.event.language
    with translation.override(language):
        return render_pdf("sheets/seating.html", seating_list(round), language=language)


def receipt_pdf(payout: Payout) -> bytes:
    """A prize's receipt, for its winner to sign."""
    language = payout.event.language
    with translation.override(language):
        return render_pdf("sheets/receipt.html", receipt_context(payout), language=language)


def balance_pdf(event: Event) -> bytes:
    """The event's balance, fees and prizes, and the record of changes, for the treasurer."""
    with translation.override(event.language):
        return render_pdf("sheets/balance.html", balance_context(event), language=event.language)
