"""Prize splits: cents that add up to the pot, the winner never below his floor."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import make_variant, rank
from tournaments.rules.prizes import by_places, format_cents, split_prize_pool


def split(slug, totals, pot, **options):
    variant = make_variant(slug, options)
    ranking = rank(variant, tuple(totals), totals)
    return split_prize_pool(variant, ranking, totals, pot)


def test_traditionnel_shares_the_quarter_among_players_less_than_80_behind():
    shares = split("rami-traditionnel", {"A": 210, "B": 150, "C": 140, "D": 60}, 10_000)
    assert shares == {"A": 7501, "B": 1293, "C": 1206, "D": 0}  # vector PT02


def test_traditionnel_excludes_a_player_exactly_80_behind():
    shares = split("rami-traditionnel", {"A": 180, "B": 100}, 10_000)
    assert shares == {"A": 10_000, "B": 0}  # R03


def test_gin_rami_weights_are_25_minus_the_penalty():
    shares = split("gin-rami", {"A": 0, "B": 7, "C": 4, "D": 25}, 10_000)
    assert shares == {"A": 7501, "B": 1153, "C": 1346, "D": 0}  # vector PG01


def test_everyone_at_zero_weight_leaves_the_whole_pot_to_the_winner():
    assert split("rami-traditionnel", {"A": 100, "B": 0}, 5_000) == {"A": 5_000, "B": 0}


def test_places_give_tied_players_the_places_they_occupy_and_leftovers_to_the_best():
    totals = {"A": 45, "B": 105, "C": 45}
    assert by_places((60, 30, 10), ["A", "C", "B"], totals, 5_000) == {
        "A": 2_250,
        "C": 2_250,
        "B": 500,
    }
    # 100.01 in three equal places of 33 %: 33.00 each, and 1.01 left to the best placed.
    shares = by_places((33, 33, 34), ["A", "B", "C"], {"A": 1, "B": 1, "C": 1}, 10_001)
    assert shares == {"A": 3_335, "B": 3_333, "C": 3_333}


def test_unused_percentages_go_to_the_best_placed():
    shares = by_places((50, 20), ["A", "B", "C"], {"A": 3, "B": 2, "C": 1}, 1_000)
    assert shares == {"A": 800, "B": 200, "C": 0}


def test_amounts_are_written_with_two_decimals():
    assert format_cents(7501) == "75.01"
    assert format_cents(5) == "0.05"
    assert format_cents(0) == "0.00"


totals_of_four = st.lists(st.integers(0, 600), min_size=2, max_size=4)
pots = st.integers(0, 10_000_000)


@given(totals_of_four, pots, st.sampled_from(["rami-traditionnel", "gin-rami"]))
def test_weighted_splits_add_up_and_the_winner_keeps_his_floor(scores, pot, slug):
    names = "ABCD"[: len(scores)]
    totals = dict(zip(names, scores, strict=True))
    variant = make_variant(slug)
    ranking = rank(variant, tuple(names), totals)
    shares = split_prize_pool(variant, ranking, totals, pot)
    assert sum(shares.values()) == pot
    assert all(amount >= 0 for amount in shares.values())
    floor = Fraction(pot) * Fraction(Decimal("0.75"))
    assert shares[ranking[0]] >= floor


@given(
    st.lists(st.integers(-300, 300), min_size=2, max_size=8),
    pots,
    st.lists(st.integers(0, 40), min_size=1, max_size=5).filter(lambda p: sum(p) <= 100),
)
def test_place_splits_add_up_and_tied_players_get_the_same(scores, pot, percentages):
    names = [f"P{i}" for i in range(len(scores))]
    totals = dict(zip(names, scores, strict=True))
    ranking = sorted(names, key=lambda n: -totals[n])
    shares = by_places(tuple(percentages), ranking, totals, pot)
    assert sum(shares.values()) == pot
    for a in names[1:]:
        for b in names[1:]:
            if totals[a] == totals[b] and ranking[0] not in (a, b):
                assert shares[a] == shares[b]
    # The best placed gets at least his exact share.
    tied_first = [n for n in names if totals[n] == totals[ranking[0]]]
    occupied = sum(percentages[: len(tied_first)])
    assert shares[ranking[0]] >= Fraction(pot * occupied, 100 * len(tied_first))
