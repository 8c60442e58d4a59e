"""Demo data for local use: a known organiser account, two club nights and a tournament,
never under production settings."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.clubs.services.roles import grant_role
from tournaments.models import Club, Event, Game, Player, Role

from .club_nights import GIN_NIGHT, RAMI_NIGHT, gin_night, rami_night
from .season import demo_season
from .tournament import DEMO_TOURNAMENT, demo_tournament

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-organiser"
DEMO_CLUB = "Club de rami de Montreuil"

# Accents, an apostrophe and one long name: what a real club's list looks like.
MEMBERS = [
    "Anne-Sophie Lefèvre",
    "Bruno Maréchal",
    "Chloé Dubois",
    "Denis Perrin",
    "Élodie Garnier",
    "François N'Diaye",
    "Gérard Lemoine",
    "Hélène Castel",
    "Irène Fabre",
    "Jérôme Rousseau",
    "Karim Benali",
    "Léa Caron",
    "Maëlle Brunet",
    "Marie-Thérèse de La Rochefoucauld-Montbazon",
]


class DemoNotAllowed(Exception):
    """Raised when demo data is asked for outside a DEBUG (local) configuration."""


@dataclass(frozen=True)
class DemoSummary:
    username: str
    password: str
    created: bool
    events: list[Event] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)


def load_demo() -> DemoSummary:
    """Create or refresh the demo data; running it twice leaves one of everything."""
    # The account has a published password: it must never exist on a real site.
    if not settings.DEBUG:
        raise DemoNotAllowed(
            "Demo data is only for local use: it refuses to run when DEBUG is off."
        )
    with transaction.atomic():
        organiser, created = get_user_model().objects.get_or_create(
            username=DEMO_USERNAME,
            defaults={"first_name": "Demo", "last_name": "Organiser"},
        )
        # Reset every time, so the printed password always works.
        organiser.set_password(DEMO_PASSWORD)
        organiser.save()
        club = Club.objects.filter(name=DEMO_CLUB).first() or Club.objects.create(name=DEMO_CLUB)
        grant_role(club=club, user=organiser, role=Role.ORGANISER)
        members = {name: Player.objects.get_or_create(club=club, name=name)[0] for name in MEMBERS}
        # The demo events are rebuilt for tonight; events the visitor created are kept.
        club.events.filter(name__in=[RAMI_NIGHT, GIN_NIGHT, DEMO_TOURNAMENT]).delete()
        demo_season(club, organiser, members)  # past nights and the season around them
        rami = rami_night(club, organiser, members, MEMBERS[:10])
        gin = gin_night(club, organiser, members, MEMBERS[10:14])
        tournament = demo_tournament(club, organiser, MEMBERS[:12])
    games = list(
        Game.objects.filter(event__in=[rami, gin])
        .select_related("event")
        .order_by("event_id", "table_number")
    )
    return DemoSummary(DEMO_USERNAME, DEMO_PASSWORD, created, [rami, gin, tournament], games)
