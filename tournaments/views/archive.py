"""Event archives on the site (docs/archive.md): an event's download, and the upload that
imports one into one of the organiser's clubs."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.archive.display import archive_filename, archive_text
from tournaments.archive.selectors.export import event_archive
from tournaments.archive.services.store import import_event
from tournaments.clubs.permissions import Can
from tournaments.forms.archive import ArchiveUploadForm
from tournaments.models import Event
from tournaments.views.organiser import managed_clubs
from tournaments.web.downloads import private_json
from tournaments.web.permissions import any_club_view, event_view


@require_GET
@event_view(Can.CHANGE_EVENT)
def download(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's archive as a JSON download (organisers only: every hand, provisional ones
    included, with who entered and confirmed it); ?personal=1 adds the members' e-mail and
    phone (docs/archive.md)."""
    personal = request.GET.get("personal") == "1"
    text = archive_text(event_archive(event, personal=personal))
    return private_json(text, archive_filename(event))


@require_http_methods(["GET", "POST"])
@any_club_view(Can.CREATE_EVENTS)
def upload(request: HttpRequest) -> HttpResponse:
    """Import an archive into one of the organiser's clubs; each problem on its own line."""
    clubs = managed_clubs(request.user)
    form = ArchiveUploadForm(
        *((request.POST, request.FILES) if request.method == "POST" else ()), clubs=clubs
    )
    if request.method == "POST" and form.is_valid():
        try:
            event = import_event(
                document=form.cleaned_data["document"],
                club=form.cleaned_data["club"],
                rename=form.cleaned_data["rename"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                _("“%(event)s” imported into %(club)s.")
                % {"event": event.name, "club": event.club.name},
            )
            return redirect("organiser:event", event_id=event.id)
    status = 400 if form.errors else 200
    return render(request, "organiser/archive_import.html", {"form": form}, status=status)
