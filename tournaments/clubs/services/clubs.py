"""Clubs: an account creates a club and becomes its first organiser; `manage.py
add_organiser` makes an account organise a club by name."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.clubs.services.roles import grant_role
from tournaments.models import Club, Role


def create_club(*, name: str, organiser: User) -> Club:
    """A new club with `organiser` as its organiser; refused if the site has a club of that
    name, whatever its case (an archive or an organiser naming it would join that one)."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    taken = ValidationError(
        _(
            "There is already a club named “%(name)s”: give yours another name (its town, "
            "say). To organise that club, ask one of its organisers to add you."
        )
        % {"name": name},
        code="taken",
    )
    if Club.objects.filter(name__iexact=name).exists():
        raise taken
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name)
            grant_role(club=club, user=organiser, role=Role.ORGANISER, by=organiser)
    except IntegrityError:  # created by someone else at the same moment
        raise taken from None
    return club


def make_organiser(*, user: User, club_name: str) -> Club:
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
