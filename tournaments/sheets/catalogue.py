"""Which stored PDF a sheet is, and which version of it the data asks for: the same answer for
the pages that serve it (tournaments.views.sheets) and the worker that prepares it
(tournaments.sheets.jobs), so that a file prepared in the background is the one served."""

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
