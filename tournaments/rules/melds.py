"""Melds, deadwood and lay-offs: the best a player can do with the cards he holds.

A set is 3 or 4 cards of one rank in different suits; a run is 3 or more consecutive cards of
one suit, the ace low only (A-2-3 is a run, Q-K-A and K-A-2 are not); a card belongs to one meld
only. Where the variant has jokers, a joker may stand for any one card of a meld, at most one
joker per meld (Ramiscore reading S01, see docs/rules.md).

Deadwood is found by an exact search over every way of arranging the melds, not a greedy
pass: a greedy "longest run first" loses on hands such as 2-6S with 4H 4D 6H 6D (vector D09).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations, product

from .cards import JOKER, card_value, rank_of, suit_of

SET, RUN = "set", "run"


@dataclass(frozen=True)
class Meld:
    """One meld: its natural cards, and how many jokers complete it."""

    kind: str  # SET or RUN
    cards: tuple[int, ...]
    jokers: int = 0

    @property
    def rank(self) -> int:
        """The rank of a set."""
        return rank_of(self.cards[0])

    @property
    def suit(self) -> int:
        """The suit of a run."""
        return suit_of(self.cards[0])

    def span(self) -> tuple[int, int]:
        """The lowest and highest rank of a run of natural cards."""
        ranks = [rank_of(c) for c in self.cards]
        return min(ranks), max(ranks)


@dataclass(frozen=True)
class Arrangement:
    """A way to lay down a hand: its melds and the cards left over (the deadwood)."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[int, ...]
    deadwood: int


def candidate_melds(cards: list[int], *, jokers: int = 0) -> list[tuple[int, Meld]]:
    """Every meld the natural cards can form, as (bitmask of positions in `cards`, meld).

    Two decks can put two copies of a card in one hand: melds are built from positions, so
    each copy can serve in a different meld.
    """
    by_rank: dict[int, dict[int, list[int]]] = {}
    by_suit: dict[int, dict[int, list[int]]] = {}
    for position, c in enumerate(cards):
        by_rank.setdefault(rank_of(c), {}).setdefault(suit_of(c), []).append(position)
        by_suit.setdefault(suit_of(c), {}).setdefault(rank_of(c), []).append(position)

    melds: dict[tuple[int, int], Meld] = {}
    # Sets: 3 or 4 different suits; with a joker, 2 or 3 natural cards and the joker.
    for suits in by_rank.values():
        for size in range(2 if jokers else 3, min(4, len(suits)) + 1):
            for chosen_suits in combinations(sorted(suits), size):
                for positions in product(*(suits[s] for s in chosen_suits)):
                    if size >= 3:
                        _add(melds, cards, positions, SET, 0)
                    if jokers and size <= 3:
                        _add(melds, cards, positions, SET, 1)
    # Runs: windows of consecutive ranks within one suit; with a joker, one rank of the
    # window may be missing (a gap, or either end).
    for ranks in by_suit.values():
        for low in range(1, 12):
            if low not in ranks and not jokers:
                continue
            missing, window = 0, []
            for high in range(low, 14):
                if high in ranks:
                    window.append(high)
                else:
                    missing += 1
                    if missing > (1 if jokers else 0):
                        break
                if high - low >= 2 and len(window) >= 2:
                    for positions in product(*(ranks[r] for r in window)):
                        _add(melds, cards, positions, RUN, missing)
    return [(mask, meld) for (mask, _jokers), meld in melds.items()]


def _add(
    melds: dict[tuple[int, int], Meld],
    cards: list[int],
    positions: tuple[int, ...],
    kind: str,
    jokers: int,
) -> None:
    # The same natural cards with the same number of jokers make the same meld for counting
    # (J-5-6 and 5-6-J), so each is kept once.
    mask = 0
    for position in positions:
        mask |= 1 << position
    melds.setdefault((mask, jokers), Meld(kind, tuple(cards[p] for p in positions), jokers))


def best_arrangement(cards: Iterable[int], *, ace_value: int, joker_value: int = 0) -> Arrangement:
    """The arrangement of melds that leaves the least deadwood (one of them, if several)."""
    return _Search(cards, ace_value, joker_value).best()


def deadwood(cards: Iterable[int], *, ace_value: int, joker_value: int = 0) -> int:
    """The minimal deadwood of a hand: the value of the cards left after the best melds."""
    return best_arrangement(cards, ace_value=ace_value, joker_value=joker_value).deadwood


def all_arrangements(cards: Iterable[int], *, ace_value: int) -> list[Arrangement]:
    """Every set of disjoint melds the hand can lay down, the empty one included."""
    return _Search(cards, ace_value, 0).every()


class _Search:
    """Exact search over meld arrangements, positions taken in order.

    At each position still free, either the card stays in hand or it goes down in a meld
    whose lowest position it is; memoised on (position, positions used, jokers left). Cards
    that fit no meld at all are deadwood from the start and never enter the search.
    """

    def __init__(self, cards: Iterable[int], ace_value: int, joker_value: int) -> None:
        cards = list(cards)
        self.jokers = cards.count(JOKER)
        self.joker_value = joker_value
        naturals = [c for c in cards if c != JOKER]
        melds = candidate_melds(naturals, jokers=self.jokers)
        meldable = 0
        for mask, _meld in melds:
            meldable |= mask
        self.fixed = [c for p, c in enumerate(naturals) if not meldable >> p & 1]
        self.fixed_value = sum(card_value(c, ace_value=ace_value) for c in self.fixed)
        # Renumber the meldable cards 0..n-1 so that masks stay small.
        keep = [p for p in range(len(naturals)) if meldable >> p & 1]
        renumber = {p: i for i, p in enumerate(keep)}
        self.cards = [naturals[p] for p in keep]
        self.values = [card_value(c, ace_value=ace_value) for c in self.cards]
        self.by_low: list[list[tuple[int, Meld]]] = [[] for _ in keep]
        for mask, meld in melds:
            new_mask = 0
            for p in keep:
                if mask >> p & 1:
                    new_mask |= 1 << renumber[p]
            self.by_low[(new_mask & -new_mask).bit_length() - 1].append((new_mask, meld))
        self.memo: dict[tuple[int, int, int], tuple[int, tuple[Meld, ...]]] = {}

    def best(self) -> Arrangement:
        value, melds = self._best(0, 0, self.jokers)
        return self._arrangement(melds, value)

    def _best(self, i: int, used: int, jokers: int) -> tuple[int, tuple[Meld, ...]]:
        n = len(self.cards)
        while i < n and used >> i & 1:
            i += 1
        if i == n:
            return jokers * self.joker_value, ()
        key = (i, used, jokers)
        found = self.memo.get(key)
        if found is not None:
            return found
        rest, melds = self._best(i + 1, used, jokers)
        best = (rest + self.values[i], melds)
        for mask, meld in self.by_low[i]:
            if not mask & used and meld.jokers <= jokers:
                rest, melds = self._best(i + 1, used | mask, jokers - meld.jokers)
                if rest < best[0]:
                    best = (rest, (meld, *melds))
        self.memo[key] = best
        return best

    def every(self) -> list[Arrangement]:
        found: list[Arrangement] = []
        self._every(0, 0, (), found)
        return found

    def _every(self, i: int, used: int, melds: tuple[Meld, ...], found: list[Arrangement]) -> None:
        n = len(self.cards)
        while i < n and used >> i & 1:
            i += 1
        if i == n:
            left = sum(self.values[p] for p in range(n) if not used >> p & 1)
            found.append(self._arrangement(melds, left))
            return
        self._every(i + 1, used, melds, found)
        for mask, meld in self.by_low[i]:
            if not mask & used:
                self._every(i + 1, used | mask, (*melds, meld), found)

    def _arrangement(self, melds: tuple[Meld, ...], value: int) -> Arrangement:
        in_melds = [c for meld in melds for c in meld.cards]
        left = list(self.cards)
        for c in in_melds:
            left.remove(c)
        jokers_left = self.jokers - sum(m.jokers for m in melds)
        deadwood_cards = tuple(sorted(self.fixed + left)) + (JOKER,) * jokers_left
        return Arrangement(melds, deadwood_cards, self.fixed_value + value)
