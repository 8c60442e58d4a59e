"""A simultaneous evening's pages (docs/federation.md): an official creates it and follows
every venue; each venue's organisers register their players, seat their part of each round
and close their tables on their venue's page, and see only their venue; anyone reads the
ranking across venues (and one venue's part of it), which phones and projectors poll."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.federation.selectors import evening_ranking, evening_venues, venue_page
from tournaments.federation.services.evenings import (
    close_venue_round,
    create_evening,
    register_at_venue,
    seat_venue,
    set_venue_presence,
)
from tournaments.forms.federation import EveningForm, VenuePlayersForm
from tournaments.models import Event, Federation, Registration, Venue
from tournaments.play.selectors.versions import standings_version
from tournaments.views.public import POLL_EVERY
from tournaments.web.feedback import act_and_tell, tell_problems
from tournaments.web.permissions import (
    LoggedInRequest,
    evening_view,
    federation_view,
    public_view,
    venue_view,
)
from tournaments.web.polling import HtmxRequest, held_version, polled, showing

RANKING_PAGE = 100  # players a page of the combined ranking


@require_http_methods(["GET", "POST"])
@federation_view
def new_evening(request: LoggedInRequest, federation: Federation) -> HttpResponse:
    form = EveningForm(request.POST or None, federation=federation)
    if request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        try:
            event = create_evening(
                federation=federation,
                clubs=list(values["clubs"]),
                name=values["name"],
                date=values["date"],
                variant=values["variant"],
                seating_method=values["seating_method"],
                planned_rounds=values["planned_rounds"],
                created_by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Simultaneous evening created."))
            return redirect("evening", event_id=event.pk)
    return render(request, "evening/new.html", {"federation": federation, "form": form})


@require_GET
@evening_view(Can.SEE_EVENT)
def evening(request: HttpRequest, event: Event) -> HttpResponse:
    """Every venue at a glance, for the federation's officials."""
    context = {"event": event, "venues": evening_venues(event)}
    return render(request, "evening/evening.html", context)


@require_GET
@venue_view(Can.SEE_EVENT)
def venue(request: LoggedInRequest, venue: Venue) -> HttpResponse:
    return _venue_page(request, venue, VenuePlayersForm())


def _venue_page(request: LoggedInRequest, venue: Venue, form: VenuePlayersForm) -> HttpResponse:
    context = {
        "venue": venue,
        "event": venue.event,
        "page": venue_page(venue),
        "form": form,
        "can": request.can,
    }
    return render(request, "evening/venue.html", context)


@require_POST
@venue_view(Can.REGISTER)
def add_players(request: LoggedInRequest, venue: Venue) -> HttpResponse:
    form = VenuePlayersForm(request.POST)
    if form.is_valid():
        try:
            added = register_at_venue(
                venue=venue, names=form.cleaned_data["names"], user=request.user
            )
        except ValidationError as error:
            form.add_error("names", error)
        else:
            count = len(added.added) + len(added.already)
            messages.success(
                request,
                ngettext("%(count)s player checked in.", "%(count)s players checked in.", count)
                % {"count": count},
            )
            return redirect("venue", venue_id=venue.pk)
    return _venue_page(request, venue, form)


@require_POST
@venue_view(Can.REGISTER)
def presence(request: LoggedInRequest, venue: Venue, registration_id: int) -> HttpResponse:
    # Another venue's player is not found here: a 404, as if he were not there.
    registration = get_object_or_404(Registration, pk=registration_id, venue=venue)
    action = request.POST.get("action")
    if action not in ("check_in", "check_out"):
        messages.error(request, _("Choose to check the player in or out."))
        return redirect("venue", venue_id=venue.pk)
    try:
        set_venue_presence(
            venue=venue,
            registration=registration,
            user=request.user,
            checked_in=action == "check_in",
        )
    except ValidationError as error:
        tell_problems(request, error)
    return redirect("venue", venue_id=venue.pk)


@require_POST
@venue_view(Can.RUN_ROUNDS)
def seat(request: LoggedInRequest, venue: Venue) -> HttpResponse:
    def act() -> str:
        round_ = seat_venue(venue=venue, user=request.user)
        return _("Round %(number)s seated.") % {"number": round_.number}

    act_and_tell(request, act)
    return redirect("venue", venue_id=venue.pk)


@require_http_methods(["GET", "POST"])
@venue_view(Can.RUN_ROUNDS)
def close(request: LoggedInRequest, venue: Venue) -> HttpResponse:
    """GET asks first (it closes every table still playing); POST closes them."""
    page = venue_page(venue)
    if page.round is None:
        messages.error(request, _("This venue has not seated a round yet."))
        return redirect("venue", venue_id=venue.pk)
    if request.method == "GET":
        return render(request, "evening/close.html", {"venue": venue, "page": page})

    def act() -> str:
        round_ = close_venue_round(venue=venue, user=request.user)
        return _("Your tables of round %(number)s are closed.") % {"number": round_.number}

    if not act_and_tell(request, act):
        return redirect("venue_close", venue_id=venue.pk)
    return redirect("venue", venue_id=venue.pk)


@polled(standings_version, by="event_id", coalesce=True)
@public_view
def ranking(request: HtmxRequest, event_id: int) -> HttpResponse:
    """The ranking across venues (or `?venue=N`'s players, with their places across venues),
    a hundred players a page; htmx polls get the list alone."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not event.is_simultaneous:
        raise Http404(_("This event is played at one club."))
    venues = list(event.venues.select_related("club"))
    chosen = _chosen_venue(request, venues)
    found = evening_ranking(event, chosen, at_least=held_version(request))
    lines = Paginator(found.lines, RANKING_PAGE).get_page(request.GET.get("page"))
    context = {
        "event": event,
        "venues": venues,
        "chosen": chosen,
        "ranking": found,
        "lines": lines,
        "poll_every": POLL_EVERY,
    }
    template = "evening/_ranking.html" if request.htmx else "evening/ranking.html"
    response = render(request, template, context)
    # Standings worked out a moment ago: its ETag says their version, not the one read.
    return response if found.current else showing(response, found.version)


def _chosen_venue(request: HttpRequest, venues: list[Venue]) -> Venue | None:
    """The venue `?venue=N` names (by its number); 404 for a number the evening has not."""
    asked = request.GET.get("venue", "")
    if not asked:
        return None
    for each in venues:
        if str(each.number) == asked:
            return each
    raise Http404(_("This evening has no such venue."))
