"""Lay-offs after a knock: on the knocker's melds as laid down, never after a gin."""

from __future__ import annotations

from tournaments.rules.cards import parse_cards
from tournaments.rules.layoffs import defender_count, knock_counts, layable
from tournaments.rules.melds import RUN, SET, Meld, all_arrangements


def cards(text: str) -> list[int]:
    return parse_cards(text)[0]


def test_a_run_grows_one_card_at_a_time_at_either_end():
    table = (Meld(RUN, tuple(cards("4H 5H 6H"))),)
    laid, left = layable(cards("2H 3H 7H 8H 10H"), table)
    assert sorted(laid) == sorted(cards("2H 3H 7H 8H"))
    assert left == cards("10H")  # 9H is missing, so 10H cannot follow


def test_a_set_of_three_takes_its_fourth_card_only():
    table = (Meld(SET, tuple(cards("QC QD QS"))), Meld(SET, tuple(cards("8C 8D 8S 8H"))))
    laid, left = layable(cards("QH 9H"), table)
    assert laid == cards("QH")
    assert left == cards("9H")


def test_a_card_that_fits_a_run_and_a_set_goes_on_the_run_to_let_the_next_follow():
    table = (Meld(RUN, tuple(cards("2H 3H 4H"))), Meld(SET, tuple(cards("5S 5D 5C"))))
    laid, left = layable(cards("6H 5H"), table)
    assert sorted(laid) == sorted(cards("5H 6H"))
    assert left == []


def test_the_defender_breaks_his_own_four_of_a_kind_to_lay_off():
    table = (
        Meld(RUN, tuple(cards("2H 3H 4H"))),
        Meld(RUN, tuple(cards("7C 8C 9C"))),
        Meld(SET, tuple(cards("QS QD QC"))),
    )
    count = defender_count(cards("5S 5D 5C 5H 6H 10C JC KD AD 3D"), table, ace_value=1)
    assert count.deadwood == 14  # vector K02
    assert sorted(count.laid_off) == sorted(cards("5H 6H 10C JC"))


def test_the_knocker_lays_down_the_melds_that_let_the_defender_shed_least():
    # R20. 6H can go in the run 3-6H or in the four sixes: the same deadwood (AC 2S 3D = 6)
    # either way. As a run to 6H it would take the defender's 7H and 8H; the knocker keeps
    # 3-5H and the four sixes, and the defender keeps 7H 8H.
    knocker = cards("3H 4H 5H 6H 6S 6D 6C AC 2S 3D")
    defender = cards("7H 8H 9S 9D 9C 10S JS QD KD 2H")
    best_ones = [a for a in all_arrangements(knocker, ace_value=1) if a.deadwood == 6]
    shed = {defender_count(defender, a.melds, ace_value=1).deadwood for a in best_ones}
    assert shed == {38, 53}, "the example must offer the knocker a real choice"

    arrangement, counts = knock_counts(knocker, {"B": defender}, ace_value=1)
    assert arrangement.deadwood == 6
    assert counts["B"].deadwood == 53  # 9S-JS melded, 2H laid off; 7H 8H stay in hand
    assert sorted(counts["B"].laid_off) == cards("2H")


def test_defenders_lay_off_independently_on_the_knockers_melds():
    knocker = cards("4H 5H 6H 9S 9D 9C 3C")
    defenders = {"B": cards("7H KS KD KC 2D 9H AS"), "C": cards("8H 2S 3S 4S JD QD 6D")}
    _arrangement, counts = knock_counts(knocker, defenders, ace_value=1)
    assert counts["B"].deadwood == 3  # vector K03
    assert counts["C"].deadwood == 34  # 8H cannot go on B's 7H
