"""Shared helpers for the seating tests: play a whole tournament with random results."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from tournaments.seating import Seating, seat


def simulate_tournament(
    method: str,
    players: Sequence[int],
    sizes: tuple[int, ...],
    rounds: int,
    *,
    seed: int,
    changes: dict[int, tuple[Sequence[int], Sequence[int]]] | None = None,
) -> list[Seating]:
    """Seat and play `rounds` rounds with random results; `changes[r]` = (leaving, arriving).

    Place points as at a club: last 0, each place above one more; a bye scores 1.
    """
    rng = random.Random(seed)
    present = list(players)
    points = Counter(dict.fromkeys(present, 0))
    history: list[tuple[int, ...]] = []
    byes: list[int] = []
    seatings = []
    for round_number in range(1, rounds + 1):
        leaving, arriving = (changes or {}).get(round_number, ((), ()))
        present = [player for player in present if player not in leaving] + list(arriving)
        standings = {player: points[player] for player in sorted(present, key=lambda p: -points[p])}
        seating = seat(
            method,
            present,
            sizes,
            round_number=round_number,
            history=history,
            standings=standings,
            byes_so_far=byes,
            seed=seed * 1000 + round_number,
        )
        assert_valid_seating(seating, present, sizes)
        for table in seating.tables:
            finish = list(table)
            rng.shuffle(finish)
            for place, player in enumerate(finish):
                points[player] += len(finish) - 1 - place
        for player in seating.byes:
            points[player] += 1
        history.extend(seating.tables)
        byes.extend(seating.byes)
        seatings.append(seating)
    return seatings


def assert_valid_seating(seating: Seating, players: Sequence[int], sizes: tuple[int, ...]):
    """Everyone seated exactly once (at a table or on a bye), every table of an allowed size."""
    assert sorted(seating.players()) == sorted(players)
    assert all(len(table) in sizes for table in seating.tables)
    assert len(seating.byes) == (1 if set(sizes) == {2} and len(players) % 2 else 0)


@pytest.fixture
def play_tournament() -> Callable[..., list[Seating]]:
    return simulate_tournament


@pytest.fixture
def check_seating() -> Callable[..., None]:
    return assert_valid_seating
