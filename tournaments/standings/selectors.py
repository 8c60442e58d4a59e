"""Reads for tournament standings: the players' records, the standings with the prizes given
(the pool's places and the prize categories, tournaments/prizes/), and the page's data, each
in a fixed number of queries whatever the number of players, rounds and hands. Only finished
games count: a game in play gives nothing yet. The records are the Standing rows that
standings/services.py keeps: one row per player.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache, partial

from django.conf import settings
from django.db.models import Q
from django.utils.translation import get_language

from tournaments.models import (
    Event,
    Game,
    Player,
    PrizeCategory,
    Registration,
    Round,
    Seat,
    Standing,
)
from tournaments.prizes.selectors import (
    EventPrizes,
    event_categories,
    event_prizes,
    overall_places,
    prizes_of,
)
from tournaments.ranking import (
    Cells,
    PlayerRecord,
    StandingRow,
    rank_players,
    records_from_standings,
    rows_as_dicts,
)
from tournaments.ranking.tie_breaks import RECORD_SUMS, Results
from tournaments.rules import PRESETS
from tournaments.words.tie_breaks import tie_break_labels

CENT = Decimal("0.01")


# What a Standing row keeps of a player's event, as refresh_game sums it: a record's sums.
STANDING_SUMS = RECORD_SUMS


def load_records(event: Event) -> list[PlayerRecord]:
    """The record of every player who came (checked in, or seated since), from the stored
    sums of finished games and byes (standings/services.py): two queries (three when a
    player played without being registered). A registered no-show is not ranked."""
    registered = list(
        Registration.objects.filter(event=event).values_list(
            "player_id", "player__name", "checked_in"
        )
    )
    names = {player_id: name for player_id, name, _checked_in in registered}
    sums = list(Standing.objects.filter(event=event).values_list("player_id", *STANDING_SUMS))
    unknown = [row[0] for row in sums if row[0] not in names]
    if unknown:  # seated by hand or imported without registering: rare
        names.update(Player.objects.filter(pk__in=unknown).values_list("pk", "name"))
    return records_from_standings(registered, [(row[0], names[row[0]], *row[1:]) for row in sums])


def load_results(event: Event, player_ids: list[int]) -> dict[int, Results]:
    """These players' results game by game (opponents, points earned), for head-to-head
    among tied players: one query."""
    games = Seat.objects.filter(player_id__in=player_ids).values("game_id")
    seats = Seat.objects.filter(
        game__event=event, game__finished=True, game_id__in=games
    ).values_list("game_id", "player_id", "tournament_points")
    tables: dict[int, list[tuple[int, Decimal]]] = {}
    for game_id, player_id, points in seats:
        tables.setdefault(game_id, []).append((player_id, points))
    wanted = set(player_ids)
    results: dict[int, Results] = {}
    for table in tables.values():
        for player_id, points in table:
            if player_id in wanted:
                others = tuple(other for other, _points in table if other != player_id)
                results.setdefault(player_id, []).append((others, points))
    return results


def event_standings(event: Event, *, pool: Decimal | None = None) -> list[StandingRow]:
    """The standings of an event, each row with the money its player wins (when there are
    prizes): the queries of `event_results`."""
    return event_results(event, pool=pool).rows


@dataclass(frozen=True)
class EventResults:
    """The standings and the prizes they give."""

    rows: list[StandingRow]
    prizes: EventPrizes


def event_results(
    event: Event, *, pool: Decimal | None = None, found: list[PrizeCategory] | None = None
) -> EventResults:
    """The standings and who wins which prize (tournaments/prizes/), each row's `prize` the
    money its player wins: four queries (more for the facts the prize categories read, see
    prizes/selectors.py), five when players tied up to head-to-head need their games; one
    less when the caller knows the `pool` already, and one less when it has `found` the
    prize categories."""
    highest = PRESETS[event.variant].highest_wins
    rows = rank_players(
        load_records(event),
        list(event.tie_breaks),
        highest_wins=highest,
        load_results=partial(load_results, event),
    )
    pool = prize_pool(event) if pool is None else pool
    prizes = event_prizes(event, rows, pool, found)
    if pool or prizes.categories:
        money = prizes.allocation.money()
        for row in rows:
            row.prize = Decimal(money.get(row.record.player_id, 0)) / 100
    return EventResults(rows, prizes)


@dataclass(frozen=True)
class Undecided:
    """What the standings do not count yet: players at a game still in play or with a hand
    waiting for confirmation (their points may change), and the tables where a hand waits."""

    players: frozenset[int] = frozenset()
    waiting_tables: tuple[int, ...] = ()  # table numbers, in order

    def __bool__(self) -> bool:
        return bool(self.players)


def undecided(event: Event) -> Undecided:
    """Who may still gain points in the event, and which tables wait for a confirmation: one
    query. (A table closed without a hand played is decided: it has no result.)"""
    rows = Seat.objects.filter(game__event=event, game__finished=False).filter(
        Q(game__closed=False) | Q(game__has_provisional_hands=True)
    )
    players, waiting = set(), set()
    for player_id, table, pending in rows.values_list(
        "player_id", "game__table_number", "game__has_provisional_hands"
    ):
        players.add(player_id)
        if pending:
            waiting.add(table)
    return Undecided(frozenset(players), tuple(sorted(waiting)))


def entrants(event: Event) -> int:
    """Who paid an entry fee: everyone checked in, withdrawn later or not."""
    return event.registrations.filter(checked_in=True).count()


def prize_pool(event: Event, count: int | None = None) -> Decimal:
    """Entry fees × entrants (`count` when the caller has counted them), minus the club's
    share, to the cent (rounded down)."""
    collected = event.entry_fee * (entrants(event) if count is None else count)
    pool = collected * (Decimal(100) - event.club_share) / Decimal(100)
    return pool.quantize(Decimal("0.01"), rounding="ROUND_DOWN")


# The prize pool ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PrizeShare:
    place: int
    percent: int
    amount: Decimal  # before ties: tied players share the amounts of the places they occupy


@dataclass(frozen=True)
class PrizePool:
    """Entry fees × entrants, minus the club's share, split by place."""

    entry_fee: Decimal
    entrants: int
    collected: Decimal
    club_share: Decimal  # percent
    club_amount: Decimal
    pool: Decimal
    shares: list[PrizeShare]


def prize_pool_summary(event: Event, found: list[PrizeCategory] | None = None) -> PrizePool:
    """How the pool is made and split, place by place: two queries (the entrants, the
    prize categories), one when `found` gives the categories. The 1st place's amount counts
    what the percentages leave (rules R21); the categories' shares are not the places'."""
    count = entrants(event)
    collected = (event.entry_fee * count).quantize(CENT)
    pool = prize_pool(event, count)
    shares: list[PrizeShare] = []
    if event.prize_places and pool:
        found = event_categories(event) if found is None else found
        places = overall_places(event, pool).prizes
        given = sum(prize.cents or 0 for prize in places) + sum(
            prize.cents or 0
            for category in found
            for prize in prizes_of(category.prizes, pool)
            if prize.from_pool
        )
        left = int(pool * 100) - given
        shares = [
            PrizeShare(prize.place, percent, Decimal((prize.cents or 0) + left * first) / 100)
            for prize, percent, first in zip(
                places, event.prize_places, [1] + [0] * len(places), strict=False
            )
        ]
    return PrizePool(
        entry_fee=event.entry_fee,
        entrants=count,
        collected=collected,
        club_share=event.club_share,
        club_amount=collected - pool,
        pool=pool,
        shares=shares,
    )


# The standings page -----------------------------------------------------------------------


@dataclass
class StandingsPage:
    event: Event
    rows: list[StandingRow]
    tie_breaks: list[tuple[str, str]]  # (key, label) in the event's order
    pool: PrizePool
    prizes: EventPrizes
    rounds: list[Round]
    withdrawn: set[int] = field(default_factory=set)  # player ids
    undecided: Undecided = field(default_factory=Undecided)

    @property
    def round_in_play(self) -> Round | None:
        return next((r for r in reversed(self.rounds) if not r.is_closed), None)

    @property
    def rounds_closed(self) -> int:
        return sum(1 for r in self.rounds if r.is_closed)

    @property
    def has_byes(self) -> bool:
        return any(row.record.byes for row in self.rows)


def event_standings_page(event: Event) -> StandingsPage:
    """Standings, prize pool and prizes, rounds, withdrawals and what is not decided yet of
    a tournament: eight queries (nine when head-to-head needs the tied players' games; more
    for the facts the prize categories read)."""
    found = event_categories(event)
    pool = prize_pool_summary(event, found)
    results = event_results(event, pool=pool.pool, found=found)
    return StandingsPage(
        event=event,
        rows=results.rows,
        tie_breaks=tie_break_labels(event.tie_breaks),
        pool=pool,
        prizes=results.prizes,
        rounds=list(event.rounds.order_by("number")),
        withdrawn=set(
            Registration.objects.filter(event=event, withdrawn=True).values_list(
                "player_id", flat=True
            )
        ),
        undecided=undecided(event),
    )


# How many tournaments' standings pages each process keeps (the newest version of each).
KEPT_PAGES = 8
# The longest a kept page is shown. Its prize categories read facts about the players that
# no event's version follows (a person's birth year or clubs from a federation's member list
# or merge, the ratings before the event): a change of those shows within this.
KEPT_SECONDS = 60


def kept_standings_page(event: Event) -> StandingsPage:
    """event_standings_page, worked out once per version of the event in each process, for
    the visitors without a session (an organiser always gets it afresh): the event's version
    moves with what the standings count (a game's result, a check-in, a withdrawal, the
    settings), as the page's ETag says (web/polling.py), and a page is kept KEPT_SECONDS at
    most. The standings of 2,000 players take 100 ms to work out, and the end of a round
    brings every player's phone to them at once. Per language too: the tie-breaks come with
    their names. `event` as just read (its version): a page worked out later than that
    version may be newer, never older. Kept in the process rather than the shared cache:
    reading 2,000 rows back from it costs a quarter of working them out."""
    minute = int(time.monotonic() // KEPT_SECONDS)
    return _kept_page(event, event.version, get_language(), minute)


@lru_cache(maxsize=KEPT_PAGES)
def _kept_page(event: Event, version: int, language: str, minute: int) -> StandingsPage:
    # Versions start at random (models/versioned.py): a rebuilt database never meets a key.
    return event_standings_page(event)


def standings_rows(event: Event) -> list[Cells]:
    """Standings as plain rows (place, tied, player, points, games, wins, byes, prize and one
    `tb_<key>` per tie-break): what the standings table, its exports and the results sheet
    show. Five queries."""
    return rows_as_dicts(event_standings(event), tie_break_labels(event.tie_breaks))


# The standings the event-wide pages polled at a simultaneous evening read ------------------


@dataclass(frozen=True)
class RecentStandings:
    """The standings as a room's screen or the ranking across venues shows them, perhaps
    worked out a moment ago: each page made from them says so (`current`) rather than
    promise a phone the version it read (web/polling.py's `showing`)."""

    rows: list[StandingRow]
    finished_games: int  # finished games when they were worked out: what they count at least
    version: int  # the event's standings version they were worked out at
    made: float  # time.monotonic() then
    current: bool = True  # of the standings version of the event as the caller read it


# Per process: an event (its id and identity: a database built again, as each test's, never
# meets the standings of another) → its standings last worked out for the polled pages.
_recent: dict[tuple[int, str], RecentStandings] = {}


def recent_standings(event: Event, *, at_least: int = 0) -> RecentStandings:
    """The event's standings (`event_standings`) for the pages screens and phones poll
    without a session: worked out again when the event's standings version (as `event` was
    read) has moved, but at most once every POLL_COALESCE_SECONDS in each process. At an
    evening of 500 tables they move several times a second, and twenty venues' screens,
    the ranking across venues and its phones all read the 2,000 players' standings: worked
    out once for all of them, not once each. Unmoved, they are kept KEPT_SECONDS at most
    (the prize categories read facts no version follows, as `kept_standings_page`). Never
    older than `at_least`, the version a phone says it holds (web/polling.held_version):
    each process keeps its own, and its ranking must not step back."""
    now = time.monotonic()
    key = (event.pk, str(event.uuid))
    kept = _recent.get(key)
    if kept is not None:
        # Versions only say "changed" (they start at random): another thread's standings,
        # newer, are not current either.
        current = kept.version == event.standings_version
        recent = now - kept.made < settings.POLL_COALESCE_SECONDS
        if kept.version >= at_least and ((current and now - kept.made < KEPT_SECONDS) or recent):
            return replace(kept, current=current)
    # Read before the standings, as the version: what they count at least.
    finished = Game.objects.filter(event=event, finished=True).count()
    made = RecentStandings(event_standings(event), finished, event.standings_version, now)
    if len(_recent) >= KEPT_PAGES and key not in _recent:
        _recent.clear()  # a handful of events poll at once; never grows past it
    kept = _recent.get(key)
    if kept is None or kept.version <= made.version:  # another thread's may be newer
        _recent[key] = made
    return made
