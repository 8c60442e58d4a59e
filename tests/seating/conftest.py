"""Fixtures for the seating tests: play a whole tournament with random results, check a round.

The functions themselves live in tests/seating/rehearsal.py, which the seating benchmark
imports too.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.seating.rehearsal import assert_valid_seating, rehearse
from tournaments.seating import Seating


@pytest.fixture
def play_tournament() -> Callable[..., list[Seating]]:
    """Each round's seating of a tournament played with random results, every round checked
    as it is seated: `play_tournament(method, players, sizes, rounds, seed=, changes=)`,
    the arguments of `rehearse`."""

    def seatings(*args, **options) -> list[Seating]:
        return rehearse(*args, **options).seatings

    return seatings


@pytest.fixture
def check_seating() -> Callable[..., None]:
    return assert_valid_seating
