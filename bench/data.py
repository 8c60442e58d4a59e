"""Synthetic facts that benchmarks share: hands already played at tables built by the
seating service (services.rounds.create_games). Django must be set up before calling."""

from __future__ import annotations

import random
from collections.abc import Sequence


def going_out_hands(games: Sequence, seats_of: dict, hands: int, rng: random.Random) -> None:
    """`hands` hands at each game, each ended by a random player going out and the others
    holding 1 to 40 points: facts only (the caller rescores). `seats_of` maps a game's id to
    its seats."""
    from tournaments.models import Hand, HandLine

    stored = Hand.objects.bulk_create(
        Hand(game=game, number=n + 1, how="going_out", ended_by=rng.choice(seats_of[game.pk]))
        for game in games
        for n in range(hands)
    )
    HandLine.objects.bulk_create(
        HandLine(
            hand=hand,
            seat=seat,
            held_count=None if seat.pk == hand.ended_by_id else rng.randint(1, 40),
        )
        for hand in stored
        for seat in seats_of[hand.game_id]
    )


def seats_by_game(games: Sequence) -> dict:
    """Each game's seats in seat order, by the game's id: one query."""
    from tournaments.models import Seat

    seats: dict[int, list] = {}
    for seat in Seat.objects.filter(game__in=games).order_by("game_id", "position"):
        seats.setdefault(seat.game_id, []).append(seat)
    return seats
