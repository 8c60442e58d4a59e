"""Tournament standings, pure (no database): the tie-break registry and the ranking.

Loading the players' records is a read: `tournaments.selectors.standings` (the stored sums
of `services/standings.py`); seasons build them from seats with `records_from_rows`.
"""

from .ranking import (
    TIE_BREAKS,
    PlayerRecord,
    StandingRow,
    TieBreak,
    deciding_tie_breaks,
    leaders,
    rank_players,
    records_from_rows,
    records_from_standings,
    rows_as_dicts,
    tie_break_labels,
)

__all__ = [
    "TIE_BREAKS",
    "PlayerRecord",
    "StandingRow",
    "TieBreak",
    "deciding_tie_breaks",
    "leaders",
    "rank_players",
    "records_from_rows",
    "records_from_standings",
    "rows_as_dicts",
    "tie_break_labels",
]
