"""Tournament standings, pure: tournament points, then the event's tie-breaks in order.

`rank_players` ranks `PlayerRecord`s (what each player did so far, loaded by
`tournaments.selectors.standings`); equal on everything shares the place. Tie-breaks are a
small registry: each one says what it measures, which way is better, and computes a value per
player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext_lazy as _


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
    opponents: list[int] = field(default_factory=list)  # one entry per opponent per game
    # Per game: (opponent ids, tournament points earned) — for head-to-head.
    results: list[tuple[tuple[int, ...], Decimal]] = field(default_factory=list)


@dataclass(frozen=True)
class TieBreak:
    key: str
    label: str
    higher_is_better: bool | None  # None: follows the variant (score in a penalty variant)
    value: Callable[[PlayerRecord, dict[int, PlayerRecord], list[PlayerRecord]], object]
    explanation: str = ""  # what it measures, for the organiser choosing and the players


def _opponents_points(record, everyone, group):
    return sum((everyone[o].points for o in record.opponents if o in everyone), Decimal(0))


def _head_to_head(record, everyone, group):
    # Points earned in the games against the other players tied with him.
    tied = {r.player_id for r in group} - {record.player_id}
    return sum(
        (points for opponents, points in record.results if tied & set(opponents)), Decimal(0)
    )


TIE_BREAKS: dict[str, TieBreak] = {
    tb.key: tb
    for tb in (
        TieBreak(
            "score",
            _("cumulative score"),
            None,
            lambda r, e, g: r.score,
            _(
                "The player's game totals added up: the higher the better, or the lower in "
                "a variant where the lowest total wins."
            ),
        ),
        TieBreak(
            "score_difference",
            _("score difference"),
            None,
            lambda r, e, g: r.score_difference,
            _(
                "At each table, his total minus his opponents' average, added up over his "
                "games: how far ahead of his tables he finished."
            ),
        ),
        TieBreak(
            "wins",
            _("games won"),
            True,
            lambda r, e, g: r.wins,
            _("How many games he finished first at his table."),
        ),
        TieBreak(
            "opponents_points",
            _("opponents' points (Buchholz)"),
            True,
            _opponents_points,
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
        ),
        TieBreak(
            "penalty_points",
            _("fewest penalty points"),
            False,
            lambda r, e, g: r.score,
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
    tie_breaks: list[object]  # values in the event's tie-break order
    prize: Decimal | None = None

    @property
    def name(self) -> str:
        return self.record.name


def rank_players(
    records: list[PlayerRecord], tie_breaks: list[str], *, highest_wins: bool
) -> list[StandingRow]:
    """Rank by points, then each tie-break in order; equal on everything shares the place."""
    everyone = {r.player_id: r for r in records}
    chosen = [TIE_BREAKS[key] for key in tie_breaks if key in TIE_BREAKS]

    def sort_key(record: PlayerRecord, group: list[PlayerRecord]) -> tuple:
        key: list = [-record.points]
        for tb in chosen:
            better_high = highest_wins if tb.higher_is_better is None else tb.higher_is_better
            value = tb.value(record, everyone, group)
            key.append(-value if better_high else value)
        return tuple(key)

    # Head-to-head only means something among the players level on points.
    by_points: dict[Decimal, list[PlayerRecord]] = {}
    for record in records:
        by_points.setdefault(record.points, []).append(record)
    keys = {r.player_id: sort_key(r, by_points[r.points]) for r in records}
    ordered = sorted(records, key=lambda r: (keys[r.player_id], r.name.casefold()))
    rows: list[StandingRow] = []
    for index, record in enumerate(ordered):
        same = rows and keys[rows[-1].record.player_id] == keys[record.player_id]
        place = rows[-1].place if same else index + 1
        values = [_display(tb.value(record, everyone, by_points[record.points])) for tb in chosen]
        rows.append(StandingRow(place, record, values))
    return rows


def _display(value):
    """Whole numbers as ints, others to the hundredth: 10, not Decimal('1E+1')."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else value.quantize(Decimal("0.01"))
    return value


def records_from_rows(registered, seats, byes) -> list[PlayerRecord]:
    """The records from an event's rows: registrations (player id, name, checked in),
    finished games' seats (game id, player id, total, rank, tournament points) and byes
    (player id, points). Pure, so that several events can be loaded at once."""
    names = {player_id: name for player_id, name, _checked_in in registered}
    records = {
        player_id: PlayerRecord(player_id, name)
        for player_id, name, checked_in in registered
        if checked_in
    }
    tables: dict[int, list[tuple]] = {}
    for game_id, *row in seats:
        tables.setdefault(game_id, []).append(row)
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
            record.opponents += [row[0] for row in others]
            record.results.append((tuple(row[0] for row in others), points))
            if others:
                average = Decimal(sum(row[1] for row in others)) / len(others)
                record.score_difference += Decimal(total) - average
    for player_id, points in byes:
        if player_id in records:
            records[player_id].points += points
            records[player_id].byes += 1
    return list(records.values())


def leaders(rows: list[StandingRow], count: int) -> list[StandingRow]:
    """The first `count` rows, and everyone sharing the last place shown."""
    if len(rows) <= count:
        return rows
    last = rows[count - 1].place
    return [row for row in rows if row.place <= last]


def tie_break_labels(tie_breaks: list[str]) -> list[tuple[str, str]]:
    """The tie-breaks (an event's, in order) that the registry knows, with their labels."""
    return [(key, TIE_BREAKS[key].label) for key in tie_breaks if key in TIE_BREAKS]


def rows_as_dicts(rows: list[StandingRow], tie_breaks: list[tuple[str, str]]) -> list[dict]:
    """Standings as plain rows (place, tied, player, points, games, wins, byes, prize and one
    `tb_<key>` per tie-break): what the standings table, its exports and the results sheet
    show."""
    sharing = Counter(row.place for row in rows)
    found = []
    for row in rows:
        record = row.record
        item = {
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
