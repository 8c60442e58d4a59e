"""A whole game: hands in order, running totals, the end, the winner, the ranking, the prizes."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Problem, RulesError, problem
from .errors import gettext_noop as _
from .hands import Hand, count_hand
from .prizes import split_prize_pool
from .scoring import HandResult, score_hand
from .variants import GinRummy, Variant

NO_BONUS = {"line": 0, "game": 0, "shutout": 0}
# Totals are stored as 32-bit integers: a game whose totals pass this (hundreds of thousands
# of hands) is refused rather than stored wrong.
LARGEST_TOTAL = 2**31 - 1


@dataclass(frozen=True)
class Game:
    """One game at one table: the variant, the players in seating order, the hands played."""

    variant: Variant
    players: tuple[str, ...]
    hands: tuple[Hand, ...] = ()
    pot: int | None = None  # cents
    closed: bool = False  # the organiser ended it (a round's time is up)


@dataclass
class GameOfMatch:
    """One game of a gin-rummy match (the whole game for every other variant)."""

    first_hand: int
    last_hand: int
    scores: dict[str, int]
    hands_won: dict[str, int]
    winner: str | None = None
    bonuses: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    hands: list[HandResult]
    running_totals: list[dict[str, int]]
    games: list[GameOfMatch]
    totals: dict[str, int]
    finished: bool
    ended_after_hand: int | None
    winner: str | None
    ranking: list[str]
    prizes: dict[str, int] | None  # cents, only for a finished game with a pot
    ended_by_closing: bool = False  # closed by the organiser before its end condition


def score_hands(game: Game) -> list[HandResult]:
    """Count and score every hand; RulesError listing every bad hand, not only the first."""
    results, problems = [], []
    for number, hand in enumerate(game.hands, start=1):
        try:
            counted = count_hand(game.variant, game.players, hand, number)
        except RulesError as error:
            problems += error.problems
            continue
        results.append(score_hand(game.variant, game.players, hand, counted, number))
    if problems:
        raise RulesError(problems)
    return results


def score_game(game: Game) -> GameResult:
    """Score a game from its facts: the result document's content, or RulesError."""
    variant, players = game.variant, game.players
    hands = score_hands(game)
    match = _Match(variant, players)
    for result in hands:
        if match.over:
            raise RulesError([_after_the_end(result.number, match.ended_after_hand)])
        match.play(result)
        if any(abs(total) > LARGEST_TOTAL for total in match.running_totals[-1].values()):
            raise RulesError([_too_large(result.number)])
    ended_by_closing = game.closed and not match.over
    if ended_by_closing:
        match.close(len(hands))
    totals = match.grand_totals()
    ranking = rank(variant, players, totals)
    finished = match.over
    games = match.played_games()
    if not match.multi and finished:
        games[0].winner = ranking[0]
    prizes = None
    if finished and game.pot is not None:
        prizes = split_prize_pool(variant, ranking, totals, game.pot)
    return GameResult(
        hands=hands,
        running_totals=match.running_totals,
        games=games,
        totals=totals,
        finished=finished,
        ended_after_hand=match.ended_after_hand,
        winner=ranking[0] if finished else None,
        ranking=ranking,
        prizes=prizes,
        ended_by_closing=ended_by_closing,
    )


def rank(variant: Variant, players: tuple[str, ...], totals: dict[str, int]) -> list[str]:
    """Players best first by the variant's direction; ties keep seating order (R21)."""
    sign = -1 if variant.highest_wins else 1
    return sorted(players, key=lambda name: sign * totals[name])


def _too_large(number: int) -> Problem:
    message = _("the totals pass %(largest)s after this hand, more than can be stored")
    return problem(message, hand=number, field="hands", largest=LARGEST_TOTAL)


def _after_the_end(number: int, ended_after: int | None) -> Problem:
    message = _("this hand comes after the end of the game (it ended after hand %(ended)s)")
    return problem(message, hand=number, field="hands", ended=ended_after)


class _Match:
    """The progression: one game, or gin-rummy's match of several games (R14, R15)."""

    def __init__(self, variant: Variant, players: tuple[str, ...]) -> None:
        self.variant, self.players = variant, players
        self.multi = variant.plays_matches
        self.games: list[GameOfMatch] = []
        self.running_totals: list[dict[str, int]] = []
        self.over = False
        self.ended_after_hand: int | None = None
        self._start(1)

    def _start(self, first_hand: int) -> None:
        zeros = dict.fromkeys(self.players, 0)
        bonuses = {name: dict(NO_BONUS) for name in self.players}
        self.current = GameOfMatch(first_hand, first_hand - 1, zeros, dict(zeros), None, bonuses)
        self.games.append(self.current)

    def play(self, result: HandResult) -> None:
        game = self.current
        game.last_hand = result.number
        for name, points in result.points.items():
            game.scores[name] += points
        if result.winner is not None:
            game.hands_won[result.winner] += 1
        # In multi_game the running totals restart at 0 with each game.
        self.running_totals.append(dict(game.scores))
        if self._game_over(game, result.number):
            self._end_game(game, result.number)

    def _game_over(self, game: GameOfMatch, number: int) -> bool:
        # The game ends after the hand in which any total reaches or passes the target (R11
        # for the penalty variants too), or after the agreed number of deals.
        target = self.variant.target
        if target is not None and max(game.scores.values()) >= target:
            return True
        deals = self.variant.number_of_deals
        return deals is not None and number >= deals

    def _end_game(self, game: GameOfMatch, number: int) -> None:
        if not self.multi:
            self._finish(number)
            return
        # multi_game: the game winner reached the target; bonuses go to the grand total only.
        v = self.variant
        assert isinstance(v, GinRummy)  # the one variant that plays matches
        game.winner = max(self.players, key=lambda name: game.scores[name])
        for name in self.players:
            game.bonuses[name]["line"] = v.line_bonus * game.hands_won[name]  # R15
        game.bonuses[game.winner]["game"] = v.game_bonus
        if all(game.hands_won[name] == 0 for name in self.players if name != game.winner):
            game.bonuses[game.winner]["shutout"] = v.shutout_bonus  # R14
        if len(self.games) == v.number_of_games:
            self._finish(number)
        else:
            self._start(number + 1)

    def close(self, last_hand: int) -> None:
        """The organiser ends the game: totals as they stand, no bonus for an unfinished game."""
        self._finish(last_hand or None)

    def _finish(self, number: int | None) -> None:
        self.over, self.ended_after_hand = True, number

    def played_games(self) -> list[GameOfMatch]:
        """The games with at least one hand (the first one always, even before any hand)."""
        return [g for i, g in enumerate(self.games) if i == 0 or g.last_hand >= g.first_hand]

    def grand_totals(self) -> dict[str, int]:
        totals = dict.fromkeys(self.players, 0)
        for game in self.games:
            for name in self.players:
                totals[name] += game.scores[name] + sum(game.bonuses[name].values())
        return totals
