"""Fixtures shared by the view tests."""

from __future__ import annotations

import pytest

from tests.views.entry_support import add_hands


@pytest.fixture(params=[2, 30])
def hands(request, game) -> int:
    """The `game` with 2 hands, then with 30 (add_hands): a query count that a test asserts
    for both does not grow with the hands. The number of hands the game now has."""
    add_hands(game, request.param)
    return request.param
