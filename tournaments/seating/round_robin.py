"""Round robin for small 2-player groups: Berger tables, one round at a time."""

from __future__ import annotations

from tournaments.seating.request import SeatingRequest
from tournaments.seating.tables import Seating, SeatingError


def round_count(player_count: int) -> int:
    """Rounds in a round robin: everyone meets everyone once (an odd count adds a bye round)."""
    return player_count - 1 if player_count % 2 == 0 else player_count


def berger_round(player_count: int, round_number: int) -> list[tuple[int | None, int | None]]:
    """Pairs of draw positions (0-based) for one round of Berger tables; None is the bye.

    This is the FIDE Berger table: with 6 players round 1 is 1-6, 2-5, 3-4 and round 2 is
    6-4, 5-3, 1-2. With an odd count the missing last position is the bye.
    """
    total = round_count(player_count)
    if not 1 <= round_number <= total:
        raise SeatingError(
            f"A round robin of {player_count} players has {total} rounds; "
            f"round {round_number} does not exist."
        )
    positions = player_count + player_count % 2
    fixed, circle, half = positions - 1, positions - 1, positions // 2
    # The fixed last position meets, round after round, the player half a circle further on.
    start = (round_number - 1) * half % circle
    # The fixed position alternates seats so nobody always deals first against it.
    first_table = (start, fixed) if round_number % 2 else (fixed, start)
    pairs = [first_table] + [
        ((start + step) % circle, (start - step) % circle) for step in range(1, half)
    ]
    bye = fixed if player_count % 2 else None
    return [
        (None if first == bye else first, None if second == bye else second)
        for first, second in pairs
    ]


def seat_round_robin(request: SeatingRequest) -> Seating:
    """Round `round_number` of Berger tables, players in the order given (their draw)."""
    if request.allowed_sizes != (2,):
        raise SeatingError("Round robin seats players two by two: use it with tables of 2.")
    players = request.players
    tables, byes = [], []
    for pair in berger_round(len(players), request.round_number):
        seated = [players[seat] for seat in pair if seat is not None]
        if len(seated) == 2:
            tables.append(tuple(seated))
        else:
            byes.extend(seated)
    return Seating(tables=tuple(tables), byes=tuple(byes))
