"""The demo's club nights: a rami night (one table finished, two in play) and a gin-rummy
night of 2-player tables. Every hand goes through the real services, so every derived row is
the engine's."""

from __future__ import annotations

import random

from django.utils import timezone

from tournaments.events.services.events import create_event, register_player
from tournaments.events.services.gamefiles import import_game
from tournaments.events.services.rounds import seat_by_hand
from tournaments.models import Club, Event, Game, Player
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import record_hand
from tournaments.rules.hands import parse_held

RAMI_NIGHT = "Soirée rami du club"
GIN_NIGHT = "Gin-rummy en tête-à-tête"


def _club_night(club: Club, organiser, name: str, variant: str, fee: int, names: list[str]):
    """Tonight's club night of `variant` at `fee` a head, with these players registered."""
    event = create_event(
        club=club,
        name=name,
        date=timezone.localdate(),
        variant=variant,
        entry_fee=fee,
        created_by=organiser,
    )
    for player in names:
        register_player(event=event, name=player)
    return event


def rami_night(club: Club, organiser, members: dict[str, Player], names: list[str]) -> Event:
    """Rami à pénalités to 100 at 5 € a head: one table finished, one in play, and a table of
    rami traditionnel (winner collects) in play."""
    event = _club_night(club, organiser, RAMI_NIGHT, "rami-penalites", 5, names)
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


def gin_night(club: Club, organiser, members: dict[str, Player], names: list[str]) -> Event:
    """Gin-rummy to 100 at 2-player tables: one finished, one in play."""
    event = _club_night(club, organiser, GIN_NIGHT, "gin-rummy", 10, names)
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
