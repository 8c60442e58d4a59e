"""Clubs and their organisers: an organiser creates his club and becomes its first organiser;
`manage.py add_organiser` makes an account for one."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, ImportedAccount


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
    user = get_user_model()(username=username.strip(), email=email.strip())
    # The password is checked apart (validate_password), once the name is known.
    user.full_clean(exclude=["password"])
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


def made_by_an_import(user) -> bool:
    """Whether the account was made by an event archive's import, and nobody has been given
    a password for it yet."""
    return not user.has_usable_password() and ImportedAccount.objects.filter(user=user).exists()


def activate_imported_account(*, user, password: str, club_name: str = "") -> Club:
    """Let a person an event archive's import named (an account nobody could log in with)
    log in with `password` and organise the club of `club_name`, by default the club the
    archive was imported into (docs/archive.md)."""
    imported = ImportedAccount.objects.select_related("club").filter(user=user).first()
    if imported is None or not made_by_an_import(user):
        raise ValidationError(_("This account was not made by an event archive's import."))
    with transaction.atomic():
        validate_password(password, user)
        user.set_password(password)
        user.is_active = True
        user.save(update_fields=["password", "is_active"])
        return make_organiser(user=user, club_name=club_name or imported.club.name)


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
