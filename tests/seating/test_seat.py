"""The `seat` entry point: every method seats everyone once, at allowed sizes, reproducibly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.seating import METHODS, SeatingError, seat, split_into_tables

MIXING_METHODS = ["random", "swiss", "balanced"]
SIZES = [(2,), (3, 4), (3, 4, 5, 6), (4,), (2, 3)]


def test_the_registry_offers_the_four_methods_of_issue_6():
    assert sorted(METHODS) == ["balanced", "random", "round_robin", "swiss"]


# The counts where seating is tight: the fewest players each set of sizes seats, the first
# count after one it cannot (5 at tables of 3 or 4), an odd count at tables of 2 (a bye),
# and the largest of the old exhaustive grid (every count up to 40, now the property below).
AWKWARD = [
    ((2,), 2),
    ((2,), 3),
    ((2,), 39),
    ((3, 4), 3),
    ((3, 4), 4),
    ((3, 4), 6),
    ((3, 4), 9),
    ((3, 4, 5, 6), 3),
    ((3, 4, 5, 6), 7),
    ((4,), 4),
    ((4,), 40),
    ((2, 3), 2),
    ((2, 3), 5),
]


@pytest.mark.parametrize(("sizes", "count"), AWKWARD)
def test_every_method_seats_an_awkward_count_exactly_once_at_allowed_sizes(
    sizes, count, check_seating
):
    players = list(range(100, 100 + count))
    for method in MIXING_METHODS:
        check_seating(seat(method, players, sizes, seed=7), players, sizes)


@pytest.mark.parametrize("method", MIXING_METHODS)
@pytest.mark.parametrize(
    ("count", "sizes"), [(6, (3, 4)), (7, (3, 4)), (8, (3, 4)), (3, (2,)), (5, (2,)), (7, (2,))]
)
def test_every_method_seats_six_rounds_of_a_small_awkward_group(
    method, count, sizes, play_tournament
):
    # play_tournament checks each round: everyone once, allowed sizes, a bye only if odd.
    seatings = play_tournament(method, range(1, count + 1), sizes, 6, seed=3)
    assert len(seatings) == 6


@pytest.mark.parametrize("method", MIXING_METHODS)
@pytest.mark.parametrize("sizes", [(2,), (3, 4)])
def test_the_same_seed_gives_the_same_seating(method, sizes, play_tournament):
    first = play_tournament(method, range(1, 24), sizes, 4, seed=11)
    again = play_tournament(method, range(1, 24), sizes, 4, seed=11)
    assert first == again


def test_different_seeds_give_different_random_seatings():
    players = list(range(30))
    seatings = {seat("random", players, (3, 4), seed=seed) for seed in range(5)}
    assert len(seatings) == 5


def test_a_text_seed_is_reproducible_too():
    players = list(range(32))
    assert seat("balanced", players, (4,), seed="club-42/round-3") == seat(
        "balanced", players, (4,), seed="club-42/round-3"
    )


@pytest.mark.parametrize("method", MIXING_METHODS)
@pytest.mark.parametrize("sizes", [(2,), (3, 4)])
def test_withdrawals_and_late_arrivals_between_rounds_are_seated_correctly(
    method, sizes, play_tournament
):
    changes = {
        2: ((3, 7), ()),  # two players withdraw after round 1
        3: ((), (21, 22, 23)),  # three arrive late
        4: ((1,), ()),
    }
    seatings = play_tournament(method, range(1, 21), sizes, 5, seed=5, changes=changes)
    assert not {3, 7} & set(seatings[1].players())
    assert {21, 22, 23} <= set(seatings[2].players())
    assert 1 not in seatings[4].players()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("chess", [1, 2], (2,)), "Unknown seating method 'chess'; choose one of balanced, "),
        (("swiss", [1, 2, 1], (2,)), "Player 1 is listed twice"),
        (("swiss", [1], (2,)), "Need at least 2 players for tables of 2; 1 is here."),
        (("swiss", [], (2,)), "Need at least 2 players"),
        (("balanced", [1, 2], (3, 4)), "Need at least 3 players for tables of 3 or 4"),
        (("random", range(5), (3, 4)), "Cannot seat 5 players at tables of 3 or 4."),
        (("swiss", range(6), (4,)), "Cannot seat 6 players at tables of 4."),
        (("swiss", range(6), ()), "No table size is allowed"),
        (("round_robin", range(6), (3,)), "Round robin seats players two by two"),
    ],
)
def test_it_fails_early_with_a_clear_message(arguments, message):
    with pytest.raises(SeatingError, match=message.replace("(", r"\(")):
        seat(*arguments)


def test_rounds_are_numbered_from_one():
    with pytest.raises(SeatingError, match="Rounds are numbered from 1; got 0."):
        seat("swiss", range(4), (2,), round_number=0)


def test_players_can_be_any_hashable_ids():
    players = ["Ana", "Bruno", ("guest", 1), 42, "Chloé"]
    seating = seat("swiss", players, (2,), history=[("Ana", 42)], standings=players)
    assert sorted(map(str, seating.players())) == sorted(map(str, players))


def test_a_preferred_size_shapes_the_tables():
    seating = seat("swiss", range(12), (3, 4, 5, 6), preferred_size=4)
    assert seating.table_sizes() == [4, 4, 4]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    method=st.sampled_from(MIXING_METHODS),
    sizes=st.sampled_from(SIZES),
    count=st.integers(min_value=2, max_value=60),
    past=st.lists(
        st.lists(st.integers(min_value=0, max_value=70), min_size=2, max_size=5), max_size=80
    ),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_any_history_gives_a_complete_seating_or_a_clear_error(
    method, sizes, count, past, seed, check_seating
):
    players = list(range(count))
    try:
        split_into_tables(count, sizes)
    except SeatingError:
        seatable = False
    else:
        seatable = True
    try:
        seating = seat(method, players, sizes, history=past, standings=players[::-1], seed=seed)
    except SeatingError as error:
        # Only a count that no tables fit is refused, whatever was played before.
        assert not seatable, f"{count} players fit tables of {sizes}: {error}"
        assert str(error).startswith(("Cannot seat", "Need at least"))
        return
    assert seatable
    check_seating(seating, players, sizes)
