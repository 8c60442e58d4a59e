"""Balanced mixing planned for the whole event: a schedule made at round 1 and followed.

A seating made one round at a time can paint itself into a corner (15 players at tables of 3
can meet only new players for 7 rounds, but only if round 2 already prepares round 7). So when
the number of rounds is known, or a design gives the schedule outright, every round is taken
from a plan of all the rounds:

- with nobody met yet, the plan is a known design (designs.py) when one has enough rounds,
  else a local search (golfer.py);
- each call works the plan out again from its inputs (same players, seed, number of rounds
  and history, same plan), checks that the history is the plan's rounds so far, and seats
  the next one. Nothing is stored between calls, yet round k of a plan is the same whichever
  call computes it;
- when the history is not the plan's (someone withdrew or arrived, a round was seated by
  hand), the rounds left are planned again from who has met whom, starting from the old
  plan's remaining rounds where that helps. Later calls recognise that new plan: they peel
  the last rounds off the history (each a partition of today's players into its tables) and
  check that the plan made before them seated them.
"""

from __future__ import annotations

import random
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.seating.designs import known_design
from tournaments.seating.golfer import plan_schedule
from tournaments.seating.matching import WorkBudget
from tournaments.seating.request import SeatingRequest
from tournaments.seating.tables import PlayerId, Seating, split_into_tables

# Work limit of one planning search, in move evaluations (about a second).
PLAN_BUDGET = 1_000_000
# Larger events are planned by the greedy first schedule only: there the search's tables of
# counts would not fit in memory, and new opponents are plentiful anyway.
SEARCH_MAX_PLAYERS = 400
# While recognising the plan in force, at most this many plans are made afresh to compare
# with the history, so a long history seated by hand stays cheap.
RECOGNITION_SEARCHES = 2
# Ways of reading the last round out of the history tried at each step back.
LAST_ROUND_CANDIDATES = 2
COVER_SEARCH_STEPS = 20_000
# Steps back through the history while recognising a plan, in all.
RECOGNITION_STEPS = 40
# Plans kept in memory per process: the next round's call usually needs the same one.
CACHED_PLANS = 32

Tables = tuple[tuple[PlayerId, ...], ...]
PlayedTable = frozenset[PlayerId]  # a table of the history: who sat at it
Meetings = frozenset[tuple[tuple[int, int], int]]  # ((position, position), times met)


@dataclass(frozen=True)
class Plan:
    """Rounds `first_round`, `first_round` + 1, ... of a schedule, each its tables."""

    first_round: int
    rounds: tuple[Tables, ...]

    def round_at(self, number: int) -> Tables | None:
        index = number - self.first_round
        return self.rounds[index] if 0 <= index < len(self.rounds) else None

    def tables_between(self, first: int, last: int) -> Counter[PlayedTable]:
        """Every table of rounds first..last, as sets of players, with their multiplicity."""
        return Counter(
            frozenset(table)
            for number in range(first, last + 1)
            for table in (self.round_at(number) or ())
        )


def planned_seating(request: SeatingRequest) -> Seating | None:
    """This round's seating from the plan in force, or None to seat it on its own.

    A plan applies when there are no byes and either the number of rounds is known (the
    round is one of them) or, without it, a design seats these players and the history so
    far is that design's first rounds.
    """
    if request.byes_needed():
        return None
    context = _Context.of(request)
    number = request.round_number
    if request.planned_rounds is None:
        design = known_design(len(context.players), context.sizes)
        if design is None or number > design.length:
            return None
        context = context.with_horizon(design.length)
        plan: Plan | None  # None off the design
        plan = context.plan(first_round=1, history=())
        if Counter(request.past_tables) != plan.tables_between(1, number - 1):
            plan = _relabelled_plan(context, request.past_tables, number)
        if plan is None:
            return None  # off the design: seat round by round
    else:
        if number > request.planned_rounds:
            return None
        recogniser = _Recogniser(context.with_horizon(request.planned_rounds))
        plan = recogniser.plan_in_force(request.past_tables, number)
    tables = plan.round_at(number)
    assert tables is not None  # a plan runs from its first round to the last one planned
    return _seating(tables, request.seed, number)


def _seating(tables: Tables, seed: int | str, number: int) -> Seating:
    """The plan's tables with seats drawn at each, so nobody always deals first."""
    rng = random.Random(f"{seed}/seats/{number}")
    seated = []
    for table in tables:
        players = list(table)
        rng.shuffle(players)
        seated.append(tuple(players))
    return Seating(tables=tuple(seated))


@dataclass(frozen=True)
class _Context:
    """What a plan depends on besides the history: players, table sizes, rounds, seed."""

    players: tuple[PlayerId, ...]  # in a canonical order, so the caller's order does not matter
    allowed_sizes: tuple[int, ...]
    preferred_size: int | None
    seed: int | str
    horizon: int = 0  # the last round planned

    @classmethod
    def of(cls, request: SeatingRequest) -> _Context:
        return cls(
            _canonical(request.players),
            request.allowed_sizes,
            request.preferred_size,
            request.seed,
        )

    @property
    def sizes(self) -> list[int]:
        return split_into_tables(len(self.players), self.allowed_sizes, self.preferred_size)

    def with_horizon(self, horizon: int) -> _Context:
        return _Context(self.players, self.allowed_sizes, self.preferred_size, self.seed, horizon)

    def plan(self, *, first_round: int, history: tuple[PlayedTable, ...]) -> Plan:
        """The plan for rounds first_round..horizon, given the tables played before."""
        key = self._key(first_round, history)
        if key in _PLANS:
            _PLANS.move_to_end(key)
        else:
            _PLANS[key] = _make_plan(*key)
            if len(_PLANS) > CACHED_PLANS:
                _PLANS.popitem(last=False)
        return _PLANS[key]

    def _key(self, first_round: int, history: tuple[PlayedTable, ...]) -> PlanKey:
        # Everything a plan depends on: the players ever seated matter for what is carried
        # over from the first plan after a withdrawal.
        everyone = set(self.players).union(*history) if history else set(self.players)
        return (self, first_round, _meetings_key(self.players, history), _canonical(everyone))


def _canonical(players: Iterable[PlayerId]) -> tuple[PlayerId, ...]:
    """Players in a fixed order: by their written form when that tells them apart."""
    players = list(players)
    written = [repr(player) for player in players]
    if len(set(written)) == len(players):
        order = sorted(range(len(players)), key=written.__getitem__)
        return tuple(players[index] for index in order)
    return tuple(players)


def _meetings_key(players: tuple[PlayerId, ...], history: Iterable[PlayedTable]) -> Meetings:
    """Who has met whom among `players`, and how often: all a plan needs of the history."""
    position = {player: index for index, player in enumerate(players)}
    counts: Counter[tuple[int, int]] = Counter()
    for table in history:
        seated = sorted(position[player] for player in table if player in position)
        for index, first in enumerate(seated):
            for second in seated[index + 1 :]:
                counts[(first, second)] += 1
    return frozenset(counts.items())


# What a plan depends on: see _Context._key.
PlanKey = tuple[_Context, int, Meetings, tuple[PlayerId, ...]]
_PLANS: OrderedDict[PlanKey, Plan] = OrderedDict()


def _make_plan(
    context: _Context, first_round: int, meetings: Meetings, everyone: tuple[PlayerId, ...]
) -> Plan:
    """Plan rounds first_round..horizon for players who met as `meetings` says."""
    players, sizes = context.players, context.sizes
    rounds_left = context.horizon - first_round + 1
    rng = random.Random(f"{context.seed}/plan/{rounds_left}")
    design = known_design(len(players), sizes)
    if not meetings and design is not None and design.length >= rounds_left:
        # A design, its rounds drawn and its players relabelled at random (by the seed).
        chosen = rng.sample(range(design.length), rounds_left)
        label = rng.sample(range(len(players)), len(players))
        schedule = [
            [[label[point] for point in table] for table in design.round_at(index)]
            for index in chosen
        ]
    elif first_round == 2 and (relabelled := _relabelled_after(context, meetings)) is not None:
        return relabelled
    else:
        met: list[dict[int, int]] = [{} for _ in players]
        for (first, second), times in meetings:
            met[first][second] = met[second][first] = times
        starts = []
        if not meetings and design is not None:
            # All the design's rounds, then the search makes the extra ones.
            starts.append([design.round_at(index) for index in range(design.length)])
        if meetings:
            starts.append(_carried_over(context, first_round, everyone))
        budget = WorkBudget(PLAN_BUDGET if len(players) <= SEARCH_MAX_PLAYERS else 0)
        schedule = plan_schedule(len(players), sizes, rounds_left, met, rng, budget, starts)
    return Plan(
        first_round,
        tuple(
            tuple(tuple(players[position] for position in table) for table in tables)
            for tables in schedule
        ),
    )


def _relabelled_after(context: _Context, meetings: Meetings) -> Plan | None:
    """After a first round seated otherwise (by club rating, or by hand) that seats today's
    players at today's table sizes: the fresh plan, its players relabelled so that its first
    round is that one, from round 2. Any two first rounds differ only by the players' names,
    so the rounds after it meet nobody twice whenever the fresh plan's do. None when the
    history is not one such round."""
    players, sizes = context.players, context.sizes
    played = _one_round(len(players), meetings)
    if played is None or sorted(map(len, played)) != sorted(sizes):
        return None
    base = context.plan(first_round=1, history=())
    position = {player: index for index, player in enumerate(players)}
    planned = [sorted(position[player] for player in table) for table in base.rounds[0]]
    relabel: dict[int, int] = {}
    for size in set(sizes):
        ours = sorted(table for table in planned if len(table) == size)
        theirs = sorted(table for table in played if len(table) == size)
        for mine, their in zip(ours, theirs, strict=True):
            relabel.update(zip(mine, their, strict=True))
    return Plan(
        2,
        tuple(
            tuple(tuple(players[relabel[position[player]]] for player in table) for table in tables)
            for tables in base.rounds[1:]
        ),
    )


def _one_round(count: int, meetings: Meetings) -> list[list[int]] | None:
    """The tables of positions 0..count-1 if `meetings` is one round (every player met each
    of his table once, nobody else), else None."""
    met: list[set[int]] = [set() for _ in range(count)]
    for (first, second), times in meetings:
        if times != 1:
            return None
        met[first].add(second)
        met[second].add(first)
    tables, seated = [], set()
    for player in range(count):
        if player in seated:
            continue
        table = sorted(met[player] | {player})
        if any(met[other] | {other} != set(table) for other in table):
            return None
        tables.append(table)
        seated.update(table)
    return tables


def _relabelled_plan(
    context: _Context, history: tuple[PlayedTable, ...], number: int
) -> Plan | None:
    """The plan relabelled after the history's first round (_relabelled_after), if the
    history has followed it since; None otherwise."""
    first = _first_round_of(history, context, number)
    if first is None:
        return None
    plan = context.plan(first_round=2, history=first)
    if plan.first_round != 2 or plan.tables_between(2, number - 1) != Counter(
        _remove(history, list(first))
    ):
        return None
    return plan


def _first_round_of(
    history: tuple[PlayedTable, ...], context: _Context, number: int
) -> tuple[PlayedTable, ...] | None:
    """The first round out of a history listed in the order played (its first tables), if
    they seat today's players at today's table sizes."""
    count = len(context.sizes)
    if len(history) < count * (number - 1):
        return None
    first = history[:count]
    if set().union(*first) != set(context.players) or sorted(map(len, first)) != sorted(
        context.sizes
    ):
        return None
    return tuple(first)


def _carried_over(
    context: _Context, first_round: int, everyone: tuple[PlayerId, ...]
) -> list[list[list[int]]]:
    """The remaining rounds of the plan everyone ever seated would have had from round 1,
    with today's players only, at today's table sizes: after a withdrawal from a design, the
    rest of the design still meets nobody twice."""
    whole = _Context(
        everyone, context.allowed_sizes, context.preferred_size, context.seed, context.horizon
    )
    try:
        original = whole.plan(first_round=1, history=())
    except ValueError:
        return []  # everyone together would not fit the table sizes: nothing to carry over
    position = {player: index for index, player in enumerate(context.players)}
    sizes = context.sizes
    carried = []
    for number in range(first_round, context.horizon + 1):
        tables = [
            [position[player] for player in table if player in position]
            for table in original.round_at(number) or ()
        ]
        carried.append(_fit_to_sizes(tables, sizes))
    return carried


def _fit_to_sizes(tables: list[list[int]], sizes: list[int]) -> list[list[int]]:
    """Tables resized to `sizes`: the largest keep their players, the surplus and the
    players of tables left over fill the tables that are short, in order."""
    tables = sorted((table for table in tables if table), key=len, reverse=True)
    targets = sorted(sizes, reverse=True)
    loose = [player for table in tables[len(targets) :] for player in table]
    fitted = [list(table) for table in tables[: len(targets)]]
    fitted += [[] for _ in range(len(targets) - len(fitted))]
    for table, size in zip(fitted, targets, strict=True):
        while len(table) > size:
            loose.append(table.pop())
    for table, size in zip(fitted, targets, strict=True):
        while len(table) < size:
            table.append(loose.pop())
    return fitted


class _Recogniser:
    """Finds the plan in force at a round from the history alone (see the module's docstring)."""

    def __init__(self, context: _Context) -> None:
        self.context = context
        self.searches_left = RECOGNITION_SEARCHES
        self.steps_left = RECOGNITION_STEPS
        self.base = context.plan(first_round=1, history=())

    def plan_in_force(self, history: tuple[PlayedTable, ...], number: int) -> Plan:
        """The plan that seats round `number` after `history` (a new one if none fits)."""
        found = self._followed_plan(history, number)
        return found or self.context.plan(first_round=number, history=history)

    def _followed_plan(self, history: tuple[PlayedTable, ...], number: int) -> Plan | None:
        """The plan whose rounds up to `number` - 1 were played, if it can be told."""
        if Counter(history) == self.base.tables_between(1, number - 1):
            return self.base
        if number <= 1:
            return None
        for last_round in _last_round_candidates(history, self.context):
            self.steps_left -= 1
            if self.steps_left < 0:
                return None
            earlier = _remove(history, last_round)
            # The last round came from the plan followed before it, or began a new plan.
            before = self._followed_plan(earlier, number - 1) or self._fresh(earlier, number - 1)
            if before is not None and _same_tables(before.round_at(number - 1), last_round):
                return before
        return None

    def _fresh(self, history: tuple[PlayedTable, ...], number: int) -> Plan | None:
        """The plan made afresh at round `number`, unless recognition has searched enough.

        Cached plans count too: the answer must not depend on what this process happens to
        remember, or two calls with the same inputs could seat different rounds.
        """
        if self.searches_left <= 0:
            return None
        self.searches_left -= 1
        return self.context.plan(first_round=number, history=history)


def _same_tables(tables: Tables | None, others: list[PlayedTable]) -> bool:
    return tables is not None and Counter(map(frozenset, tables)) == Counter(others)


def _remove(history: tuple[PlayedTable, ...], tables: list[PlayedTable]) -> tuple[PlayedTable, ...]:
    """The history without one occurrence of each of `tables`."""
    left = Counter(tables)
    kept = []
    for table in history:
        if left[table]:
            left[table] -= 1
        else:
            kept.append(table)
    return tuple(kept)


def _last_round_candidates(
    history: tuple[PlayedTable, ...], context: _Context
) -> list[list[PlayedTable]]:
    """Ways of choosing tables of the history that seat today's players exactly once, at
    today's table sizes: what the last round was, if nobody has come or gone since. The
    latest tables are tried first, so a history listed in the order played gives the true
    last round at once."""
    players = set(context.players)
    sizes = sorted(context.sizes)
    latest_first = list(dict.fromkeys(reversed(history)))
    tables_of: dict[PlayerId, list[PlayedTable]] = {player: [] for player in context.players}
    table: PlayedTable | None  # in the search below, None when a player has no table left
    for table in latest_first:
        if table <= players:
            for player in table:
                tables_of[player].append(table)
    order = context.players
    found: list[list[PlayedTable]] = []
    chosen: list[PlayedTable] = []
    seated: set[PlayerId] = set()
    steps = COVER_SEARCH_STEPS

    def first_unseated(index: int) -> int:
        while index < len(order) and order[index] in seated:
            index += 1
        return index

    # A depth-first search without recursion (a round of 2,000 players has 500 tables):
    # each frame seats the first player not yet seated, trying his tables in turn; while
    # searching, chosen[k] is the table frame k has chosen.
    start = first_unseated(0)
    frames = [(start, iter(tables_of[order[start]]))] if start < len(order) else []
    while frames and len(found) < LAST_ROUND_CANDIDATES and steps > 0:
        index, options = frames[-1]
        table = None
        for option in options:
            steps -= 1
            if seated.isdisjoint(option):
                table = option
                break
        if table is None:  # this player cannot be seated: back to the previous choice
            frames.pop()
            if chosen:
                seated.difference_update(chosen.pop())
            continue
        chosen.append(table)
        seated.update(table)
        following = first_unseated(index + 1)
        if following < len(order):
            frames.append((following, iter(tables_of[order[following]])))
            continue
        if sorted(map(len, chosen)) == sizes:
            found.append(list(chosen))
        seated.difference_update(chosen.pop())
    return found
