"""Improving tables of 2 to 6 players by swapping players between tables (local search).

Tables hold player numbers; `cost(i, j)` is what seating two players together costs, a tuple
of three numbers compared in order (for Swiss: a repeat?, times met, squared standing gap).
A table costs the sum over its pairs, a seating the sum over its tables. Every search here
spends a WorkBudget of pair-cost evaluations, so it stops in bounded time on any input.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from tournaments.seating.matching import WorkBudget
from tournaments.seating.pairing import Cost, PairCost

ZERO: Cost = (0, 0, 0)
# The tabu search that escapes repeats: at most this many swaps, each barred from being
# undone for a few iterations (more with more tables).
ESCAPE_MAX_PLAYERS = 300  # its table of pair costs grows with the square of the players
TABU_ITERATIONS = 1000
TABU_TENURE = (2, 8)
TABU_PATIENCE = 25  # iterations without a better seating before a fresh start
TABU_FRESH_STARTS = 3  # fresh starts in a row without a better seating before giving up


def seating_cost(tables: Sequence[Sequence[int]], cost: PairCost) -> Cost:
    """The total cost of some tables: the sum of the costs of every pair seated together."""
    total = ZERO
    for table in tables:
        for first, second in combinations(table, 2):
            total = _plus(total, cost(first, second))
    return total


def fill_tables_greedily(
    order: Sequence[int], sizes: Sequence[int], cost: PairCost
) -> list[list[int]]:
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
    tables: list[list[int]],
    cost: PairCost,
    budget: WorkBudget,
    *,
    near_tables_first: bool,
    rng: random.Random | None = None,
) -> None:
    """Swap players between tables, in place, while a swap lowers the seating's cost.

    First, players with a repeat at their table look for the swap that removes the most
    repeat cost, trying tables one further away at a time when `near_tables_first` (Swiss:
    table order is standing order, so near tables hold players of similar standing). Then
    any swap that lowers the total cost (the standing spread, for Swiss) is made, between
    tables at most two apart when `near_tables_first`, between any two tables otherwise.
    With `rng` (Swiss), repeats left when such swaps run out get a tabu search, which also
    makes changes that remove none to reach one that does.
    """
    _remove_repeats(tables, cost, budget, near_tables_first)
    count = sum(map(len, tables))
    if rng is not None and seating_cost(tables, cost)[0] > 0 and count <= ESCAPE_MAX_PLAYERS:
        _escape_repeats(tables, cost, budget, rng)
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


def _escape_repeats(
    tables: list[list[int]], cost: PairCost, budget: WorkBudget, rng: random.Random
) -> None:
    """Tabu search (as Dotú & Van Hentenryck's for the social golfer problem, on one round):
    a player who has a repeat swaps with a player of another table, or moves to a table one
    seat smaller (the two tables' sizes trade places, so the split stays the same), taking
    the change that makes the seating cheapest even when that is dearer than now, unless it
    undoes a recent one (for a few iterations, drawn); the best seating seen is kept. Ties
    are drawn too, so the search does not circle, and a search that finds nothing better
    for a while starts again from the best seating, shaken by a few random swaps.

    Only the first two parts of the cost count here (repeats, then how bad they are): the
    standing spread would steer the search around a plateau of equal repeats, and the
    polish that follows takes care of it.
    """
    count = sum(map(len, tables))
    # The pair costs, tabulated once: they do not change while the round is searched.
    repeat = [[0] * count for _ in range(count)]
    badness = [[0] * count for _ in range(count)]
    for first in range(count):
        for second in range(first + 1, count):
            pair_cost = cost(first, second)
            repeat[first][second] = repeat[second][first] = pair_cost[0]
            badness[first][second] = badness[second][first] = pair_cost[1]

    def total() -> tuple[int, int]:
        pairs = [(a, b) for table in tables for i, a in enumerate(table) for b in table[i + 1 :]]
        return sum(repeat[a][b] for a, b in pairs), sum(badness[a][b] for a, b in pairs)

    current = total()
    best, best_cost = [list(table) for table in tables], current
    # A swap bars the same two players from swapping again; a move bars the player from
    # moving back to the table he left.
    tabu: dict[TabuKey, int] = {}
    stalled = fruitless_starts = 0
    for iteration in range(1, TABU_ITERATIONS + 1):
        if best_cost[0] == 0 or budget.steps <= 0:
            break
        if stalled == TABU_PATIENCE:
            fruitless_starts += 1
            if fruitless_starts > TABU_FRESH_STARTS:
                break  # most likely no seating has fewer repeats
            tables[:] = [list(table) for table in best]
            for _ in range(1 + len(tables) // 2):
                home, away = rng.sample(range(len(tables)), 2)
                _swap(tables, home, rng.choice(tables[home]), away, rng.choice(tables[away]))
            current, stalled = total(), 0
            tabu.clear()
        changes: list[tuple[int, int, int, int | None]] = []  # home, player, away, other
        change_delta_seen: tuple[int, int] | None = None
        where = {player: index for index, table in enumerate(tables) for player in table}
        # What each player saves by leaving his table, as (repeats, badness).
        leaving = {
            player: (
                sum(repeat[player][mate] for mate in table if mate != player),
                sum(badness[player][mate] for mate in table if mate != player),
            )
            for table in tables
            for player in table
        }
        for home, table in enumerate(tables):
            movers = [player for player in table if leaving[player][0]]
            if not movers:
                continue
            budget.spend(len(movers) * count)
            # What each player elsewhere would add by joining this table.
            joining_home = {
                other: (
                    sum(repeat[other][mate] for mate in table),
                    sum(badness[other][mate] for mate in table),
                )
                for other in range(count)
                if where[other] != home
            }
            for player in movers:
                left_repeats, left_badness = leaving[player]
                for away, away_table in enumerate(tables):
                    if away == home:
                        continue
                    join_repeats = sum(repeat[player][mate] for mate in away_table)
                    join_badness = sum(badness[player][mate] for mate in away_table)
                    # None stands for an empty seat: a move rather than a swap.
                    other: int | None
                    candidates: list[tuple[int | None, tuple[int, int]]] = []
                    if len(away_table) == len(table) - 1:
                        candidates.append(
                            (None, (join_repeats - left_repeats, join_badness - left_badness))
                        )
                    for other in away_table:
                        # Both leave, each joins the other's table without the other.
                        other_repeats, other_badness = joining_home[other]
                        gone_repeats, gone_badness = leaving[other]
                        candidates.append(
                            (
                                other,
                                (
                                    join_repeats
                                    - 2 * repeat[player][other]
                                    - left_repeats
                                    + other_repeats
                                    - gone_repeats,
                                    join_badness
                                    - 2 * badness[player][other]
                                    - left_badness
                                    + other_badness
                                    - gone_badness,
                                ),
                            )
                        )
                    for other, delta in candidates:
                        if change_delta_seen is not None and delta > change_delta_seen:
                            continue
                        after = (current[0] + delta[0], current[1] + delta[1])
                        barred = tabu.get(_tabu_key(player, away, other), 0) >= iteration
                        if barred and after >= best_cost:
                            continue  # undoes a recent change, and is no new best
                        if change_delta_seen is None or delta < change_delta_seen:
                            changes, change_delta_seen = [], delta
                        changes.append((home, player, away, other))
        if not changes:
            tabu.clear()  # every change undoes a recent one: forget them
            continue
        assert change_delta_seen is not None  # set with the first change
        home, player, away, other = rng.choice(changes)
        _change(tables, home, player, away, other)
        current = (current[0] + change_delta_seen[0], current[1] + change_delta_seen[1])
        tabu[_tabu_key(player, home, other)] = iteration + rng.randint(*TABU_TENURE)
        stalled += 1
        if current < best_cost:
            best, best_cost = [list(table) for table in tables], current
            stalled = fruitless_starts = 0
    tables[:] = best


TabuKey = tuple[int, str, int] | tuple[int, int]


def _tabu_key(player: int, table: int, other: int | None) -> TabuKey:
    """What a change is remembered by: the two players swapped, or a player and a table."""
    if other is None:
        return (player, "table", table)
    return (min(player, other), max(player, other))


def _change(tables: list[list[int]], home: int, player: int, away: int, other: int | None) -> None:
    if other is not None:
        _swap(tables, home, player, away, other)
    else:
        tables[home].remove(player)
        tables[away].append(player)


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
) -> Cost:
    """How the seating's cost changes if `player` (at table `home`) and `other` change places."""
    first = second = 0
    third: int | Fraction = 0
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


def _plus(first: Cost, second: Cost) -> Cost:
    return (first[0] + second[0], first[1] + second[1], first[2] + second[2])
