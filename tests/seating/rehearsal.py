"""Events rehearsed through the seating engine: every round seated, checked, and (for the
methods that read standings) played with random results.

The seating tests play these events, and so does the seating benchmark
(`bench/bench_seating.py`), so that both measure the same thing. Plain functions, no pytest
and no Django: the benchmark imports this module as it is.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.seating import Seating, planning, seat

Player = int
Tables = tuple[tuple[Player, ...], ...]
# changes[r] = (leaving, arriving): who withdraws before round r, who joins.
Changes = dict[int, tuple[Sequence[Player], Sequence[Player]]]


def assert_valid_seating(seating: Seating, players: Sequence[Player], sizes: tuple[int, ...]):
    """Everyone seated exactly once (at a table or on a bye), every table of an allowed size."""
    assert sorted(seating.players()) == sorted(players)
    assert all(len(table) in sizes for table in seating.tables)
    assert len(seating.byes) == (1 if set(sizes) == {2} and len(players) % 2 else 0)


def present_for(number: int, present: list[Player], changes: Changes | None) -> list[Player]:
    """Who is there for round `number`: the leavers gone, the newcomers last."""
    leaving, arriving = (changes or {}).get(number, ((), ()))
    return [player for player in present if player not in leaving] + list(arriving)


def score_random_results(seating: Seating, points: Counter, rng: random.Random) -> None:
    """Each table finishes in a random order. Place points as at a club: last 0, each place
    above one more (1/0 at a table of two); a bye scores 1."""
    for table in seating.tables:
        finish = list(table)
        rng.shuffle(finish)
        for place, player in enumerate(finish):
            points[player] += len(finish) - 1 - place
    for player in seating.byes:
        points[player] += 1


def by_points(points: Counter, players: Sequence[Player]) -> dict[Player, int]:
    """Standings: the players from most points to fewest, level players in the order given."""
    return {player: points[player] for player in sorted(players, key=lambda p: -points[p])}


@dataclass
class Rehearsal:
    """An event played through: each round's seating, and the points everyone scored."""

    seatings: list[Seating]
    points: Counter

    @property
    def rounds(self) -> list[Tables]:
        return [seating.tables for seating in self.seatings]

    @property
    def history(self) -> list[tuple[Player, ...]]:
        """Every table of every round, as `seat(history=...)` takes them."""
        return [table for seating in self.seatings for table in seating.tables]

    @property
    def byes(self) -> list[Player]:
        return [player for seating in self.seatings for player in seating.byes]


def rehearse(
    method: str,
    players: Sequence[Player],
    sizes: tuple[int, ...],
    rounds: int,
    *,
    seed: int,
    first_seed: int | None = None,
    changes: Changes | None = None,
) -> Rehearsal:
    """Seat and play `rounds` rounds with random results, standings and byes carried from
    round to round as the tournament service does. The results are drawn from `seed`; round
    r is seated with the seed `first_seed + r` (by default `seed * 1000 + r`)."""
    rng = random.Random(seed)
    base = seed * 1000 if first_seed is None else first_seed
    present = list(players)
    played = Rehearsal(seatings=[], points=Counter(dict.fromkeys(present, 0)))
    for number in range(1, rounds + 1):
        present = present_for(number, present, changes)
        seating = seat(
            method,
            present,
            sizes,
            round_number=number,
            history=played.history,
            standings=by_points(played.points, present),
            byes_so_far=played.byes,
            seed=base + number,
        )
        assert_valid_seating(seating, present, sizes)
        score_random_results(seating, played.points, rng)
        played.seatings.append(seating)
    return played


def rehearse_balanced(
    players: Sequence[Player],
    sizes: tuple[int, ...],
    rounds: int,
    *,
    seed: int = 1,
    planned: bool = True,
    seed_each_round: bool = False,
    forget: bool = False,
    changes: Changes | None = None,
    by_hand: dict[int, Callable[[list[Player]], list[tuple[Player, ...]]]] | None = None,
) -> list[Tables]:
    """Each round's tables of a balanced event, no results needed.

    `planned`: `seat` is told how many rounds the event has. `seed_each_round`: round r is
    seated with `seed + r` (the service draws a new seed each round) rather than `seed`.
    `forget`: the plan cache is emptied before each round, as in a fresh server process.
    `by_hand[r]`: a function of the players present giving round r's tables instead.
    """
    present = list(players)
    history: list[tuple[Player, ...]] = []
    played: list[Tables] = []
    for number in range(1, rounds + 1):
        present = present_for(number, present, changes)
        if forget:
            planning._PLANS.clear()
        if by_hand and number in by_hand:
            tables = tuple(by_hand[number](present))
        else:
            seating = seat(
                "balanced",
                present,
                sizes,
                round_number=number,
                history=history,
                seed=seed + number if seed_each_round else seed,
                rounds=rounds if planned else None,
            )
            assert_valid_seating(seating, present, sizes)
            tables = seating.tables
        history.extend(tables)
        played.append(tables)
    return played
