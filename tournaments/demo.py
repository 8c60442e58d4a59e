"""Demo data for local use: a known organiser account and a realistic club night, never under
production settings. Every hand goes through the real services, so every derived row is the
engine's."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tournaments.demo_tournament import DEMO_TOURNAMENT, demo_tournament
from tournaments.models import Club, Event, Game, Player
from tournaments.rules.hands import parse_held
from tournaments.services.entry import HandFacts, record_hand
from tournaments.services.events import create_event, register_player
from tournaments.services.gamefiles import import_game
from tournaments.services.rounds import seat_by_hand

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-organiser"
DEMO_CLUB = "Club de rami de Montreuil"
RAMI_NIGHT = "Soirée rami du club"
GIN_NIGHT = "Gin-rummy en tête-à-tête"

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
        club.organisers.add(organiser)
        members = {name: Player.objects.get_or_create(club=club, name=name)[0] for name in MEMBERS}
        # The demo events are rebuilt for tonight; events the visitor created are kept.
        club.events.filter(name__in=[RAMI_NIGHT, GIN_NIGHT, DEMO_TOURNAMENT]).delete()
        rami = _rami_night(club, organiser, members)
        gin = _gin_night(club, organiser, members)
        tournament = demo_tournament(club, organiser, MEMBERS[:12])
    games = Game.objects.filter(event__in=[rami, gin]).select_related("event")
    games = list(games.order_by("event_id", "table_number"))
    return DemoSummary(DEMO_USERNAME, DEMO_PASSWORD, created, [rami, gin, tournament], games)


def _rami_night(club: Club, organiser, members: dict[str, Player]) -> Event:
    """Rami à pénalités to 100 at 5 € a head: one table finished, one in play, and a table of
    rami traditionnel (winner collects) in play."""
    event = create_event(
        club=club,
        name=RAMI_NIGHT,
        date=timezone.localdate(),
        variant="rami-penalites",
        entry_fee=5,
        created_by=organiser,
    )
    names = MEMBERS[:10]
    for name in names:
        register_player(event=event, name=name)
    tables = [[members[n] for n in names[:3]], [members[n] for n in names[3:7]]]
    round_ = seat_by_hand(event=event, tables=tables)
    first, second = round_.games.order_by("table_number")
    # A hand entered as cards: the engine counts them (K 10 + 7 + 3 + 3 = 23).
    _record(first, "going_out", names[0], {names[1]: "KD 7S 3H 3C", names[2]: 4})
    _play_until_finished(first, random.Random(1))
    _play_some(second, random.Random(2), hands=4, largest=18)
    traditionnel = import_game(
        event=event,
        document={
            "format": "ramiscore/1",
            "variant": "rami-traditionnel",
            "players": names[7:10],
            "pot": "15.00",
            "hands": [],
        },
        user=organiser,
    )
    _play_some(traditionnel, random.Random(3), hands=5, largest=40)
    return event


def _gin_night(club: Club, organiser, members: dict[str, Player]) -> Event:
    """Gin-rummy to 100 at 2-player tables: one finished, one in play."""
    event = create_event(
        club=club,
        name=GIN_NIGHT,
        date=timezone.localdate(),
        variant="gin-rummy",
        entry_fee=10,
        created_by=organiser,
    )
    names = MEMBERS[10:14]
    for name in names:
        register_player(event=event, name=name)
    round_ = seat_by_hand(
        event=event, tables=[[members[n] for n in names[i : i + 2]] for i in (0, 2)]
    )
    first, second = round_.games.order_by("table_number")
    _play_gin(first, random.Random(4), hands=None)
    _play_gin(second, random.Random(5), hands=3)
    return event


def _record(game: Game, how: str, ended_by: str | None, held: dict) -> bool:
    """Record the game's next hand by player names; False (nothing stored) once it is over."""
    game.refresh_from_db(fields=["finished", "hands_played"])
    if game.finished:
        return False
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    facts = HandFacts(
        how,
        seats[ended_by] if ended_by else None,
        {seats[name].id: parse_held(value) for name, value in held.items()},
    )
    record_hand(game=game, number=game.hands_played + 1, facts=facts)
    return True


def _names(game: Game) -> list[str]:
    return list(game.seats.order_by("position").values_list("player__name", flat=True))


def _play_until_finished(game: Game, rng: random.Random) -> None:
    names = _names(game)
    for number in range(40):
        winner = names[number % len(names)]
        how = "rami_sec" if rng.random() < 0.15 else "going_out"
        held = {name: rng.randint(2, 30) for name in names if name != winner}
        if not _record(game, how, winner, held):
            return


def _play_some(game: Game, rng: random.Random, hands: int, largest: int) -> None:
    names = _names(game)
    for _hand in range(hands):
        winner = rng.choice(names)
        held = {
            name: rng.randint(1, largest) for name in names if name != winner
        }  # a card at least
        _record(game, "going_out", winner, held)


def _play_gin(game: Game, rng: random.Random, hands: int | None) -> None:
    """Knocks (deadwood ≤ 10 against more), a gin now and then, a draw; to the end if no
    number of hands is given."""
    names = _names(game)
    for number in range(hands or 40):
        knocker, defender = rng.sample(names, 2)
        if number == 2:
            recorded = _record(game, "draw", None, {})
        elif rng.random() < 0.2:
            recorded = _record(game, "gin", knocker, {knocker: 0, defender: rng.randint(5, 35)})
        else:
            mine = rng.randint(0, 10)
            recorded = _record(
                game, "knock", knocker, {knocker: mine, defender: rng.randint(mine + 1, 45)}
            )
        if not recorded:
            return
