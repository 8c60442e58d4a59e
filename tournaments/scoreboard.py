"""What the public pages show about a game, built from rows already loaded (no queries).

The event page shows one card per table (players, totals, progress, leader, winner, prizes);
the table page adds the hands one by one. Templates only display what is prepared here: the
labels are translated, the amounts formatted, the leader and the status decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import Game, Seat
from tournaments.progress import Bar, Progress, game_progress
from tournaments.queries import GameSheet
from tournaments.rules.variants import Variant

# How a hand ended, as the engine's result says (an undercut is a knock that lost).
HOW_LABELS = {
    "going_out": gettext_lazy("went out"),
    "rami_sec": gettext_lazy("rami sec"),
    "knock": gettext_lazy("knocked"),
    "undercut": gettext_lazy("undercut"),
    "gin": gettext_lazy("gin"),
    "draw": gettext_lazy("draw"),
}

NOT_STARTED, IN_PLAY, AWAITING, FINISHED, CLOSED, NOT_PLAYED = (
    "not_started",
    "in_play",
    "awaiting_confirmation",
    "finished",
    "closed",
    "not_played",
)
STATUS_LABELS = {
    NOT_STARTED: gettext_lazy("Not started"),
    IN_PLAY: gettext_lazy("In play"),
    AWAITING: gettext_lazy("Awaiting confirmation"),
    FINISHED: gettext_lazy("Finished"),
    CLOSED: gettext_lazy("Closed by the organiser"),
    NOT_PLAYED: gettext_lazy("Closed before any hand: no result"),
}


def money(amount: Decimal) -> str:
    """An amount in euros as the current language writes it ("12,50 €" in French): the one
    helper for every page and sheet (exports keep plain numbers)."""
    return _("%(amount)s €") % {"amount": number_format(amount, 2)}


def labelled(name: object, value: object) -> str:
    """ "Anne: 12" as the current language writes it ("Anne : 12" in French). Templates get
    the same message from `{% blocktranslate %}{{ name }}: {{ value }}…`."""
    return _("%(name)s: %(value)s") % {"name": name, "value": value}


def how_label(code: str) -> str:
    return str(HOW_LABELS.get(code, code))


def key_options(variant: Variant) -> list[str]:
    """The options a player wants to know before sitting down, in plain words."""
    target = getattr(variant, "target", None)
    deals = getattr(variant, "number_of_deals", None)
    parts = []
    if getattr(variant, "mode", None) == "multi_game":
        games = variant.number_of_games
        parts.append(
            ngettext(
                "%(games)s game to %(target)s", "match of %(games)s games to %(target)s", games
            )
            % {"games": games, "target": target}
        )
    elif target is not None and variant.highest_wins:
        parts.append(_("first to %(target)s points") % {"target": target})
    elif target is not None:
        parts.append(_("ends at %(target)s points, lowest total wins") % {"target": target})
    if deals is not None:
        parts.append(ngettext("%(deals)s deal", "%(deals)s deals", deals) % {"deals": deals})
    if target is None and deals is None:
        parts.append(_("settled hand by hand"))
    if deals is not None and target is None and not variant.highest_wins:
        parts.append(_("lowest total wins"))
    parts.append(_("ace counts %(value)s") % {"value": variant.ace_value})
    if hasattr(variant, "jokers"):
        parts.append(_("%(jokers)s jokers") % {"jokers": variant.jokers})
    if hasattr(variant, "knock_max"):
        parts.append(_("knock with %(points)s or less") % {"points": variant.knock_max})
    return parts


def options_line(name: str, variant: Variant, *extra: str) -> str:
    """One line: the variant's name, its key options, and any extra words (pot, entry fee)."""
    return " · ".join([name, *key_options(variant), *extra])


def game_status(game: Game) -> str:
    if game.closed and not game.hands_played:
        return NOT_PLAYED
    if game.finished:
        return CLOSED if game.closed else FINISHED
    if game.has_provisional_hands:
        return AWAITING
    return IN_PLAY if game.hands_played else NOT_STARTED


@dataclass(frozen=True)
class PlayerLine:
    """A player at a table as the pages show him."""

    name: str
    total: int
    bar: Bar | None
    leader: bool
    winner: bool
    prize: str  # formatted, "" when none or nothing
    rank: int | None


@dataclass(frozen=True)
class GameCard:
    """One table: status, players, progress; `live` while it may still change."""

    game: Game
    status: str
    status_label: str
    players: list[PlayerLine]
    progress: Progress
    leaders: list[str]
    winner: str
    options: str  # the variant and options, when they differ from the event's; else ""

    @property
    def live(self) -> bool:
        return not self.game.finished

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def has_prizes(self) -> bool:
        return any(line.prize for line in self.players)


def game_card(
    game: Game, seats: list[Seat], current_scores: dict[int, int] | None = None, event=None
) -> GameCard:
    """A table's card from the game and its seats (players loaded).

    `current_scores` (seat id → score) is the current game of a gin-rummy match, whose target
    is per game; elsewhere the seats' totals measure the progress.
    """
    variant = game.rules()
    scores = current_scores or {}
    progress = game_progress(
        variant,
        {seat.player.name: scores.get(seat.id, seat.total) for seat in seats},
        game.hands_played,
    )
    # Before the first hand nobody leads; ties share the lead (rank 1 is shared).
    leaders = (
        [seat.player.name for seat in seats if seat.rank == 1]
        if game.hands_played and not game.finished
        else []
    )
    winner = game.winner.name if game.finished and game.winner_id else ""
    players = [
        PlayerLine(
            name=seat.player.name,
            total=seat.total,
            bar=progress.players.get(seat.player.name),
            leader=seat.player.name in leaders,
            winner=seat.player.name == winner,
            # Only who takes something: a winner-takes-all pot lists one name, not zeros.
            prize=money(seat.prize) if seat.prize else "",
            rank=seat.rank,
        )
        for seat in seats
    ]
    differs = event is not None and (game.variant, game.options) != (event.variant, event.options)
    status = game_status(game)
    return GameCard(
        game=game,
        status=status,
        status_label=str(STATUS_LABELS[status]),
        players=players,
        progress=progress,
        leaders=leaders,
        winner=winner,
        options=options_line(game.variant_name(), variant) if differs else "",
    )


@dataclass(frozen=True)
class Cell:
    """One player's part of one hand: what he was counted and the points it gave."""

    counted: int | None
    points: int
    running_total: int


@dataclass(frozen=True)
class HandView:
    number: int
    ended_by: str
    how: str
    won_by: str  # only when someone else than the player who ended it won the hand
    provisional: bool
    cells: list[Cell]


def hand_views(sheet: GameSheet) -> list[HandView]:
    """The hands of a game, one cell per seat, labels translated."""
    views = []
    for row in sheet.rows:
        hand = row.hand
        ended_by = hand.ended_by.player.name if hand.ended_by_id else ""
        winner = hand.winner.player.name if hand.winner_id else ""
        views.append(
            HandView(
                number=hand.number,
                ended_by=ended_by,
                how=how_label(hand.result or hand.how),
                won_by=winner if winner != ended_by else "",
                provisional=hand.is_provisional,
                cells=[
                    Cell(line.counted, line.points, line.running_total)
                    if line
                    else Cell(None, 0, 0)
                    for line in row.lines
                ],
            )
        )
    return views


def current_game_scores(sheet: GameSheet) -> dict[int, int] | None:
    """The scores of the game in progress of a gin-rummy match (seat id → score): the last
    hand's running totals, which restart with each game. None for other variants."""
    if getattr(sheet.game.rules(), "mode", None) != "multi_game" or not sheet.rows:
        return None
    last = sheet.rows[-1].lines
    return {
        seat.id: line.running_total for seat, line in zip(sheet.seats, last, strict=True) if line
    }
