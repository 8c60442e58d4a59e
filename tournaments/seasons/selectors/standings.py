"""Reads for seasons: each night's results, a season's standings, a club member's nights.

A night's result, as docs/seasons.md explains it to clubs: at a tournament, the player's
final place in its standings (tournament points, then the event's tie-breaks); at a club
night, his place at each table he played (1 = won his table). Both come from the stored,
engine-derived rows of finished games, so a night added or corrected moves the season at
the next reading. Every function answers in a fixed number of queries.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import BooleanField, ExpressionWrapper, Q

from tournaments.models import Bye, Event, Registration, Round, Season, Seat
from tournaments.ranking import rank_players, records_from_rows
from tournaments.rules import PRESETS
from tournaments.rules.season import NightEntry, Place, SeasonStanding, rank_season

# A seat as load_nights reads it (its event's id aside): game id, round number, table number,
# finished, settled, player id, name, total, rank, tournament points.
SeatRow = tuple[int, int, int, bool, bool, int, str, int, int | None, Decimal]


@dataclass(frozen=True)
class TablePlace:
    """Where a player finished one game of a club night."""

    game_id: int
    round_number: int
    table_number: int
    place: Place


@dataclass
class Night:
    """One event's results as a season reads them."""

    event: Event
    entries: dict[int, NightEntry] = field(default_factory=dict)  # by player id
    tables: dict[int, list[TablePlace]] = field(default_factory=dict)  # club nights
    names: dict[int, str] = field(default_factory=dict)
    in_play: bool = False  # tables still playing, or a tournament round open


def load_nights(events: Iterable[Event]) -> dict[int, Night]:
    """The results of these events, by event id: four queries whatever their number."""
    events = list(events)
    nights = {event.pk: Night(event) for event in events}
    if not events:
        return nights
    ids = list(nights)
    seats = Seat.objects.filter(game__event_id__in=ids).order_by("game_id", "position")
    # Closed for good: closed by the organiser with no hand waiting for confirmation.
    settled = ExpressionWrapper(
        Q(game__closed=True, game__has_provisional_hands=False), output_field=BooleanField()
    )
    rows = list(
        seats.annotate(settled=settled).values_list(
            "game__event_id",
            "game_id",
            "game__round__number",
            "game__table_number",
            "game__finished",
            "settled",
            "player_id",
            "player__name",
            "total",
            "rank",
            "tournament_points",
        )
    )
    byes: dict[int, list[tuple[int, Decimal]]] = {}
    for event_id, player_id, points in Bye.objects.filter(round__event_id__in=ids).values_list(
        "round__event_id", "player_id", "points"
    ):
        byes.setdefault(event_id, []).append((player_id, points))
    registered: dict[int, list[tuple[int, str, bool]]] = {}
    tournaments = [event.pk for event in events if event.is_tournament]
    for event_id, player_id, name, checked_in in Registration.objects.filter(
        event_id__in=tournaments
    ).values_list("event_id", "player_id", "player__name", "checked_in"):
        registered.setdefault(event_id, []).append((player_id, name, checked_in))
    open_rounds = set(
        Round.objects.filter(event_id__in=tournaments, closed_at__isnull=True).values_list(
            "event_id", flat=True
        )
    )
    by_event: dict[int, list[SeatRow]] = {}
    for row in rows:
        by_event.setdefault(row[0], []).append(row[1:])
    for event_id, night in nights.items():
        event_rows = by_event.get(event_id, [])
        night.names = {row[5]: row[6] for row in event_rows}
        # A night with a hand waiting for confirmation is still in play: nothing is final.
        night.in_play = event_id in open_rounds or any(
            not finished and not settled for _g, _r, _t, finished, settled, *_rest in event_rows
        )
        if night.event.is_tournament:
            _tournament_night(
                night, event_rows, registered.get(event_id, []), byes.get(event_id, [])
            )
        else:
            _club_night(night, event_rows, byes.get(event_id, []))
    return nights


def _club_night(night: Night, rows: list[SeatRow], byes: list[tuple[int, Decimal]]) -> None:
    """Each finished table gives its players their place at it."""
    games: dict[int, list[SeatRow]] = {}
    for row in rows:
        if row[3]:  # finished
            games.setdefault(row[0], []).append(row)
    places: dict[int, list[Place]] = {}
    points: dict[int, Decimal] = {}
    for game_rows in games.values():
        sharing = Counter(row[8] for row in game_rows)
        for game_id, round_number, table, _f, _c, player_id, _name, _total, rank, tp in game_rows:
            assert rank is not None  # a finished table places every player
            place = Place(rank, sharing[rank], len(game_rows))
            places.setdefault(player_id, []).append(place)
            night.tables.setdefault(player_id, []).append(
                TablePlace(game_id, round_number, table, place)
            )
            points[player_id] = points.get(player_id, Decimal(0)) + tp
    for player_id, bye_points in byes:
        points[player_id] = points.get(player_id, Decimal(0)) + bye_points
        places.setdefault(player_id, [])
    night.entries = {
        player_id: NightEntry(tuple(found), points.get(player_id, Decimal(0)))
        for player_id, found in places.items()
    }


def _tournament_night(
    night: Night,
    rows: list[SeatRow],
    registered: list[tuple[int, str, bool]],
    byes: list[tuple[int, Decimal]],
) -> None:
    """The tournament's standings as its own page ranks them; each player's final place."""
    event = night.event
    seats = [
        (game_id, player_id, total, rank, tp)
        for game_id, _r, _t, finished, _c, player_id, _n, total, rank, tp in rows
        if finished
    ]
    records = records_from_rows(registered, seats, byes)
    night.names.update({player_id: name for player_id, name, _checked_in in registered})
    highest = PRESETS[event.variant].highest_wins
    standings = rank_players(records, list(event.tie_breaks), highest_wins=highest)
    sharing = Counter(row.place for row in standings)
    for row in standings:
        record = row.record
        if record.games or record.byes:
            place = Place(row.place, sharing[row.place], len(standings))
            night.entries[record.player_id] = NightEntry((place,), record.points)


def season_events(season: Season) -> list[Event]:
    """The events a season counts, in date order: those chosen, or else every event of the
    club between its dates. One or two queries."""
    chosen = list(season.events.order_by("date", "id"))
    if chosen:
        return chosen
    return list(
        Event.objects.filter(
            club_id=season.club_id, date__gte=season.starts_on, date__lte=season.ends_on
        ).order_by("date", "id")
    )


@dataclass
class SeasonStandings:
    season: Season
    nights: list[Night]
    lines: list[SeasonStanding[int, int]]  # players and nights by id
    names: dict[int, str]

    @property
    def nights_in_play(self) -> list[Night]:
        return [night for night in self.nights if night.in_play]

    @property
    def nights_played(self) -> int:
        """Nights with at least one result."""
        return sum(1 for night in self.nights if night.entries)


def standings_from_nights(season: Season, nights: list[Night]) -> SeasonStandings:
    """The season's standings from its nights' results (pure)."""
    entries: dict[int, dict[int, NightEntry]] = {}
    names: dict[int, str] = {}
    for night in nights:
        names.update(night.names)
        for player_id, entry in night.entries.items():
            entries.setdefault(player_id, {})[night.event.pk] = entry
    lines = rank_season(
        entries,
        scoring=season.scoring,
        scale=list(season.points_scale),
        best_of=season.best_of,
        order=[night.event.pk for night in nights],
        names=names,
    )
    return SeasonStandings(season, nights, lines, names)


def season_standings(season: Season) -> SeasonStandings:
    """A season's standings: six queries at most, whatever the number of nights."""
    events = season_events(season)
    nights = load_nights(events)
    return standings_from_nights(season, [nights[event.pk] for event in events])


def current_seasons(today: datetime.date, limit: int = 6) -> list[Season]:
    """Seasons running today or ended within the last month, for the home page: one query."""
    recent = today - datetime.timedelta(days=31)
    seasons = Season.objects.filter(starts_on__lte=today, ends_on__gte=recent)
    return list(seasons.select_related("club").order_by("-ends_on", "name")[:limit])
