"""Registrations: a player signs up for an event on its public page (a place, the waiting
list, or the organiser's approval first), withdraws with his personal link (the first on the
waiting list then gets the place), and is checked in at the door by that link's QR code, by
name, or on the spot (a walk-in). Every change bumps the event's version (its pages follow)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.events.services.events import find_or_add_player, register_player
from tournaments.models import Event, Player, Registration
from tournaments.models.events import new_registration_token
from tournaments.play.services import versions

Status = Registration.Status


def registration_closed(event: Event, now=None) -> str:
    """Why players cannot sign up now ("" when they can)."""
    now = now or timezone.now()
    if not event.registration_open:
        return _("Sign-up for this event is not open.")
    if event.registration_closes_at is not None and now >= event.registration_closes_at:
        return _("Sign-up for this event is closed.")
    if event.date < timezone.localdate(now):
        return _("This event is over.")
    return ""


def _place_for(event: Event) -> str:
    """A newcomer's status: approval first if the event asks for it, else a place while
    there is one, else the waiting list."""
    if event.registration_approved:
        return Status.PENDING
    return Status.PLACED if _has_room(event) else Status.WAITING


def _has_room(event: Event) -> bool:
    return event.capacity is None or event.registrations.placed().count() < event.capacity


def recognise(*, event: Event, name: str, email: str) -> Player:
    """The club member signing up: the one with that e-mail address, else that name (any
    case); a newcomer joins the club. Never a second member for the same person."""
    if email:
        known = Player.objects.filter(club=event.club, email__iexact=email).first()
        if known is not None:
            return known
    return find_or_add_player(club=event.club, name=name)


def sign_up(
    *, event: Event, name: str, email: str = "", phone: str = "", consent: bool = False
) -> Registration:
    """The player signs up himself; his e-mail and phone are kept only with his consent."""
    email, phone = email.strip(), " ".join(phone.split())
    if email:
        validate_email(email)
    if (email or phone) and not consent:
        raise ValidationError(
            _("Tick the box to let the club keep your e-mail or phone, or leave them empty.")
        )
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        closed = registration_closed(event)
        if closed:
            raise ValidationError(closed)
        player = recognise(event=event, name=name, email=email)
        if email or phone:
            # What the member gave before is kept: a form on a public page never replaces it.
            player.email = player.email or email
            player.phone = player.phone or phone
            player.consent_at = timezone.now()
            player.save(update_fields=["email", "phone", "consent_at"])
        registration = Registration.objects.filter(event=event, player=player).first()
        if registration is not None and not registration.withdrawn:
            return registration
        if registration is None:
            registration = Registration(event=event, player=player)
        registration.withdrawn = False
        registration.checked_in = False
        registration.status = _place_for(event)
        registration.queued_at = timezone.now()
        registration.save()
        versions.event_changed(event.pk)
    return registration


def mail_confirmation(*, registration: Registration, url: str, address: str) -> None:
    """The player's confirmation: his status and personal link."""
    context = {"registration": registration, "url": url}
    subject = _("%(event)s: your registration") % {"event": registration.event.name}
    body = render_to_string("registrations/confirmation_email.txt", context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address])


def withdraw(*, registration: Registration) -> list[Registration]:
    """The player is out; the first ones on the waiting list take the places this frees,
    in order. Returns those promoted (to tell them)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=registration.event_id)
        registration = Registration.objects.get(pk=registration.pk)
        if registration.withdrawn:
            return []
        registration.withdrawn = True
        registration.save(update_fields=["withdrawn"])
        promoted = _promote(event)
        versions.event_changed(event.pk)
    return promoted


def _promote(event: Event) -> list[Registration]:
    promoted = []
    for waiting in event.registrations.waiting().select_related("player"):
        if not _has_room(event):
            break
        waiting.status = Status.PLACED
        waiting.save(update_fields=["status"])
        promoted.append(waiting)
    return promoted


def approve(*, registration: Registration, approved: bool) -> Registration:
    """The organiser (or the door) approves a sign-up (a place, or the waiting list when
    the event is full), or refuses it (withdrawn)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=registration.event_id)
        registration = Registration.objects.select_related("player").get(pk=registration.pk)
        if registration.status != Status.PENDING or registration.withdrawn:
            raise ValidationError(_("This sign-up does not wait for approval."))
        if approved:
            registration.status = Status.PLACED if _has_room(event) else Status.WAITING
        else:
            registration.withdrawn = True
        registration.save(update_fields=["status", "withdrawn"])
        versions.event_changed(event.pk)
    return registration


def check_in(*, registration: Registration) -> Registration:
    """At the door: the player is in. One on the waiting list or waiting for approval is let
    in by the door (the room has the last word); a withdrawn one comes back."""
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=registration.event_id)
        registration = Registration.objects.select_related("player").get(pk=registration.pk)
        registration.checked_in = True
        registration.withdrawn = False
        registration.status = Status.PLACED
        registration.save(update_fields=["checked_in", "withdrawn", "status"])
        versions.event_changed(registration.event_id)
    return registration


def walk_in(*, event: Event, name: str) -> Registration:
    """A player who turns up without signing up: registered and checked in on the spot."""
    return register_player(event=event, name=name, checked_in=True)


def renew_link(*, registration: Registration) -> Registration:
    """A new personal link: the old one and its QR code stop working."""
    with transaction.atomic():
        registration.token = new_registration_token()
        registration.save(update_fields=["token"])
    return registration
