"""Planning several rounds at once so that nobody meets the same player twice (local search).

This is the social golfer problem (CSPLib problem 10) for any player count and table sizes,
with past meetings counted. The search follows Dotú & Van Hentenryck, "Scheduling Social
Golfers Locally" (CPAIOR 2005): a greedy first schedule, then tabu search over swaps of two
players of the same round, one of them in conflict, with restarts from the best schedule
perturbed by random swaps. Triska & Musliu ("An effective greedy heuristic for the Social
Golfer Problem", Annals of Operations Research, 2012) showed how much a good first schedule
helps; ours is a simple one: round by round, each player sits where he meets fewest players
he met before. Where a design exists, it is the first schedule instead (planning.py).

Players are numbers 0..count-1 and `met[p]` maps a player to how often they met each other
player before these rounds. A pair meeting m times in all costs nothing up to once, then
1, then 1 + W, 1 + W + W²...: a third meeting is worse than any realistic number of second
ones. The search spends a WorkBudget of move evaluations: same inputs, same schedule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.seating.matching import WorkBudget

Round = list[list[int]]

# How much worse each extra meeting of a pair is than the one before.
STEEPNESS = 1000
# The greedy first schedule looks at this many open tables per player at most (large events).
GREEDY_TABLES_LOOKED_AT = 48
# Iterations without a new best schedule before a restart from the best, perturbed.
PATIENCE = 60
# Swaps of a perturbation, per 10 players.
PERTURBATION_PER_10 = 3
# Restarts in a row that find nothing better before the search gives up: where no schedule
# meets the counting bound, the search would otherwise always spend its whole budget.
FRUITLESS_RESTARTS = 12
# Iterations a swap stays barred from being undone, drawn in this range (Dotú & Van
# Hentenryck draw in 4..100; shorter suits the short searches made here, measured).
TABU_TENURE = (4, 14)


def repeat_cost(times: int) -> int:
    """What a pair meeting `times` times costs: 0, 0, 1, 1 + W, 1 + W + W², ..."""
    return sum(STEEPNESS ** (extra - 2) for extra in range(2, times + 1))


def plan_schedule(
    count: int,
    sizes: Sequence[int],
    rounds: int,
    met: list[dict[int, int]],
    rng: random.Random,
    budget: WorkBudget,
    starts: Sequence[list[Round]] = (),
) -> list[Round]:
    """`rounds` rounds seating `count` players at tables of `sizes` (each round alike),
    meeting as rarely as possible given `met`. A greedy schedule and the given `starts`
    (first rounds, e.g. a design or an earlier plan carried over, completed greedily)
    compete; the search starts from the cheapest."""
    search = _Search(count, met, rounds)
    good_enough = _fewest_repeats_possible(count, sizes, rounds, met)
    candidates, costs = [], []
    for start in [*starts, None]:
        candidate = search.greedy(sizes, rng, first=start[:rounds] if start else ())
        candidates.append(candidate)
        costs.append(search.cost_of(candidate))
        if costs[-1] <= good_enough:
            return candidate  # a start that cannot be beaten: no need to look further
    best = candidates[costs.index(min(costs))]
    if budget.steps <= 0:
        return best
    search.load(best)
    search.tabu_search(rng, budget, good_enough)
    return search.best_schedule


def _fewest_repeats_possible(
    count: int, sizes: Sequence[int], rounds: int, met: list[dict[int, int]]
) -> int:
    """A lower bound on the repeats: the pairs the rounds seat beyond the pairs not yet met.
    (15 players at tables of 4, 4, 4 and 3 seat 147 pairs in 7 rounds; 105 pairs exist.)"""
    seated = rounds * sum(size * (size - 1) // 2 for size in sizes)
    met_already = sum(1 for opponents in met for times in opponents.values() if times) // 2
    return max(0, seated - (count * (count - 1) // 2 - met_already))


class _Search:
    """A schedule being improved, with the meeting counts it implies kept up to date."""

    def __init__(self, count: int, met: list[dict[int, int]], rounds: int):
        self.count, self.rounds_wanted = count, rounds
        self.before = met
        most = max((times for opponents in met for times in opponents.values()), default=0)
        costs = [repeat_cost(times) for times in range(most + rounds + 3)]
        # Cost of one more meeting, and of one fewer, for a pair that met m times.
        self.more = [costs[m + 1] - costs[m] for m in range(len(costs) - 1)]
        self.fewer = [0] + [costs[m - 1] - costs[m] for m in range(1, len(costs))]
        self.schedule: list[Round] = []
        self.best_schedule: list[Round] = []

    # Building and loading schedules.

    def greedy(
        self, sizes: Sequence[int], rng: random.Random, first: Sequence[Round] = ()
    ) -> list[Round]:
        """The rounds `first`, then round by round, each player (in a random order) takes
        the open table where he meets the fewest players he met already, the emptiest on
        a tie. With many tables (a large event) he looks at a few drawn at random and takes
        the first where he meets nobody again."""
        meets = [dict(opponents) for opponents in self.before]
        schedule = [[list(table) for table in tables] for tables in first]
        for tables in schedule:
            for table in tables:
                for player in table:
                    for other in table:
                        if other != player:
                            meets[player][other] = meets[player].get(other, 0) + 1
        while len(schedule) < self.rounds_wanted:
            tables = [[] for _ in sizes]
            open_tables = list(range(len(sizes)))
            for player in rng.sample(range(self.count), self.count):
                mine = meets[player]
                if len(open_tables) > GREEDY_TABLES_LOOKED_AT:
                    chosen, chosen_cost = None, None
                    for _ in range(GREEDY_TABLES_LOOKED_AT):
                        index = rng.choice(open_tables)
                        cost = self._added(mine, tables[index])
                        if chosen_cost is None or cost < chosen_cost:
                            chosen, chosen_cost = index, cost
                        if cost == 0:
                            break
                else:
                    chosen, chosen_key = None, None
                    for index in open_tables:
                        key = (self._added(mine, tables[index]), len(tables[index]) - sizes[index])
                        if chosen_key is None or key < chosen_key:
                            chosen, chosen_key = index, key
                assert chosen is not None  # a table stays open while a player has none
                for other in tables[chosen]:
                    mine[other] = mine.get(other, 0) + 1
                    meets[other][player] = meets[other].get(player, 0) + 1
                tables[chosen].append(player)
                if len(tables[chosen]) == sizes[chosen]:
                    open_tables.remove(chosen)
            schedule.append(tables)
        return schedule

    def _added(self, mine: dict[int, int], table: list[int]) -> int:
        """What seating a player who met others as `mine` says at `table` adds."""
        return sum(self.more[mine.get(other, 0)] for other in table)

    def cost_of(self, schedule: list[Round]) -> int:
        """The repeat cost a schedule adds to the meetings before it."""
        meets = [dict(opponents) for opponents in self.before]
        cost = 0
        for tables in schedule:
            for table in tables:
                for position, player in enumerate(table):
                    for other in table[position + 1 :]:
                        times = meets[player].get(other, 0)
                        cost += self.more[times]
                        meets[player][other] = meets[other][player] = times + 1
        return cost

    def load(self, schedule: list[Round]) -> None:
        """Start from `schedule`: meeting counts, and for every round what each player would
        add by joining each table (`joining`) or save by leaving his own (`leaving`)."""
        count = self.count
        self.schedule = [[list(table) for table in tables] for tables in schedule]
        self.meets = [[0] * count for _ in range(count)]
        for player, opponents in enumerate(self.before):
            for other, times in opponents.items():
                self.meets[player][other] = times
        self.cost = 0
        for tables in self.schedule:
            for table in tables:
                for position, player in enumerate(table):
                    for other in table[position + 1 :]:
                        self._count_meeting(player, other, +1)
        self.table_of, self.joining, self.leaving = [], [], []
        for tables in self.schedule:
            where = [0] * count
            for index, table in enumerate(tables):
                for player in table:
                    where[player] = index
            self.table_of.append(where)
            self.joining.append([self._joining_costs(table) for table in tables])
            self.leaving.append(self._leaving_gains(tables))
        # The schedule loaded is the best one yet.
        self.best_cost = self.cost
        self.best_schedule = [[list(table) for table in tables] for tables in self.schedule]

    def _count_meeting(self, player: int, other: int, change: int) -> None:
        times = self.meets[player][other]
        self.cost += self.more[times] if change > 0 else self.fewer[times]
        self.meets[player][other] = self.meets[other][player] = times + change

    def _joining_costs(self, table: list[int]) -> list[int]:
        """For every player, what sitting down with all of `table` would add."""
        more = self.more
        return [sum(more[row[other]] for other in table) for row in self.meets]

    def _leaving_gains(self, tables: Round) -> list[int]:
        """For each player, what leaving his table saves (negative when he has a repeat)."""
        gains = [0] * self.count
        for table in tables:
            for player in table:
                row = self.meets[player]
                gains[player] = sum(self.fewer[row[other]] for other in table if other != player)
        return gains

    def _remember_if_best(self) -> bool:
        if self.cost >= self.best_cost:
            return False
        self.best_cost = self.cost
        self.best_schedule = [[list(table) for table in tables] for tables in self.schedule]
        return True

    # The tabu search.

    def tabu_search(self, rng: random.Random, budget: WorkBudget, good_enough: int = 0) -> None:
        """Swap players of the same round, one of them in conflict, taking the best swap
        not recently made (unless it beats the best schedule); restart from the best,
        perturbed, when a while brings nothing better. Stops at `good_enough` (a cost no
        schedule can beat), after FRUITLESS_RESTARTS restarts in a row that found nothing
        better, or when the budget is spent."""
        tabu: dict[tuple[int, int, int], int] = {}
        iteration = stalled = fruitless = 0
        while self.best_cost > good_enough and budget.steps > 0:
            iteration += 1
            move = self._best_move(tabu, iteration, rng, budget)
            if move is not None:
                round_index, first, second = move
                self._swap(round_index, first, second)
                key = (round_index, min(first, second), max(first, second))
                tabu[key] = iteration + rng.randint(*TABU_TENURE)
            if move is not None and self._remember_if_best():
                stalled = fruitless = 0
                continue
            stalled += 1
            if move is None or stalled > PATIENCE:
                fruitless += 1
                if fruitless > FRUITLESS_RESTARTS:
                    return
                self._restart_perturbed(rng)
                tabu.clear()
                stalled = 0

    def _best_move(
        self,
        tabu: dict[tuple[int, int, int], int],
        iteration: int,
        rng: random.Random,
        budget: WorkBudget,
    ) -> tuple[int, int, int] | None:
        """The best allowed swap (round, player in conflict, other player), ties drawn."""
        best_delta: int | None = None
        best_moves: list[tuple[int, int, int]] = []
        more, count = self.more, self.count
        conflicted_rounds = [
            index for index, leaving in enumerate(self.leaving) if min(leaving) < 0
        ]
        if not conflicted_rounds:
            return None
        for round_index in conflicted_rounds:
            tables = self.schedule[round_index]
            leaving, joining = self.leaving[round_index], self.joining[round_index]
            where = self.table_of[round_index]
            for player in range(count):
                if leaving[player] >= 0:
                    continue  # no repeat at his table: only moved as someone's partner
                budget.spend(count)
                home = where[player]
                fixed = leaving[player]
                # Swapping `player` (table home) with `other` (table away) changes the cost
                # by what both save leaving, plus what each adds joining the other's table
                # (less the meeting between the two, counted in both but made by neither).
                by_table = [fixed + costs[player] for costs in joining]
                row = self.meets[player]
                columns = zip(leaving, joining[home], where, row, strict=True)
                deltas: list[int | None] = [
                    left + joined + by_table[away] - 2 * more[times]
                    for left, joined, away, times in columns
                ]
                for other in tables[home]:
                    deltas[other] = None
                lowest = min(delta for delta in deltas if delta is not None)
                if best_delta is not None and lowest > best_delta:
                    continue
                for other, delta in enumerate(deltas):
                    if delta is None or delta > lowest:
                        continue
                    key = (round_index, min(player, other), max(player, other))
                    if tabu.get(key, 0) > iteration and self.cost + delta >= self.best_cost:
                        continue
                    if best_delta is None or delta < best_delta:
                        best_delta, best_moves = delta, []
                    if delta == best_delta:
                        best_moves.append((round_index, player, other))
        return rng.choice(best_moves) if best_moves else None

    def _swap(self, round_index: int, first: int, second: int) -> None:
        """Swap two players of one round, keeping every count and cost up to date."""
        tables, where = self.schedule[round_index], self.table_of[round_index]
        home, away = where[first], where[second]
        for player, old, new in ((first, home, away), (second, away, home)):
            for other in tables[old]:
                if other != first and other != second:
                    self._change_meetings(player, other, -1)
            for other in tables[new]:
                if other != first and other != second:
                    self._change_meetings(player, other, +1)
        tables[home][tables[home].index(first)] = second
        tables[away][tables[away].index(second)] = first
        where[first], where[second] = away, home
        joining = self.joining[round_index]
        joining[home] = self._joining_costs(tables[home])
        joining[away] = self._joining_costs(tables[away])
        leaving = self.leaving[round_index]
        for table in (tables[home], tables[away]):
            for player in table:
                row = self.meets[player]
                leaving[player] = sum(self.fewer[row[other]] for other in table if other != player)

    def _change_meetings(self, player: int, other: int, change: int) -> None:
        """One meeting more or fewer for a pair, and what it changes in every round."""
        old = self.meets[player][other]
        self._count_meeting(player, other, change)
        new = old + change
        joined = self.more[new] - self.more[old]
        left = self.fewer[new] - self.fewer[old]
        for where, joining, leaving in zip(self.table_of, self.joining, self.leaving, strict=True):
            mine, theirs = where[player], where[other]
            joining[theirs][player] += joined
            joining[mine][other] += joined
            if mine == theirs:
                leaving[player] += left
                leaving[other] += left

    def _restart_perturbed(self, rng: random.Random) -> None:
        """Back to the best schedule, then a few random swaps to look elsewhere."""
        best_schedule, best_cost = self.best_schedule, self.best_cost
        self.load(best_schedule)
        self.best_schedule, self.best_cost = best_schedule, best_cost
        for _ in range(max(1, self.count * PERTURBATION_PER_10 // 10)):
            round_index = rng.randrange(len(self.schedule))
            first, second = rng.sample(range(self.count), 2)
            if self.table_of[round_index][first] != self.table_of[round_index][second]:
                self._swap(round_index, first, second)
