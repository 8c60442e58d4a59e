"""Organiser pages: the dashboard, creating an event, its settings and rules, its page.

Players, rounds and tables are in organiser_play; game files in gamefiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import rules
from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import clubs_run, clubs_where, events_to_run
from tournaments.clubs.services.clubs import create_club
from tournaments.edits import services as edits
from tournaments.edits.display import meanwhile_lines
from tournaments.edits.services import EditConflict
from tournaments.events.selectors.events import PlayerRow, event_management
from tournaments.events.services.events import (
    change_rules,
    create_event,
    pool_note,
    present_count,
    prize_note,
    save_settings,
)
from tournaments.events.services.rounds import (
    can_open_round,
    planned_rounds_played,
    seating_method_for,
)
from tournaments.forms.options import OptionsForm
from tournaments.forms.organiser import (
    AddPlayerForm,
    ClubForm,
    EventForm,
    EventSettingsForm,
    OpenRoundForm,
    PlayerListForm,
    RulesForm,
)
from tournaments.models import Club, Event, Round, Season
from tournaments.models.events import VARIANT_NAMES
from tournaments.sheets.render import qr_svg, site_url
from tournaments.views.clock import clock_for
from tournaments.views.pdf_jobs import jobs_context
from tournaments.views.sheets import in_the_background
from tournaments.web.permissions import LoggedInRequest, account_view, event_view
from tournaments.words.variants import options_line

DEFAULT_VARIANT = "rami-penalites"


def managed_clubs(user) -> QuerySet[Club]:
    """The clubs where the user may create events (every club for a site administrator)."""
    return clubs_where(user, Can.CREATE_EVENTS).order_by("name")


@require_GET
@account_view
def dashboard(request: HttpRequest) -> HttpResponse:
    """The events the person runs (all his clubs', and those he holds a role for), upcoming
    first; his first club if he has none."""
    return render(request, "organiser/dashboard.html", _dashboard(request.user, ClubForm()))


def _dashboard(user, club_form: ClubForm) -> dict:
    run = clubs_run(user)
    clubs = [club for club, can in run if can.create_events]
    today = timezone.localdate()
    events = events_to_run(user).select_related("club")
    return {
        "clubs": clubs,
        "people": {club.pk for club, can in run if can.manage_people},
        "personal_data": {club.pk for club, can in run if can.personal_data},
        "integrations": {club.pk for club, can in run if can.other_sites},
        "upcoming": list(events.filter(date__gte=today).order_by("date", "id")),
        "past": list(events.filter(date__lt=today).order_by("-date", "-id")),
        "seasons": list(Season.objects.filter(club__in=clubs).select_related("club")),
        "club_form": club_form,
    }


@require_POST
@account_view
def new_club(request: LoggedInRequest) -> HttpResponse:
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
@account_view
def new_event(request: LoggedInRequest) -> HttpResponse:
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
        initial: Mapping[str, object] = request.POST.dict() or {
            "date": timezone.localdate(),
            "club": clubs.first(),
        }
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
@account_view
def variant_options(request: HttpRequest) -> HttpResponse:
    """The options fieldset of a variant, at its defaults (htmx swaps it into the form)."""
    variant = _variant_from(request.GET, DEFAULT_VARIANT)
    return render(request, "organiser/_options.html", {"options": OptionsForm(variant=variant)})


@require_http_methods(["GET", "POST"])
@event_view(Can.CHANGE_EVENT)
def edit_event(request: HttpRequest, event: Event) -> HttpResponse:
    """An event's name, date, fee, confirmation, language and tournament settings; new
    points rescore its tables (services.events.save_settings). A save from a page that no
    longer shows the settings as they are is refused, with what changed meanwhile."""
    if request.method == "GET":
        return _render_settings(request, event, EventSettingsForm(instance=event))
    form = EventSettingsForm(request.POST, instance=event)
    if form.is_valid():
        try:
            event = save_settings(
                event=event, changes=form.changes(), seen=form.cleaned_data["seen"]
            )
        except EditConflict as conflict:
            return _settings_conflict(request, event, form, conflict)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Event settings saved."))
            return redirect("organiser:event", event_id=event.id)
    return _render_settings(request, event, form, status=400)


def _settings_conflict(request, event, form, conflict: EditConflict) -> HttpResponse:
    """The settings as they are now, with this organiser's own changes on top, ready to save
    again; and what changed meanwhile."""
    mine = edits.edited(form.cleaned_data["seen"], form.changes())
    now = Event.objects.get(pk=event.pk)
    fresh = EventSettingsForm(instance=now, initial=mine)
    context = {"conflict": _conflict_context(conflict, meanwhile_lines(form, conflict.meanwhile))}
    return _render_settings(request, now, fresh, status=409, **context)


def _render_settings(request, event, form, status: int = 200, **extra) -> HttpResponse:
    context = {"form": form, "event": event, "pool_note": pool_note(event.prize_places), **extra}
    return render(request, "organiser/event_settings.html", context, status=status)


def _conflict_context(conflict: EditConflict, lines: list[str]) -> dict:
    return {"message": conflict.messages[0], "lines": lines}


@require_http_methods(["GET", "POST"])
@event_view(Can.CHANGE_EVENT)
def event_rules(request: HttpRequest, event: Event) -> HttpResponse:
    """Change the variant or its options; the event's games follow (or the change is refused,
    with the engine's reason, if a hand already played breaks the new rules; or, with the
    rules as they are now, if they were changed since the page was read)."""
    if request.method == "GET":
        form = RulesForm(initial={"variant": event.variant}, event=event)
        options = OptionsForm(variant=event.variant, overrides=event.options)
        return _render_rules(request, event, form, options)
    variant = _variant_from(request.POST, event.variant)
    form = RulesForm(request.POST, event=event)
    if "show_options" in request.POST:
        # A step, not a save: the page keeps what it showed of the rules (`seen`).
        options = OptionsForm(variant=variant)
        return _render_rules(request, event, RulesForm(initial=request.POST, event=event), options)
    options = OptionsForm(request.POST, variant=variant)
    if form.is_valid() & options.is_valid():
        try:
            change_rules(
                event=event,
                variant=variant,
                options=options.overrides(),
                seen=form.cleaned_data["seen"],
                reason=form.cleaned_data["reason"],
            )
        except EditConflict as conflict:
            return _rules_conflict(request, event, form, options, conflict)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Rules changed; every table was scored again."))
            return redirect("organiser:event", event_id=event.id)
    return _render_rules(request, event, form, options, status=400)


def _rules_conflict(request, event, form, options, conflict: EditConflict) -> HttpResponse:
    """This organiser's rules again, to save over the rules as they are now (which the page
    names)."""
    now = Event.objects.get(pk=event.pk)
    initial = {"variant": form.cleaned_data["variant"], "reason": form.cleaned_data["reason"]}
    fresh = RulesForm(initial=initial, event=now)
    mine = OptionsForm(variant=form.cleaned_data["variant"], overrides=options.overrides())
    rules_now = options_line(now.variant_name(), rules.make_variant(now.variant, now.options))
    line = _("The rules now: %(rules)s.") % {"rules": rules_now}
    context = {"conflict": _conflict_context(conflict, [line])}
    return _render_rules(request, now, fresh, mine, status=409, **context)


def _render_rules(request, event, form, options, status: int = 200, **extra) -> HttpResponse:
    context = {"event": event, "form": form, "options": options, **extra}
    return render(request, "organiser/event_rules.html", context, status=status)


@require_GET
@event_view(Can.SEE_EVENT)
def event_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Players, rounds and tables of the event, with what the person can do next: each role
    sees the controls of its own actions (`can`)."""
    return render(request, "organiser/event.html", event_page_context(request, event))


def event_page_context(request: HttpRequest, event: Event, **forms: Form) -> dict[str, Any]:
    """What the event page shows; `forms` as typed when one was refused (players_list...)."""
    overview = event_management(event)
    latest = overview.latest
    # Addresses for the phones: SITE_URL (the venue's Wi-Fi address under `make serve`) even
    # when the organiser browses from the laptop itself at 127.0.0.1.
    site = site_url(request)
    join_url = site + reverse("event", kwargs={"event_id": event.id})
    return {
        "overview": overview,
        "event": event,
        "can": request.can,
        "site": site,
        "join_url": join_url,
        "join_qr": qr_svg(join_url),
        **players_context(
            event, overview.players, overview.member_names, latest.round if latest else None
        ),
        "focus_add": "added" in request.GET,
        "open_form": OpenRoundForm(initial={"method": seating_method_for(event)}),
        "next_round": latest.round.number + 1 if latest else 1,
        "finished": planned_rounds_played(event, latest.round if latest else None),
        "standings_url": reverse("tournament:standings", kwargs={"event_id": event.id}),
        "prize_note": prize_note(event),
        # The latest round's clock while it is open: start, pause, resume, extend.
        "clock": clock_for(latest.round if latest else None),
        "latest": latest,
        # A round too large to lay out in a request: its sheets are prepared in the background.
        "prepare_sheets": latest is not None and in_the_background(len(latest.games)),
        **jobs_context(event),
        **forms,
    }


def players_context(
    event: Event, players: list[PlayerRow], member_names: list[str], latest: Round | None
) -> dict:
    """The players part of the event page (also refreshed alone: views.organiser_players),
    and whether the page offers to seat the next round (it says how many will sit down)."""
    return {
        "players": players,
        "member_names": member_names,
        "present_count": present_count(row.registration for row in players),
        "can_open": can_open_round(latest) and not planned_rounds_played(event, latest),
        "add_form": AddPlayerForm(),
        "players_list": PlayerListForm(),
    }
