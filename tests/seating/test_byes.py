"""Who sits out when a 2-player variant has an odd count."""

from __future__ import annotations

import pytest

from tournaments.seating import choose_bye


def test_the_lowest_placed_player_without_a_bye_sits_out():
    assert choose_bye(["first", "second", "third"], {}) == "third"
    assert choose_bye(["first", "second", "third"], {"third": 1}) == "second"


def test_once_everyone_had_a_bye_the_fewest_byes_then_the_lowest_place_decide():
    byes = {"first": 1, "second": 2, "third": 1}
    assert choose_bye(["first", "second", "third"], byes) == "third"
    assert choose_bye(["first", "second", "third"], {**byes, "third": 2}) == "first"


def test_there_must_be_someone_to_give_the_bye_to():
    with pytest.raises(ValueError):
        choose_bye([], {})
