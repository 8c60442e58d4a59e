"""Clubs: an organiser creates his club and becomes its first organiser."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club


def create_club(*, name: str, organiser) -> Club:
    """A new club with `organiser` as its organiser."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    with transaction.atomic():
        club = Club.objects.create(name=name)
        club.organisers.add(organiser)
    return club
