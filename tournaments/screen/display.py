"""The projector screen's panels, built from rows already loaded (no queries): the tables'
progress, the standings (a tournament) or each table's leader (a club night), who sits where
(names in alphabetical order with their table) and the round clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from tournaments.events.display.clock import ClockView, clock_view
from tournaments.events.display.tournament import points_words
from tournaments.models import Bye, Event, Game, Round, Venue
from tournaments.play.display.scoreboard import GameCard, game_card
from tournaments.ranking import StandingRow, deciding_tie_breaks
from tournaments.registrations.selectors import Counts
from tournaments.screen.selectors import ScreenData
from tournaments.words.names import by_name
from tournaments.words.tie_breaks import tie_break_label


@dataclass(frozen=True)
class SeatLine:
    """A player and his table in the current round; `table` None: he sits out."""

    name: str
    table: int | None


@dataclass(frozen=True)
class StandingLine:
    """A player's place in the standings, his points in words ("6 points"), and when others
    have as many, the tie-break that placed him among them ("tie-break: games won"; "" when
    his points alone place him)."""

    place: int
    name: str
    points: str
    decided_by: str = ""
    club: str = ""  # at a simultaneous evening: the club where he plays


@dataclass(frozen=True)
class TableLeader:
    """A table of a club night and who leads it (or won it), with the total."""

    table: int
    names: list[str]
    total: int
    finished: bool


# A venue's screen at a simultaneous evening shows the ranking's first lines and its own
# players with their places across venues: 2,000 names at 15 s a page of 30 would take the
# TV 17 minutes to go round, and each of its polls would render them all.
TOP_ACROSS_VENUES = 10


@dataclass
class Screen:
    event: Event
    round: Round | None
    cards: list[GameCard]
    standings: list[StandingLine] = field(default_factory=list)
    leaders: list[TableLeader] = field(default_factory=list)
    seating: list[SeatLine] = field(default_factory=list)
    clock: ClockView | None = None
    venue: Venue | None = None  # a simultaneous evening's venue: its tables
    arrivals: Counts | None = None  # checked in, of those with a place

    @property
    def first_across_venues(self) -> int:
        return TOP_ACROSS_VENUES

    @property
    def round_open(self) -> bool:
        return self.round is not None and not self.round.is_closed


def screen(data: ScreenData, now: datetime) -> Screen:
    """The panels from the screen's data, the clock as it stands at `now`."""
    overview = data.overview
    event, current = overview.event, overview.current_round
    cards = [
        game_card(game, list(game.seats.all()), data.scores.get(game.pk), event=event)
        for game in data.games
    ]
    found = Screen(
        event,
        current,
        cards,
        standings=standing_lines(
            data.standings,
            event.tie_breaks,
            data.clubs,
            only=_first_and_here(data.here) if data.venue else None,
        ),
        venue=data.venue,
        arrivals=data.arrivals,
    )
    if not event.is_tournament:
        found.leaders = table_leaders(cards)
    if current is not None and not current.is_closed:
        found.seating = seating(data.games, data.byes)
        clock = clock_view(current, data.clock, now)
        found.clock = clock if clock.started else None
    return found


def standing_lines(
    rows: list[StandingRow],
    tie_breaks: list[str],
    clubs: dict[int, str] | None = None,
    only: Callable[[int, StandingRow], bool] | None = None,
) -> list[StandingLine]:
    """The lines of the standings; with `only`, the rows it keeps (given each row's index
    and the row), each with the place and the tie-break it has among all."""
    deciding = deciding_tie_breaks(rows, tie_breaks)
    clubs = clubs or {}
    return [
        StandingLine(
            row.place,
            row.name,
            points_words(row.record.points),
            _("tie-break: %(tie_break)s") % {"tie_break": tie_break_label(key)} if key else "",
            clubs.get(row.record.player_id, ""),
        )
        for index, (row, key) in enumerate(zip(rows, deciding, strict=True))
        if only is None or only(index, row)
    ]


def _first_and_here(here: set[int]) -> Callable[[int, StandingRow], bool]:
    """The ranking's first lines and a venue's players. The first lines, not the first
    places: before any game ends, every player shares the first place."""
    return lambda index, row: index < TOP_ACROSS_VENUES or row.record.player_id in here


def table_leaders(cards: list[GameCard]) -> list[TableLeader]:
    """Each table's winner, or its leaders while it plays; tables without a hand are left
    out (nobody leads yet)."""
    leaders = []
    for card in cards:
        ahead = [line for line in card.players if line.winner or line.leader]
        if ahead:
            leaders.append(
                TableLeader(
                    card.game.table_number,
                    [line.name for line in ahead],
                    ahead[0].total,
                    card.finished,
                )
            )
    return leaders


def seating(games: list[Game], byes: list[Bye]) -> list[SeatLine]:
    """Every player of the round with his table, in alphabetical order as a club reads it."""
    lines = [
        SeatLine(seat.player.name, game.table_number) for game in games for seat in game.seats.all()
    ]
    lines += [SeatLine(bye.player.name, None) for bye in byes]
    return sorted(lines, key=lambda line: by_name(line.name))
