"""Swiss seating: players of similar standing together, avoiding repeat opponents."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tournaments.seating.grouping import improve_tables
from tournaments.seating.matching import WorkBudget
from tournaments.seating.pairing import Cost, pair_players
from tournaments.seating.request import (
    SeatingRequest,
    meets_by_position,
    seating_from_positions,
    take_byes,
)
from tournaments.seating.tables import PlayerId, Seating

# Work limits, in pair-cost evaluations or search steps: plenty for a thousand players, yet
# no input can make a round take more than a few seconds.
PAIRING_BUDGET = 3_000_000
GROUPING_BUDGET = 1_500_000
# How much each opponent a player already met twice counts against seating him with an
# opponent again (0: not at all, as before issue 11).
REPEAT_SPREAD = 1


def seat_swiss(request: SeatingRequest) -> Seating:
    """Players of similar standing together, avoiding repeat opponents as long as possible.

    The bye (2-player variants, odd count) goes to the lowest-placed player without one.
    Tables of 2 are a matching with the fewest repeat pairs possible, then the closest
    standings; larger tables start as blocks of the standings and players swap between
    nearby tables to remove repeats. Table 1 seats the leaders.
    """
    ranking = list(request.ranking)
    byes = take_byes(request, ranking)
    sizes = request.table_sizes()
    met = meets_by_position(request, ranking)
    value = _standing_values(request, ranking)
    # How many opponents each player has already met more than once: an unavoidable
    # repeat goes to players who have had fewest (a player should not meet three others
    # twice while someone else meets nobody twice), yet a third meeting stays worse.
    repeated = [sum(1 for times in opponents.values() if times > 1) for opponents in met]
    weight = len(ranking) * 2 + 1

    def cost(first: int, second: int) -> Cost:
        times = met[first].get(second, 0)
        if not times:
            return (0, 0, (value[first] - value[second]) ** 2)
        spread = times * weight + REPEAT_SPREAD * (repeated[first] + repeated[second])
        return (1, spread, (value[first] - value[second]) ** 2)

    if set(sizes) == {2}:
        pairs = pair_players(len(ranking), met, cost, WorkBudget(PAIRING_BUDGET))
        tables = [list(pair) for pair in pairs]
    else:
        tables, start = [], 0
        for size in sizes:
            tables.append(list(range(start, start + size)))
            start += size
        improve_tables(
            tables,
            cost,
            WorkBudget(GROUPING_BUDGET),
            near_tables_first=True,
            rng=request.random_generator(),
        )
    tables.sort(key=min)
    return seating_from_positions(request, ranking, tables, byes)


def _standing_values(request: SeatingRequest, ranking: list[PlayerId]) -> Sequence[int | Fraction]:
    """A number per player whose differences measure standing gaps: points, else places."""
    if request.points is None:
        return list(range(len(ranking)))
    # Exact arithmetic: float noise could make a swap look like an improvement both ways.
    values = [Fraction(str(request.points[player])) for player in ranking]
    if all(value.denominator == 1 for value in values):
        return [int(value) for value in values]  # the usual case, and much faster
    return values
