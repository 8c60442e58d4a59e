"""Tournaments for the tournament page tests, built through the services: the rounds service
seats the tables, their hands' facts are stored in bulk (the facts only, as a phone would
enter them), and the results service (`refresh_game`) scores each table, so that every total,
rank, winner, tournament point and player's sum is the engine's."""

from __future__ import annotations

import random
from decimal import Decimal

from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory
from tournaments.events.services.rounds import create_games
from tournaments.models import Bye, Event, Game, Hand, HandLine, Registration, Round, Seat
from tournaments.play.services.scoring import refresh_game
from tournaments.standings.services import players_changed


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
    """Seat the tables of a round (the rounds service); finished: each table has two hands,
    is closed at time, and is scored by the engine (`refresh_game`), so that its first seat
    wins with totals 10, 20, 30… by seat (rami à pénalités: the lowest total wins)."""
    games = create_games(event=event, round_=round_, tables=tables)
    if finished:
        store_hands(games)
        for game in games:
            refresh_game(game)
    return games


def store_hands(games: list[Game]) -> None:
    """The facts of two hands per table and the table closed at time, written at once (the
    entry service would score after each hand): the first seat goes out, then the second;
    the others' totals come in two halves. At gin-rummy the first seat goes gin."""
    seats = {}
    for seat in Seat.objects.filter(game__in=games).order_by("position"):
        seats.setdefault(seat.game_id, []).append(seat)
    facts = []  # (hand, {seat: held})
    for game in games:
        assert game.variant in ("rami-penalites", "gin-rummy"), "the two variants built here"
        table = seats[game.pk]
        first, second, *others = table
        if game.variant == "gin-rummy":
            facts.append(
                (Hand(game=game, number=1, how="gin", ended_by=first), {first: 0, second: 10})
            )
            continue
        totals = {seat: 10 * seat.position for seat in table}
        facts.append(
            (
                Hand(game=game, number=1, how="going_out", ended_by=first),
                {second: totals[second]}
                | {seat: totals[seat] - totals[seat] // 2 for seat in others},
            )
        )
        facts.append(
            (
                Hand(game=game, number=2, how="going_out", ended_by=second),
                {first: totals[first]} | {seat: totals[seat] // 2 for seat in others},
            )
        )
    Hand.objects.bulk_create(hand for hand, _held in facts)
    HandLine.objects.bulk_create(
        HandLine(hand=hand, seat=seat, held_count=held.get(seat))
        for hand, held in facts
        for seat in seats[hand.game_id]
    )
    for game in games:
        game.closed = True
    Game.objects.bulk_update(games, ["closed"])


def give_bye(round_, player, points=3) -> Bye:
    bye = Bye.objects.create(round=round_, player=player, points=points)
    players_changed(event_id=round_.event_id, player_ids=[player.pk])  # as seating does
    return bye
