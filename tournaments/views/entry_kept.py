"""A hand kept on a phone, discarded by the player (docs/offline.md): recorded in the table's
history with what was typed, whether the server had set it aside already or the page saw
first that the table had moved on. Sending one as the next hand is an ordinary save
(`views/entry.py`, the form's `set_aside`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms.entry import ENTRY_KEY, HandForm
from tournaments.models import Game
from tournaments.play.selectors.games import game_seats
from tournaments.play.services.kept import AlreadyStored, discard_kept_hand
from tournaments.views.entry import Entrant, organiser_game, table_link_game
from tournaments.web.offline import saved, wants_json


@require_POST
@organiser_game
def discard(request: HttpRequest, game: Game, entrant: Entrant, key: str) -> HttpResponse:
    return _discard(request, game, entrant, key)


@require_POST
@table_link_game
def table_link_discard(
    request: HttpRequest, game: Game, entrant: Entrant, key: str
) -> HttpResponse:
    return _discard(request, game, entrant, key)


def _discard(request: HttpRequest, game: Game, entrant: Entrant, key: str) -> HttpResponse:
    form = HandForm(request.POST, variant=game.rules(), seats=game_seats(game))
    number = request.POST.get("number", "")
    try:
        ENTRY_KEY(key)
    except ValidationError:
        number = ""
    if not number.isdigit() or not 0 < int(number) < 2**31:
        refused = _("The page is out of date: reload it and enter the hand again.")
        return JsonResponse({"error": refused}, status=400)
    back = f"{entrant.url('enter', game)}?mode={form.mode_value}"
    try:
        discard_kept_hand(
            game=game,
            key=key,
            number=int(number),
            typed=form.typed(),
            user=entrant.person,
            device=entrant.device,
        )
    except AlreadyStored as stored:
        # Its answer was lost on the way: it is saved, there is nothing to discard.
        response = saved(request, stored.hand.number, back)
        response.status_code = 409 if wants_json(request) else response.status_code
        return response
    if wants_json(request):
        return JsonResponse({"discarded": key})
    messages.success(
        request, _("Hand %(number)s kept on this phone was discarded.") % {"number": number}
    )
    return redirect(back)
