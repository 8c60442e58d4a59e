"""Seating benchmarks: balanced mixing on the social golfer instances clubs play (issues 11
and 25), Swiss at rami tables before and after issue 11, and 1,000 players Swiss after 9
rounds (issue 6).

Balanced (targets: 0 repeated pairs, under 60 s each): every instance of
tests/seating/golfer_table.py (12 to 64 players at tables of 3 or 4, the most rounds known,
CSPLib problem 10) is seated round after round through `seat("balanced", ..., rounds=R)`
with the plan cache emptied before each call, as a fresh server process would; the seconds
are for all the rounds, and "by design" or "by local search" says what made the plan. For
the instances of issue 11 and 20 players at tables of 4, also: "round by round", the same
event without `rounds=` (a design is still followed), with the plan seed the service uses
and with a new seed each round (as before issue 11), and "search alone", the local search
without the designs on the same budget, to show what it manages where no design helps.

Swiss at tables of 3-4 (issue 11: fewer repeats): tournaments with random results, each
seated with the search of before issue 11 (the swaps only, repeats not spread over the
players) and with today's, in the same run, next to a lower bound on what any seating does.

The 1,000-player history is realistic rather than random: 9 Swiss rounds are seated with the
module itself, with random results, so players near each other in the standings have often met
already. Only the 10th round is timed. The events are played by tests/seating/rehearsal.py,
as the seating tests play theirs. Run with `python -m bench.bench_seating` or `make bench`.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from contextlib import contextmanager
from itertools import combinations
from math import comb

# On purpose from the tests: the benchmark rehearses events exactly as the seating tests do
# (its checks run while it seats, outside the timed parts).
from tests.seating.golfer_table import BEST_KNOWN_ROUNDS
from tests.seating.rehearsal import Changes, Rehearsal, by_points, rehearse, rehearse_balanced
from tournaments.seating import (
    grouping,
    planning,
    repeat_pairings,
    seat,
    split_into_tables,
    swiss,
)
from tournaments.seating.designs import known_design
from tournaments.seating.golfer import plan_schedule
from tournaments.seating.matching import WorkBudget

PLAYERS = 1000
PAST_ROUNDS = 9
RUNS = 5

# (players, table size, rounds): the instances of issue 11, and issue 25's 20 at tables of 4,
# also seated round by round and by the local search alone.
GOLFER_INSTANCES = [
    (16, 4, 5),
    (15, 3, 7),
    (21, 3, 10),
    (32, 4, 8),
    (32, 4, 9),
    (32, 4, 10),
    (20, 4, 5),
]
GOLFER_SECONDS_TARGET = 60
# (players, rounds, tournaments) for Swiss at tables of 3 or 4.
SWISS_CASES = [(10, 3, 100), (12, 4, 30), (16, 6, 30), (20, 6, 30), (24, 6, 30)]


def play_swiss(players: list[int], sizes: tuple[int, ...], rounds: int, seed: int) -> Rehearsal:
    """Seat and play `rounds` Swiss rounds with random results; the state for the next one."""
    return rehearse("swiss", players, sizes, rounds, seed=seed, first_seed=seed)


def time_next_round(sizes: tuple[int, ...]) -> dict[str, float]:
    """Median time to seat round 10, and the repeats in it, for one table size."""
    players = list(range(1, PLAYERS + 1))
    state = play_swiss(players, sizes, PAST_ROUNDS, seed=2024)
    timings = []
    for run in range(RUNS):
        started = time.perf_counter()
        seating = seat(
            "swiss",
            players,
            sizes,
            round_number=PAST_ROUNDS + 1,
            history=state.history,
            standings=by_points(state.points, players),
            byes_so_far=state.byes,
            seed=run,
        )
        timings.append(time.perf_counter() - started)
    past_rounds = state.rounds
    label = f"tables of {'/'.join(map(str, sizes))}"
    return {
        f"swiss {PLAYERS} players, {label}, round 10, median seconds (target < 1)": round(
            statistics.median(timings), 3
        ),
        f"swiss {PLAYERS} players, {label}, repeat pairs in round 10": repeat_pairings(
            past_rounds + [seating.tables]
        )
        - repeat_pairings(past_rounds),
        f"swiss {PLAYERS} players, {label}, repeat pairs over rounds 1-9": repeat_pairings(
            past_rounds
        ),
    }


def seat_balanced_event(
    players: list,
    sizes: tuple[int, ...],
    rounds: int,
    *,
    planned: bool,
    seed_each_round: bool = False,
    changes: Changes | None = None,
) -> tuple[int, float]:
    """Repeated pairs and seconds for a balanced event seated round by round through `seat`.

    Planned: `rounds=` given. One seed for the event (the service seats each balanced round
    with the seed of the round before), or a new seed each round. The plan cache is emptied
    before each call either way.
    """
    started = time.perf_counter()
    played = rehearse_balanced(
        players,
        sizes,
        rounds,
        seed=2024,
        planned=planned,
        seed_each_round=seed_each_round,
        forget=True,
        changes=changes,
    )
    return repeat_pairings(played), round(time.perf_counter() - started, 2)


def search_alone(count: int, size: int, rounds: int) -> int:
    """Repeated pairs of the local search alone (no design), on a planning search's budget."""
    schedule = plan_schedule(
        count,
        [size] * (count // size),
        rounds,
        [{} for _ in range(count)],
        random.Random(2024),
        WorkBudget(planning.PLAN_BUDGET),
    )
    return repeat_pairings(schedule)


def golfer_figures() -> dict[str, float]:
    results: dict[str, float] = {}
    for (count, size), (rounds, _source) in BEST_KNOWN_ROUNDS.items():
        label = f"balanced {count} players, tables of {size}, {rounds} rounds (the most known)"
        design = known_design(count, [size] * (count // size))
        how = "design" if design is not None and design.length >= rounds else "local search"
        repeats, seconds = seat_balanced_event(list(range(count)), (size,), rounds, planned=True)
        results[f"{label}: repeated pairs, by {how} (target 0)"] = repeats
        results[f"{label}: seconds, all rounds (target < {GOLFER_SECONDS_TARGET})"] = seconds
    for count, size, rounds in GOLFER_INSTANCES:
        label = f"balanced {count} players, tables of {size}, {rounds} rounds"
        repeats, seconds = seat_balanced_event(list(range(count)), (size,), rounds, planned=True)
        results[f"{label}: repeated pairs (target 0)"] = repeats
        results[f"{label}: seconds, all rounds (target < {GOLFER_SECONDS_TARGET})"] = seconds
        for seed_each_round, how in ((False, "one seed"), (True, "a new seed each round")):
            before, _ = seat_balanced_event(
                list(range(count)), (size,), rounds, planned=False, seed_each_round=seed_each_round
            )
            results[f"{label}: repeated pairs round by round, {how}"] = before
        results[f"{label}: repeated pairs of the local search alone"] = search_alone(
            count, size, rounds
        )
    # A withdrawal: the rounds left are planned again and nobody meets twice still.
    label = "balanced 32 players, tables of 3-4, 9 rounds, one withdraws before round 5"
    repeats, seconds = seat_balanced_event(
        list(range(32)), (3, 4), 9, planned=True, changes={5: ((7,), ())}
    )
    results[f"{label}: repeated pairs (target 0)"] = repeats
    results[f"{label}: seconds, all rounds (target < {GOLFER_SECONDS_TARGET})"] = seconds
    return results


@contextmanager
def swiss_before_issue_11():
    """Swiss as it was: no tabu search on repeats left by the swaps, repeats not spread."""
    saved = grouping.TABU_ITERATIONS, swiss.REPEAT_SPREAD
    grouping.TABU_ITERATIONS, swiss.REPEAT_SPREAD = 0, 0
    try:
        yield
    finally:
        grouping.TABU_ITERATIONS, swiss.REPEAT_SPREAD = saved


def swiss_repeats(count: int, rounds: int, tournaments: int) -> tuple[int, int]:
    """Repeat pairs over all the tournaments, and the most opponents one player met twice."""
    total = most = 0
    for seed in range(tournaments):
        played = play_swiss(list(range(count)), (3, 4), rounds, seed=seed).rounds
        total += repeat_pairings(played)
        meetings = Counter(
            frozenset(pair)
            for tables in played
            for table in tables
            for pair in combinations(table, 2)
        )
        repeated = Counter(
            player for pair, times in meetings.items() if times > 1 for player in pair
        )
        most = max(most, max(repeated.values(), default=0))
    return total, most


def fewest_repeats_possible(count: int, rounds: int) -> int:
    """A lower bound on one tournament's repeat pairs at tables of 3 or 4: the pairs seated
    beyond the pairs there are, or, if more, the pairs each round must seat again from the
    round before (a table of 4 cannot spread over 3 tables without a pair meeting again)."""
    split = split_into_tables(count, (3, 4))
    by_counting = sum(comb(size, 2) for size in split) * rounds - comb(count, 2)
    per_round = 0
    for size in split:
        share, extra = divmod(size, len(split))
        per_round += extra * comb(share + 1, 2) + (len(split) - extra) * comb(share, 2)
    return max(0, by_counting, per_round * (rounds - 1))


def swiss_figures() -> dict[str, float]:
    results: dict[str, float] = {}
    for count, rounds, tournaments in SWISS_CASES:
        fewest = fewest_repeats_possible(count, rounds) * tournaments
        with swiss_before_issue_11():
            before, most_before = swiss_repeats(count, rounds, tournaments)
        after, most_after = swiss_repeats(count, rounds, tournaments)
        label = f"swiss {count} players, tables of 3-4, {rounds} rounds, {tournaments} tournaments"
        results[f"{label}: repeat pairs before issue 11"] = before
        results[f"{label}: repeat pairs now (target: fewer; at least {fewest})"] = after
        results[f"{label}: most opponents a player met twice, before"] = most_before
        results[f"{label}: most opponents a player met twice, now (target: fewer)"] = most_after
    return results


def main() -> dict[str, float]:
    results: dict[str, float] = {}
    results.update(golfer_figures())
    results.update(swiss_figures())
    for sizes in ((2,), (4,)):
        results.update(time_next_round(sizes))
    return results


if __name__ == "__main__":
    for name, value in main().items():
        print(f"{name}: {value}")
