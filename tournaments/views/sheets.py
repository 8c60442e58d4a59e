"""Printed sheets as PDF, one click each.

Blank table sheets are for the event's organisers only: the organiser's copy carries each
table link's QR code, which lets whoever scans it enter hands. Game records, standings and
seating lists are public, like the pages they print.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET

from tournaments import sheets
from tournaments.models import Event, Game, Round
from tournaments.selectors.events import round_games
from tournaments.selectors.games import games_with_seats
from tournaments.views.permissions import organiser_view

COPIES = {"organiser": True, "players": False}  # ?copy=: with the table links' QR codes or not


def _pdf(content: bytes, name: str, *, private: bool = False) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    # Inline: the browser shows it, ready to print; the name is used when it is saved.
    response["Content-Disposition"] = f'inline; filename="{slugify(name) or "sheet"}.pdf"'
    if private:
        response["Cache-Control"] = "private, no-store"  # table links are secrets
    return response


def _filename(event: Event, text: str, **values) -> str:
    """The PDF's name in the event's language: `text` is marked with gettext_noop."""
    with translation.override(event.language):
        return f"{event.name} {_(text) % values}"


def _round_or_404(event: Event, number: int) -> tuple[Round, list[Game]]:
    try:
        return round_games(event.pk, number)
    except Round.DoesNotExist:
        raise Http404(_("This event has no round %(number)s.") % {"number": number}) from None


def _blank_sheets(
    request: HttpRequest, load: Callable[[], tuple[Round, list[Game], str]]
) -> HttpResponse:
    """Blank sheets as a private PDF: the organiser's copy (?copy=organiser, the default) with
    the table links' QR codes, or the players' copy without. `load` gives the round, its
    games (with seats) and the file's name, or raises Http404."""
    entry_links = COPIES.get(request.GET.get("copy", "organiser"))
    if entry_links is None:
        return HttpResponseBadRequest(_("Choose the organiser's copy or the players' copy."))
    round_, games, name = load()
    pdf = sheets.blank_sheets_pdf(
        round_, games=games, site=sheets.site_url(request), entry_links=entry_links
    )
    return _pdf(pdf, name, private=True)


@require_GET
@organiser_view
def round_blank_sheets(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Every table of the round, one page each, in one PDF."""

    def load() -> tuple[Round, list[Game], str]:
        round_, games = _round_or_404(event, number)
        name = _filename(event, gettext_noop("round %(number)s score sheets"), number=number)
        return round_, games, name

    return _blank_sheets(request, load)


@require_GET
@organiser_view
def game_blank_sheet(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    """One table's blank sheet (to reprint a lost or spoilt one)."""

    def load() -> tuple[Round, list[Game], str]:
        games = games_with_seats(Game.objects.filter(pk=game_id, event=event))
        if not games:
            raise Http404(_("There is no such table in this event."))
        game = games[0]
        game.round.event = event  # loaded already, with its club
        number = game.table_number
        name = _filename(event, gettext_noop("table %(number)s score sheet"), number=number)
        return game.round, games, name

    return _blank_sheets(request, load)


@require_GET
def game_record(request: HttpRequest, game_id: int) -> HttpResponse:
    """The filled record of a game, finished or not."""
    game = get_object_or_404(Game.objects.select_related("event"), pk=game_id)
    name = _filename(game.event, gettext_noop("table %(number)s record"), number=game.table_number)
    return _pdf(sheets.game_record_pdf(game), name)


@require_GET
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The results of an event: per table (club night) or the standings (tournament)."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    return _pdf(sheets.standings_pdf(event), _filename(event, gettext_noop("results")))


@require_GET
def seating(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Who sits where in a round, to pin up at the door."""
    round_ = get_object_or_404(
        Round.objects.select_related("event__club"), event_id=event_id, number=number
    )
    name = _filename(round_.event, gettext_noop("round %(number)s seating"), number=number)
    return _pdf(sheets.seating_pdf(round_), name)
