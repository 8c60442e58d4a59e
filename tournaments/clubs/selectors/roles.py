"""Who holds which role, and what that lets him do (the table of clubs/permissions.py): each
question costs one query (two at a simultaneous evening, whose officials are asked first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias, TypeGuard

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments.clubs.permissions import Can, actions, allows
from tournaments.models import Club, Event, Game, Invitation, Membership, Role, Venue

# Whoever asks: a logged-in person, a visitor, or nobody (a screen link, a command).
Visitor: TypeAlias = "User | AnonymousUser | None"


class Allowed(frozenset[Can]):
    """The actions a person may take on one event or club; a template asks `can.keep_score`."""

    def __getattr__(self, name: str) -> bool:
        try:
            return Can(name) in self
        except ValueError:
            raise AttributeError(name) from None


EVERYTHING = Allowed(Can)
NOTHING = Allowed()


def _person(user: Visitor) -> TypeGuard[User]:
    return user is not None and getattr(user, "is_authenticated", False) and user.is_active


def held_roles(
    user: Visitor, *, club_id: int, event_id: int | None = None
) -> tuple[set[str], set[str]]:
    """The roles the user holds now for the club, and for that event of it (one query)."""
    if not _person(user):
        return set(), set()
    rows = Membership.objects.active().filter(user=user, club_id=club_id)
    rows = (
        rows.filter(Q(event=None) | Q(event_id=event_id)) if event_id else rows.filter(event=None)
    )
    for_club: set[str] = set()
    for_event: set[str] = set()
    for role, event in rows.values_list("role", "event_id"):
        (for_club if event is None else for_event).add(role)
    return for_club, for_event


def allowed(user: Visitor, *, club_id: int, event_id: int | None = None) -> Allowed:
    """Everything the user may do on that club (and that event of it)."""
    if _person(user) and user.is_superuser:
        return EVERYTHING
    return Allowed(actions(*held_roles(user, club_id=club_id, event_id=event_id)))


def may(user: Visitor, action: Can, *, club_id: int, event_id: int | None = None) -> bool:
    """Whether the user may take `action` on that club (and that event of it)."""
    if _person(user) and user.is_superuser:
        return True
    return allows(*held_roles(user, club_id=club_id, event_id=event_id), action)


def is_official(user: Visitor, federation_id: int | None) -> bool:
    """Whether the user is an official of this federation (a site administrator is)."""
    if federation_id is None or not isinstance(user, User) or not _person(user):
        return False
    return user.is_superuser or user.federations.filter(pk=federation_id).exists()


def allowed_at(user: Visitor, event: Event, venue: Venue | None = None) -> Allowed:
    """Everything the user may do on an event (at `venue`, for a simultaneous evening's
    tables, players and pages there). A club's own event: the roles held for its club and
    that event. A simultaneous evening (docs/federation.md): its federation's officials run
    it all; a venue's club's roles count at that venue only, never on the evening as a
    whole nor at another venue."""
    if event.federation_id is None:
        return allowed(user, club_id=event.club_id, event_id=event.pk)
    if is_official(user, event.federation_id):
        return EVERYTHING
    if venue is None or venue.event_id != event.pk:
        return NOTHING
    return allowed(user, club_id=venue.club_id, event_id=event.pk)


def may_on_event(user: Visitor, action: Can, event: Event) -> bool:
    """Whether the user may take `action` on the event as a whole (`allowed_at`)."""
    return action in allowed_at(user, event)


def may_on_game(user: Visitor, action: Can, game: Game) -> bool:
    """Whether the user may take `action` at this table: at a simultaneous evening, as its
    venue's (one query more for the venue)."""
    if not _person(user):
        # Roles are held by accounts: a phone at the table (its link) holds none, and every
        # request of its page would read the venue for nothing.
        return False
    venue = game.venue if game.venue_id is not None else None
    return action in allowed_at(user, game.event, venue)


def _roles_allowing(action: Can) -> list[str]:
    return [role for role in Role if allows({role}, set(), action)]


def clubs_where(user: Visitor, action: Can) -> QuerySet[Club]:
    """The clubs where a role held for the club allows `action` (every club for a site
    administrator)."""
    if not _person(user):
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    held = Membership.objects.active().filter(
        user=user, event=None, role__in=_roles_allowing(action)
    )
    return Club.objects.filter(pk__in=held.values("club_id"))


def clubs_run(user: Visitor) -> list[tuple[Club, Allowed]]:
    """The clubs where the user holds a role for the whole club, by name, each with what he
    may do there (one query; every club, with everything, for a site administrator)."""
    if not _person(user):
        return []
    if user.is_superuser:
        return [(club, EVERYTHING) for club in Club.objects.order_by("name")]
    held: dict[int, tuple[Club, set[str]]] = {}
    rows = Membership.objects.active().filter(user=user, event=None).select_related("club")
    for membership in rows:
        held.setdefault(membership.club_id, (membership.club, set()))[1].add(membership.role)
    found = [(club, Allowed(actions(roles, set()))) for club, roles in held.values()]
    return sorted(found, key=lambda pair: pair[0].name)


def events_to_run(user: Visitor) -> QuerySet[Event]:
    """The events whose management page the user may open: every event of a club where he
    holds a role for the club, and the events he holds a role for."""
    if not _person(user):
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    roles = _roles_allowing(Can.SEE_EVENT)
    held = Membership.objects.active().filter(user=user, role__in=roles)
    return Event.objects.filter(
        Q(club_id__in=held.filter(event=None).values("club_id"))
        | Q(pk__in=held.exclude(event=None).values("event_id"))
    )


@dataclass(frozen=True)
class People:
    """A club's people as its roles page shows them."""

    members: list[Membership]  # accounts holding a role now
    screens: list[Membership]  # screen links that work
    invitations: list[Invitation]  # waiting to be used


def club_people(club: Club) -> People:
    """Who holds a role in the club now, its working screen links and its invitations still
    usable (three queries)."""
    held = (
        Membership.objects.active()
        .filter(club=club)
        .select_related("user", "event", "granted_by")
        .order_by("role", "event__date", "granted_at")
    )
    members = [m for m in held if m.user_id is not None]
    screens = [m for m in held if m.user_id is None]
    invitations = list(
        Invitation.objects.filter(
            club=club, accepted_at=None, cancelled_at=None, expires_at__gt=timezone.now()
        ).select_related("event", "created_by")
    )
    return People(members, screens, invitations)


def screen_link(token: str) -> Membership | None:
    """The screen link of that secret, if it still works."""
    if not token:
        return None
    return (
        Membership.objects.active()
        .filter(role=Role.SCREEN, token=token)
        .select_related("club", "event")
        .first()
    )


def invitation(token: str) -> Invitation | None:
    """The invitation of that secret, used, expired or not (None if there is none)."""
    return (
        Invitation.objects.select_related("club", "event", "created_by").filter(token=token).first()
    )


def screen_event(link: Membership) -> Event | None:
    """What a screen link shows: its event, or the club's event of today (the latest created
    if there are several), else its next one; a simultaneous evening the club hosts a venue
    of counts as its event."""
    if link.event_id is not None:
        return link.event
    today = timezone.localdate()
    events = Event.objects.filter(Q(club_id=link.club_id) | Q(venues__club_id=link.club_id))
    return (
        events.filter(date=today).order_by("-id").first()
        or events.filter(date__gt=today).order_by("date", "id").first()
    )


def screen_venue(link: Membership, event: Event) -> int | None:
    """The number of the venue the link's club hosts at a simultaneous evening, if any: its
    TV shows that venue's tables and players."""
    venues = Venue.objects.filter(event=event, club_id=link.club_id)
    return venues.values_list("number", flat=True).first()
