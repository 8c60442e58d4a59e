"""Rules engine figures: optimal deadwood per hand, and the longest game file a game may have
(rules.md: 200 hands) end to end.

Run alone with `python -m bench.bench_rules`, or with every benchmark by `make bench`.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.rules import read_game, score_game, write_result  # noqa: E402
from tournaments.rules.cards import JOKER, format_cards  # noqa: E402
from tournaments.rules.melds import deadwood  # noqa: E402
from tournaments.rules.variants import MAX_HANDS  # noqa: E402

HANDS = 10_000
TARGET_10_CARDS_US = 100  # the target: well under 0.1 ms per 10-card gin hand


def _per_hand_median_us(hands, **values) -> tuple[float, float]:
    timings = []
    for hand in hands:
        started = time.perf_counter()
        deadwood(hand, **values)
        timings.append(time.perf_counter() - started)
    timings.sort()
    return statistics.median(timings) * 1e6, timings[int(len(timings) * 0.99)] * 1e6


def gin_hands(rng: random.Random) -> list[list[int]]:
    return [rng.sample(range(52), 10) for _ in range(HANDS)]


def rami_jokers_hands(rng: random.Random) -> list[list[int]]:
    two_decks = [c for c in range(52) for _copy in range(2)]
    hands = []
    for _ in range(HANDS):
        jokers = rng.randint(0, 2)
        hands.append(rng.sample(two_decks, 14 - jokers) + [JOKER] * jokers)
    return hands


def long_game_file(rng: random.Random) -> str:
    """A rummy game (no target, so it never ends) of the most hands a game may have
    (MAX_HANDS), half given as cards."""
    players = ["Anne", "Bruno", "Chloé", "Dominique"]
    hands = []
    for number in range(MAX_HANDS):
        ended_by = rng.choice(players)
        deal = rng.sample(range(52), 21)
        held = {}
        for i, name in enumerate(p for p in players if p != ended_by):
            cards = deal[i * 7 : i * 7 + rng.randint(1, 7)]
            held[name] = (
                format_cards(cards) if number % 2 else sum(min(c % 13 + 1, 10) for c in cards)
            )
        how = "rami_sec" if number % 17 == 0 else "going_out"
        hands.append({"how": how, "ended_by": ended_by, "held": held})
    return json.dumps(
        {
            "format": "ramiscore/1",
            "variant": "rummy",
            "players": players,
            "pot": "100.00",
            "closed": True,
            "hands": hands,
        }
    )


def score_file_end_to_end(text: str) -> float:
    started = time.perf_counter()
    game = read_game(json.loads(text))
    json.dumps(write_result(game, score_game(game)))
    return time.perf_counter() - started


def main() -> dict[str, object]:
    rng = random.Random(2026)
    gin_median, gin_p99 = _per_hand_median_us(gin_hands(rng), ace_value=1)
    jokers_median, jokers_p99 = _per_hand_median_us(
        rami_jokers_hands(rng), ace_value=11, joker_value=20
    )
    text = long_game_file(rng)
    runs = [score_file_end_to_end(text) for _ in range(50)]
    return {
        "deadwood, 10-card gin hand: median µs": round(gin_median, 1),
        "deadwood, 10-card gin hand: 99th percentile µs": round(gin_p99, 1),
        "deadwood, 10-card gin hand: median / 100 µs target": round(
            gin_median / TARGET_10_CARDS_US, 2
        ),
        "deadwood, 14-card rami-jokers hand (0-2 jokers): median µs": round(jokers_median, 1),
        "deadwood, 14-card rami-jokers hand: 99th percentile µs": round(jokers_p99, 1),
        f"{MAX_HANDS}-hand game file (the most) scored end to end: median ms (50 runs)": round(
            statistics.median(runs) * 1000, 1
        ),
        f"{MAX_HANDS}-hand game file: median µs per hand": round(
            statistics.median(runs) / MAX_HANDS * 1e6, 1
        ),
    }


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
