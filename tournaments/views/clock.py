"""The round clock: the organiser's actions on it (start, pause, resume, extend), and closing
the tables still in play when time is up.

Every page that shows a clock gets it from `clock_for` (a table's phones poll it:
views.public.game_clock); the script static/js/clock.js counts down between two polls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.events.display.clock import ClockView, change_text, clock_view
from tournaments.events.selectors.clock import clock_changes, tables_in_play
from tournaments.events.services.clock import extend_clock, pause_clock, resume_clock, start_clock
from tournaments.events.services.rounds import close_round
from tournaments.forms.clock import ExtendClockForm, StartClockForm
from tournaments.models import Event, Game, Round
from tournaments.rules.clock import EXTEND, PAUSE, RESUME, START
from tournaments.views.pending import ROUND, pending_page
from tournaments.web.feedback import act_and_tell
from tournaments.web.permissions import event_view

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


def clock_for(round_: Round | None) -> ClockView | None:
    """The clock of a round still open (one query), None for no round or a closed one."""
    if round_ is None or round_.is_closed:
        return None
    return clock_view(round_, clock_changes([round_.pk])[round_.pk], timezone.now())


def _back(event: Event) -> HttpResponse:
    return redirect(reverse("organiser:event", kwargs={"event_id": event.id}) + "#rounds")


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


# The actions that take minutes: the form they are typed in, what to say when none are.
MINUTES: dict[str, tuple[type[forms.Form], StrPromise]] = {
    START: (StartClockForm, gettext_lazy("Give the round's time in minutes.")),
    EXTEND: (ExtendClockForm, gettext_lazy("Give the extra time in minutes.")),
}
CHANGES: dict[str, Callable[..., object]] = {
    START: start_clock,
    PAUSE: pause_clock,
    RESUME: resume_clock,
    EXTEND: extend_clock,
}


def _typed_minutes(request: HttpRequest, action: str) -> dict[str, int]:
    """The minutes the action takes, typed in its form, as the service's keyword argument
    ({} for pause and resume); ValidationError if none are."""
    if action not in MINUTES:
        return {}
    form_class, problem = MINUTES[action]
    form = form_class(request.POST)
    if not form.is_valid():
        raise ValidationError(problem)
    return {"minutes": form.cleaned_data["minutes"]}


@require_POST
@event_view(Can.RUN_ROUNDS)
def clock_action(request: HttpRequest, event: Event, number: int, action: str) -> HttpResponse:
    """Start, pause, resume or extend a round's clock, then back to the event page."""
    change = CHANGES.get(action)
    if change is None:
        return HttpResponse(_("Unknown action."), status=400)
    round_ = _round(event, number)

    def act() -> str:
        typed = _typed_minutes(request, action)
        change(round_=round_, user=request.user, **typed)
        said = change_text(action, **typed)
        return _("Round %(number)s clock: %(change)s.") % {"number": number, "change": said}

    act_and_tell(request, act)
    return _back(event)


@require_http_methods(["GET", "POST"])
@event_view(Can.RUN_ROUNDS)
def close_at_time(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Time is up: GET asks "close the N tables still in play?", listing them; POST closes
    them with their totals as they stand, and the round (rounds.close_round)."""
    round_ = _round(event, number)
    if round_.is_closed:
        messages.info(request, _("This round is already closed."))
        return _back(event)
    if request.method == "GET":
        # Hands waiting for confirmation first: nothing closes while one waits.
        title = _("Close round %(number)s?") % {"number": number}
        waiting = pending_page(request, event, round_.games.all(), title, ROUND)
        if waiting is not None:
            return waiting
    if request.method == "POST":
        count = len(tables_in_play(round_))

        def close() -> str:
            close_round(round_=round_)
            return ngettext(
                "Round %(number)s is closed: %(count)s table closed at time.",
                "Round %(number)s is closed: %(count)s tables closed at time.",
                count,
            ) % {"number": number, "count": count}

        act_and_tell(request, close)
        return _back(event)
    context = {
        "event": event,
        "round": round_,
        "tables": tables_in_play(round_),
        "clock": clock_for(round_),
    }
    return render(request, "clock/close_at_time.html", context)


def game_clock_context(game: Game) -> dict:
    """What the polled clock of a table needs: its round's clock while the table plays."""
    playing = not (game.finished or game.closed)
    clock = clock_for(game.round) if playing else None
    return {"game": game, "clock": clock, "polls": clock is not None}
