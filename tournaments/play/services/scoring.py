"""The results service: from the facts stored for a game to its derived rows, via the engine.

Every change to a game's facts (a hand entered, corrected, deleted or confirmed; the game
closed; its options changed) ends with `refresh_game` in the same transaction, so that the
stored totals, ranks, prizes and tournament points always agree with the rule book, the
players' sums in the event (Standing rows) follow, and the versions that polling phones
compare move.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.models import Game, Hand, HandLine, Happening, Seat
from tournaments.models.signals import result_changed, tell
from tournaments.play.facts import engine_game, load_facts
from tournaments.play.selectors.news import game_news
from tournaments.play.services import versions
from tournaments.ratings import services as ratings
from tournaments.rules.scoring import HandResult
from tournaments.rules.tournament import places, tournament_points
from tournaments.standings import services as standings

_POINTS = Seat._meta.get_field("tournament_points")
# The most tournament points a table gives one player, in whole points: what a seat's column
# holds (6 digits, 2 after the point; a bye's column is the same).
MOST_TOURNAMENT_POINTS = 10 ** (_POINTS.max_digits - _POINTS.decimal_places) - 1


def refresh_game(
    game: Game, facts: tuple[list[Seat], list[Hand]] | None = None
) -> rules.GameResult:
    """Score the game from its facts and rewrite every derived row; RulesError if invalid.
    `facts`: the seats and hands (with their lines) as the caller holds them under the
    game's lock, having just written them (a hand entered): not read again."""
    # All or nothing, in the caller's transaction when there is one (a hand entered): no
    # savepoint of its own, two statements fewer per hand. An error raised here (the rules,
    # or a seat's points past their column after the hands are written) undoes the caller's
    # whole transaction: no caller goes on inside it after one (each lets it rise).
    with transaction.atomic(savepoint=False):
        seats, hands = facts or load_facts(game)
        result = rules.score_game(engine_game(game, seats, hands))
        decided = is_decided(result, hands)
        was_finished = game.finished
        # Its result is new, changed or gone: the event-wide sums follow.
        result_moves = decided or was_finished
        _write_hands(seats, hands, result)
        _write_seats(game, seats, result, decided)
        _write_game(game, seats, hands, result, decided)
        if result_moves:
            # The event's lock before its sums, then the club's for its ratings (the order of
            # play/services/locks.py): two tables finishing at once sum one after the other,
            # each reading the other's committed rows.
            versions.event_changed(game.event_id)
            # The players' sums in the event, and the Buchholz of whoever met them.
            standings.players_changed(
                event_id=game.event_id, player_ids=[seat.player_id for seat in seats]
            )
        # The club ratings follow the finishing order, in the same transaction.
        ratings.game_result_changed(game, seats, decided=decided, was_finished=was_finished)
        if decided and not was_finished:
            tell(Happening.GAME_FINISHED, event_id=game.event_id, data=lambda: game_news(game))
        if result_moves:
            result_changed.send(sender=None, game=game)
        else:
            # Last: the event's row stays locked until the commit (play/services/versions.py),
            # the shortest time for the busiest write of a night.
            versions.event_changed(game.event_id)
    return result


def is_decided(result: rules.GameResult, hands: list[Hand]) -> bool:
    """Whether the game has its final result: the engine says it is over, and no hand waits
    for confirmation (a provisional hand keeps it open: no winner or prize until then). A
    game closed before any hand has no result at all: ties keep seating order, so the engine
    would crown the first seat of a 0-0 game."""
    return result.finished and bool(hands) and not any(hand.is_provisional for hand in hands)


def _write_hands(seats: list[Seat], hands: list[Hand], result: rules.GameResult) -> None:
    # Only the rows whose derived values moved are written: a new hand at the end of a game
    # changes its own lines, a correction those after it, never the whole game's.
    lines: list[dict[int, HandLine]] = []
    for hand in hands:
        existing = {line.seat_id: line for line in hand.lines.all()}
        for seat in seats:
            if seat.id not in existing:
                # Every seat gets a line, zeros included, so that totals read from one table.
                existing[seat.id] = HandLine.objects.create(hand=hand, seat=seat)
        lines.append(existing)
    hands_to_save, lines_to_save = derive_rows(seats, list(zip(hands, lines, strict=True)), result)
    Hand.objects.bulk_update(hands_to_save, ["result", "winner"], batch_size=200)
    HandLine.objects.bulk_update(
        lines_to_save, ["counted", "points", "running_total"], batch_size=200
    )


def derive_rows(
    seats: list[Seat], hands: list[tuple[Hand, dict[int, HandLine]]], result: rules.GameResult
) -> tuple[list[Hand], list[HandLine]]:
    """Give each hand (with its line of each seat, by seat id) the derived values the
    engine's `result` says: who won it and its result, each line's counted value, points and
    running total. No query; the hands and lines whose values moved."""
    hands_moved: list[Hand] = []
    lines_moved: list[HandLine] = []
    for (hand, lines), scored, totals in zip(
        hands, result.hands, result.running_totals, strict=True
    ):
        hand_moved, moved = derive_hand(seats, hand, lines, scored, totals)
        if hand_moved:
            hands_moved.append(hand)
        lines_moved += moved
    return hands_moved, lines_moved


def derive_hand(
    seats: list[Seat],
    hand: Hand,
    lines: dict[int, HandLine],
    scored: HandResult,
    totals: dict[str, int],
) -> tuple[bool, list[HandLine]]:
    """Give one hand and its lines (by seat id) the values the engine gives it (`scored`,
    and the running `totals` after it). No query; whether the hand's own values moved, and
    the lines whose values did. A hand not yet stored is stored with them: nothing to
    rewrite after."""
    by_name = {seat.player.name: seat for seat in seats}
    winner_id = by_name[scored.winner].id if scored.winner else None
    hand_moved = (hand.result, hand.winner_id) != (scored.result, winner_id)
    hand.result, hand.winner_id = scored.result, winner_id
    lines_moved = []
    for seat in seats:
        line = lines[seat.id]
        derived = line_values(scored, totals, seat.player.name)
        if (line.counted, line.points, line.running_total) != derived:
            line.counted, line.points, line.running_total = derived
            lines_moved.append(line)
    return hand_moved, lines_moved


def line_values(
    scored: HandResult, totals: dict[str, int], name: str
) -> tuple[int | None, int, int]:
    """A hand line's derived values: the player's counted value, points and running total."""
    return scored.counted.get(name), scored.points[name], totals[name]


SEAT_RESULTS = ("total", "rank", "hands_won", "prize", "tournament_points")


def _write_seats(game: Game, seats: list[Seat], result: rules.GameResult, decided: bool) -> None:
    # Only the seats and columns that moved are written: a hand in play moves the totals (and
    # one player's hands won, a rank or two), the prizes and points only move at the end.
    # Django builds a CASE per column and seat: the columns left out were half of a saved
    # hand's time in the database layer.
    before = [tuple(getattr(seat, name) for name in SEAT_RESULTS) for seat in seats]
    derive_seats(game, seats, result, decided)
    moved: list[Seat] = []
    columns: set[str] = set()
    for seat, was in zip(seats, before, strict=True):
        now = tuple(getattr(seat, name) for name in SEAT_RESULTS)
        if now != was:
            moved.append(seat)
            columns.update(n for n, a, b in zip(SEAT_RESULTS, was, now, strict=True) if a != b)
    if moved:
        fields = [name for name in SEAT_RESULTS if name in columns]
        Seat.objects.bulk_update(moved, fields, batch_size=500)


def derive_seats(game: Game, seats: list[Seat], result: rules.GameResult, decided: bool) -> None:
    """Give each seat (with its player) its total, rank, hands won, prize and tournament
    points from the engine's `result` and the event's scale (`game.event`). No query."""
    names = [seat.player.name for seat in seats]
    hands_won = dict.fromkeys(names, 0)
    for scored in result.hands:
        if scored.winner:
            hands_won[scored.winner] += 1
    # Before any hand nobody is placed: a 0-0 tie is no ranking.
    ranks = places(result.ranking, result.totals) if result.hands else {}
    event = game.event
    points = (
        tournament_points(
            ranking=result.ranking,
            ranks=ranks,
            scale=event.points_scale,
            win_at_time=event.points_for_win_at_time,
            ended_by_closing=result.ended_by_closing,
        )
        if decided
        else {}
    )
    if any(p > MOST_TOURNAMENT_POINTS for p in points.values()):
        # The settings form refuses such a scale; one stored before (or through the admin)
        # refuses the hand with this message rather than failing to store the points.
        raise ValidationError(
            _(
                "The event's tournament points by place go beyond %(most)s, more than can be "
                "stored: lower them in the event's settings."
            )
            % {"most": MOST_TOURNAMENT_POINTS}
        )
    for seat in seats:
        name = seat.player.name
        seat.total = result.totals[name]
        seat.rank = ranks.get(name)
        seat.hands_won = hands_won[name]
        cents = result.prizes.get(name) if (result.prizes and decided) else None
        seat.prize = Decimal(cents) / 100 if cents is not None else None
        seat.tournament_points = points.get(name, Decimal(0))


def _write_game(
    game: Game, seats: list[Seat], hands: list[Hand], result: rules.GameResult, decided: bool
) -> None:
    derive_game(game, seats, hands, result, decided)
    Game.objects.filter(pk=game.pk).update(
        # The table's page changed (play/services/versions.py); update() skips auto_now.
        version=versions.NEXT,
        updated_at=timezone.now(),
        finished=game.finished,
        has_provisional_hands=game.has_provisional_hands,
        ended_after_hand=game.ended_after_hand,
        hands_played=game.hands_played,
        winner=game.winner,
    )


def derive_game(
    game: Game, seats: list[Seat], hands: list[Hand], result: rules.GameResult, decided: bool
) -> None:
    """Give the game its derived fields (finished, hands played, winner...) from the
    engine's `result`. No query."""
    by_name = {seat.player.name: seat.player for seat in seats}
    game.finished = decided
    game.has_provisional_hands = any(hand.is_provisional for hand in hands)
    game.ended_after_hand = result.ended_after_hand
    game.hands_played = len(hands)
    game.winner = by_name[result.winner] if game.finished and result.winner else None
