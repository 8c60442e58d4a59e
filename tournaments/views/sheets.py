"""Printed sheets as PDF, one click each, each rendered once per version of its data.

Blank table sheets are for the event's organisers only: the organiser's copy carries each
table link's QR code, which lets whoever scans it enter hands. Game records, standings and
seating lists are public, like the pages they print. Every PDF is served from storage while
its data is unchanged (tournaments.sheets.store); a round too large to lay out in a request
is prepared in the background from the event's page (tournaments.views.pdf_jobs).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponseBadRequest
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET

from tournaments.clubs.permissions import Can
from tournaments.events.selectors.events import round_games, tent_tables
from tournaments.models import Event, Game, Round
from tournaments.play.selectors.games import games_with_seats
from tournaments.sheets import catalogue, pdfs, store
from tournaments.sheets import versions as pdf_versions
from tournaments.sheets.catalogue import COPIES  # ?copy=: with the table links' QR codes or not
from tournaments.sheets.jobs import record_pdf, results_pdf
from tournaments.sheets.queue import (
    queue_record,
    queue_results,
    record_in_the_background,
    results_in_the_background,
)
from tournaments.sheets.render import site_url
from tournaments.sheets.tents import table_tents_pdf
from tournaments.web.pdfs import ByTheWorker, pdf_response
from tournaments.web.permissions import event_view, public_view

# Tables a request lays out itself (a couple of seconds); a larger round is prepared in the
# background from the event's page.
IN_REQUEST_TABLES = 12


def in_the_background(tables: int) -> bool:
    """Whether a round of `tables` tables has its sheets prepared in the background."""
    return tables > IN_REQUEST_TABLES


# Which copy a blank sheet is, in its file's name: both copies of a round, downloaded one
# after the other, must not take each other's name in the organiser's Downloads folder.
COPY_NAMES = {
    "organiser": gettext_noop("organiser's copy"),
    "players": gettext_noop("players' copy"),
}


def _filename(name: str, language: str, text: str, *, copy: str | None = None, **values) -> str:
    """The PDF's name in the event's language (a blank sheet's with its copy): `text` is
    marked with gettext_noop."""
    with translation.override(language):
        words = [name, _(text) % values]
        if copy is not None:
            words.append(_(COPY_NAMES[copy]))
        return " ".join(words)


def _or_404(found: dict | None, not_found: str) -> dict:
    """What the sheet is made from, or a 404 that says what does not exist."""
    if found is None:
        raise Http404(not_found)
    return found


def _round_or_404(event: Event, number: int) -> tuple[Round, list[Game]]:
    try:
        return round_games(event.pk, number)
    except Round.DoesNotExist:
        raise Http404(_("This event has no round %(number)s.") % {"number": number}) from None


def _copy(request: HttpRequest) -> str | None:
    copy = request.GET.get("copy", "organiser")
    return copy if copy in COPIES else None


@require_GET
@event_view(Can.PRINT)
def round_blank_sheets(request: HttpRequest, event: Event, number: int) -> HttpResponseBase:
    """Every table of the round, one page each, in one PDF: the organiser's copy
    (?copy=organiser, the default) with the table links' QR codes, or the players' copy."""
    copy = _copy(request)
    if copy is None:
        return HttpResponseBadRequest(_("Choose the organiser's copy or the players' copy."))
    found = _or_404(
        pdf_versions.round_fingerprint(event.pk, number),
        _("This event has no round %(number)s.") % {"number": number},
    )
    site = site_url(request)
    wanted = catalogue.round_sheets(found, site=site, copy=copy, language=event.language)
    if in_the_background(found["tables"]) and store.current(wanted.key, wanted.version) is None:
        messages.info(
            request,
            _(
                "The %(tables)s score sheets of round %(number)s are made in the background: "
                "prepare them here, then download them once they are ready."
            )
            % {"tables": found["tables"], "number": number},
        )
        return redirect(reverse("organiser:event", kwargs={"event_id": event.pk}) + "#printing")

    def render() -> bytes:
        round_, games = _round_or_404(event, number)
        return pdfs.blank_sheets_pdf(round_, games=games, site=site, entry_links=COPIES[copy])

    name = _filename(
        event.name,
        event.language,
        gettext_noop("round %(number)s score sheets"),
        copy=copy,
        number=number,
    )
    return pdf_response(request, wanted, render, name, private=True)


@require_GET
@event_view(Can.PRINT)
def game_blank_sheet(request: HttpRequest, event: Event, game_id: int) -> HttpResponseBase:
    """One table's blank sheet (to reprint a lost or spoilt one)."""
    copy = _copy(request)
    if copy is None:
        return HttpResponseBadRequest(_("Choose the organiser's copy or the players' copy."))
    found = pdf_versions.record_fingerprint(game_id)
    if found is None or found["event_id"] != event.pk:
        raise Http404(_("There is no such table in this event."))
    site = site_url(request)
    wanted = catalogue.table_sheet(game_id, found, site=site, copy=copy, language=event.language)

    def render() -> bytes:
        game = games_with_seats(Game.objects.filter(pk=game_id).select_related("round"))[0]
        game.round.event = event  # loaded already, with its club
        return pdfs.blank_sheets_pdf(game.round, games=[game], site=site, entry_links=COPIES[copy])

    number = found["table_number"]
    name = _filename(
        event.name,
        event.language,
        gettext_noop("table %(number)s score sheet"),
        copy=copy,
        number=number,
    )
    return pdf_response(request, wanted, render, name, private=True)


@require_GET
@public_view
def game_record(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The filled record of a game, finished or not; a long game's is made in the background
    while the visitor's page waits for it (it reloads by itself)."""
    found = _or_404(pdf_versions.record_fingerprint(game_id), _("There is no such table."))
    wanted = catalogue.record(game_id, found)
    worker = None
    if hands := record_in_the_background(found):
        worker = ByTheWorker(
            lambda: queue_record(game_id, wanted),
            _("This table's record is being made"),
            _(
                "Its %(hands)s hands take a few seconds to lay out: this page reloads by "
                "itself and opens the PDF as soon as it is ready."
            )
            % {"hands": hands},
        )
    name = _filename(
        found["event__name"],
        found["event__language"],
        gettext_noop("table %(number)s record"),
        number=found["table_number"],
    )
    return pdf_response(request, wanted, lambda: record_pdf(game_id), name, worker=worker)


@require_GET
@public_view
def standings(request: HttpRequest, event_id: int) -> HttpResponseBase:
    """The results of an event: per table (club night) or the standings (tournament)."""
    found = _or_404(pdf_versions.results_fingerprint(event_id), _("There is no such event."))
    wanted = catalogue.results(event_id, found)
    worker = None
    if players := results_in_the_background(found):
        worker = ByTheWorker(
            lambda: queue_results(event_id, wanted),
            _("The results are being made"),
            _(
                "Their %(players)s players take a few seconds to lay out: this page reloads "
                "by itself and opens the PDF as soon as it is ready."
            )
            % {"players": players},
        )
    name = _filename(found["name"], found["language"], gettext_noop("results"))
    return pdf_response(request, wanted, lambda: results_pdf(event_id), name, worker=worker)


@require_GET
@public_view
def seating(request: HttpRequest, event_id: int, number: int) -> HttpResponseBase:
    """Who sits where in a round, to pin up at the door."""
    found = _or_404(
        pdf_versions.round_fingerprint(event_id, number),
        _("This event has no round %(number)s.") % {"number": number},
    )

    def render() -> bytes:
        round_ = get_object_or_404(Round.objects.select_related("event__club"), pk=found["id"])
        return pdfs.seating_pdf(round_)

    language = found["event__language"]
    name = _filename(
        found["event__name"], language, gettext_noop("round %(number)s seating"), number=number
    )
    return pdf_response(request, catalogue.seating(found), render, name)


MOST_TENTS = 500  # table numbers a request may ask tents for


@require_GET
@event_view(Can.PRINT)
def table_tents(request: HttpRequest, event: Event) -> HttpResponseBase:
    """A tent per table number of the event (docs/offline.md): for the tables of the rounds
    seated so far or, before round 1, for `?tables=` (else as many as the players fill).
    Private: whoever scans a tent may enter the table's hands."""
    asked = request.GET.get("tables", "")
    if asked.isdigit() and 0 < int(asked) <= MOST_TENTS:
        tables = list(range(1, int(asked) + 1))
    elif asked:
        return HttpResponseBadRequest(
            _("Give the number of tables, from 1 to %(most)s.") % {"most": MOST_TENTS}
        )
    else:
        tables = tent_tables(event.pk)
    site = site_url(request)
    found = _or_404(pdf_versions.tents_fingerprint(event.pk), _("There is no such event."))
    wanted = catalogue.table_tents(event.pk, found, site=site, tables=tables)
    name = _filename(event.name, event.language, gettext_noop("table tents"))
    return pdf_response(
        request,
        wanted,
        lambda: table_tents_pdf(event, tables=tables, site=site),
        name,
        private=True,
    )
