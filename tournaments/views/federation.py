"""A federation's pages, for its officials: its clubs and their events, the member list
import (a preview, then one transaction), one person across clubs (merge, undo), and an
event's results by licence (CSV and JSON, docs/federation.md) for the officials and the
event's club."""

from __future__ import annotations

import datetime
import json
import secrets
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.federation.selectors import (
    RESULT_COLUMNS,
    federation_events,
    federation_ranking,
    person_players,
    rating_lines,
    results_by_licence,
)
from tournaments.federation.services.members import (
    apply_member_list,
    plan_member_list,
    read_member_list,
)
from tournaments.federation.services.people import merge_players, preview_merge, undo_merge
from tournaments.forms.federation import MemberListForm, MergeForm
from tournaments.models import Event, Federation, Person, PersonMerge, Player
from tournaments.web.feedback import tell_problems
from tournaments.web.permissions import event_results_view, federation_view, public_view
from tournaments.words.exports import export_name

PENDING = "member-lists"  # where an uploaded list waits between its preview and applying it


@require_GET
@federation_view
def home(request: HttpRequest, federation: Federation) -> HttpResponse:
    context = {
        "federation": federation,
        "clubs": federation.clubs.order_by("name"),
        "events": federation_events(federation)[:50],
        "people": federation.people.count(),
        "imports": federation.imports.select_related("imported_by")[:5],
        "merges": federation.merges.select_related("person", "merged_by")[:10],
    }
    return render(request, "federation/home.html", context)


@require_http_methods(["GET", "POST"])
@federation_view
def import_members(request: HttpRequest, federation: Federation) -> HttpResponse:
    """Upload → the plan, shown; "apply" → applied in one transaction."""
    if request.method == "POST" and "apply" in request.POST:
        return _apply(request, federation, request.POST.get("upload", ""))
    form = MemberListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            rows, problems = read_member_list(data, upload.name)
        except ValidationError as error:
            form.add_error("file", error)
        else:
            plan = plan_member_list(federation=federation, rows=rows, problems=problems)
            key = _keep(data, upload.name)
            context = {"federation": federation, "plan": plan, "upload": key, "name": upload.name}
            return render(request, "federation/import_preview.html", context)
    return render(request, "federation/import.html", {"federation": federation, "form": form})


def _apply(request: HttpRequest, federation: Federation, key: str) -> HttpResponse:
    found = _kept(key)
    if found is None:
        messages.error(request, _("That list is no longer here: send it again."))
        return redirect("federation:import", federation_id=federation.pk)
    data, name = found
    rows, problems = read_member_list(data, name)
    # Planned again: what the preview said, unless somebody changed the licences meanwhile.
    plan = plan_member_list(federation=federation, rows=rows, problems=problems)
    record = apply_member_list(federation=federation, plan=plan, file_name=name, user=request.user)
    _forget(key)
    messages.success(
        request,
        _("Member list applied: %(added)s added, %(changed)s changed, %(refused)s refused.")
        % {"added": record.added, "changed": record.changed, "refused": record.refused},
    )
    return redirect("federation:home", federation_id=federation.pk)


@require_GET
@federation_view
def people(request: HttpRequest, federation: Federation) -> HttpResponse:
    """Search the federation's clubs' players by name or licence (for merging them)."""
    query = request.GET.get("q", "").strip()[:80]
    players = []
    if query:
        players = list(
            Player.objects.filter(club__federation=federation)
            .filter(Q(name__icontains=query) | Q(person__licence=query))
            .select_related("club", "person")
            .order_by("name", "club__name")[:100]
        )
    context = {"federation": federation, "query": query, "players": players, "form": MergeForm()}
    return render(request, "federation/people.html", context)


@require_GET
@federation_view
def person(request: HttpRequest, federation: Federation, person_id: int) -> HttpResponse:
    found = get_object_or_404(Person, federation=federation, pk=person_id)
    context = {"federation": federation, "person": found, "clubs": person_players(found)}
    return render(request, "federation/person.html", context)


@require_http_methods(["POST"])
@federation_view
def merge(request: HttpRequest, federation: Federation) -> HttpResponse:
    """The preview first ("preview"), then the merge ("merge")."""
    form = MergeForm(request.POST)
    if not form.is_valid():
        tell_problems(request, ValidationError(list(form.errors["players"])))
        return redirect("federation:people", federation_id=federation.pk)
    players = list(
        Player.objects.select_related("club", "person").filter(pk__in=form.cleaned_data["players"])
    )
    try:
        if "merge" in request.POST:
            done = merge_players(federation=federation, players=players, user=request.user)
            messages.success(
                request,
                _("%(count)s players are now one person.") % {"count": len(done.before)},
            )
            return redirect("federation:home", federation_id=federation.pk)
        preview = preview_merge(federation=federation, players=players)
    except ValidationError as error:
        tell_problems(request, error)
        return redirect("federation:people", federation_id=federation.pk)
    numbers = ",".join(str(player.pk) for player in players)
    context = {"federation": federation, "preview": preview, "numbers": numbers}
    return render(request, "federation/merge_preview.html", context)


@require_http_methods(["GET", "POST"])
@federation_view
def undo(request: HttpRequest, federation: Federation, merge_id: int) -> HttpResponse:
    found = get_object_or_404(PersonMerge, federation=federation, pk=merge_id)
    if request.method == "POST":
        try:
            undo_merge(merge=found, user=request.user)
        except ValidationError as error:
            tell_problems(request, error)
        else:
            messages.success(request, _("The merge is undone: each player is back as he was."))
        return redirect("federation:home", federation_id=federation.pk)
    players = Player.objects.filter(pk__in=[entry["player"] for entry in found.before])
    context = {"federation": federation, "merge": found, "players": players.select_related("club")}
    return render(request, "federation/undo.html", context)


@require_GET
@event_results_view
def results_csv(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's results by licence, as the federation's records take them: UTF-8, commas,
    a decimal point, one line per player (documented in docs/federation.md)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(RESULT_COLUMNS)
    for row in results_by_licence(event):
        writer.writerow(
            ["" if getattr(row, c) is None else getattr(row, c) for c in RESULT_COLUMNS]
        )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{export_name("results", event.name)}.csv"'
    )
    response["Cache-Control"] = "private"
    return response


@require_GET
@event_results_view
def results_json(request: HttpRequest, event: Event) -> HttpResponse:
    document = {
        "format": "ramiscore-results/1",
        "event": {
            "id": event.pk,
            "name": event.name,
            "date": event.date,
            "kind": event.kind,
            "club": event.club.name,
            "variant": event.variant,
        },
        "results": [
            {column: getattr(row, column) for column in RESULT_COLUMNS}
            for row in results_by_licence(event)
        ],
    }
    response = HttpResponse(
        json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Cache-Control"] = "private"
    return response


# An uploaded list between its preview and its applying: a file of its own, named by a secret.


def _folder() -> Path:
    folder = Path(settings.MEDIA_ROOT) / PENDING
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _keep(data: bytes, name: str) -> str:
    key = secrets.token_urlsafe(16)
    (_folder() / key).write_bytes(data)
    (_folder() / f"{key}.name").write_text(Path(name).name[:200])
    return key


def _kept(key: str) -> tuple[bytes, str] | None:
    if not key or not key.replace("-", "").replace("_", "").isalnum():
        return None
    path = _folder() / key
    if not path.exists():
        return None
    return path.read_bytes(), (_folder() / f"{key}.name").read_text()


def _forget(key: str) -> None:
    for path in (_folder() / key, _folder() / f"{key}.name"):
        path.unlink(missing_ok=True)


# The public ranking ---------------------------------------------------------------------


@require_GET
@public_view
def ranking(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The federation's ranking, today's or as it stood on `?on=YYYY-MM-DD`."""
    federation = get_object_or_404(Federation, pk=federation_id)
    on = _date(request.GET.get("on", ""))
    context = {
        "federation": federation,
        "on": on,
        "ranked": federation_ranking(federation, on=on),
    }
    return render(request, "federation/ranking.html", context)


@require_GET
@public_view
def rating(request: HttpRequest, federation_id: int, person_id: int) -> HttpResponse:
    """A person's federation rating, game by game: the calculation behind his number."""
    found = get_object_or_404(
        Person.objects.select_related("federation"), federation_id=federation_id, pk=person_id
    )
    lines = rating_lines(found)
    context = {"federation": found.federation, "person": found, "lines": lines}
    return render(request, "federation/rating.html", context)


@require_GET
@public_view
def method(request: HttpRequest) -> HttpResponse:
    return render(request, "federation/method.html")


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text) if text else None
    except ValueError:
        return None
