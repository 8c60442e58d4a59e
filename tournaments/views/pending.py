"""Before a table or a round closes: the hands still waiting for confirmation, each with its
facts and points, for the organiser to confirm or discard (with a reason) one by one. The
services refuse to close while one waits; these pages are the way through."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.clubs.permissions import Can
from tournaments.forms.organiser import DiscardForm
from tournaments.models import Event, Game, Hand
from tournaments.play.display.hands import hand_summary
from tournaments.play.selectors.games import game_sheet
from tournaments.play.services.entry import confirm_hand, discard_hand
from tournaments.web.feedback import act_and_tell
from tournaments.web.permissions import event_view

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TABLE, ROUND = "table", "round"


def pending_page(request: HttpRequest, event: Event, games, title: StrOrPromise, then: str):
    """The closing page while hands wait: each waiting hand of these games, table by table,
    with its confirm and discard buttons; None when no hand waits."""
    waiting = [game for game in games if game.has_provisional_hands]
    if not waiting:
        return None
    tables = []
    for game in sorted(waiting, key=lambda game: game.table_number):
        sheet = game_sheet(game.pk)
        hands = [hand_summary(row, sheet.seats) for row in sheet.rows if row.hand.is_provisional]
        tables.append((game, hands))
    context = {
        "event": event,
        "title": title,
        "tables": tables,
        "then": then,
        "discard_form": DiscardForm(),
    }
    return render(request, "organiser/pending.html", context)


def _hand(event: Event, game_id: int, number: int) -> Hand:
    game = get_object_or_404(Game.objects.select_related("round"), pk=game_id, event=event)
    return get_object_or_404(Hand.objects.select_related("game__round"), game=game, number=number)


def _back_to_closing(event: Event, hand: Hand, then: str) -> HttpResponse:
    """Back to the closing page the organiser came from: the round's or the table's."""
    if then == ROUND:
        kwargs = {"event_id": event.id, "number": hand.game.round.number}
        return redirect(reverse("organiser:close_round", kwargs=kwargs))
    kwargs = {"event_id": event.id, "game_id": hand.game_id}
    return redirect(reverse("organiser:close_game", kwargs=kwargs))


@require_POST
@event_view(Can.KEEP_SCORE)
def confirm_waiting(request: HttpRequest, event: Event, game_id: int, number: int):
    """The organiser confirms a waiting hand in his name, from the closing page."""
    hand = _hand(event, game_id, number)

    def confirm() -> str:
        confirm_hand(hand=hand, user=request.user)
        return _("Hand %(number)s confirmed.") % {"number": number}

    act_and_tell(request, confirm)
    return _back_to_closing(event, hand, request.POST.get("then", TABLE))


@require_POST
@event_view(Can.KEEP_SCORE)
def discard_waiting(request: HttpRequest, event: Event, game_id: int, number: int):
    """The organiser discards a waiting hand, with the reason kept in its history."""
    hand = _hand(event, game_id, number)
    form = DiscardForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why: the reason is kept with the change."))
    else:

        def discard() -> str:
            discard_hand(hand=hand, reason=form.cleaned_data["reason"], user=request.user)
            return _("Hand %(number)s of table %(table)s discarded.") % {
                "number": number,
                "table": hand.game.table_number,
            }

        act_and_tell(request, discard)
    return _back_to_closing(event, hand, request.POST.get("then", TABLE))
