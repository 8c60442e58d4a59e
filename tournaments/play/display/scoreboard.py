"""What the public pages show about a game, built from rows already loaded (no queries).

The event page shows one card per table (players, totals, progress, leader, winner, prizes);
the table page adds the hands one by one. Templates only display what is prepared here: the
labels are translated, the amounts formatted, the leader and the status decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import Event, Game, Seat
from tournaments.play.display.progress import Bar, GameProgress, game_progress
from tournaments.play.selectors.cards import SeatLine
from tournaments.play.selectors.games import GameSheet
from tournaments.words.formats import money
from tournaments.words.labels import how_label
from tournaments.words.variants import options_line

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


MARK_LABELS = {"winner": gettext_lazy("winner"), "leader": gettext_lazy("leader")}

# A seat as a card reads it: its id, player id, name, total, rank and prize.
CardSeat = Seat | SeatLine


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
    bar_label: str  # "Anne: 40 of 100", for screen readers; "" without a bar
    leader: bool
    winner: bool
    prize: str  # formatted, "" when none or nothing
    rank: int | None
    mark: str = ""  # "winner" or "leader": the row's style and badge
    mark_label: str = ""  # the badge's word, translated


@dataclass(frozen=True)
class GameCard:
    """One table: status, players, progress; `live` while it may still change. Its words
    are prepared here, once per card: a page of 500 tables renders them without a tag."""

    game: Game
    status: str
    status_label: str
    players: list[PlayerLine]
    progress: GameProgress
    leaders: list[str]
    winner: str
    options: str  # the variant and options, when they differ from the event's; else ""
    title: str  # "Table 3"
    caption: str  # "Totals at table 3"
    bar_heading: str  # "Towards 500", "Towards the 100 limit"; "" without bars
    deals_label: str  # "3 of 10 hands played"; "" without a number of deals
    leaders_line: str  # "Leader: Anne", "Tied for the lead: Anne, Bruno"; "" if nobody
    hands_label: str  # "3 hands played"
    table_label: str  # "table 3", within a sentence
    url: str  # the table's page
    has_prizes: bool

    @property
    def live(self) -> bool:
        return not self.game.finished

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def provisional(self) -> bool:
        """A hand waits for confirmation: the totals may still change, nothing is decided."""
        return self.game.has_provisional_hands

    @property
    def bar_style(self) -> str:
        return "penalty" if self.progress.penalty else "goal"


def game_card(
    game: Game,
    seats: Sequence[CardSeat],
    current_scores: dict[int, int] | None = None,
    event: Event | None = None,
) -> GameCard:
    """A table's card from the game and its seats: `Seat`s with their players, or the
    lighter `SeatLine`s of the event page.

    `current_scores` (seat id → score) is the current game of a gin-rummy match, whose target
    is per game; elsewhere the seats' totals measure the progress.
    """
    variant = game.rules()
    scores = current_scores or {}
    progress = game_progress(
        variant, {seat.name: scores.get(seat.id, seat.total) for seat in seats}, game.hands_played
    )
    # Before the first hand nobody leads; ties share the lead (rank 1 is shared).
    leaders = (
        [seat.name for seat in seats if seat.rank == 1]
        if game.hands_played and not game.finished
        else []
    )
    winner = next(
        (seat.name for seat in seats if game.finished and seat.player_id == game.winner_id), ""
    )
    players = []
    for seat in seats:
        bar = progress.players.get(seat.name)
        mark = "winner" if seat.name == winner else "leader" if seat.name in leaders else ""
        players.append(
            PlayerLine(
                name=seat.name,
                total=seat.total,
                bar=bar,
                bar_label=_("%(name)s: %(value)s of %(limit)s")
                % {"name": seat.name, "value": bar.value, "limit": bar.limit}
                if bar
                else "",
                leader=seat.name in leaders,
                winner=seat.name == winner,
                # Only who takes something: a winner-takes-all pot lists one name, not zeros.
                prize=money(seat.prize) if seat.prize else "",
                rank=seat.rank,
                mark=mark,
                mark_label=str(MARK_LABELS[mark]) if mark else "",
            )
        )
    differs = event is not None and (game.variant, game.options) != (event.variant, event.options)
    status = game_status(game)
    number = {"number": game.table_number}
    return GameCard(
        game=game,
        status=status,
        status_label=str(STATUS_LABELS[status]),
        players=players,
        progress=progress,
        leaders=leaders,
        winner=winner,
        options=options_line(game.variant_name(), variant) if differs else "",
        title=_("Table %(number)s") % number,
        caption=_("Totals at table %(number)s") % number,
        bar_heading=_bar_heading(progress),
        deals_label=_("%(value)s of %(limit)s hands played")
        % {"value": progress.deals.value, "limit": progress.deals.limit}
        if progress.deals
        else "",
        leaders_line=ngettext("Leader: %(names)s", "Tied for the lead: %(names)s", len(leaders))
        % {"names": ", ".join(leaders)}
        if leaders
        else "",
        hands_label=ngettext(
            "%(counter)s hand played", "%(counter)s hands played", game.hands_played
        )
        % {"counter": game.hands_played},
        table_label=_("table %(number)s") % number,
        url=reverse("game", kwargs={"game_id": game.pk}),
        has_prizes=any(line.prize for line in players),
    )


def _bar_heading(progress: GameProgress) -> str:
    if not progress.players:
        return ""
    if progress.penalty:
        return _("Towards the %(target)s limit") % {"target": progress.target}
    return _("Towards %(target)s") % {"target": progress.target}


@dataclass(frozen=True)
class HandCell:
    """One player's part of one hand: what he was counted and the points it gave."""

    counted: int | None
    points: int
    running_total: int


@dataclass(frozen=True)
class ShownHand:
    """One hand as the public pages show it: who ended it and how, one cell per seat."""

    number: int
    ended_by: str
    how: str
    won_by: str  # only when someone else than the player who ended it won the hand
    winner: str  # who won the hand, whoever ended it ("" for a draw)
    provisional: bool
    cells: list[HandCell]


def hand_views(sheet: GameSheet) -> list[ShownHand]:
    """The hands of a game, one cell per seat, labels translated."""
    views = []
    for row in sheet.rows:
        hand = row.hand
        ended_by = hand.ended_by.player.name if hand.ended_by is not None else ""
        winner = hand.winner.player.name if hand.winner is not None else ""
        views.append(
            ShownHand(
                number=hand.number,
                ended_by=ended_by,
                how=how_label(hand.result or hand.how),
                won_by=winner if winner != ended_by else "",
                winner=winner,
                provisional=hand.is_provisional,
                cells=[
                    HandCell(line.counted, line.points, line.running_total)
                    if line
                    else HandCell(None, 0, 0)
                    for line in row.lines
                ],
            )
        )
    return views


def current_game_scores(sheet: GameSheet) -> dict[int, int] | None:
    """The scores of the game in progress of a gin-rummy match (seat id → score): the last
    hand's running totals, which restart with each game. None for other variants."""
    if not sheet.game.rules().plays_matches or not sheet.rows:
        return None
    last = sheet.rows[-1].lines
    return {
        seat.id: line.running_total for seat, line in zip(sheet.seats, last, strict=True) if line
    }
