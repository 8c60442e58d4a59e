"""Registration: a player signs up for an event on his phone and keeps his personal page (its
link and QR code, to withdraw and to be checked in); the door checks players in by that QR
code (the phone's camera, static/js/door.js), by name, or on the spot."""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ramiscore.security import client_address, permissions_policy_header
from tournaments.clubs.permissions import Can
from tournaments.forms.registrations import SignUpForEventForm, WalkInForm
from tournaments.ledger.selectors import FeeRow, door_fees
from tournaments.models import Event, Method, Registration
from tournaments.registrations import services
from tournaments.registrations.selectors import by_link, counts, door_list, find, waiting_rank
from tournaments.sheets.render import qr_svg, site_url
from tournaments.web.feedback import tell_problems
from tournaments.web.permissions import allowed_here, event_view, link_view, public_view
from tournaments.web.throttle import count_use, too_many


def _personal_url(request: HttpRequest, registration: Registration) -> str:
    return site_url(request) + reverse("registration", kwargs={"token": registration.token})


@require_http_methods(["GET", "POST"])
@public_view
def sign_up(request: HttpRequest, event_id: int) -> HttpResponse:
    """The sign-up form of an event that opened registration; then his personal page."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    closed = services.registration_closed(event)
    form = SignUpForEventForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and not closed and form.is_valid():
        wait = count_use(
            "event-sign-ups",
            client_address(request) or "unknown",
            allowed=settings.EVENT_SIGNUPS_PER_ADDRESS,
            window=3600,
        )
        if wait is not None:
            return too_many(
                request,
                _("Too many sign-ups"),
                _(
                    "This address has signed up many players in the last hour. Try again "
                    "in %(wait)s."
                ),
                wait,
            )
        data = form.cleaned_data
        try:
            registration = services.sign_up(
                event=event,
                name=data["name"],
                email=data["email"],
                phone=data["phone"],
                consent=data["consent"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if data["email"]:
                services.mail_confirmation(
                    registration=registration,
                    url=_personal_url(request, registration),
                    address=data["email"],
                )
            messages.success(request, _("You are registered: keep this page."))
            return redirect("registration", token=registration.token)
    context = {"event": event, "form": form, "closed": closed, "counts": counts(event.pk)}
    status = 400 if form.errors else 200
    return render(request, "registrations/sign_up.html", context, status=status)


@require_http_methods(["GET", "POST"])
@link_view
def personal(request: HttpRequest, token: str) -> HttpResponse:
    """A player's personal page: his status, the QR code the door scans, and withdrawing
    (GET ?withdraw asks first, POST withdraws)."""
    registration = by_link(token)
    if registration is None:
        raise Http404(_("This link is not valid any more: ask the organiser for your new one."))
    if request.method == "POST":
        if request.POST.get("action") == "withdraw":
            promoted = services.withdraw(registration=registration)
            tell_promoted(request, promoted)
            messages.success(request, _("You are withdrawn from this event."))
        return redirect("registration", token=token)
    url = _personal_url(request, registration)
    context = {
        "registration": registration,
        "event": registration.event,
        "url": url,
        "qr": qr_svg(url),
        "asking": "withdraw" in request.GET and not registration.withdrawn,
        "rank": waiting_rank(registration)
        if registration.status == Registration.Status.WAITING
        else None,
    }
    return render(request, "registrations/personal.html", context)


def tell_promoted(request: HttpRequest, promoted: list[Registration]) -> None:
    """Those who got a place from the waiting list hear it, when they left an address."""
    for registration in promoted:
        if registration.player.email:
            services.mail_confirmation(
                registration=registration,
                url=_personal_url(request, registration),
                address=registration.player.email,
            )


def _with_fees(
    request: HttpRequest, event: Event, registrations: list[Registration]
) -> list[tuple[Registration, FeeRow | None]]:
    """Each registration with its entry fee, when the person at the door may take it and the
    event asks one (otherwise the page says nothing about money)."""
    fees = door_fees(event) if allowed_here(request).take_fees else {}
    return [(registration, fees.get(registration.pk)) for registration in registrations]


def _fee_context(request: HttpRequest, event: Event, registration: Registration) -> dict:
    (pair,) = _with_fees(request, event, [registration])
    return {"fee": pair[1], "methods": Method.choices}


@require_GET
@event_view(Can.REGISTER)
def door(request: HttpRequest, event: Event) -> HttpResponse:
    """The door's phone: scan a QR code, search a name, or register a walk-in; a player
    checked in pays his entry fee there in one tap."""
    query = request.GET.get("q", "")[:80]
    context = {
        "event": event,
        "counts": counts(event.pk),
        "query": query,
        "found": _with_fees(request, event, find(event, query)) if query else None,
        "everyone": _with_fees(request, event, door_list(event)),
        "walk_in": WalkInForm(),
        "site": site_url(request),
        "methods": Method.choices,
    }
    response = render(request, "registrations/door.html", context)
    # The one page that may use the camera (the site refuses it everywhere else).
    response["Permissions-Policy"] = permissions_policy_header(
        {**settings.PERMISSIONS_POLICY, "camera": ("self",)}
    )
    return response


def door_back(event: Event, query: str = "") -> HttpResponse:
    """The door's page again, with the name it was searching for."""
    url = reverse("door", kwargs={"event_id": event.pk})
    query = query.strip()[:80]
    return redirect(f"{url}?{urlencode({'q': query})}" if query else url)


@require_GET
@event_view(Can.REGISTER)
def scanned(request: HttpRequest, event: Event) -> HttpResponse:
    """What a scanned code is (a fragment for the door's page): a player of this event, with
    the button that checks him in, or why not."""
    code = request.GET.get("code", "")[:500].strip().rstrip("/")
    token = code.rsplit("/", 1)[-1]
    registration = by_link(token)
    if registration is not None and registration.event_id != event.pk:
        registration = None
    context = {"event": event, "registration": registration, "code": token}
    if registration is not None:
        context.update(_fee_context(request, event, registration))
    return render(request, "registrations/_scanned.html", context)


@require_POST
@event_view(Can.REGISTER)
def check_in(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    registration = get_object_or_404(Registration, pk=registration_id, event=event)
    registration = services.check_in(registration=registration)
    if request.headers.get("X-Door") == "1":
        context = {"event": event, "registration": registration, "counts": counts(event.pk)}
        context.update(_fee_context(request, event, registration))
        return render(request, "registrations/_checked_in.html", context)
    messages.success(request, _("%(player)s is in.") % {"player": registration.player.name})
    return door_back(event, request.POST.get("q", ""))


@require_POST
@event_view(Can.REGISTER)
def walk_in(request: HttpRequest, event: Event) -> HttpResponse:
    form = WalkInForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the player's name (at most 80 characters)."))
        return door_back(event)
    try:
        registration = services.walk_in(event=event, name=form.cleaned_data["name"])
    except ValidationError as error:
        tell_problems(request, error)
    else:
        messages.success(request, _("%(player)s is in.") % {"player": registration.player.name})
    return door_back(event)


@require_POST
@event_view(Can.REGISTER)
def approve(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    registration = get_object_or_404(Registration, pk=registration_id, event=event)
    try:
        services.approve(registration=registration, approved=request.POST.get("approved") == "1")
    except ValidationError as error:
        tell_problems(request, error)
    return redirect(reverse("organiser:event", kwargs={"event_id": event.pk}) + "#players")


@require_http_methods(["GET", "POST"])
@event_view(Can.REGISTER)
def renew(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """A player's new personal link (his old one, lost or shared, stops working)."""
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    if request.method == "GET":
        title = _("New personal link for %(player)s?") % {"player": registration.player.name}
        context = {"event": event, "registration": registration, "title": title}
        return render(request, "registrations/renew.html", context)
    services.renew_link(registration=registration)
    messages.success(
        request, _("%(player)s has a new personal link.") % {"player": registration.player.name}
    )
    return redirect(reverse("organiser:event", kwargs={"event_id": event.pk}) + "#players")
