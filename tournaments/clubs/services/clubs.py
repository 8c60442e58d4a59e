"""Clubs: an account creates a club and becomes its first organiser; `manage.py
add_organiser` makes an account organise a club by name."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.clubs.services.roles import grant_role
from tournaments.models import Club, Role


def create_club(*, name: str, organiser) -> Club:
    """A new club with `organiser` as its organiser."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    with transaction.atomic():
        club = Club.objects.create(name=name)
        grant_role(club=club, user=organiser, role=Role.ORGANISER, by=organiser)
    return club


def make_organiser(*, user, club_name: str) -> Club:
    """`user` organises the club of that name (any case), created if the site has none."""
    name = " ".join(club_name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    with transaction.atomic():
        club = Club.objects.filter(name__iexact=name).order_by("id").first()
        if club is None:
            return create_club(name=name, organiser=user)
        grant_role(club=club, user=user, role=Role.ORGANISER)
    return club
