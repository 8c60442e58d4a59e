"""An event's players on the organiser's page: one added by name, a pasted list of names,
checked in or out, withdrawn or brought back.

With htmx the players part of the page is swapped in place, with what the action did, the
present count and the seating box's count (no page load); without JavaScript each action
posts, then comes back to the page (a refused list comes back as typed, never lost).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.clubs.permissions import Can
from tournaments.events.selectors.events import event_players
from tournaments.events.services.events import register_player, register_players, set_presence
from tournaments.forms.organiser import AddPlayerForm, PlayerListForm
from tournaments.models import Event, Registration
from tournaments.registrations import services as registrations
from tournaments.views.organiser import event_page_context, players_context
from tournaments.views.registrations import tell_promoted
from tournaments.web.permissions import event_view
from tournaments.web.polling import HtmxRequest
from tournaments.words.names import by_name

PRESENCE_ACTIONS = {
    "check_in": {"checked_in": True},
    "check_out": {"checked_in": False},
    "withdraw": {"withdrawn": True},
    "return": {"withdrawn": False},
}


@require_POST
@event_view(Can.REGISTER)
def add_player(request: HtmxRequest, event: Event) -> HttpResponse:
    """Quick add by name: a club member is reused, a new name joins the club."""
    form = AddPlayerForm(request.POST)
    if not form.is_valid():
        problem = _("Give the player's name (at most 80 characters).")
        return _answer(request, event, problems=[problem], add_form=form)
    try:
        registration = register_player(event=event, name=form.cleaned_data["name"])
    except ValidationError as error:
        return _answer(request, event, problems=error.messages, add_form=form)
    done = _("%(player)s is in.") % {"player": registration.player.name}
    return _answer(request, event, done=done, focus="name")


@require_POST
@event_view(Can.REGISTER)
def add_players(request: HtmxRequest, event: Event) -> HttpResponse:
    """A pasted list of names, one a line: every player registered and checked in, or none
    (each problem said with its line)."""
    form = PlayerListForm(request.POST)
    if not form.is_valid():
        problems = [str(error) for errors in form.errors.values() for error in errors]
        return _answer(request, event, problems=problems, players_list=form)
    try:
        done = register_players(event=event, lines=form.lines())
    except ValidationError as error:
        return _answer(request, event, problems=error.messages, players_list=form)
    said = ngettext("%(count)s player added.", "%(count)s players added.", len(done.added)) % {
        "count": len(done.added)
    }
    if done.already:
        names = sorted((r.player.name for r in done.already), key=by_name)
        said += " " + _("Already in the event: %(players)s.") % {"players": ", ".join(names)}
    return _answer(request, event, done=said, focus="names")


@require_POST
@event_view(Can.REGISTER)
def presence(request: HtmxRequest, event: Event, registration_id: int) -> HttpResponse:
    """Check a player in or out; withdraw him from the next rounds, or bring him back."""
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    action = PRESENCE_ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        return HttpResponse(_("Unknown action."), status=400)
    if action == {"withdrawn": True} and not event.rounds.exists():
        # Before the first round, a withdrawal frees a place for the waiting list.
        tell_promoted(request, registrations.withdraw(registration=registration))
    else:
        set_presence(registration=registration, **action)
    if request.htmx:
        return _players_part(request, event, said=[], errors=[], focus="")
    return _back(event, f"player-{registration.id}")


def _answer(
    request: HtmxRequest,
    event: Event,
    *,
    done: str = "",
    problems: list[str] | None = None,
    focus: str = "",
    **forms: AddPlayerForm | PlayerListForm,
) -> HttpResponse:
    """What an add answers: the players part with what was done or refused (htmx); without
    JavaScript, back to the page, or the page with a refused list as it was typed."""
    problems = problems or []
    if request.htmx:
        return _players_part(request, event, [done] if done else [], problems, focus, **forms)
    for problem in problems:
        messages.error(request, problem)
    if problems and "players_list" in forms:
        context = event_page_context(request, event, **forms)
        return render(request, "organiser/event.html", context, status=400)
    if problems:
        return _back(event, "players")
    messages.success(request, done)
    # No #fragment: browsers skip autofocus when the URL targets an element.
    return _back(event, added=True) if focus == "name" else _back(event, "players")


def _players_part(
    request: HtmxRequest,
    event: Event,
    said: list[str],
    errors: list[str],
    focus: str,
    **forms: AddPlayerForm | PlayerListForm,
) -> HttpResponse:
    """The players part of the page as htmx swaps it in, with the counts shown elsewhere."""
    listing = event_players(event)
    context = {
        "event": event,
        **players_context(event, listing.players, listing.member_names, listing.latest),
        **forms,
        "said": said,
        "errors": errors,
        "focus_add": focus == "name",
        "focus_list": focus == "names" or "players_list" in forms,
    }
    return render(request, "organiser/_players_update.html", context)


def _back(event: Event, anchor: str = "", *, added: bool = False) -> HttpResponse:
    url = reverse("organiser:event", kwargs={"event_id": event.id})
    return redirect(url + ("?added=1" if added else "") + (f"#{anchor}" if anchor else ""))
