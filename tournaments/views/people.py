"""A club's people: who holds which role, invitations (a link, its QR code, an e-mail), screen
links for the room's TV; accepting an invitation; what a screen link shows."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.clubs.permissions import PERMISSIONS, Can
from tournaments.clubs.selectors.roles import (
    club_people,
    invitation,
    screen_event,
    screen_link,
    screen_venue,
)
from tournaments.clubs.services.accounts import create_organiser
from tournaments.clubs.services.invitations import (
    accept_invitation,
    cancel_invitation,
    invite,
    mail_invitation,
)
from tournaments.clubs.services.roles import create_screen_link, withdraw_role
from tournaments.forms.people import AccountForm, InviteForm, ScreenForm
from tournaments.models import Club, Invitation, Membership, Role
from tournaments.sheets.render import qr_svg, site_url
from tournaments.web.feedback import tell_problems
from tournaments.web.permissions import LoggedInRequest, club_view, link_view

# Backends Django may log a new account in with (the login throttle is for the login form).
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _people_url(club: Club, anchor: str = "") -> str:
    url = reverse("people:people", kwargs={"club_id": club.pk})
    return url + (f"#{anchor}" if anchor else "")


def _link(request: HttpRequest, name: str, token: str) -> str:
    return site_url(request) + reverse(name, kwargs={"token": token})


@require_GET
@club_view(Can.MANAGE_PEOPLE)
def people(request: LoggedInRequest, club: Club) -> HttpResponse:
    return _people_page(request, club, InviteForm(club=club))


def _people_page(request, club: Club, form: InviteForm, status: int = 200) -> HttpResponse:
    found = club_people(club)
    invitations = [(each, _link(request, "people:join", each.token)) for each in found.invitations]
    screens = [(each, _link(request, "people:screen", each.token)) for each in found.screens]
    context = {
        "club": club,
        "members": found.members,
        "invitations": [(each, url, qr_svg(url)) for each, url in invitations],
        "screens": screens,
        "form": form,
        "screen_form": ScreenForm(club=club),
        "table": role_table(),
    }
    return render(request, "people/people.html", context, status=status)


def role_table() -> list[tuple[str, list[str]]]:
    """Each role and what it may do, in words, from the one table."""
    words = {
        Can.SEE_EVENT: _("see the event's management page"),
        Can.CHANGE_EVENT: _("change the event's settings and rules, import and export it"),
        Can.RUN_ROUNDS: _("seat and close rounds, run the clock"),
        Can.PRINT: _("print the score sheets"),
        Can.TABLE_LINKS: _("turn the table links off, renew them"),
        Can.KEEP_SCORE: _("enter, correct, confirm and undo hands; close and reopen tables"),
        Can.REGISTER: _("registrations and check-in at the door"),
        Can.TAKE_FEES: _("record an entry fee paid"),
        Can.HANDLE_MONEY: _("waive and refund entry fees, pay prizes, the balance"),
        Can.SHOW_SCREEN: _("show the projector pages"),
        Can.CREATE_EVENTS: _("create and import events"),
        Can.MANAGE_PEOPLE: _("invite people and withdraw their roles"),
        Can.RUN_SEASONS: _("run the seasons"),
        Can.PERSONAL_DATA: _("export or erase a member's personal data"),
    }
    rows = []
    for role in Role:
        if role == Role.ORGANISER:
            rows.append((str(role.label), [_("everything")]))
            continue
        rows.append((str(role.label), [str(words[a]) for a in Can if a in PERMISSIONS[role]]))
    return rows


@require_POST
@club_view(Can.MANAGE_PEOPLE)
def new_invitation(request: LoggedInRequest, club: Club) -> HttpResponse:
    form = InviteForm(request.POST, club=club)
    if not form.is_valid():
        return _people_page(request, club, form, status=400)
    data = form.cleaned_data
    try:
        made = invite(
            club=club,
            role=data["role"],
            event=data["event"],
            email=data["email"],
            valid_for=form.duration(),
            by=request.user,
        )
    except ValidationError as error:
        form.add_error(None, error)
        return _people_page(request, club, form, status=400)
    if made.email:
        mail_invitation(invitation=made, url=_link(request, "people:join", made.token))
        messages.success(request, _("Invitation sent to %(email)s.") % {"email": made.email})
    else:
        messages.success(request, _("Invitation ready: show its QR code to the person."))
    return redirect(_people_url(club, f"invitation-{made.pk}"))


@require_POST
@club_view(Can.MANAGE_PEOPLE)
def cancel(request: LoggedInRequest, club: Club, invitation_id: int) -> HttpResponse:
    offered = get_object_or_404(Invitation, pk=invitation_id, club=club)
    cancel_invitation(invitation=offered)
    messages.success(request, _("The invitation no longer works."))
    return redirect(_people_url(club, "invitations"))


@require_POST
@club_view(Can.MANAGE_PEOPLE)
def new_screen(request: LoggedInRequest, club: Club) -> HttpResponse:
    form = ScreenForm(request.POST, club=club)
    if not form.is_valid():
        messages.error(request, _("Choose an event of the club."))
        return redirect(_people_url(club, "screens"))
    link = create_screen_link(club=club, event=form.cleaned_data["event"], by=request.user)
    messages.success(request, _("Screen link ready: open it on the TV."))
    return redirect(_people_url(club, f"screen-{link.pk}"))


@require_http_methods(["GET", "POST"])
@club_view(Can.MANAGE_PEOPLE)
def withdraw(request: LoggedInRequest, club: Club, membership_id: int) -> HttpResponse:
    """GET asks first; POST takes the role back at once."""
    held = get_object_or_404(
        Membership.objects.active().select_related("user", "event"), pk=membership_id, club=club
    )
    if request.method == "GET":
        return render(request, "people/withdraw.html", {"club": club, "membership": held})
    try:
        withdraw_role(membership=held, by=request.user)
    except ValidationError as error:
        tell_problems(request, error)
    else:
        messages.success(request, _("Role withdrawn."))
    return redirect(_people_url(club))


@require_http_methods(["GET", "POST"])
@link_view
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation's page: the role offered, then accept it logged in, or with a new
    account made here (under `make serve` too: the invitation is the organiser's word)."""
    offered = invitation(token)
    if offered is None:
        raise Http404(_("There is no such invitation."))
    context = {"invitation": offered, "form": None}
    if not offered.usable(timezone.now()):
        return render(request, "people/join.html", {**context, "over": True}, status=410)
    user = request.user if request.user.is_authenticated else None
    form = None
    if user is None:
        data = request.POST if request.method == "POST" else None
        form = AccountForm(data, initial={"email": offered.email})
    if request.method == "POST" and (form is None or form.is_valid()):
        try:
            if form is not None:
                user = create_organiser(
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    email=form.cleaned_data["email"],
                )
                login(request, user, backend=BACKEND)
            # Logged in already, or the account just made above.
            assert user is not None
            accept_invitation(invitation=offered, user=user)
        except ValidationError as error:
            if form is None:
                tell_problems(request, error)
                return redirect(request.path)
            form.add_error(None, error)
        else:
            messages.success(
                request, _("Welcome: you are now %(role)s.") % {"role": offered.get_role_display()}
            )
            if offered.event_id is not None:
                return redirect("organiser:event", event_id=offered.event_id)
            return redirect("organiser:dashboard")
    status = 400 if form is not None and form.errors else 200
    return render(request, "people/join.html", {**context, "form": form}, status=status)


@require_GET
@link_view
def screen(request: HttpRequest, token: str) -> HttpResponse:
    """A TV's link: the projector of the club's event of the day (or of its event). It comes
    back here every few minutes, so that the next club night shows without anyone at the TV."""
    link = screen_link(token)
    if link is None:
        raise Http404(_("This screen link was withdrawn: ask the organiser for a new one."))
    event = screen_event(link)
    if event is None:
        context = {"club": link.club, "again": reverse("people:screen", kwargs={"token": token})}
        return render(request, "people/screen_waiting.html", context)
    url = reverse("screen", kwargs={"event_id": event.pk})
    venue = screen_venue(link, event) if event.is_simultaneous else None
    return redirect(f"{url}?venue={venue}&tv={token}" if venue else f"{url}?tv={token}")
