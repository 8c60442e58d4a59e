"""Roles: given to an account for a club or one of its events, withdrawn at once; a screen
link for a TV. Each grant and withdrawal records who did it and when (and its history row
the request's user)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Membership, Role
from tournaments.models.clubs import new_secret


def _refuse_other_clubs_event(club: Club, event: Event | None) -> None:
    if event is not None and event.club_id != club.pk:
        raise ValidationError(_("This event belongs to another club."))


def grant_role(*, club: Club, user, role: str, event: Event | None = None, by=None) -> Membership:
    """`user` holds `role` for the club (or for that event of it); already held: that one."""
    if role == Role.SCREEN:
        raise ValidationError(_("A screen is a link for a TV, not a person's role."))
    _refuse_other_clubs_event(club, event)
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)  # one grant at a time per club
        held = Membership.objects.active().filter(club=club, user=user, role=role, event=event)
        return held.first() or Membership.objects.create(
            club=club, user=user, role=role, event=event, granted_by=by
        )


def create_screen_link(*, club: Club, event: Event | None = None, by=None) -> Membership:
    """A link for the room's TV: the projector pages of the club's event of the day (or of
    that event), nothing else, until it is withdrawn."""
    _refuse_other_clubs_event(club, event)
    with transaction.atomic():
        return Membership.objects.create(
            club=club, event=event, role=Role.SCREEN, token=new_secret(), granted_by=by
        )


def withdraw_role(*, membership: Membership, by=None) -> Membership:
    """Take a role (or a screen link) back, at once: the person's next page is refused. The
    club keeps at least one organiser for the whole club."""
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=membership.club_id)
        membership = Membership.objects.get(pk=membership.pk)
        if membership.withdrawn_at is not None:
            return membership
        if membership.role == Role.ORGANISER and membership.event_id is None:
            others = Membership.objects.active().filter(
                club_id=membership.club_id, role=Role.ORGANISER, event=None
            )
            if not others.exclude(pk=membership.pk).exclude(user=None).exists():
                raise ValidationError(
                    _("The club needs an organiser: give the role to someone else first.")
                )
        membership.withdrawn_at = timezone.now()
        membership.withdrawn_by = by
        membership.save(update_fields=["withdrawn_at", "withdrawn_by"])
    return membership
