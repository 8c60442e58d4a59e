"""Reads for the tournament pages: standings with the prize pool, a player's games, the rounds.

Each function answers in a fixed number of queries whatever the number of players, rounds and
hands. (Kept apart from queries.py, which every other page shares, so that both stay short.)
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Bye, Event, Game, Player, Registration, Round, Seat
from tournaments.rules.prizes import by_places
from tournaments.standings import (
    TIE_BREAKS,
    StandingRow,
    entrants,
    event_standings,
    prize_pool,
)

CENT = Decimal("0.01")


def tournament_or_404(event_id: int) -> Event:
    """The tournament with its club: 404 for an unknown id or a club night."""
    return get_object_or_404(
        Event.objects.select_related("club"), pk=event_id, kind=Event.Kind.TOURNAMENT
    )


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


def prize_pool_summary(event: Event) -> PrizePool:
    """How the pool is made and split, place by place: two queries (the entrants)."""
    count = entrants(event)
    collected = (event.entry_fee * count).quantize(CENT)
    pool = prize_pool(event)
    places = tuple(event.prize_places)
    shares: list[PrizeShare] = []
    if places and pool:
        # The same split as the standings' (rules.prizes.by_places), with nobody tied.
        names = [str(place) for place in range(1, len(places) + 1)]
        cents = by_places(places, names, {name: int(name) for name in names}, int(pool * 100))
        shares = [
            PrizeShare(int(name), percent, Decimal(cents[name]) / 100)
            for name, percent in zip(names, places, strict=True)
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


# Standings ---------------------------------------------------------------------------------


@dataclass
class Standings:
    event: Event
    rows: list[StandingRow]
    tie_breaks: list[tuple[str, str]]  # (key, label) in the event's order
    pool: PrizePool
    rounds: list[Round]
    withdrawn: set[int] = field(default_factory=set)  # player ids

    @property
    def round_in_play(self) -> Round | None:
        return next((r for r in reversed(self.rounds) if not r.is_closed), None)

    @property
    def rounds_closed(self) -> int:
        return sum(1 for r in self.rounds if r.is_closed)

    @property
    def has_byes(self) -> bool:
        return any(row.record.byes for row in self.rows)


def leaders(rows: list[StandingRow], count: int) -> list[StandingRow]:
    """The first `count` rows, and everyone sharing the last place shown."""
    if len(rows) <= count:
        return rows
    last = rows[count - 1].place
    return [row for row in rows if row.place <= last]


def tie_break_labels(event: Event) -> list[tuple[str, str]]:
    """The event's tie-breaks that the registry knows, with their labels, in order."""
    return [(key, TIE_BREAKS[key].label) for key in event.tie_breaks if key in TIE_BREAKS]


def points_scale_lines(event: Event) -> list[str]:
    """How a game gives tournament points, in words: "Place 1: 3 points", a win when time is
    up, a bye (as results.tournament_points counts them)."""

    def pts(value) -> str:
        amount = Decimal(str(value))
        shown = number_format(int(amount) if amount == amount.to_integral_value() else amount)
        return ngettext("%(points)s point", "%(points)s points", int(amount)) % {"points": shown}

    lines = [
        _("Place %(place)s: %(points)s") % {"place": place, "points": pts(value)}
        for place, value in enumerate(event.points_scale, start=1)
    ]
    if event.points_scale and event.points_scale[-1]:
        lines.append(_("Any place after: %(points)s") % {"points": pts(0)})
    if event.points_for_win_at_time is not None:
        lines.append(
            _("A win when time is up: %(points)s") % {"points": pts(event.points_for_win_at_time)}
        )
    lines.append(_("A bye: %(points)s") % {"points": pts(event.bye_points)})
    return lines


def event_standings_page(event: Event) -> Standings:
    """Standings, prize pool, rounds and withdrawals of a tournament: eight queries."""
    return Standings(
        event=event,
        rows=event_standings(event),
        tie_breaks=tie_break_labels(event),
        pool=prize_pool_summary(event),
        rounds=list(event.rounds.order_by("number")),
        withdrawn=set(
            Registration.objects.filter(event=event, withdrawn=True).values_list(
                "player_id", flat=True
            )
        ),
    )


def standings_rows(event: Event) -> list[dict]:
    """Standings as plain rows (place, tied, player, points, games, wins, byes, prize and one
    `tb_<key>` per tie-break): what the standings table, its exports and the results sheet
    show. Five queries."""
    return rows_as_dicts(event_standings(event), tie_break_labels(event))


def rows_as_dicts(rows: list[StandingRow], tie_breaks: list[tuple[str, str]]) -> list[dict]:
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


# A player's tournament -----------------------------------------------------------------------


@dataclass
class PlayerRound:
    """What one player did in one round: a game (his seat, the others), a bye, or nothing."""

    round: Round
    game: Game | None = None
    seat: Seat | None = None
    others: list[Seat] = field(default_factory=list)
    bye: Bye | None = None

    @property
    def table_size(self) -> int:
        return len(self.others) + 1 if self.seat else 0


@dataclass
class PlayerTournament:
    event: Event
    player: Player
    standing: StandingRow | None
    players_ranked: int
    rounds: list[PlayerRound]
    tied: bool = False  # shares his place
    withdrawn: bool = False


def player_tournament(event: Event, player_id: int) -> PlayerTournament:
    """A player's games round by round with his place: ten queries; 404 if not in the event."""
    player = get_object_or_404(Player, pk=player_id, club_id=event.club_id)
    seats = list(
        Seat.objects.filter(player=player, game__event=event).select_related("game__round")
    )
    registration = Registration.objects.filter(event=event, player=player).first()
    if registration is None and not seats:
        raise Http404("This player does not play in this tournament.")
    others = Seat.objects.filter(game__in=[seat.game_id for seat in seats]).exclude(player=player)
    by_game: dict[int, list[Seat]] = {}
    for other in others.select_related("player").order_by("position"):
        by_game.setdefault(other.game_id, []).append(other)
    byes = {bye.round_id: bye for bye in Bye.objects.filter(player=player, round__event=event)}
    by_round = {seat.game.round_id: seat for seat in seats}
    rounds = []
    for round_ in event.rounds.order_by("number"):
        seat = by_round.get(round_.id)
        rounds.append(
            PlayerRound(
                round=round_,
                game=seat.game if seat else None,
                seat=seat,
                others=by_game.get(seat.game_id, []) if seat else [],
                bye=byes.get(round_.id),
            )
        )
    rows = event_standings(event)
    standing = next((row for row in rows if row.record.player_id == player.id), None)
    tied = standing is not None and sum(row.place == standing.place for row in rows) > 1
    withdrawn = registration is not None and registration.withdrawn
    return PlayerTournament(event, player, standing, len(rows), rounds, tied, withdrawn)


# Rounds and their tables ---------------------------------------------------------------------


@dataclass
class RoundTables:
    round: Round
    games: list[Game]  # with .seats_in_order (seat order) and .winners (empty while in play)


def rounds_with_tables(event: Event) -> list[RoundTables]:
    """Every round with its tables, seats and players, newest first: three queries."""
    rounds = list(event.rounds.order_by("-number"))
    seats = Seat.objects.select_related("player").order_by("position")
    games = (
        Game.objects.filter(event=event)
        .select_related("winner")
        .prefetch_related(Prefetch("seats", queryset=seats, to_attr="seats_in_order"))
        .order_by("table_number")
    )
    by_round: dict[int, list[Game]] = {}
    for game in games:
        game.winners = [s for s in game.seats_in_order if game.finished and s.rank == 1]
        by_round.setdefault(game.round_id, []).append(game)
    return [RoundTables(round_, by_round.get(round_.id, [])) for round_ in rounds]


# Apostrophes as phones and keyboards type them (an iPhone types ’): all read as '.
APOSTROPHES = str.maketrans(dict.fromkeys("’‘`´ʼ′", "'"))


def folded(text: str) -> str:
    """Lower case without accents, any apostrophe as ': "n’diaye" finds "N'Diaye", "Chloe"
    finds "Chloé" (the search box's script does the same)."""
    decomposed = unicodedata.normalize("NFD", text.translate(APOSTROPHES).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def mark_matches(games: list[Game], query: str) -> int:
    """Mark the seats whose player's name contains the query (`.found`) and the tables that
    have one (`.shown`; all of them for an empty query); the number of tables shown."""
    wanted = folded(" ".join(query.split()))
    for game in games:
        for seat in game.seats_in_order:
            seat.found = bool(wanted) and wanted in folded(seat.player.name)
        game.shown = not wanted or any(seat.found for seat in game.seats_in_order)
    return sum(game.shown for game in games)
