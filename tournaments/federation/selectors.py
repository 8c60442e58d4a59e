"""Reads for a federation: its clubs' events, an event's results by licence (what the
federation's own records take, docs/federation.md), one person's events in every club, the
ranking as of a date, and the lines behind a person's rating; a simultaneous evening's
venues and its ranking across them."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, F, Max, Q, QuerySet, Window
from django.db.models.functions import RowNumber

from tournaments.models import (
    Bye,
    Event,
    Federation,
    FederationRating,
    Game,
    Person,
    Player,
    Registration,
    Round,
    Seat,
    Venue,
)
from tournaments.play.selectors.games import games_with_seats
from tournaments.standings.selectors import event_standings, recent_standings


@dataclass(frozen=True)
class ResultRow:
    """One player's result at an event, by licence: a tournament's final place, or a club
    night's place at his table."""

    licence: str
    name: str
    club: str
    place: int | None
    table: int | None  # a club night's table; None for a tournament
    points: Decimal  # tournament points (a club night: the table's total)
    games: int
    wins: int
    prize: Decimal | None


RESULT_COLUMNS = ("licence", "name", "club", "place", "table", "points", "games", "wins", "prize")


def federation_events(federation: Federation) -> QuerySet[Event]:
    """Every event of the federation's clubs, newest first."""
    return (
        Event.objects.filter(club__federation=federation)
        .select_related("club")
        .order_by("-date", "-id")
    )


def results_by_licence(event: Event) -> list[ResultRow]:
    """The event's results with each player's licence ("" when he has none): a few queries
    whatever the number of players (the standings' seven, and one for the licences)."""
    club = event.club.name
    if event.is_tournament:
        rows = event_standings(event)
        licences = _licences([row.record.player_id for row in rows])
        return [
            ResultRow(
                licence=licences.get(row.record.player_id, ""),
                name=row.record.name,
                club=club,
                place=row.place,
                table=None,
                points=row.record.points,
                games=row.record.games,
                wins=row.record.wins,
                prize=row.prize,
            )
            for row in rows
        ]
    seats = (
        Seat.objects.filter(game__event=event)
        .select_related("player__person", "game")
        .order_by("game__round__number", "game__table_number", "rank", "position")
    )
    return [
        ResultRow(
            licence=seat.player.person.licence if seat.player.person else "",
            name=seat.player.name,
            club=club,
            place=seat.rank,
            table=seat.game.table_number,
            points=Decimal(seat.total),
            games=1,
            wins=1 if seat.rank == 1 and seat.game.finished else 0,
            prize=seat.prize,
        )
        for seat in seats
    ]


def _licences(player_ids: list[int]) -> dict[int, str]:
    rows = Player.objects.filter(pk__in=player_ids, person__isnull=False).values_list(
        "pk", "person__licence"
    )
    return dict(rows)


@dataclass(frozen=True)
class PersonPlayer:
    player: Player
    events: list[Event]


def person_players(person: Person) -> list[PersonPlayer]:
    """His players, one per club, each with the events he played there (newest first):
    two queries."""
    players = list(person.players.select_related("club").order_by("club__name"))
    seated = (
        Seat.objects.filter(player__in=players)
        .select_related("game__event__club")
        .order_by("-game__event__date", "-game__event_id")
    )
    events: dict[int, dict[int, Event]] = {player.pk: {} for player in players}
    for seat in seated:
        events[seat.player_id].setdefault(seat.game.event_id, seat.game.event)
    return [PersonPlayer(player, list(events[player.pk].values())) for player in players]


@dataclass(frozen=True)
class RankedPerson:
    place: int
    person_id: int
    name: str
    clubs: str
    rating: int
    games: int


def federation_ranking(
    federation: Federation, *, on: datetime.date | None = None, limit: int = 500
) -> list[RankedPerson]:
    """The ranking as it stood at the end of day `on` (today's without it): each person's
    last rating up to that day, best first; three queries whatever the number of games."""
    rows = FederationRating.objects.filter(federation=federation)
    if on is not None:
        rows = rows.filter(played_on__lte=on)
    order = ("-played_on", "-game__event_id", "-game__round__number", "-game__table_number")
    latest = rows.annotate(
        newest=Window(RowNumber(), partition_by=[F("person_id")], order_by=order),
        games=Window(Count("id"), partition_by=[F("person_id")]),
    ).filter(newest=1)
    last = {
        person_id: (rating, games)
        for person_id, rating, games in latest.values_list("person_id", "rating", "games")
    }
    names = dict(Person.objects.filter(pk__in=last).values_list("pk", "name"))
    clubs: dict[int, list[str]] = {}
    for person_id, club in Player.objects.filter(person_id__in=last).values_list(
        "person_id", "club__name"
    ):
        clubs.setdefault(person_id, []).append(club)
    ranked = sorted(last.items(), key=lambda item: (-item[1][0], names.get(item[0], "")))
    found: list[RankedPerson] = []
    place = 0
    for index, (person_id, (rating, games)) in enumerate(ranked[:limit], start=1):
        if not found or rating != found[-1].rating:
            place = index
        found.append(
            RankedPerson(
                place,
                person_id,
                names.get(person_id, ""),
                ", ".join(sorted(clubs.get(person_id, []))),
                rating,
                games,
            )
        )
    return found


@dataclass(frozen=True)
class RatingLine:
    """One game of a person's rating: where, against whom, his place, the number before and
    after."""

    played_on: datetime.date
    event: Event
    club: str  # where he played it: at a simultaneous evening, his venue's club
    table: int
    place: int
    opponents: list[str]
    before: int
    after: int
    change: int


def rating_lines(person: Person) -> list[RatingLine]:
    """Every game behind a person's federation rating, oldest first: three queries."""
    rows = list(
        FederationRating.objects.filter(person=person)
        .select_related("game__event__club", "game__venue__club")
        .order_by("played_on", "game__event_id", "game__round__number", "game__table_number")
    )
    opponents: dict[int, list[str]] = {}
    seats = Seat.objects.filter(game_id__in=[row.game_id for row in rows]).exclude(
        player__person=person
    )
    for game_id, name in seats.order_by("position").values_list("game_id", "player__name"):
        opponents.setdefault(game_id, []).append(name)
    return [
        RatingLine(
            row.played_on,
            row.game.event,
            (row.game.venue or row.game.event).club.name,
            row.game.table_number,
            row.place,
            opponents.get(row.game_id, []),
            row.rating - row.change,
            row.rating,
            row.change,
        )
        for row in rows
    ]


# --- A simultaneous evening ---------------------------------------------------------------


@dataclass(frozen=True)
class VenueSummary:
    """A venue of a simultaneous evening as its federation's officials follow it."""

    venue: Venue
    players: int  # registered and not withdrawn
    present: int  # of whom checked in
    round: int | None  # the last round it seated
    tables: int  # its tables in that round
    playing: int  # of which still playing


def evening_venues(event: Event) -> list[VenueSummary]:
    """Every venue of the evening with its players and its tables: three queries."""
    venues = list(event.venues.select_related("club"))
    counts = {
        row["venue_id"]: row
        for row in Registration.objects.filter(event=event, withdrawn=False)
        .values("venue_id")
        .annotate(players=Count("id"), present=Count("id", filter=Q(checked_in=True)))
    }
    tables: dict[int, dict[int, tuple[int, int]]] = {}
    for venue_id, number, count, playing in (
        Game.objects.filter(event=event, venue__isnull=False)
        .values("venue_id", "round__number")
        .annotate(count=Count("id"), playing=Count("id", filter=Q(finished=False, closed=False)))
        .values_list("venue_id", "round__number", "count", "playing")
    ):
        tables.setdefault(venue_id, {})[number] = (count, playing)
    found = []
    for venue in venues:
        rounds = tables.get(venue.pk, {})
        last = max(rounds, default=None)
        count, playing = rounds[last] if last is not None else (0, 0)
        row = counts.get(venue.pk, {})
        found.append(
            VenueSummary(venue, row.get("players", 0), row.get("present", 0), last, count, playing)
        )
    return found


@dataclass(frozen=True)
class EveningLine:
    """A player in the evening's combined ranking: his place across every venue, and in his
    own venue."""

    place: int
    venue_place: int
    name: str
    club: str
    venue: int  # the venue's number
    points: Decimal
    games: int
    wins: int


@dataclass(frozen=True)
class EveningRanking:
    lines: list[EveningLine]
    # Finished games when it was read (read before the standings): what it counts at least.
    finished_games: int
    version: int  # the event's standings version it is of
    current: bool = True  # of the event's version as read, not worked out a moment before


def evening_ranking(
    event: Event, venue: Venue | None = None, *, at_least: int = 0
) -> EveningRanking:
    """The standings across venues, each player with his club and his place in his venue;
    only `venue`'s players when one is given (their places still the combined ones): the
    standings as recent_standings keeps them for the polled pages (perhaps a moment old:
    `current` says; never older than `at_least`, the version the phone holds), and two
    queries."""
    recent = recent_standings(event, at_least=at_least)
    rows = recent.rows
    venue_of = dict(
        Registration.objects.filter(event=event, venue__isnull=False).values_list(
            "player_id", "venue_id"
        )
    )
    venues = {each.pk: each for each in event.venues.select_related("club")}
    seen: dict[int | None, list[int]] = {}  # venue → places of its players so far
    lines = []
    for row in rows:
        home = venues.get(venue_of.get(row.record.player_id, 0))
        key = home.pk if home else None
        before = seen.setdefault(key, [])
        venue_place = 1 + sum(1 for place in before if place < row.place)
        before.append(row.place)
        if venue is not None and key != venue.pk:
            continue
        lines.append(
            EveningLine(
                row.place,
                venue_place,
                row.name,
                home.club.name if home else "",
                home.number if home else 0,
                row.record.points,
                row.record.games,
                row.record.wins,
            )
        )
    return EveningRanking(lines, recent.finished_games, recent.version, recent.current)


def last_round_number(venue: Venue) -> int | None:
    """The last round the venue seated (None before its first): two queries."""
    games = Game.objects.filter(venue=venue).aggregate(last=Max("round__number"))["last"]
    byes = Bye.objects.filter(
        round__event_id=venue.event_id, player__registrations__venue=venue
    ).aggregate(last=Max("round__number"))["last"]
    return max((number for number in (games, byes) if number is not None), default=None)


@dataclass(frozen=True)
class VenuePage:
    """What a venue's organisers see: its players, and its tables of its current round."""

    venue: Venue
    registrations: list[Registration]
    round: Round | None
    games: list[Game]  # with their seats and players
    byes: list[Bye]

    @property
    def playing(self) -> list[Game]:
        return [game for game in self.games if not (game.finished or game.closed)]


def venue_page(venue: Venue) -> VenuePage:
    """The venue's page: seven queries whatever the number of players and tables."""
    registrations = list(
        Registration.objects.filter(venue=venue).select_related("player").order_by("player__name")
    )
    number = last_round_number(venue)
    if number is None:
        return VenuePage(venue, registrations, None, [], [])
    round_ = Round.objects.get(event_id=venue.event_id, number=number)
    games = games_with_seats(round_.games.filter(venue=venue).order_by("table_number"))
    byes = list(
        Bye.objects.filter(round=round_, player__registrations__venue=venue).select_related(
            "player"
        )
    )
    return VenuePage(venue, registrations, round_, games, byes)
