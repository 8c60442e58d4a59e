"""The filled record of one game: the hands as entered, the totals, the end, the prizes.

Built from the same reads as the table's public page (selectors.games.game_sheet,
display.audit.game_changes, display.scoreboard.hand_views) plus the engine's result for the
bonuses of a gin-rummy match, so that the paper and the screen always agree. Call within the
event's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.play.display.audit import CORRECTED, DELETED, game_changes, is_confirmation
from tournaments.play.display.charts import game_chart
from tournaments.play.display.hands import confirmed_by, entered_by
from tournaments.play.display.scoreboard import STATUS_LABELS, game_status, hand_views
from tournaments.play.facts import engine_game
from tournaments.play.selectors.games import GameSheet, game_sheet
from tournaments.play.selectors.history import HistoryRecord, game_history, hand_records
from tournaments.words.formats import labelled, money, points
from tournaments.words.variants import rules_line

from .blank import Name, name_size, signature_lines

WIDE_FROM = 5  # players: from five, two columns each no longer fit a portrait page
# The hands' table in mm, as print.css sets it: page width, hand, "how", "who" columns.
PORTRAIT_MM, LANDSCAPE_MM, HAND_MM, ENDED_MM, WHO_MM, PADDING_MM = 190, 277, 11, 38, 22, 2.4


def player_width(players: int, who_columns: int) -> float:
    """The width of a player's two columns (points, total) together, in mm."""
    page = LANDSCAPE_MM if players >= WIDE_FROM else PORTRAIT_MM
    rest = page - HAND_MM - ENDED_MM - WHO_MM * who_columns
    return rest / max(players, 1) - PADDING_MM


@dataclass(frozen=True)
class RecordCell:
    points: int | None  # None: no line for this seat (should not happen once scored)
    counted: str  # what was counted, when it differs from the points ("" otherwise)
    total: int | None


@dataclass(frozen=True)
class RecordRow:
    number: int
    ended: str  # "Anne: went out", "Bruno: knocked, undercut by Anne", "draw"
    cells: list[RecordCell]
    entered: str
    confirmed: str
    provisional: bool
    corrected: bool
    game_heading: str  # "" or "Game 2" before the first hand of a match's game


@dataclass(frozen=True)
class Placing:
    place: int | None
    name: str
    total: int
    hands_won: int
    prize: str
    points: str  # tournament points, "" for a club night
    winner: bool


@dataclass(frozen=True)
class BonusRow:
    label: str
    cells: list[str]
    total: bool = False


@dataclass
class GameRecord:
    sheet: GameSheet
    rules: str
    status: str
    ended_after: str
    pot: str
    players: list[str]
    heads: list[Name]  # the players' names over their columns, sized to fit
    rows: list[RecordRow]
    placings: list[Placing]
    winner: str
    bonuses: list[BonusRow]
    notes: list[str]
    chart: SafeString
    wide: bool
    columns: int  # of the hands' table, for a heading row across it
    show_confirmed: bool
    show_prizes: bool
    show_points: bool
    signatures: list[list[str]]


def corrected_hand_ids(records: list[HistoryRecord]) -> set[int]:
    """Hands changed after they were entered, confirmations and renumbering aside (records
    oldest first)."""
    previous: dict[int, HistoryRecord] = {}
    corrected: set[int] = set()
    for record in records:
        before = previous.get(record.id)
        previous[record.id] = record
        if record.history_type != "~" or is_confirmation(record, before):
            continue
        if before is None or before.number == record.number:
            corrected.add(record.id)
    return corrected


def _rows(sheet: GameSheet, result: rules.GameResult | None, corrected: set[int]):
    starts = {}
    if result is not None and len(result.games) > 1:
        starts = {g.first_hand: index for index, g in enumerate(result.games, start=1)}
    rows = []
    seats_by_id = {seat.id: seat for seat in sheet.seats}
    for view, row in zip(hand_views(sheet), sheet.rows, strict=True):
        hand = row.hand
        if (hand.result or hand.how) == "draw":
            ended = view.how
        elif view.won_by:
            ended = _("%(player)s: %(how)s by %(winner)s") % {
                "player": view.ended_by,
                "how": view.how,
                "winner": view.won_by,
            }
        else:
            ended = labelled(view.ended_by, view.how)
        cells = []
        for cell, line in zip(view.cells, row.lines, strict=True):
            counted = ""
            if line is not None and line.never_melded:
                counted = _("never melded")
            elif cell.counted is not None and cell.counted != cell.points:
                counted = str(cell.counted)
            if line is None:
                cells.append(RecordCell(None, "", None))
            else:
                cells.append(RecordCell(cell.points, counted, cell.running_total))
        confirmed = confirmed_by(hand, seats_by_id)
        if hand.is_provisional:
            confirmed = _("not yet")
        game = starts.get(hand.number)
        rows.append(
            RecordRow(
                number=hand.number,
                ended=ended,
                cells=cells,
                entered=entered_by(hand, seats_by_id),
                confirmed=confirmed,
                provisional=view.provisional,
                corrected=hand.pk in corrected,
                game_heading=_("Game %(number)s") % {"number": game} if game else "",
            )
        )
    return rows


def _placings(sheet: GameSheet) -> list[Placing]:
    game = sheet.game
    seats = sorted(sheet.seats, key=lambda seat: (seat.rank or len(sheet.seats), seat.position))
    return [
        Placing(
            place=seat.rank if game.hands_played else None,
            name=seat.player.name,
            total=seat.total,
            hands_won=seat.hands_won,
            prize=money(seat.prize) if seat.prize else "",
            points=points(seat.tournament_points) if game.finished else "",
            winner=game.finished and seat.player_id == game.winner_id,
        )
        for seat in seats
    ]


def _bonuses(result: rules.GameResult | None, players: list[str]) -> list[BonusRow]:
    """A gin-rummy match: each game's score and bonuses, then the grand total (R14, R15)."""
    if result is None:
        return []
    rows = []
    for number, game in enumerate(result.games, start=1):
        winner = game.winner or "—"
        label = _("Game %(number)s (winner: %(winner)s)") % {"number": number, "winner": winner}
        rows.append(BonusRow(label, [str(game.scores[name]) for name in players]))
        rows.append(
            BonusRow(_("bonuses: line + game + shutout"), [_bonus_text(game, n) for n in players])
        )
    rows.append(BonusRow(_("Grand total"), [str(result.totals[n]) for n in players], total=True))
    return rows


def _bonus_text(game, name: str) -> str:
    bonus = game.bonuses.get(name, {})
    return f"{bonus.get('line', 0)} + {bonus.get('game', 0)} + {bonus.get('shutout', 0)}"


def _notes(sheet: GameSheet) -> list[str]:
    """Corrections and deletions, oldest first, with who, when, why and what changed."""
    notes = []
    history = game_history(sheet.game, sheet.seats)
    for change in reversed(game_changes(history, sheet.seats)):
        if change.action not in (CORRECTED, DELETED):
            continue
        when = date_format(timezone.localtime(change.when), "SHORT_DATETIME_FORMAT")
        text = _("%(change)s on %(when)s by %(who)s") % {
            "change": change.summary,
            "when": when,
            "who": change.who,
        }
        if change.reason:
            text += " — " + change.reason
        if change.details:
            text += " (" + "; ".join(change.details) + ")"
        notes.append(text)
    return notes


def _status(sheet: GameSheet) -> tuple[str, str]:
    game = sheet.game
    status = str(STATUS_LABELS[game_status(game)])
    if game.ended_after_hand and game.finished:
        return status, _("after hand %(number)s") % {"number": game.ended_after_hand}
    if game.has_provisional_hands:
        # Nothing printed may read as final while a hand waits (no winner, no prize).
        return status, _("provisional totals after hand %(number)s") % {"number": game.hands_played}
    if game.hands_played:
        return status, _("totals after hand %(number)s") % {"number": game.hands_played}
    return status, ""


def game_record(game_id: int) -> GameRecord:
    """Everything the record sheet prints about one game, in a fixed number of queries."""
    sheet = game_sheet(game_id)
    game, variant = sheet.game, sheet.game.rules()
    hands = [row.hand for row in sheet.rows]
    try:
        result = rules.score_game(engine_game(game, sheet.seats, hands))
    except rules.RulesError:
        result = None  # facts stored before a rule change: the stored rows still print
    corrected = corrected_hand_ids(hand_records(game))
    players = sheet.players
    status, ended_after = _status(sheet)
    chart = game_chart(sheet, width=720, height=300)
    placings = _placings(sheet)
    rows = _rows(sheet, result, corrected)
    show_confirmed = game.event.confirmation_required or any(row.confirmed for row in rows)
    width = player_width(len(players), 1 + show_confirmed)
    return GameRecord(
        sheet=sheet,
        rules=rules_line(variant),
        status=status,
        ended_after=ended_after,
        pot=money(game.pot) if game.pot is not None else "",
        players=players,
        heads=[Name(name, name_size(name, width)) for name in players],
        rows=rows,
        placings=placings,
        winner=game.winner.name if game.finished and game.winner is not None else "",
        bonuses=_bonuses(result, players) if variant.plays_matches else [],
        notes=_notes(sheet),
        # The chart module escapes every name it draws: its SVG is safe to embed as is.
        chart=mark_safe(chart),
        wide=len(players) >= WIDE_FROM,
        columns=2 + 2 * len(players) + 1 + show_confirmed,
        show_confirmed=show_confirmed,
        show_prizes=game.pot is not None,
        show_points=game.event.is_tournament,
        signatures=signature_lines([*players, _("Organiser")]),
    )
