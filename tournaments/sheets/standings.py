"""The results sheet of an event and the seating list of a round, for the club's wall.

A tournament prints its standings (place, player, points, tie-breaks, prize) from
`standings_rows`, the one place to change if the standings change; a club night prints each
table's result (winner, totals, prizes). Call within the event's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.events.selectors.events import event_seats
from tournaments.models import Event, Game, Round, Seat
from tournaments.play.display.scoreboard import STATUS_LABELS, game_status
from tournaments.play.selectors.games import games_with_seats
from tournaments.prizes.display import allocation_rules, prize_lines
from tournaments.prizes.selectors import event_categories
from tournaments.ranking import rows_as_dicts
from tournaments.rules import RulesError, make_variant
from tournaments.standings.selectors import event_results, prize_pool_summary, undecided
from tournaments.standings.selectors import standings_rows as tournament_rows
from tournaments.words.formats import money, points
from tournaments.words.names import folded
from tournaments.words.tie_breaks import tie_break_labels
from tournaments.words.variants import rules_line

WIDE_FROM = 5  # seats a table: from five, the seating list turns landscape


@dataclass(frozen=True)
class StandingLine:
    """One line of the standings as printed: every value already formatted."""

    place: str  # "3" or "3=" when shared
    player: str
    points: str
    tie_breaks: list[str]
    prize: str


@dataclass(frozen=True)
class PrintedStandings:
    columns: list[str]  # the tie-breaks' names, in the event's order
    lines: list[StandingLine]


def standings_rows(event: Event, rows: list[dict] | None = None) -> PrintedStandings:
    """The tournament's standings as the sheet prints them (from the tournament standings,
    tie-breaks and prizes included), read unless the caller gives the `rows`."""
    labels = tie_break_labels(event.tie_breaks)
    lines = []
    for row in tournament_rows(event) if rows is None else rows:
        lines.append(
            StandingLine(
                place=f"{row['place']}=" if row["tied"] else str(row["place"]),
                player=row["player"],
                points=points(row["points"]),
                tie_breaks=[points(row[f"tb_{key}"]) for key, _label in labels],
                prize=money(row["prize"]) if row["prize"] else "",
            )
        )
    return PrintedStandings([str(label) for _key, label in labels], lines)


@dataclass(frozen=True)
class PlayerPlace:
    place: int | None
    name: str
    total: int
    prize: str
    winner: bool


@dataclass
class GameOutcome:
    game: Game
    status: str
    rules: str  # "" when the table plays the event's rules
    pot: str
    places: list[PlayerPlace] = field(default_factory=list)


def game_outcomes(event: Event) -> list[GameOutcome]:
    """Each table's result, round by round: two queries whatever the number of tables."""
    results: dict[int, GameOutcome] = {}
    for seat in event_seats(event):
        game = seat.game
        if game.pk not in results:
            differs = (game.variant, game.options) != (event.variant, event.options)
            results[game.pk] = GameOutcome(
                game=game,
                status=str(STATUS_LABELS[game_status(game)]),
                rules=f"{game.variant_name()} — {rules_line(game.rules())}" if differs else "",
                pot=money(game.pot) if game.pot is not None else "",
            )
        results[game.pk].places.append(_place(game, seat))
    for result in results.values():
        result.places.sort(key=lambda p: (p.place is None, p.place or 0))
    return list(results.values())


def _place(game: Game, seat: Seat) -> PlayerPlace:
    return PlayerPlace(
        place=seat.rank if game.hands_played else None,
        name=seat.player.name,
        total=seat.total,
        prize=money(seat.prize) if seat.prize else "",
        winner=game.finished and seat.player_id == game.winner_id,
    )


def standings_context(event: Event) -> dict:
    rounds = list(event.rounds.order_by("number"))
    in_play = any(not r.is_closed for r in rounds)
    # Nothing printed reads "final" while a hand waits for confirmation.
    waiting = undecided(event).waiting_tables
    context = {
        "event": event,
        "rounds": len(rounds),
        "provisional": in_play or bool(waiting),
        "waiting_tables": ", ".join(str(table) for table in waiting),
    }
    if event.is_tournament:
        found = event_categories(event)
        pool = prize_pool_summary(event, found)
        results = event_results(event, pool=pool.pool, found=found)
        rows = rows_as_dicts(results.rows, tie_break_labels(event.tie_breaks))
        context |= {
            "standings": standings_rows(event, rows),
            "pool": pool,
            "pool_amount": money(pool.pool) if pool.pool else "",
            "prizes": prize_lines(results.prizes, results.rows),
            "prize_rules": allocation_rules(event) if found else [],
        }
    else:
        context |= {"tables": game_outcomes(event)}
    return context


@dataclass(frozen=True)
class SeatedPlayer:
    name: str
    table: int
    seat: int


@dataclass
class SeatingGame:
    number: int
    names: list[str]
    rules: str


def seating_list(round: Round) -> dict:
    """Who sits where: by table in seat order, and everyone by name (accents ignored)."""
    event = round.event
    games = games_with_seats(round.games.order_by("table_number"))
    tables, everyone = [], []
    widest = max((len(game.seats.all()) for game in games), default=0)
    for game in games:
        seats = list(game.seats.all())
        differs = (game.variant, game.options) != (event.variant, event.options)
        names = [seat.player.name for seat in seats]
        tables.append(
            SeatingGame(
                game.table_number,
                names + [""] * (widest - len(names)),  # empty cells for smaller tables
                game.variant_name() if differs else "",
            )
        )
        everyone += [SeatedPlayer(s.player.name, game.table_number, s.position) for s in seats]
    everyone.sort(key=lambda p: (folded(p.name), p.name))
    byes = sorted((bye.player.name for bye in round.byes.select_related("player")), key=folded)
    return {
        "event": event,
        "round": round,
        "tables": tables,
        "everyone": everyone,
        "byes": byes,
        "seats": list(range(1, widest + 1)),
        "wide": widest >= WIDE_FROM,
        "rules": event_rules(event),
    }


def event_rules(event: Event) -> str:
    try:
        variant = make_variant(event.variant, event.options)
    except RulesError:
        return event.variant_name()
    return f"{event.variant_name()} — {rules_line(variant)}"
