"""Tournaments built fast for the tournament page tests: finished games stored directly,
with the derived totals, ranks and tournament points a real game would leave."""

from __future__ import annotations

import random
from decimal import Decimal

from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory
from tournaments.models import Bye, Event, Game, Registration, Round, Seat
from tournaments.services.rounds import create_games
from tournaments.services.standings import players_changed, rebuild_event

SCALE = [Decimal(3), Decimal(1), Decimal(0)]


def tournament(**fields) -> Event:
    """A rami à pénalités tournament (target 50), 10.00 entry, 3/1/0 points, 50/30/20 prizes."""
    defaults = {
        "name": "Tournoi de printemps",
        "kind": "tournament",
        "variant": "rami-penalites",
        "options": {"target": 50},
        "entry_fee": Decimal(10),
        "points_scale": [3, 1, 0],
        "prize_places": [50, 30, 20],
        "tie_breaks": ["score", "wins", "opponents_points"],
    }
    return EventFactory(**{**defaults, **fields})


def build(players: int, rounds: int, *, table_size: int = 3, open_last: bool = False, **fields):
    """A tournament of `players` checked-in players and `rounds` rounds of finished games
    (the last one open and not played yet when `open_last`). Returns (event, players)."""
    event = tournament(**fields)
    people = [PlayerFactory(club=event.club, name=f"Joueur {i:02}") for i in range(players)]
    Registration.objects.bulk_create(
        Registration(event=event, player=player, checked_in=True) for player in people
    )
    rng = random.Random(players * 100 + rounds)
    for number in range(1, rounds + 1):
        last_open = open_last and number == rounds
        round_ = Round.objects.create(
            event=event, number=number, closed_at=None if last_open else timezone.now()
        )
        order = people[:]
        rng.shuffle(order)
        tables = [order[i : i + table_size] for i in range(0, len(order), table_size)]
        seat_tables(event, round_, tables, finished=not last_open)
    return event, people


def two_identical_tables(event, round_) -> list[Game]:
    """Players A to F checked in and seated A, B, C and D, E, F: A and D both win with 10, B
    and E are second with 20..."""
    people = [PlayerFactory(club=event.club, name=name) for name in "ABCDEF"]
    for person in people:
        Registration.objects.create(event=event, player=person, checked_in=True)
    return seat_tables(event, round_, [people[:3], people[3:]])


def seat_tables(event, round_, tables, *, finished=True) -> list[Game]:
    """Store the tables of a round; finished: the first seat wins, totals 10, 20, 30…"""
    games = create_games(event=event, round_=round_, tables=tables)
    if not finished:
        return games
    for game, table in zip(games, tables, strict=True):
        game.finished, game.hands_played, game.winner = True, 3, table[0]
    Game.objects.bulk_update(games, ["finished", "hands_played", "winner"])
    seats = list(Seat.objects.filter(game__in=games))
    for seat in seats:
        position = seat.position
        seat.total, seat.rank = 10 * position, position
        seat.tournament_points = SCALE[position - 1] if position <= 3 else 0
    Seat.objects.bulk_update(seats, ["total", "rank", "tournament_points"])
    # Stored directly, so the players' sums are rebuilt as refresh_game would keep them.
    rebuild_event(event_id=event.pk)
    return games


def give_bye(round_, player, points=3) -> Bye:
    bye = Bye.objects.create(round=round_, player=player, points=points)
    players_changed(event_id=round_.event_id, player_ids=[player.pk])  # as seating does
    return bye
