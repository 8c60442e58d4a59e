"""After a knock: what each defender lays off on the knocker's melds (never after a gin)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_value, rank_of, suit_of
from .melds import RUN, SET, Arrangement, Meld, all_arrangements, best_arrangement


@dataclass(frozen=True)
class DefenderCount:
    """A defender's deadwood after his own best melds and his lay-offs."""

    deadwood: int
    laid_off: tuple[int, ...]
    arrangement: Arrangement


def layable(cards: list[int], table: tuple[Meld, ...]) -> tuple[list[int], list[int]]:
    """Split cards into those that can be laid off on the knocker's melds and those left.

    Lay-offs go only on the knocker's melds as he laid them down: a run grows one card at a
    time at either end (5H, then 6H, on 2H-3H-4H); a set of three takes its fourth card. A card
    that fits both a run and a set goes on the run, where it may let another card follow.
    """
    runs = []
    for meld in table:
        if meld.kind == RUN:
            low, high = meld.span()
            runs.append([meld.suit, low, high])
    set_needs = set()
    for meld in table:
        if meld.kind == SET and len(meld.cards) == 3:
            missing = {0, 1, 2, 3} - {suit_of(c) for c in meld.cards}
            set_needs |= {(meld.rank, suit) for suit in missing}
    left, laid = list(cards), []
    progress = True
    while progress:
        progress = False
        for c in list(left):
            rank, suit = rank_of(c), suit_of(c)
            placed = False
            for run in runs:
                if run[0] == suit and rank == run[1] - 1:
                    run[1], placed = rank, True
                elif run[0] == suit and rank == run[2] + 1:
                    run[2], placed = rank, True
                if placed:
                    break
            if not placed and (rank, suit) in set_needs:
                placed = True
            if placed:
                set_needs.discard((rank, suit))
                left.remove(c)
                laid.append(c)
                progress = True
    return laid, left


def defender_count(cards: list[int], table: tuple[Meld, ...], *, ace_value: int) -> DefenderCount:
    """The defender's least deadwood: his own melds chosen with the lay-offs in mind.

    Laying off can pay more than melding: with 5S 5D 5C 5H 6H against the knocker's 2H-3H-4H,
    melding the three black-and-diamond fives and laying off 5H then 6H beats the four fives.
    """
    best: DefenderCount | None = None
    for arrangement in all_arrangements(cards, ace_value=ace_value):
        laid, left = layable(list(arrangement.deadwood_cards), table)
        value = sum(card_value(c, ace_value=ace_value) for c in left)
        if best is None or value < best.deadwood:
            best = DefenderCount(value, tuple(laid), arrangement)
    assert best is not None  # every hand has an arrangement: no meld at all
    return best


def knock_counts(
    knocker_cards: list[int], defenders: dict[str, list[int]], *, ace_value: int
) -> tuple[Arrangement, dict[str, DefenderCount]]:
    """The knocker's laid-down arrangement and each defender's count after lay-offs.

    R20: the knocker lays down an arrangement of minimal deadwood and, among those, the one
    that lets the defenders shed the least. Each defender lays off on the knocker's melds
    only, never on another defender's lay-offs (vector K03).
    """
    least = best_arrangement(knocker_cards, ace_value=ace_value).deadwood
    candidates = [
        arrangement
        for arrangement in all_arrangements(knocker_cards, ace_value=ace_value)
        if arrangement.deadwood == least
    ]
    chosen: Arrangement | None = None
    chosen_counts: dict[str, DefenderCount] = {}
    chosen_total = -1
    for arrangement in candidates:
        counts = {
            name: defender_count(cards, arrangement.melds, ace_value=ace_value)
            for name, cards in defenders.items()
        }
        total = sum(count.deadwood for count in counts.values())
        if total > chosen_total:
            chosen, chosen_counts, chosen_total = arrangement, counts, total
    # The best arrangement is a candidate, and any total beats -1.
    assert chosen is not None
    return chosen, chosen_counts
