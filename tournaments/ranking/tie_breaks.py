"""Tournament standings, pure: tournament points, then the event's tie-breaks in order.

`rank_players` ranks `PlayerRecord`s (what each player did so far, loaded by
`tournaments.standings.selectors` from the stored sums); equal on everything shares the
place. Tie-breaks are a small registry: each one says what it measures, which way is
better, and computes a value per player. Head-to-head is computed only among the players
still tied when it is reached, and only for them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any, overload

# Marked for translation only: the engine imports no Django, and tournaments/words/tie_breaks.py
# gives each label and explanation in the reader's language.
from tournaments.rules.errors import gettext_noop as _

# Per game: (opponent ids, tournament points earned): what head-to-head reads.
Results = list[tuple[tuple[int, ...], Decimal]]
TieValue = int | Decimal  # what a tie-break measures
# A standings row as the tables and sheets read it: its cells by column name (place, player,
# points... and a `tb_<key>` per tie-break of the event), each of its own kind.
Cells = dict[str, Any]


@dataclass
class PlayerRecord:
    """What one player did in the tournament so far (finished games and byes)."""

    player_id: int
    name: str
    points: Decimal = Decimal(0)
    score: int = 0  # sum of game totals
    score_difference: Decimal = Decimal(0)  # own total minus the opponents' average, summed
    wins: int = 0
    games: int = 0
    byes: int = 0
    opponents_points: Decimal = Decimal(0)  # one entry per opponent per game (Buchholz)
    # None: not loaded yet; `rank_players` asks for it when head-to-head needs it.
    results: Results | None = field(default_factory=list)


# What a record sums over finished games and byes: its fields between the name and the
# results, in their order. A Standing row keeps the same sums under the same names
# (standings/selectors.py reads them in this order).
_NOT_SUMS = ("player_id", "name", "results")
RECORD_SUMS = tuple(each.name for each in fields(PlayerRecord) if each.name not in _NOT_SUMS)
_GAMES = RECORD_SUMS.index("games")


@dataclass(frozen=True)
class TieBreak:
    key: str
    label: str  # in English, marked for translation
    higher_is_better: bool | None  # None: follows the variant (score in a penalty variant)
    # The value of a record among the players still level with him at this tie-break
    # (everyone, for the tie-breaks that are not `among_tied`).
    value: Callable[[PlayerRecord, list[PlayerRecord]], TieValue]
    explanation: str = ""  # what it measures, for the organiser choosing and the players
    # Only means something among tied players: the others get no value (None).
    among_tied: bool = False


def _head_to_head(record: PlayerRecord, group: list[PlayerRecord]) -> Decimal:
    # Points earned in the games against the other players still tied with him.
    tied = {r.player_id for r in group} - {record.player_id}
    return sum(
        (points for opponents, points in record.results or () if tied & set(opponents)),
        Decimal(0),
    )


TIE_BREAKS: dict[str, TieBreak] = {
    tb.key: tb
    for tb in (
        TieBreak(
            "score",
            _("cumulative score"),
            None,
            lambda r, g: r.score,
            _(
                "The player's game totals added up: the higher the better, or the lower in "
                "a variant where the lowest total wins."
            ),
        ),
        TieBreak(
            "score_difference",
            _("score difference"),
            None,
            lambda r, g: r.score_difference,
            _(
                "At each table, his total minus his opponents' average, added up over his "
                "games: how far ahead of his tables he finished."
            ),
        ),
        TieBreak(
            "wins",
            _("games won"),
            True,
            lambda r, g: r.wins,
            _("How many games he finished first at his table."),
        ),
        TieBreak(
            "opponents_points",
            _("opponents' points (Buchholz)"),
            True,
            lambda r, g: r.opponents_points,
            _(
                "The tournament points of every opponent he met, added up: whoever met "
                "the stronger players ranks first."
            ),
        ),
        TieBreak(
            "head_to_head",
            _("head-to-head"),
            True,
            _head_to_head,
            _("The tournament points he earned at tables where he met the players tied with him."),
            among_tied=True,
        ),
        TieBreak(
            "penalty_points",
            _("fewest penalty points"),
            False,
            lambda r, g: r.score,
            _(
                "His game totals added up, the lowest first whatever the variant: for "
                "variants where points are penalties."
            ),
        ),
    )
}


@dataclass
class StandingRow:
    place: int
    record: PlayerRecord
    tie_breaks: list[TieValue | None]  # values in the event's tie-break order
    prize: Decimal | None = None

    @property
    def name(self) -> str:
        return self.record.name


LoadResults = Callable[[list[int]], dict[int, Results]]


def rank_players(
    records: list[PlayerRecord],
    tie_breaks: list[str],
    *,
    highest_wins: bool,
    load_results: LoadResults | None = None,
) -> list[StandingRow]:
    """Rank by points, then each tie-break in order; equal on everything shares the place.

    `load_results` (player ids -> their results) is called once, for the tied players only,
    when head-to-head is reached and their records came without results."""
    chosen = [TIE_BREAKS[key] for key in tie_breaks if key in TIE_BREAKS]
    keys: dict[int, list[TieValue]] = {r.player_id: [-r.points] for r in records}
    values: dict[int, list[TieValue | None]] = {r.player_id: [] for r in records}
    shown: dict[TieValue, TieValue] = {}  # _display of each distinct value, once
    value: TieValue | None  # None: alone at his level, nothing to break
    key: TieValue
    for tb in chosen:
        better_high = highest_wins if tb.higher_is_better is None else tb.higher_is_better
        if not tb.among_tied:
            found = [tb.value(record, records) for record in records]
            for value in set(found) - shown.keys():
                shown[value] = _display(value)
            for record, value in zip(records, found, strict=True):
                values[record.player_id].append(shown[value])
                keys[record.player_id].append(-value if better_high else value)
            continue
        # Only the players still level on everything so far: their groups, now.
        groups = _level(records, keys)
        _load_missing_results(groups, load_results)
        for group in groups:
            for record in group:
                if len(group) == 1:
                    value, key = None, 0  # alone at his level: nothing to break
                else:
                    value = tb.value(record, group)
                    key = -value if better_high else value
                values[record.player_id].append(_display(value))
                keys[record.player_id].append(key)
    ordered = sorted(records, key=lambda r: (keys[r.player_id], r.name.casefold()))
    rows: list[StandingRow] = []
    previous = None
    for index, record in enumerate(ordered):
        level = keys[record.player_id]
        place = rows[-1].place if level == previous else index + 1
        previous = level
        rows.append(StandingRow(place, record, values[record.player_id]))
    return rows


def _level(
    records: list[PlayerRecord], keys: dict[int, list[TieValue]]
) -> list[list[PlayerRecord]]:
    """The records grouped by equal keys so far."""
    groups: dict[tuple[TieValue, ...], list[PlayerRecord]] = {}
    for record in records:
        groups.setdefault(tuple(keys[record.player_id]), []).append(record)
    return list(groups.values())


def _load_missing_results(groups: list[list[PlayerRecord]], load: LoadResults | None) -> None:
    missing = [r for group in groups if len(group) > 1 for r in group if r.results is None]
    if not missing:
        return
    found = load([r.player_id for r in missing]) if load else {}
    for record in missing:
        record.results = found.get(record.player_id, [])


@overload
def _display(value: TieValue) -> TieValue: ...
@overload
def _display(value: None) -> None: ...
def _display(value: TieValue | None) -> TieValue | None:
    """Whole numbers as ints, others to the hundredth: 10, not Decimal('1E+1')."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else value.quantize(Decimal("0.01"))
    return value


def records_from_rows(
    registered: Sequence[tuple[int, str, bool]],
    seats: Iterable[tuple[int, int, int, int | None, Decimal]],
    byes: Iterable[tuple[int, Decimal]],
) -> list[PlayerRecord]:
    """The records from an event's rows: registrations (player id, name, checked in),
    finished games' seats (game id, player id, total, rank, tournament points) and byes
    (player id, points). Pure, so that several events can be loaded at once."""
    names = {player_id: name for player_id, name, _checked_in in registered}
    records = {
        player_id: PlayerRecord(player_id, name)
        for player_id, name, checked_in in registered
        if checked_in
    }
    opponents: dict[int, list[int]] = {}
    tables: dict[int, list[tuple[int, int, int | None, Decimal]]] = {}
    for game_id, player_id, total, rank, points in seats:
        tables.setdefault(game_id, []).append((player_id, total, rank, points))
    for table in tables.values():
        for player_id, total, rank, points in table:
            if player_id not in records:
                # Seated without being checked in (seated by hand, or imported).
                records[player_id] = PlayerRecord(player_id, names.get(player_id, "?"))
            record = records[player_id]
            others = [row for row in table if row[0] != player_id]
            record.points += points
            record.score += total
            record.games += 1
            record.wins += rank == 1
            opponents.setdefault(player_id, []).extend(row[0] for row in others)
            assert record.results is not None  # a record made above: its results are a list
            record.results.append((tuple(row[0] for row in others), points))
            if others:
                average = Decimal(sum(row[1] for row in others)) / len(others)
                record.score_difference += Decimal(total) - average
    for player_id, points in byes:
        if player_id in records:
            records[player_id].points += points
            records[player_id].byes += 1
    for player_id, met in opponents.items():
        records[player_id].opponents_points = sum(
            (records[other].points for other in met), Decimal(0)
        )
    return list(records.values())


def records_from_standings(
    registered: Iterable[tuple[int, str, bool]], rows: Iterable[tuple[Any, ...]]
) -> list[PlayerRecord]:
    """The records from an event's stored sums: registrations (player id, name, checked in)
    and Standing rows (player id, name, then the RECORD_SUMS in their order). Who counts is
    as in `records_from_rows`: everyone checked in, and whoever played a finished game; byes
    count for them only. Results are left to load."""
    checked_in = {player_id: name for player_id, name, here in registered if here}
    records: dict[int, PlayerRecord] = {}
    for player_id, name, *sums in rows:
        if sums[_GAMES] or player_id in checked_in:
            records[player_id] = PlayerRecord(player_id, name, *sums)
            records[player_id].results = None
    for player_id, name in checked_in.items():
        if player_id not in records:
            records[player_id] = PlayerRecord(player_id, name, results=None)
    return list(records.values())


def leaders(rows: list[StandingRow], count: int) -> list[StandingRow]:
    """The first `count` rows, and everyone sharing the last place shown."""
    if len(rows) <= count:
        return rows
    last = rows[count - 1].place
    return [row for row in rows if row.place <= last]


def deciding_tie_breaks(rows: list[StandingRow], tie_breaks: list[str]) -> list[str | None]:
    """For each ranked row, the tie-break that set his place apart from the other places of
    the players level with him on points: the first on which his place's players differ from
    the place above among them (from the place below, for the first of them). None when his
    points alone place him, or when all who have as many share his place."""
    places: list[list[StandingRow]] = []  # the rows sharing each place, in order
    for row in rows:
        if places and places[-1][0].place == row.place:
            places[-1].append(row)
        else:
            places.append([row])

    def first_difference(one: list[StandingRow], other: list[StandingRow]) -> str | None:
        if one[0].record.points != other[0].record.points:
            return None
        for key, mine, theirs in zip(
            tie_breaks, one[0].tie_breaks, other[0].tie_breaks, strict=False
        ):
            if mine != theirs:
                return key
        return None

    found: list[str | None] = []
    for index, place in enumerate(places):
        above = first_difference(place, places[index - 1]) if index > 0 else None
        below = first_difference(place, places[index + 1]) if index + 1 < len(places) else None
        found += [above or below] * len(place)
    return found


def rows_as_dicts(rows: list[StandingRow], tie_breaks: list[tuple[str, str]]) -> list[Cells]:
    """Standings as plain rows (place, tied, player, points, games, wins, byes, prize and one
    `tb_<key>` per tie-break): what the standings table, its exports and the results sheet
    show."""
    sharing = Counter(row.place for row in rows)
    found = []
    for row in rows:
        record = row.record
        item: Cells = {
            "place": row.place,
            "tied": sharing[row.place] > 1,
            "player_id": record.player_id,
            "player": record.name,
            "points": record.points,
            "games": record.games,
            "wins": record.wins,
            "byes": record.byes,
            "prize": row.prize,
        }
        for (key, _label), value in zip(tie_breaks, row.tie_breaks, strict=True):
            item[f"tb_{key}"] = value
        found.append(item)
    return found
