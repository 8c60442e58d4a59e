"""Balanced mixing for social events: any two players meet as rarely as possible."""

from __future__ import annotations

import random

from tournaments.seating.grouping import fill_tables_greedily, improve_tables, seating_cost
from tournaments.seating.matching import WorkBudget
from tournaments.seating.pairing import PairCost, pair_players
from tournaments.seating.planning import planned_seating
from tournaments.seating.request import (
    SeatingRequest,
    meets_by_position,
    seating_from_positions,
    take_byes,
)
from tournaments.seating.tables import Seating

PAIRING_BUDGET = 3_000_000
# Each attempt is a greedy filling then swaps; attempts stop at the first repeat-free one
# (that also leaves a repeat-free next round, for small events).
ATTEMPTS = 40
ATTEMPT_BUDGET = 150_000
TOTAL_BUDGET = 1_500_000  # shared by the attempts and their look-ahead probes
PATIENCE = 8  # attempts in a row without a better seating before giving up
LOOKAHEAD_MAX_PLAYERS = 40
PROBE_ATTEMPTS = 4
# After this many repeat-free attempts that fail the probe, the next round is most likely
# impossible to keep new (everyone has met nearly everyone): stop looking ahead.
MAX_PROBED = 20


def seat_balanced(request: SeatingRequest) -> Seating:
    """Mix players so that any two meet as rarely as possible (the social golfer problem).

    When the number of rounds is known, or a design seats these players, the round comes
    from a plan of every round (planning.py). Otherwise it is seated on its own: the cost
    of seating a pair grows so steeply with how often they met that the seating first
    avoids a third meeting, then a second one. Tables of 2 are a matching, as in Swiss but
    over a shuffled order; larger tables are seeded attempts of greedy filling and swaps.
    """
    seeded = _dealt_by_rating(request)
    if seeded is not None:
        return seeded
    planned = planned_seating(request)
    if planned is not None:
        return planned
    rng = request.random_generator()
    order = list(request.players)
    rng.shuffle(order)
    byes = take_byes(request, order)
    sizes = request.table_sizes()
    met = meets_by_position(request, order)
    if set(sizes) == {2}:
        pairs = pair_players(len(order), met, _mixing_cost(met, sizes), WorkBudget(PAIRING_BUDGET))
        tables = [list(pair) for pair in pairs]
    else:
        tables = _mixed_tables(met, sizes, rng, look_ahead=len(order) <= LOOKAHEAD_MAX_PLAYERS)
    return seating_from_positions(request, order, tables, byes)


def _dealt_by_rating(request: SeatingRequest) -> Seating | None:
    """Round 1 seeded by club rating: the players, best first, dealt round the tables like
    cards, one to each table and back again (snake order), so every table gets a strong, a
    middling and a weaker player. None when nothing tells the players apart (no rating
    given, or everyone level). Later rounds mix as usual: a plan made for the event is
    relabelled to begin with this round (planning.py), so it meets nobody twice all the same.
    """
    if request.round_number != 1 or request.past_tables or not request.points:
        return None
    if len(set(request.points.values())) < 2:
        return None
    order = list(request.ranking)
    byes = take_byes(request, order)
    sizes = request.table_sizes()
    tables: list[list[int]] = [[] for _ in sizes]
    position = 0
    for turn in range(max(sizes)):
        # Out and back: table 1 gets the best of the first deal and the last of the next.
        going = range(len(sizes)) if turn % 2 == 0 else reversed(range(len(sizes)))
        for table in going:
            if len(tables[table]) < sizes[table]:
                tables[table].append(position)
                position += 1
    return seating_from_positions(request, order, tables, byes)


def _mixing_cost(met: list[dict[int, int]], sizes: list[int]) -> PairCost:
    """Pair cost for mixing: a pair that met k times costs more than every lighter repeat."""
    steep = sum(size * (size - 1) // 2 for size in sizes) + 1

    def cost(first: int, second: int) -> tuple[int, int, int]:
        times = met[first].get(second, 0)
        return (steep ** (times - 1) if times else 0, times, 0)

    return cost


def _mixed_tables(
    met: list[dict[int, int]], sizes: list[int], rng: random.Random, *, look_ahead: bool
) -> list[list[int]]:
    """The best of a few attempts; a repeat-free one ends the search at once.

    With `look_ahead`, a repeat-free attempt is only taken if the next round (same players)
    can be repeat-free too: early choices decide whether a perfect schedule stays possible
    (16 players at tables of 4 meet everyone new for 5 rounds only if rounds 3 and 4 are
    chosen with care).
    """
    cost = _mixing_cost(met, sizes)
    budget = WorkBudget(TOTAL_BUDGET)
    best, best_cost, probed, since_best = None, None, 0, 0
    for _ in range(ATTEMPTS):
        if best is not None and (budget.steps <= 0 or since_best == PATIENCE):
            break
        tables = _attempt(sizes, cost, rng, budget)
        attempt_cost = seating_cost(tables, cost)
        if attempt_cost[0] == 0:
            if not look_ahead or probed == MAX_PROBED:
                return tables
            probed += 1
            if _next_round_can_be_new(met, tables, sizes, rng, budget):
                return tables
        if best_cost is None or attempt_cost < best_cost:
            best, best_cost, since_best = tables, attempt_cost, 0
        elif attempt_cost[0] > 0:
            # Only attempts with repeats count: look-ahead failures have MAX_PROBED.
            since_best += 1
    assert best is not None  # the first attempt is the best yet
    return best


def _attempt(
    sizes: list[int], cost: PairCost, rng: random.Random, budget: WorkBudget
) -> list[list[int]]:
    """Greedy filling in a random order, then swaps; the work done is taken from `budget`."""
    count = sum(sizes)
    tables = fill_tables_greedily(rng.sample(range(count), count), sizes, cost)
    attempt_budget = WorkBudget(ATTEMPT_BUDGET)
    improve_tables(tables, cost, attempt_budget, near_tables_first=False)
    budget.spend(ATTEMPT_BUDGET - max(attempt_budget.steps, 0))
    return tables


def _next_round_can_be_new(
    met: list[dict[int, int]],
    tables: list[list[int]],
    sizes: list[int],
    rng: random.Random,
    budget: WorkBudget,
) -> bool:
    """Whether a quick search finds a repeat-free round after `tables` is played."""
    after = [dict(opponents) for opponents in met]
    for table in tables:
        for first in table:
            for second in table:
                if first != second:
                    after[first][second] = after[first].get(second, 0) + 1
    # Everyone needs enough players still unmet to fill even the smallest table.
    if any(len(after) - 1 - len(opponents) < min(sizes) - 1 for opponents in after):
        return False
    cost = _mixing_cost(after, sizes)
    return any(
        seating_cost(_attempt(sizes, cost, rng, budget), cost)[0] == 0
        for _ in range(PROBE_ATTEMPTS)
    )
