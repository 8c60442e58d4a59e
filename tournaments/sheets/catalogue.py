"""Which stored PDF a sheet is, and which version of it the data asks for: the same answer for
the pages that serve it (tournaments.views.sheets, views.seasons) and the worker that prepares
it (tournaments.sheets.jobs), so that a file prepared in the background is the one served.
Each `found` is the sheet's fingerprint (tournaments.sheets.versions)."""

from __future__ import annotations

from dataclasses import dataclass

from .store import version_of

COPIES = {"organiser": True, "players": False}  # with the table links' QR codes or not


@dataclass(frozen=True)
class PdfVersion:
    key: str
    version: str


def _pdf(kind: str, which: object, data: object, language: str) -> PdfVersion:
    """The stored PDF `kind:which`, at the version of `data` in `language`."""
    return PdfVersion(f"{kind}:{which}", version_of(kind, data, language=language))


def round_sheets(found: dict, *, site: str, copy: str, language: str) -> PdfVersion:
    """A round's blank sheets (`found`: its round fingerprint) with QR codes to `site`."""
    return _pdf("sheets", f"{found['id']}:{copy}", (found, site, copy), language)


def table_sheet(game_id: int, found: dict, *, site: str, copy: str, language: str) -> PdfVersion:
    """One table's blank sheet (`found`: its game's record fingerprint)."""
    return _pdf("sheet", f"{game_id}:{copy}", (found, site, copy), language)


def results(event_id: int, found: dict) -> PdfVersion:
    """An event's results (`found`: its results fingerprint)."""
    return _pdf("results", event_id, found, found["language"])


def record(game_id: int, found: dict) -> PdfVersion:
    """A game's filled record, in its event's language."""
    return _pdf("record", game_id, found, found["event__language"])


def seating(found: dict) -> PdfVersion:
    """Who sits where in a round (`found`: its round fingerprint)."""
    return _pdf("seating", found["id"], found, found["event__language"])


def season(season_id: int, found: dict, *, language: str) -> PdfVersion:
    """A season's standings in the reader's language."""
    return _pdf("season", f"{season_id}:{language}", found, language)
