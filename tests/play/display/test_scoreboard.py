"""What the public pages say about a game: its status, from its derived fields."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.models import Game
from tournaments.play.display.scoreboard import game_status


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, "not_started"),
        ({"hands_played": 2}, "in_play"),
        ({"hands_played": 2, "has_provisional_hands": True}, "awaiting_confirmation"),
        ({"hands_played": 5, "finished": True}, "finished"),
        ({"hands_played": 3, "finished": True, "closed": True}, "closed"),
    ],
)
def test_a_game_status_follows_its_derived_fields(fields, expected):
    assert game_status(Game(**fields)) == expected
