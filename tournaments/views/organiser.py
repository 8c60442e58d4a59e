"""Organiser pages: the dashboard, creating an event, its settings and rules, its page.

Players, rounds and tables are in organiser_play; game files in gamefiles.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import sheets
from tournaments.forms.options import OptionsForm
from tournaments.forms.organiser import (
    AddPlayerForm,
    ClubForm,
    EventForm,
    EventSettingsForm,
    OpenRoundForm,
    RulesForm,
)
from tournaments.models import Club, Event, EventDeletion, Season
from tournaments.models.events import VARIANT_NAMES
from tournaments.selectors.events import event_management
from tournaments.services.clubs import create_club
from tournaments.services.events import (
    change_rules,
    create_event,
    pool_note,
    present_count,
    prize_note,
    save_settings,
)
from tournaments.services.rounds import can_open_round, seating_method_for
from tournaments.sheets.render import qr_svg
from tournaments.views.clock import clock_for
from tournaments.views.pdf_jobs import jobs_context
from tournaments.views.permissions import organiser_view

DEFAULT_VARIANT = "rami-penalites"


def managed_clubs(user) -> QuerySet[Club]:
    """The clubs a user organises (every club for a site administrator)."""
    clubs = Club.objects.all() if user.is_superuser else Club.objects.filter(organisers=user)
    return clubs.order_by("name")


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The organiser's clubs and their events, upcoming first; his first club if none."""
    return render(request, "organiser/dashboard.html", _dashboard(request.user, ClubForm()))


DELETIONS_SHOWN = 10


def _dashboard(user, club_form: ClubForm) -> dict:
    clubs = list(managed_clubs(user))
    today = timezone.localdate()
    events = Event.objects.filter(club__in=clubs).select_related("club")
    return {
        "clubs": clubs,
        "upcoming": list(events.filter(date__gte=today).order_by("date", "id")),
        "past": list(events.filter(date__lt=today).order_by("-date", "-id")),
        "seasons": list(Season.objects.filter(club__in=clubs).select_related("club")),
        # The last events deleted (by whom, when): EventDeletion, services/deletion.py.
        "deletions": list(
            EventDeletion.objects.filter(club__in=clubs).select_related("club", "deleted_by")[
                :DELETIONS_SHOWN
            ]
        ),
        "club_form": club_form,
    }


@require_POST
@login_required
def new_club(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            club = create_club(name=form.cleaned_data["name"], organiser=request.user)
        except ValidationError as error:
            form.add_error("name", error)
        else:
            messages.success(request, _("Club “%(club)s” created.") % {"club": club.name})
            return redirect("organiser:dashboard")
    context = _dashboard(request.user, form)
    return render(request, "organiser/dashboard.html", context, status=400)


def _variant_from(data, default: str) -> str:
    variant = data.get("variant") or default
    return variant if variant in VARIANT_NAMES else default


@require_http_methods(["GET", "POST"])
@login_required
def new_event(request: HttpRequest) -> HttpResponse:
    """Create an event from a preset: its settings, then the options of its variant.

    Without JavaScript, "show the options" posts the form back with the new variant (two
    steps); with htmx, choosing a variant swaps the options in place.
    """
    clubs = managed_clubs(request.user)
    if not clubs.exists():
        messages.info(request, _("Create your club first: events belong to a club."))
        return redirect("organiser:dashboard")
    variant = _variant_from(request.POST or request.GET, DEFAULT_VARIANT)
    if request.method == "GET" or "show_options" in request.POST:
        # A step, not a submission: what was typed comes back, without errors.
        initial = request.POST.dict() or {"date": timezone.localdate(), "club": clubs.first()}
        form = EventForm(initial={**initial, "variant": variant}, clubs=clubs)
        options = OptionsForm(variant=variant)
        return _render_event_form(request, form, options)
    form = EventForm(request.POST, clubs=clubs)
    options = OptionsForm(request.POST, variant=variant)
    if form.is_valid() & options.is_valid():  # both validated: every error shows at once
        data = form.cleaned_data
        try:
            event = create_event(
                club=data["club"],
                name=data["name"],
                date=data["date"],
                variant=data["variant"],
                options=options.overrides(),
                kind=data["kind"],
                entry_fee=data["entry_fee"],
                created_by=request.user,
                **form.settings(),
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Event created. Now add the players."))
            return redirect("organiser:event", event_id=event.id)
    return _render_event_form(request, form, options, status=400)


def _render_event_form(request, form, options, status: int = 200) -> HttpResponse:
    context = {"form": form, "options": options}
    return render(request, "organiser/event_form.html", context, status=status)


@require_GET
@login_required
def variant_options(request: HttpRequest) -> HttpResponse:
    """The options fieldset of a variant, at its defaults (htmx swaps it into the form)."""
    variant = _variant_from(request.GET, DEFAULT_VARIANT)
    return render(request, "organiser/_options.html", {"options": OptionsForm(variant=variant)})


@require_http_methods(["GET", "POST"])
@organiser_view
def edit_event(request: HttpRequest, event: Event) -> HttpResponse:
    """An event's name, date, fee, confirmation, language and tournament settings; new
    points rescore its tables (services.events.save_settings)."""
    data = request.POST if request.method == "POST" else None
    form = EventSettingsForm(data, instance=event)
    if request.method == "POST":
        if form.is_valid():
            try:
                event = save_settings(event=form.save(commit=False))
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _("Event settings saved."))
                return redirect("organiser:event", event_id=event.id)
        status = 400
    else:
        status = 200
    context = {"form": form, "event": event, "pool_note": pool_note(event.prize_places)}
    return render(request, "organiser/event_settings.html", context, status=status)


@require_http_methods(["GET", "POST"])
@organiser_view
def event_rules(request: HttpRequest, event: Event) -> HttpResponse:
    """Change the variant or its options; the event's games follow (or the change is refused,
    with the engine's reason, if a hand already played breaks the new rules)."""
    if request.method == "GET":
        form = RulesForm(initial={"variant": event.variant})
        options = OptionsForm(variant=event.variant, overrides=event.options)
        return _render_rules(request, event, form, options)
    variant = _variant_from(request.POST, event.variant)
    form = RulesForm(request.POST)
    if "show_options" in request.POST:
        options = OptionsForm(variant=variant)
        return _render_rules(request, event, RulesForm(initial=request.POST), options)
    options = OptionsForm(request.POST, variant=variant)
    if form.is_valid() & options.is_valid():
        try:
            change_rules(
                event=event,
                variant=variant,
                options=options.overrides(),
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Rules changed; every table was scored again."))
            return redirect("organiser:event", event_id=event.id)
    return _render_rules(request, event, form, options, status=400)


def _render_rules(request, event, form, options, status: int = 200) -> HttpResponse:
    context = {"event": event, "form": form, "options": options}
    return render(request, "organiser/event_rules.html", context, status=status)


@require_GET
@organiser_view
def event_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Players, rounds and tables of the event, with what the organiser can do next."""
    overview = event_management(event)
    latest = overview.latest
    # Addresses for the phones: SITE_URL (the venue's Wi-Fi address under `make serve`) even
    # when the organiser browses from the laptop itself at 127.0.0.1.
    site = sheets.site_url(request)
    join_url = site + reverse("event", kwargs={"event_id": event.id})
    context = {
        "overview": overview,
        "event": event,
        "site": site,
        "join_url": join_url,
        "join_qr": qr_svg(join_url),
        "add_form": AddPlayerForm(),
        "focus_add": "added" in request.GET,
        "open_form": OpenRoundForm(initial={"method": seating_method_for(event)}),
        "can_open": can_open_round(latest.round if latest else None),
        "present_count": present_count(row.registration for row in overview.players),
        "next_round": latest.round.number + 1 if latest else 1,
        "prize_note": prize_note(event),
        # The latest round's clock while it is open: start, pause, resume, extend.
        "clock": clock_for(latest.round if latest else None),
        "latest": latest,
        **jobs_context(event),
    }
    return render(request, "organiser/event.html", context)
