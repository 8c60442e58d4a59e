"""Seating 1,000 players Swiss after 9 rounds (issue 6 target: under 1 s), at tables of 2 and 4.

The history is realistic rather than random: 9 Swiss rounds are seated with the module itself,
with random results, so players near each other in the standings have often met already.
Only the 10th round is timed. Run with `python bench/bench_seating.py` or `make bench`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating import Seating, repeat_pairings, seat  # noqa: E402

PLAYERS = 1000
PAST_ROUNDS = 9
RUNS = 5


def play_swiss(players: list[int], sizes: tuple[int, ...], rounds: int, seed: int) -> dict:
    """Seat and play `rounds` Swiss rounds with random results; the state for the next one."""
    rng = random.Random(seed)
    points = dict.fromkeys(players, 0)
    history: list[tuple[int, ...]] = []
    rounds_played: list[tuple[tuple[int, ...], ...]] = []
    byes: list[int] = []
    for round_number in range(1, rounds + 1):
        seating = seat(
            "swiss",
            players,
            sizes,
            round_number=round_number,
            history=history,
            standings=_standings(points),
            byes_so_far=byes,
            seed=seed + round_number,
        )
        _score_random_results(seating, points, rng)
        history.extend(seating.tables)
        rounds_played.append(seating.tables)
        byes.extend(seating.byes)
    return {"history": history, "rounds": rounds_played, "points": points, "byes": byes}


def _standings(points: dict[int, int]) -> dict[int, int]:
    return dict(sorted(points.items(), key=lambda item: -item[1]))


def _score_random_results(seating: Seating, points: dict[int, int], rng: random.Random) -> None:
    # Place points: last gets 0, each place above one more (a 1/0 scale at 2-player tables).
    for table in seating.tables:
        finish = list(table)
        rng.shuffle(finish)
        for place, player in enumerate(finish):
            points[player] += len(finish) - 1 - place
    for player in seating.byes:
        points[player] += 1


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
            history=state["history"],
            standings=_standings(state["points"]),
            byes_so_far=state["byes"],
            seed=run,
        )
        timings.append(time.perf_counter() - started)
    past_rounds = state["rounds"]
    label = f"tables of {'/'.join(map(str, sizes))}"
    return {
        f"swiss {PLAYERS} players, {label}, round 10, median seconds": round(
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


def main() -> dict[str, float]:
    results: dict[str, float] = {}
    for sizes in ((2,), (4,)):
        results.update(time_next_round(sizes))
    return results


if __name__ == "__main__":
    for name, value in main().items():
        print(f"{name}: {value}")
