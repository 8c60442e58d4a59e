"""Cards: their codes, their values in hand, and the decks they come from.

A card is a small int so that meld searches stay fast: suit * 13 + (rank - 1) for the 52 plain
cards, and JOKER (52) for a joker. Ranks run 1 (ace) to 13 (king); suits S H D C.

The game file writes codes the English way ("KD", king of diamonds). A French table writes them
the French way ("RK", roi de carreau): `CardLetters` is how one way writes them, as data, and
`read_cards` reads typed codes with one way's letters while noticing codes that only the other
way reads (or that it reads as another card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from .errors import Problem, problem
from .errors import gettext_noop as _

JOKER = 52
JOKER_CODE = "JK"


def rank_of(card_: int) -> int:
    return card_ % 13 + 1


def suit_of(card_: int) -> int:
    return card_ // 13


@dataclass(frozen=True)
class CardLetters:
    """How one way of writing writes card codes: the letters of the ace and the court cards,
    and of the four suits in the order S H D C (spades, hearts, diamonds, clubs)."""

    ace: str
    jack: str
    queen: str
    king: str
    suits: str  # four letters: spades, hearts, diamonds, clubs
    joker: str = JOKER_CODE

    @cached_property
    def ranks(self) -> dict[str, int]:
        """Each rank's code: the numbers as they are, the ace and court cards by letter."""
        numbers = {str(rank): rank for rank in range(2, 11)}
        return {self.ace: 1, **numbers, self.jack: 11, self.queen: 12, self.king: 13}

    def code(self, card_: int) -> str:
        """The card's code in these letters: "10H" in English is "10C" in French."""
        if card_ == JOKER:
            return self.joker
        return self._rank_codes[rank_of(card_)] + self.suits[suit_of(card_)]

    @cached_property
    def _rank_codes(self) -> dict[int, str]:
        return {rank: code for code, rank in self.ranks.items()}

    def parse(self, code: str) -> int | None:
        """The card a code (upper case) names in these letters; None if it names none."""
        if code == self.joker:
            return JOKER
        rank, suit = code[:-1], code[-1:]
        ranks = self.ranks
        if rank not in ranks or not suit or suit not in self.suits:
            return None
        return self.suits.index(suit) * 13 + ranks[rank] - 1


# The game file's letters, and a French table's: as, roi, dame, valet; pique, cœur, carreau,
# trèfle (K for carreau, since C is cœur).
ENGLISH = CardLetters(ace="A", jack="J", queen="Q", king="K", suits="SHDC")
FRENCH = CardLetters(ace="A", jack="V", queen="D", king="R", suits="PCKT")


def code_of(card_: int) -> str:
    """The card's code in the game file, rank then suit: "10H", "AS", "JK"."""
    return ENGLISH.code(card_)


def parse_card(code: str) -> int | None:
    """The card for a game-file code such as "KD", "10H" or "JK"; None if it is not a card."""
    return ENGLISH.parse(code)


@dataclass(frozen=True)
class CardReading:
    """Typed codes read with one way's letters.

    `cards` are the codes read; `bad` the codes these letters do not read, and among them
    `other_way`, those the other way reads (code, card); `read_otherwise`, the codes both ways
    read but as different cards (code, card here, card the other way).
    """

    cards: list[int] = field(default_factory=list)
    bad: list[str] = field(default_factory=list)
    other_way: list[tuple[str, int]] = field(default_factory=list)
    read_otherwise: list[tuple[str, int, int]] = field(default_factory=list)


def read_cards(text: str, letters: CardLetters, other: CardLetters | None = None) -> CardReading:
    """The cards of space- or comma-separated codes in `letters`, in any case; with `other`,
    what the other way would have read (to explain a code typed the other way)."""
    reading = CardReading()
    for typed in text.replace(",", " ").split():
        code = typed.upper()
        card_ = letters.parse(code)
        theirs = other.parse(code) if other is not None else None
        if card_ is None:
            reading.bad.append(typed)
            if theirs is not None:
                reading.other_way.append((typed, theirs))
            continue
        reading.cards.append(card_)
        if theirs is not None and theirs != card_:
            reading.read_otherwise.append((typed, card_, theirs))
    return reading


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


def deck_problems(deck: Deck, held_cards: dict[str, list[int]], *, hand: int) -> list[Problem]:
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
