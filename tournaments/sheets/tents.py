"""Table tents: one folded card per table number of an event, standing on the table for the
whole event, with the table's number and the QR code of its permanent link (which opens the
table's game in the round in play: views/tents.py). An A5 sheet folded in two across its
middle: two A6 faces back to back, the upper one printed upside down so that both read."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.safestring import SafeString

from tournaments.models import Event
from tournaments.play.services.links import tent_path

from .render import qr_image, render_pdf


@dataclass(frozen=True)
class Tent:
    table: int
    url: str
    qr: SafeString


def tent_url(site: str, event_id: int, table: int) -> str:
    """The address a tent's QR code prints: the site's, and the table's permanent link."""
    return site + tent_path(event_id, table)


def table_tents(event: Event, tables: list[int], site: str) -> list[Tent]:
    tents = []
    for table in tables:
        url = tent_url(site, event.pk, table)
        tents.append(Tent(table, url, qr_image(url)))
    return tents


def table_tents_pdf(event: Event, *, tables: list[int], site: str) -> bytes:
    """One page (one tent) per table number, in the event's language."""
    context = {"event": event, "tents": table_tents(event, tables, site)}
    return render_pdf("sheets/tents.html", context, language=event.language)
