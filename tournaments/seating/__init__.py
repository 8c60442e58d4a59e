"""Seating a tournament round: who plays at which table, and who has a bye.

Pure Python, no Django: the tournament service passes player ids (any hashable values), past
tables and standings, and stores the Seating it gets back. See docs/seating.md.
"""

from __future__ import annotations

from tournaments.seating.balanced import seat_balanced
from tournaments.seating.byes import choose_bye
from tournaments.seating.encounters import meet_counts, repeat_pairings, times_met
from tournaments.seating.methods import METHODS, seat, seat_random
from tournaments.seating.request import SeatingRequest, make_request
from tournaments.seating.round_robin import berger_round, round_count, seat_round_robin
from tournaments.seating.swiss import seat_swiss
from tournaments.seating.tables import (
    PlayerId,
    Seating,
    SeatingError,
    byes_needed,
    describe_sizes,
    split_into_tables,
)

__all__ = [
    "METHODS",
    "PlayerId",
    "Seating",
    "SeatingError",
    "SeatingRequest",
    "berger_round",
    "byes_needed",
    "choose_bye",
    "describe_sizes",
    "make_request",
    "meet_counts",
    "repeat_pairings",
    "round_count",
    "seat",
    "seat_balanced",
    "seat_random",
    "seat_round_robin",
    "seat_swiss",
    "split_into_tables",
    "times_met",
]
