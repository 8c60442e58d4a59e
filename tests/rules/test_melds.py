"""Deadwood: an exact optimisation over meld arrangements, checked against a brute force."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules.cards import JOKER, card_value, parse_cards, rank_of, suit_of
from tournaments.rules.melds import RUN, SET, all_arrangements, best_arrangement, deadwood


def cards(text: str) -> list[int]:
    parsed, bad = parse_cards(text)
    assert not bad
    return parsed


def is_meld(group: tuple[int, ...]) -> bool:
    """The rule book's definition, written independently of the engine's meld search."""
    if len(group) < 3:
        return False
    ranks = sorted(rank_of(c) for c in group)
    suits = [suit_of(c) for c in group]
    a_set = len(group) <= 4 and len(set(ranks)) == 1 and len(set(suits)) == len(group)
    a_run = len(set(suits)) == 1 and ranks == list(range(ranks[0], ranks[0] + len(group)))
    return a_set or a_run


def brute_force_deadwood(hand: list[int], ace_value: int = 1) -> int:
    @cache
    def least(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = card_value(first, ace_value=ace_value) + least(others)
        for size in range(2, len(others) + 1):
            for combo in combinations(range(len(others)), size):
                group = (first, *(others[i] for i in combo))
                if is_meld(group):
                    left = tuple(c for i, c in enumerate(others) if i not in combo)
                    best = min(best, least(left))
        return best

    return least(tuple(sorted(hand)))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AC 2C 3C 4C 5C 5D 5H 9S 9D KH", 28),  # D01: the 5-card run is the greedy trap
        ("QS KS AS 2S 3S 4H 4D 4C 7H 8H", 35),  # D02: Q-K-A and K-A-2 are not runs
        ("AH AD AC AS 2H 3H 2D 3D 4D KC", 10),  # D04: split the four aces
        ("4S 5S 6S 7S 8S 8H 8D JC JD JH", 0),  # D05: 8S to the set, 4-7S stays a run
        ("2S 3S 4S 5S 6S 4H 4D 6H 6D 9C", 17),  # D09
        ("KS QS JS", 0),
        ("AS 2S", 3),
    ],
)
def test_deadwood_finds_the_best_melds(hand, expected):
    assert deadwood(cards(hand), ace_value=1) == expected


def test_the_arrangement_names_its_melds_and_what_is_left():
    arrangement = best_arrangement(cards("AC 2C 3C 4C 5C 5D 5H 9S 9D KH"), ace_value=1)
    kinds = sorted(meld.kind for meld in arrangement.melds)
    assert kinds == [RUN, SET]
    assert sorted(arrangement.deadwood_cards) == sorted(cards("9S 9D KH"))
    assert arrangement.deadwood == 28


def test_two_decks_let_each_copy_serve_in_a_different_meld():
    # 7H twice: one in 5-6-7H, the other in the set of sevens.
    assert deadwood(cards("5H 6H 7H 7H 7S 7D"), ace_value=11) == 0


def test_a_joker_completes_one_meld_and_counts_its_value_when_left():
    assert deadwood([*cards("5H 7H"), JOKER], ace_value=11, joker_value=20) == 0
    assert deadwood([*cards("KS KD"), JOKER], ace_value=11, joker_value=20) == 0
    # One joker per meld (reading S01): two jokers cannot make a meld of one natural card.
    assert deadwood([*cards("9C"), JOKER, JOKER], ace_value=11, joker_value=20) == 49
    # A lone joker stays in hand at its value.
    assert deadwood([*cards("2S 9D"), JOKER], ace_value=11, joker_value=20) == 31


def test_every_arrangement_includes_laying_nothing():
    arrangements = all_arrangements(cards("5S 5D 5C 5H"), ace_value=1)
    # Nothing; the four fives; each choice of three.
    assert len(arrangements) == 1 + 1 + 4
    assert min(a.deadwood for a in arrangements) == 0


plain_hands = st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True)
# Hands crowded into few ranks and suits, so that melds are common and arrangements compete.
crowded_hands = st.lists(
    st.builds(lambda r, s: s * 13 + r, st.integers(0, 5), st.integers(0, 2)),
    min_size=3,
    max_size=10,
    unique=True,
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(plain_hands, crowded_hands), st.sampled_from([1, 11]))
def test_deadwood_equals_a_brute_force_search(hand, ace_value):
    assert deadwood(hand, ace_value=ace_value) == brute_force_deadwood(hand, ace_value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(plain_hands, crowded_hands))
def test_deadwood_never_exceeds_the_plain_count_and_is_zero_exactly_when_all_meld(hand):
    found = best_arrangement(hand, ace_value=1)
    plain = sum(card_value(c, ace_value=1) for c in hand)
    assert 0 <= found.deadwood <= plain
    melded = sorted(c for meld in found.melds for c in meld.cards)
    assert all(is_meld(meld.cards) for meld in found.melds)
    assert sorted(melded + list(found.deadwood_cards)) == sorted(hand)
    assert (found.deadwood == 0) == (not found.deadwood_cards)
