"""Tournament standings, pure (no database): the tie-break registry and the ranking.

Loading the players' records is a read: `tournaments.standings.selectors` (the stored sums
of `standings/services.py`); seasons build them from seats with `records_from_rows`.
"""

from .tie_breaks import (
    TIE_BREAKS,
    Cells,
    PlayerRecord,
    StandingRow,
    TieBreak,
    deciding_tie_breaks,
    leaders,
    rank_players,
    records_from_rows,
    records_from_standings,
    rows_as_dicts,
)

__all__ = [
    "TIE_BREAKS",
    "Cells",
    "PlayerRecord",
    "StandingRow",
    "TieBreak",
    "deciding_tie_breaks",
    "leaders",
    "rank_players",
    "records_from_rows",
    "records_from_standings",
    "rows_as_dicts",
]
