"""Cards: their codes, their values in hand, and the decks they come from.

A card is a small int so that meld searches stay fast: suit * 13 + (rank - 1) for the 52 plain
cards, and JOKER (52) for a joker. Ranks run 1 (ace) to 13 (king); suits S H D C.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .errors import gettext_noop as _
from .errors import problem

RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
RANKS.update({"J": 11, "Q": 12, "K": 13})
RANK_CODES = {rank: code for code, rank in RANKS.items()}
SUITS = "SHDC"  # pique, cœur, carreau, trèfle
JOKER = 52
JOKER_CODE = "JK"


def card(rank: int, suit: str) -> int:
    """The card of this rank (1-13) and suit letter."""
    return SUITS.index(suit) * 13 + rank - 1


def rank_of(card_: int) -> int:
    return card_ % 13 + 1


def suit_of(card_: int) -> int:
    return card_ // 13


def code_of(card_: int) -> str:
    """The card's code, rank then suit: "10H", "AS", "JK"."""
    if card_ == JOKER:
        return JOKER_CODE
    return RANK_CODES[rank_of(card_)] + SUITS[suit_of(card_)]


def parse_card(code: str) -> int | None:
    """The card for a code such as "KD", "10H" or "JK"; None if the code is not a card."""
    if code == JOKER_CODE:
        return JOKER
    rank, suit = code[:-1], code[-1:]
    if rank not in RANKS or suit not in SUITS or not suit:
        return None
    return card(RANKS[rank], suit)


def parse_cards(text: str) -> tuple[list[int], list[str]]:
    """The cards of a space-separated list of codes, and the codes that are not cards."""
    cards, bad = [], []
    for code in text.split():
        parsed = parse_card(code.upper())
        if parsed is None:
            bad.append(code)
        else:
            cards.append(parsed)
    return cards, bad


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(code_of(c) for c in cards)


def card_value(card_: int, *, ace_value: int, joker_value: int = 0) -> int:
    """The value of a card left in hand: 2-10 face value, J Q K 10, ace and joker by option."""
    if card_ == JOKER:
        return joker_value
    rank = rank_of(card_)
    if rank == 1:
        return ace_value
    return min(rank, 10)


def hand_value(cards: Iterable[int], *, ace_value: int, joker_value: int = 0) -> int:
    """The plain count of a hand: every card at its value, melds or not (rami-type variants)."""
    return sum(card_value(c, ace_value=ace_value, joker_value=joker_value) for c in cards)


class Deck:
    """What a variant plays with: how many copies of each plain card, and how many jokers."""

    def __init__(self, copies: int, jokers: int = 0):
        self.copies = copies
        self.jokers = jokers

    def most_valuable(self, n: int, *, ace_value: int, joker_value: int = 0) -> int:
        """The highest count n cards of this deck can make: the bound on any declared count."""
        values = [joker_value] * self.jokers
        for c in range(52):
            values += [card_value(c, ace_value=ace_value)] * self.copies
        return sum(sorted(values, reverse=True)[:n])

    def least_valuable(self, *, ace_value: int, joker_value: int = 0) -> int:
        """What the cheapest card of this deck counts: no player left holding a card counts
        less."""
        cheapest = min(card_value(c, ace_value=ace_value) for c in range(52))
        return min(cheapest, joker_value) if self.jokers else cheapest

    def overdrawn(self, cards: Iterable[int]) -> list[tuple[int, int, int]]:
        """The cards that appear more often than the deck holds: (card, seen, allowed)."""
        seen = Counter(cards)
        too_many = []
        for card_, count in sorted(seen.items()):
            allowed = self.jokers if card_ == JOKER else self.copies
            if count > allowed:
                too_many.append((card_, count, allowed))
        return too_many


def deck_problems(deck: Deck, held_cards: dict[str, list[int]], *, hand: int) -> list:
    """Problems with the cards of one hand taken together: more copies than the deck holds."""
    everything = [c for cards in held_cards.values() for c in cards]
    problems = []
    for card_, seen, allowed in deck.overdrawn(everything):
        holders = [name for name, cards in held_cards.items() if card_ in cards]
        if card_ == JOKER and allowed == 0:
            message = _("this variant is played without jokers, yet %(players)s hold(s) one")
            problems.append(problem(message, hand=hand, field="held", players=", ".join(holders)))
            continue
        message = _("%(card)s appears %(seen)s times, but the deck holds %(allowed)s (%(players)s)")
        problems.append(
            problem(
                message,
                hand=hand,
                player=holders[0] if len(holders) == 1 else None,
                field="held",
                card=code_of(card_),
                seen=seen,
                allowed=allowed,
                players=", ".join(holders),
            )
        )
    return problems
