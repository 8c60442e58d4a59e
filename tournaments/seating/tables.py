"""What a seating is, the one seating error, and how many tables of which size a round needs."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

# A player is whatever the caller uses to name one (a primary key, usually): the seating module
# only hashes and compares ids for equality, it never orders them.
PlayerId = Hashable


class SeatingError(ValueError):
    """A round that cannot be seated as asked; the message says why, in an organiser's words."""


@dataclass(frozen=True)
class Seating:
    """One round's seating: the tables, each in seat order, and the players given a bye."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...] = ()

    def players(self) -> list[PlayerId]:
        """Everyone in this round: the seated players table by table, then the byes."""
        return [player for table in self.tables for player in table] + list(self.byes)

    def table_sizes(self) -> list[int]:
        """How many players sit at each table, in table order."""
        return [len(table) for table in self.tables]


def check_table_sizes(allowed_sizes: Iterable[int]) -> tuple[int, ...]:
    """The allowed table sizes, sorted and without repeats; SeatingError if they make no sense."""
    sizes = tuple(sorted(set(allowed_sizes)))
    if not sizes:
        raise SeatingError("No table size is allowed: give at least one, such as 2 or 4.")
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int) or size < 2:
            raise SeatingError(f"A table seats at least 2 players; {size!r} is not a table size.")
    return sizes


def describe_sizes(sizes: Iterable[int]) -> str:
    """Table sizes as an organiser reads them: "2", "3 or 4", "3, 4, 5 or 6"."""
    words = [str(size) for size in sorted(set(sizes))]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def byes_needed(player_count: int, allowed_sizes: Iterable[int]) -> int:
    """How many players sit out this round: one when a 2-player variant has an odd count."""
    # Only 2-player variants give byes (issue 6): at rami tables an awkward count is solved
    # by mixing table sizes, or refused, never by leaving someone out.
    return 1 if set(allowed_sizes) == {2} and player_count % 2 == 1 else 0


def split_into_tables(
    player_count: int, allowed_sizes: Iterable[int], preferred: int | None = None
) -> list[int]:
    """Table sizes for a round, largest first, as even as possible and all allowed.

    The sizes add up to the players seated, which is everyone except `byes_needed` players
    (a 2-player variant with an odd count leaves one player out). Without `preferred` the split
    uses as few tables as possible, so the largest sizes that keep the tables even: 9 players at
    tables of 3 or 4 play at 3, 3, 3; 10 at 4, 3, 3; 12 at tables of 3 to 6 at 6, 6. With
    `preferred` the sizes stay as close to it as they can: 12 players preferring 4 play at 4, 4, 4.
    Raises SeatingError when there are too few players or no combination of sizes fits.
    """
    sizes = check_table_sizes(allowed_sizes)
    if preferred is not None and preferred not in sizes:
        raise SeatingError(
            f"The preferred table size {preferred} is not one of the allowed sizes "
            f"({describe_sizes(sizes)})."
        )
    if player_count < sizes[0]:
        raise SeatingError(
            f"Need at least {sizes[0]} players for tables of {describe_sizes(sizes)}; "
            f"{player_count} {'is' if player_count == 1 else 'are'} here."
        )
    seated = player_count - byes_needed(player_count, sizes)
    split = _even_split(seated, sizes, preferred) or _uneven_split(seated, sizes)
    if split is None:
        raise SeatingError(
            f"Cannot seat {player_count} players at tables of {describe_sizes(sizes)}."
        )
    return split


def _even_split(seated: int, sizes: tuple[int, ...], preferred: int | None) -> list[int] | None:
    """The best split whose tables differ by at most one player, or None if there is none."""
    allowed = set(sizes)
    candidates = []
    for table_count in range(max(1, -(-seated // sizes[-1])), seated // sizes[0] + 1):
        small, extra = divmod(seated, table_count)
        split = [small + 1] * extra + [small] * (table_count - extra)
        if set(split) <= allowed:
            candidates.append(split)
    if not candidates:
        return None
    if preferred is None:
        return min(candidates, key=len)
    # Closest to the preferred size in total; on a tie, more tables exactly at that size, then
    # fewer tables (10 players preferring 4 play at 4, 3, 3 rather than 5, 5).
    return min(
        candidates,
        key=lambda split: (
            sum(abs(size - preferred) for size in split),
            -split.count(preferred),
            len(split),
        ),
    )


def _uneven_split(seated: int, sizes: tuple[int, ...]) -> list[int] | None:
    """For sizes with gaps (say 4 or 6): the split with the smallest spread, then fewest tables."""
    windows = sorted(
        ((low, high) for low in sizes for high in sizes if low <= high),
        key=lambda window: (window[1] - window[0], -window[1]),
    )
    for low, high in windows:
        split = _fewest_tables(seated, [size for size in sizes if low <= size <= high])
        if split is not None:
            return split
    return None


def _fewest_tables(seated: int, sizes: list[int]) -> list[int] | None:
    """Fewest tables of the given sizes seating exactly `seated` players (a coin-change DP)."""
    unreachable = seated + 1
    fewest = [0] + [unreachable] * seated
    last_size = [0] * (seated + 1)
    for total in range(1, seated + 1):
        for size in sizes:
            if size <= total and fewest[total - size] + 1 < fewest[total]:
                fewest[total] = fewest[total - size] + 1
                last_size[total] = size
    if fewest[seated] == unreachable:
        return None
    split = []
    while seated:
        split.append(last_size[seated])
        seated -= last_size[seated]
    return sorted(split, reverse=True)
