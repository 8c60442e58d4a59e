"""Game files: a table's export (organisers only) and the import page of an event."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.clubs.permissions import Can
from tournaments.events.services.gamefiles import export_game, import_game
from tournaments.forms.organiser import ImportForm
from tournaments.models import Event, Game
from tournaments.web.downloads import private_json
from tournaments.web.permissions import event_view, game_view


@require_GET
@game_view(Can.CHANGE_EVENT)
def export(request: HttpRequest, game: Game) -> HttpResponse:
    """A table's game file as a JSON download.

    Organisers only: the file holds every fact of every hand, provisional ones included, and
    is meant for archiving or moving a game, not for the public (who have the table page).
    """
    event = game.event
    text = json.dumps(export_game(game), ensure_ascii=False, indent=2) + "\n"
    filename = f"event-{event.id}-round-{game.round.number}-table-{game.table_number}.json"
    return private_json(text, filename)


@require_http_methods(["GET", "POST"])
@event_view(Can.CHANGE_EVENT)
def import_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Add a game file as a new table of the event (uploaded or pasted)."""
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if request.method == "POST" and form.is_valid():
        try:
            game = import_game(
                event=event,
                document=form.cleaned_data["document"],
                round_number=form.cleaned_data["round_number"],
                user=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                _("Imported as table %(table)s of round %(round)s.")
                % {"table": game.table_number, "round": game.round.number},
            )
            url = reverse("organiser:event", kwargs={"event_id": event.id})
            return redirect(f"{url}#table-{game.id}")
    status = 400 if form.errors else 200
    return render(request, "organiser/import.html", {"event": event, "form": form}, status=status)
