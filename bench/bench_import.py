"""Game files at scale: importing a 5,000-hand game, and the duplicate-name check of 40,000.

The import runs the whole service (`import_game`: read, score, store every hand and its
history, rescore) on a throwaway database (bench/django_db.py); the issue's target is under
10 s for 5,000 hands. The name check is the rules engine reading a file of 40,000 players
(refused, the variant takes at most a handful: the check must still be linear).

Run alone with `python -m bench.bench_import`, or with every benchmark by `make bench`.
"""

from __future__ import annotations

import datetime
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import django_db  # noqa: E402

HANDS, NAMES = 5_000, 40_000
TARGET_IMPORT_S = 10.0


def long_game_file(rng: random.Random) -> dict:
    """A rummy game (no target: it never ends) of HANDS hands, a quarter given as cards."""
    players = ["Anne", "Bruno", "Chloé", "Dominique"]
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    hands = []
    for number in range(HANDS):
        ended_by = rng.choice(players)
        held = {}
        cards = rng.sample(deck, 21)
        for i, name in enumerate(p for p in players if p != ended_by):
            if number % 4 == 0:
                held[name] = " ".join(cards[i * 7 : i * 7 + rng.randint(1, 7)])
            else:
                held[name] = rng.randint(1, 60)
        hands.append({"how": "going_out", "ended_by": ended_by, "held": held})
    return {"format": "ramiscore/1", "variant": "rummy", "players": players, "hands": hands}


def import_seconds(document: dict) -> tuple[float, float]:
    from tournaments.events.services.gamefiles import import_game
    from tournaments.models import Club, Event

    club = Club.objects.create(name="Bench club")
    event = Event.objects.create(
        club=club, name="Bench import", date=datetime.date(2026, 11, 30), variant="rummy"
    )
    started, cpu = time.perf_counter(), time.process_time()
    game = import_game(event=event, document=document)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert game.hands.count() == HANDS
    return elapsed, cpu


def name_check_seconds() -> float:
    from tournaments.rules import RulesError, read_game

    document = {
        "format": "ramiscore/1",
        "variant": "rummy",
        "players": [f"Joueur {i}" for i in range(NAMES)] + ["Joueur 7"],
        "hands": [],
    }
    started = time.perf_counter()
    try:
        read_game(document)
    except RulesError:
        pass
    return time.perf_counter() - started


def main() -> dict[str, object]:
    django_db.setup()
    seconds, cpu = import_seconds(long_game_file(random.Random(9)))
    return {
        # The machine may be shared: the processor time says what the import itself costs.
        f"import of a {HANDS:,}-hand game file (s, wall clock)": round(seconds, 2),
        f"import of a {HANDS:,}-hand game file (s, processor)": round(cpu, 2),
        "  target (s)": TARGET_IMPORT_S,
        f"duplicate-name check of {NAMES:,} names (s)": round(name_check_seconds(), 3),
    }


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
