"""Clubs and their organisers: an organiser creates his club and becomes its first organiser;
`manage.py add_organiser` makes an account for one."""

from __future__ import annotations

from typing import TypeGuard

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Game, Venue

# Who makes a change: a person logged in, a visitor (a table link's phone), or a command (None).
Actor = User | AnonymousUser | None


def organises(user: Actor, club: Club | int) -> TypeGuard[User]:
    """Whether the user organises this club (a site administrator organises every club)."""
    if user is None or not user.is_authenticated:
        return False
    club_id = club if isinstance(club, int) else club.pk
    return user.is_superuser or user.clubs.filter(pk=club_id).exists()


def organises_table(user: Actor, game: Game) -> TypeGuard[User]:
    """Whether the user organises the club running this table: its venue's club at a
    simultaneous evening (another venue's organisers do not), else its event's club."""
    if game.venue_id is None or user is None or not user.is_authenticated:
        return organises(user, game.event.club_id)
    club_id = Venue.objects.filter(pk=game.venue_id).values_list("club_id", flat=True).get()
    return organises(user, club_id)


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
            club.organisers.add(organiser)
    except IntegrityError:  # created by someone else at the same moment
        raise taken from None
    return club


def new_organiser(*, username: str, email: str = "") -> User:
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


def create_organiser(*, username: str, password: str, email: str = "") -> User:
    """A new account that can log in and organise; he joins a club with make_organiser, or
    creates his own from the dashboard."""
    with transaction.atomic():
        user = new_organiser(username=username, email=email)
        validate_password(password, user)
        user.set_password(password)
        user.save()
    return user


def make_organiser(*, user: User, club_name: str) -> Club:
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
