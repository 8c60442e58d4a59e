"""Invitations: an organiser offers a role for the club or one of its events, by a link
shown as a QR code on his screen or sent by e-mail; the first person to accept it before
it expires gets the role, and nobody after him."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.clubs.services.roles import grant_role
from tournaments.models import Club, Event, Invitation, Membership, Role

LONGEST = datetime.timedelta(days=30)


def invite(
    *,
    club: Club,
    role: str,
    valid_for: datetime.timedelta,
    event: Event | None = None,
    email: str = "",
    by=None,
) -> Invitation:
    """A one-use invitation to hold `role`, usable for `valid_for` from now."""
    if role not in Role.values or role == Role.SCREEN:
        raise ValidationError(_("Choose the role to give."))
    if event is not None and event.club_id != club.pk:
        raise ValidationError(_("This event belongs to another club."))
    if not datetime.timedelta(0) < valid_for <= LONGEST:
        raise ValidationError(_("An invitation lasts between a minute and 30 days."))
    now = timezone.now()
    with transaction.atomic():
        return Invitation.objects.create(
            club=club,
            event=event,
            role=role,
            email=email.strip(),
            created_by=by,
            created_at=now,
            expires_at=now + valid_for,
        )


def mail_invitation(*, invitation: Invitation, url: str) -> None:
    """Send the invitation's link to its e-mail address."""
    context = {"invitation": invitation, "url": url}
    subject = _("%(club)s invites you to Ramiscore") % {"club": invitation.club.name}
    body = render_to_string("people/invitation_email.txt", context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [invitation.email])


def accept_invitation(*, invitation: Invitation, user) -> Membership:
    """`user` takes the role offered; refused once it was used, cancelled or expired."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if not invitation.usable(timezone.now()):
            raise ValidationError(_("This invitation was used or has expired: ask for a new one."))
        membership = grant_role(
            club=invitation.club,
            user=user,
            role=invitation.role,
            event=invitation.event,
            by=invitation.created_by,
        )
        invitation.accepted_by = user
        invitation.accepted_at = timezone.now()
        invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


def cancel_invitation(*, invitation: Invitation) -> Invitation:
    """The invitation stops working before anyone used it."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.accepted_at is None and invitation.cancelled_at is None:
            invitation.cancelled_at = timezone.now()
            invitation.save(update_fields=["cancelled_at"])
    return invitation
