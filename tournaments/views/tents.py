"""A table tent's permanent link (docs/offline.md): printed once per table number of an event,
it opens that table's game in the round in play, so the tents set out before round 1 serve
every round. Anyone holding it may enter hands, as with the table link it leads to; it leads
nowhere while the table is not seated in the round in play, or while its link is off."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.events.selectors.events import table_in_play
from tournaments.play.services.links import is_tent_signature
from tournaments.web.permissions import link_view

WAIT_SECONDS = 15  # the waiting page looks again this often (the next round may be seated)


@require_safe
@never_cache  # the same address leads to another game each round
@link_view  # its signature is the secret, as a table link's token
def table_tent(request: HttpRequest, event_id: int, table: int, signature: str) -> HttpResponse:
    if not is_tent_signature(event_id, table, signature):
        raise Http404(
            _("This table link is no longer active: ask the organiser for the table's new link.")
        )
    round_, game = table_in_play(event_id, table)
    if round_ is None:
        raise Http404(_("There is no such event."))
    if game is not None and game.link_enabled:
        return redirect("entry:table_link", token=game.link_token)
    context = {
        "event": round_.event,
        "round": round_,
        "table": table,
        "link_off": game is not None,
        "wait": WAIT_SECONDS,
    }
    return render(request, "entry/tent_waiting.html", context)
