"""The seating methods a tournament can choose, and `seat`, the one entry point to them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Unpack

from tournaments.seating.balanced import seat_balanced
from tournaments.seating.request import RoundFacts, SeatingRequest, make_request, take_byes
from tournaments.seating.round_robin import seat_round_robin
from tournaments.seating.swiss import seat_swiss
from tournaments.seating.tables import PlayerId, Seating, SeatingError


def seat_random(request: SeatingRequest) -> Seating:
    """Shuffle the players and cut them into tables; the bye is drawn among the fewest byes."""
    rng = request.random_generator()
    order = list(request.players)
    rng.shuffle(order)
    byes = take_byes(request, order)
    tables, start = [], 0
    for size in request.table_sizes():
        tables.append(tuple(order[start : start + size]))
        start += size
    return Seating(tables=tuple(tables), byes=tuple(byes))


SeatingMethod = Callable[[SeatingRequest], Seating]

METHODS: dict[str, SeatingMethod] = {
    "random": seat_random,
    "swiss": seat_swiss,
    "round_robin": seat_round_robin,
    "balanced": seat_balanced,
}


def seat(
    method: str,
    players: Sequence[PlayerId],
    allowed_sizes: Iterable[int],
    **round_facts: Unpack[RoundFacts],
) -> Seating:
    """Seat one round of a tournament with the named method (a key of METHODS).

    `players` are this round's players (checked in, withdrawals left out), in draw order for
    a round robin; `round_facts` are make_request's keywords (the round's number, past
    tables, standings, byes so far, seed, preferred size, planned rounds). The same inputs
    and seed always give the same seating. Raises SeatingError, before any work, when the
    round cannot be seated: unknown method, repeated player, too few players or impossible
    table sizes.
    """
    if method not in METHODS:
        raise SeatingError(
            f"Unknown seating method {method!r}; choose one of {', '.join(sorted(METHODS))}."
        )
    request = make_request(players, allowed_sizes, **round_facts)
    return METHODS[method](request)
