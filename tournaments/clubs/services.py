"""Clubs and their organisers: an organiser creates his club and becomes its first organiser;
`manage.py add_organiser` makes an account for one."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club


def organises(user, club: Club | int) -> bool:
    """Whether the user organises this club (a site administrator organises every club)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    club_id = club if isinstance(club, int) else club.pk
    return user.is_superuser or user.clubs.filter(pk=club_id).exists()


def create_club(*, name: str, organiser) -> Club:
    """A new club with `organiser` as its organiser."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    with transaction.atomic():
        club = Club.objects.create(name=name)
        club.organisers.add(organiser)
    return club


def new_organiser(*, username: str, email: str = ""):
    """An organiser account not saved yet, its name and e-mail checked (ValidationError)."""
    model = get_user_model()
    user = model(username=username.strip(), email=email.strip())
    # The password is checked apart (validate_password), once the name is known.
    user.full_clean(exclude=["password"])
    taken = model._default_manager.filter(username__iexact=user.username).first()
    if taken is not None:
        # A user name logs in whatever its case (forms.accounts): "Claire" is claire's.
        raise ValidationError(
            _("The user name %(name)s is taken (user names ignore case).")
            % {"name": taken.username}
        )
    return user


def create_organiser(*, username: str, password: str, email: str = ""):
    """A new account that can log in and organise; he joins a club with make_organiser, or
    creates his own from the dashboard."""
    with transaction.atomic():
        user = new_organiser(username=username, email=email)
        validate_password(password, user)
        user.set_password(password)
        user.save()
    return user


def make_organiser(*, user, club_name: str) -> Club:
    """`user` organises the club of that name (any case), created if the site has none."""
    name = " ".join(club_name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    with transaction.atomic():
        club = Club.objects.filter(name__iexact=name).order_by("id").first()
        if club is None:
            return create_club(name=name, organiser=user)
        club.organisers.add(user)
    return club
