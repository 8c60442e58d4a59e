"""Which stored PDF a sheet is, and which version of it the data asks for: the same answer for
the pages that serve it (tournaments.views.sheets, views.seasons) and the worker that prepares
it (tournaments.sheets.jobs), so that a file prepared in the background is the one served.
Each `found` is the sheet's fingerprint (tournaments.selectors.pdf_versions)."""

from __future__ import annotations

from dataclasses import dataclass

from .store import version_of

COPIES = {"organiser": True, "players": False}  # with the table links' QR codes or not


@dataclass(frozen=True)
class PdfVersion:
    key: str
    version: str


def round_sheets(found: dict, *, site: str, copy: str, language: str) -> PdfVersion:
    """A round's blank sheets (`found`: its round fingerprint) with QR codes to `site`."""
    return PdfVersion(
        key=f"sheets:{found['id']}:{copy}",
        version=version_of("sheets", (found, site, copy), language=language),
    )


def results(event_id: int, found: dict) -> PdfVersion:
    """An event's results (`found`: its results fingerprint)."""
    return PdfVersion(
        key=f"results:{event_id}",
        version=version_of("results", found, language=found["language"]),
    )


def table_sheet(game_id: int, found: dict, *, site: str, copy: str, language: str) -> PdfVersion:
    """One table's blank sheet (`found`: its game's record fingerprint)."""
    return PdfVersion(
        key=f"sheet:{game_id}:{copy}",
        version=version_of("sheet", (found, site, copy), language=language),
    )


def record(game_id: int, found: dict) -> PdfVersion:
    """A game's filled record, in its event's language."""
    return PdfVersion(
        key=f"record:{game_id}",
        version=version_of("record", found, language=found["event__language"]),
    )


def seating(found: dict) -> PdfVersion:
    """Who sits where in a round (`found`: its round fingerprint)."""
    return PdfVersion(
        key=f"seating:{found['id']}",
        version=version_of("seating", found, language=found["event__language"]),
    )


def season(season_id: int, found: dict, *, language: str) -> PdfVersion:
    """A season's standings in the reader's language."""
    return PdfVersion(
        key=f"season:{season_id}:{language}",
        version=version_of("season", found, language=language),
    )
