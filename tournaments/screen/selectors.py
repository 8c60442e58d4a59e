"""Reads for the projector screen: the current round's tables, the standings, who sits where
and the round's clock, in a fixed number of queries whatever the number of tables."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tournaments.events.selectors.clock import clock_changes
from tournaments.events.selectors.events import EventOverview, event_overview
from tournaments.federation.selectors import last_round_number
from tournaments.models import Bye, ClockChange, Game, Registration, Venue
from tournaments.play.selectors.games import games_with_seats, match_scores
from tournaments.ranking import StandingRow
from tournaments.registrations.selectors import Counts, counts
from tournaments.standings.selectors import event_standings, recent_standings


@dataclass
class ScreenData:
    overview: EventOverview  # the event, its rounds, the current round's tables
    games: list[Game]  # the current round's, with seats
    scores: dict[int, dict[int, int]]  # gin-rummy matches: the current game's scores
    standings: list[StandingRow] = field(default_factory=list)  # tournaments
    byes: list[Bye] = field(default_factory=list)  # who sits out the current round
    clock: list[ClockChange] = field(default_factory=list)  # the current round's
    # A simultaneous evening's venue: its own tables, and the ranking across every venue
    # with each player's club.
    venue: Venue | None = None
    clubs: dict[int, str] = field(default_factory=dict)  # player id → his venue's club
    here: set[int] = field(default_factory=set)  # the ids of the players of this venue
    arrivals: Counts | None = None  # who is checked in, of those with a place
    # At a simultaneous evening: whether the standings are of the event's version as read,
    # rather than worked out a moment before (recent_standings).
    standings_current: bool = True


def screen_data(event_id: int, venue_number: int | None = None) -> ScreenData:
    """What the projector shows (at a simultaneous evening, `venue_number`'s, with the
    standings across venues as recent_standings keeps them): at most sixteen queries.
    Event.DoesNotExist if none, Venue.DoesNotExist for a venue it has not."""
    overview = event_overview(event_id)
    venue = None
    tables = Game.objects.all()
    if venue_number is not None:
        venue = Venue.objects.select_related("club").get(event_id=event_id, number=venue_number)
        # The venue's round: the others may be a round ahead or behind.
        number = last_round_number(venue)
        current = next((each for each in overview.rounds if each.number == number), None)
        overview = replace(overview, current_round=current)
        tables = tables.filter(venue=venue)
    current = overview.current_round
    games = (
        games_with_seats(tables.filter(round=current).order_by("table_number")) if current else []
    )
    data = ScreenData(overview, games, match_scores(games), venue=venue, arrivals=counts(event_id))
    if overview.event.is_simultaneous and current is not None:
        # Twenty venues' screens read the same standings of every venue's players.
        recent = recent_standings(overview.event)
        data.standings, data.standings_current = recent.rows, recent.current
    elif overview.event.is_tournament and current is not None:
        data.standings = event_standings(overview.event)
    if overview.event.is_simultaneous:
        places = Registration.objects.filter(event_id=event_id, venue__isnull=False)
        for player_id, club, venue_id in places.values_list(
            "player_id", "venue__club__name", "venue_id"
        ):
            data.clubs[player_id] = club
            if venue is not None and venue_id == venue.pk:
                data.here.add(player_id)
    if current is not None and not current.is_closed:
        byes = Bye.objects.filter(round=current).select_related("player")
        if venue is not None:
            byes = byes.filter(player__registrations__venue=venue)
        data.byes = list(byes)
        data.clock = clock_changes([current.pk])[current.pk]
    return data
