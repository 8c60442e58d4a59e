"""What the engine laid down for each player of a gin hand given by cards (issue 18 §5): the
melds, the lay-offs after a knock and the deadwood it counted, for the confirm screen; the
same search as the count (hands.count_hand), so the two never disagree."""

from __future__ import annotations

from tournaments.rules import make_variant
from tournaments.rules.cards import format_cards, parse_cards
from tournaments.rules.hands import KNOCK, Hand, count_hand, laid_down


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text)[0])


def words(laid) -> dict[str, tuple]:
    return {
        name: (
            sorted(" ".join(sorted(format_cards(meld).split())) for meld in found.melds),
            sorted(format_cards(found.laid_off).split()),
            sorted(format_cards(found.deadwood).split()),
        )
        for name, found in laid.items()
    }


def test_after_a_knock_the_defenders_lay_off_on_the_knockers_melds():
    """Vector K03: A knocks; B lays off 7H on A's run and 9H on A's nines."""
    variant = make_variant("gin-rami")
    players = ("A", "B", "C")
    hand = Hand(
        KNOCK,
        "A",
        {
            "A": cards("4H 5H 6H 9S 9D 9C 3C"),
            "B": cards("7H KS KD KC 2D 9H AS"),
            "C": cards("8H 2S 3S 4S JD QD 6D"),
        },
    )
    assert words(laid_down(variant, players, hand)) == {
        "A": (["4H 5H 6H", "9C 9D 9S"], [], ["3C"]),
        "B": (["KC KD KS"], ["7H", "9H"], ["2D", "AS"]),
        "C": (["2S 3S 4S"], [], ["6D", "8H", "JD", "QD"]),
    }
    counted = count_hand(variant, players, hand, 1)
    assert counted == {"A": 3, "B": 3, "C": 34}  # what was laid down is what was counted


def test_a_rami_hand_lays_nothing_down_every_card_counts():
    variant = make_variant("rami-penalites")
    hand = Hand("going_out", "A", {"B": cards("4H 5H 6H 9S")})
    assert laid_down(variant, ("A", "B"), hand) == {}


def test_a_count_typed_lays_nothing_down():
    variant = make_variant("gin-rummy")
    hand = Hand(KNOCK, "A", {"A": 5, "B": 20})
    assert laid_down(variant, ("A", "B"), hand) == {}
