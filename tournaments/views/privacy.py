"""A club's members and their personal data: the list (who left an e-mail or a phone), a
member's data exported for him, and erased at his request (asks first); both recorded."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.models import Club, Player, PrivacyRecord
from tournaments.privacy.selectors import member_data
from tournaments.privacy.services import erase, record_export
from tournaments.web.permissions import club_view
from tournaments.words.exports import export_name


@require_GET
@club_view(Can.PERSONAL_DATA)
def members(request: HttpRequest, club: Club) -> HttpResponse:
    query = request.GET.get("q", "")[:80].strip()
    found = Player.objects.filter(club=club).order_by("name")
    if query:
        found = found.filter(name__icontains=query)
    context = {
        "club": club,
        "members": list(found[:200]),
        "query": query,
        "records": list(
            PrivacyRecord.objects.filter(club=club).select_related("player", "done_by")[:50]
        ),
    }
    return render(request, "people/members.html", context)


@require_POST
@club_view(Can.PERSONAL_DATA)
def export(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """The member's data as a JSON file to hand him; the export is recorded."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    data = member_data(player)
    record_export(player=player, by=request.user)
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json"
    )
    name = export_name(pgettext("file name", "personal data"), player.name) + ".json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_http_methods(["GET", "POST"])
@club_view(Can.PERSONAL_DATA)
def erase_member(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """GET asks first; POST erases (his results stay, under an anonymous name)."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    if request.method == "GET":
        return render(request, "people/erase.html", {"club": club, "member": player})
    erase(player=player, by=request.user)
    messages.success(request, _("The member's personal data is erased."))
    return redirect("people:members", club_id=club.pk)
