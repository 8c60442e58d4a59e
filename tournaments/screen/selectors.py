"""Reads for the projector screen: the current round's tables, the standings, who sits where
and the round's clock, in a fixed number of queries whatever the number of tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.events.selectors.clock import clock_changes
from tournaments.events.selectors.events import EventOverview, event_overview
from tournaments.models import Bye, ClockChange, Game
from tournaments.play.selectors.games import games_with_seats, match_scores
from tournaments.ranking import StandingRow
from tournaments.registrations.selectors import Counts, counts
from tournaments.standings.selectors import event_standings


@dataclass
class ScreenData:
    overview: EventOverview  # the event, its rounds, the current round's tables
    games: list[Game]  # the current round's, with seats
    scores: dict[int, dict[int, int]]  # gin-rummy matches: the current game's scores
    standings: list[StandingRow] = field(default_factory=list)  # tournaments
    byes: list[Bye] = field(default_factory=list)  # who sits out the current round
    clock: list[ClockChange] = field(default_factory=list)  # the current round's
    arrivals: Counts | None = None  # who is checked in, of those with a place


def screen_data(event_id: int) -> ScreenData:
    """What the projector shows: at most twelve queries. Event.DoesNotExist if none."""
    overview = event_overview(event_id)
    current = overview.current_round
    games = games_with_seats(current.games.order_by("table_number")) if current else []
    data = ScreenData(overview, games, match_scores(games), arrivals=counts(event_id))
    if overview.event.is_tournament and current is not None:
        data.standings = event_standings(overview.event)
    if current is not None and not current.is_closed:
        data.byes = list(Bye.objects.filter(round=current).select_related("player"))
        data.clock = clock_changes([current.pk])[current.pk]
    return data
