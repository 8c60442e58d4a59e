"""Improving tables of 2 to 6 players by swapping players between tables (local search).

Tables hold player numbers; `cost(i, j)` is what seating two players together costs, a tuple
of three numbers compared in order (for Swiss: a repeat?, times met, squared standing gap).
A table costs the sum over its pairs, a seating the sum over its tables. Every search here
spends a WorkBudget of pair-cost evaluations, so it stops in bounded time on any input.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tournaments.seating.matching import WorkBudget
from tournaments.seating.pairing import PairCost

ZERO = (0, 0, 0)


def seating_cost(tables: Sequence[Sequence[int]], cost: PairCost) -> tuple:
    """The total cost of some tables: the sum of the costs of every pair seated together."""
    total = ZERO
    for table in tables:
        for first, second in combinations(table, 2):
            total = _plus(total, cost(first, second))
    return total


def fill_tables_greedily(order: Sequence[int], sizes: Sequence[int], cost: PairCost) -> list:
    """Seat players one by one, each at the open table where they add the least cost."""
    tables: list[list[int]] = [[] for _ in sizes]
    for player in order:
        best, best_key = 0, None
        for index, table in enumerate(tables):
            if len(table) == sizes[index]:
                continue
            added = ZERO
            for other in table:
                added = _plus(added, cost(player, other))
            # On a tie, the emptiest table: the last players then still have a choice.
            key = (added, len(table) - sizes[index])
            if best_key is None or key < best_key:
                best, best_key = index, key
        tables[best].append(player)
    return tables


def improve_tables(
    tables: list[list[int]], cost: PairCost, budget: WorkBudget, *, near_tables_first: bool
) -> None:
    """Swap players between tables, in place, while a swap lowers the seating's cost.

    First, players with a repeat at their table look for the swap that removes the most
    repeat cost, trying tables one further away at a time when `near_tables_first` (Swiss:
    table order is standing order, so near tables hold players of similar standing). Then
    any swap that lowers the total cost (the standing spread, for Swiss) is made, between
    tables at most two apart when `near_tables_first`, between any two tables otherwise.
    """
    _remove_repeats(tables, cost, budget, near_tables_first)
    _polish_neighbouring_tables(tables, cost, budget, reach=2 if near_tables_first else None)


def _remove_repeats(
    tables: list[list[int]], cost: PairCost, budget: WorkBudget, near_tables_first: bool
) -> None:
    improved = True
    while improved and budget.steps > 0:
        improved = False
        for home in range(len(tables)):
            for player in list(tables[home]):
                if player not in tables[home] or not _has_repeat(tables[home], player, cost):
                    continue
                move = _best_repeat_removing_swap(
                    tables, home, player, cost, budget, near_tables_first
                )
                if move is not None:
                    away, other = move
                    _swap(tables, home, player, away, other)
                    improved = True


def _has_repeat(table: list[int], player: int, cost: PairCost) -> bool:
    return any(cost(player, other)[0] > 0 for other in table if other != player)


def _best_repeat_removing_swap(
    tables: list[list[int]],
    home: int,
    player: int,
    cost: PairCost,
    budget: WorkBudget,
    near_tables_first: bool,
) -> tuple[int, int] | None:
    """The swap lowering the repeat cost most, from the nearest distance where one exists."""
    if near_tables_first:
        rings = [
            [away for away in (home - distance, home + distance) if 0 <= away < len(tables)]
            for distance in range(1, len(tables))
        ]
    else:
        rings = [[away for away in range(len(tables)) if away != home]]
    for ring in rings:
        best, best_delta = None, ZERO
        for away in ring:
            for other in tables[away]:
                if not budget.spend(len(tables[home]) + len(tables[away])):
                    return best
                delta = swap_delta(tables, home, player, away, other, cost)
                if delta[0] < 0 and delta < best_delta:
                    best, best_delta = (away, other), delta
        if best is not None:
            return best
    return None


def _polish_neighbouring_tables(
    tables: list[list[int]], cost: PairCost, budget: WorkBudget, reach: int | None
) -> None:
    improved = True
    while improved and budget.steps > 0:
        improved = False
        for home in range(len(tables)):
            last = len(tables) if reach is None else min(len(tables), home + reach + 1)
            for away in range(home + 1, last):
                for player in list(tables[home]):
                    for other in list(tables[away]):
                        if not budget.spend(len(tables[home]) + len(tables[away])):
                            return
                        if player not in tables[home] or other not in tables[away]:
                            continue
                        if swap_delta(tables, home, player, away, other, cost) < ZERO:
                            _swap(tables, home, player, away, other)
                            improved = True


def swap_delta(
    tables: list[list[int]], home: int, player: int, away: int, other: int, cost: PairCost
) -> tuple:
    """How the seating's cost changes if `player` (at table `home`) and `other` change places."""
    first = second = third = 0
    for mate in tables[home]:
        if mate != player:
            old, new = cost(player, mate), cost(other, mate)
            first += new[0] - old[0]
            second += new[1] - old[1]
            third += new[2] - old[2]
    for mate in tables[away]:
        if mate != other:
            old, new = cost(other, mate), cost(player, mate)
            first += new[0] - old[0]
            second += new[1] - old[1]
            third += new[2] - old[2]
    return (first, second, third)


def _swap(tables: list[list[int]], home: int, player: int, away: int, other: int) -> None:
    tables[home][tables[home].index(player)] = other
    tables[away][tables[away].index(other)] = player


def _plus(first: tuple, second: tuple) -> tuple:
    return (first[0] + second[0], first[1] + second[1], first[2] + second[2])
