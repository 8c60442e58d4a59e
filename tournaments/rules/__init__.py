"""The rules engine: every variant scored exactly, from counts or from cards.

Plain Python, no Django: it reads like the rule book (`../shared/spec/rules.md`). Modules:
cards (codes, values, decks), melds (deadwood search), layoffs (after a knock), variants (the
six presets and their options), hands (a hand's facts and counting), scoring (points per way of
ending a hand), game (progression, end, ranking), prizes (pot splits in cents), gamefile (the
JSON game file and result document), errors (RulesError and its problems), clock (a round's
time: running, paused, extended, up).
"""

from .errors import Problem, RulesError
from .game import Game, GameResult, rank, score_game, score_hands
from .gamefile import read_game, write_game, write_result
from .hands import Hand
from .variants import PRESETS, Variant, make_variant

__all__ = [
    "PRESETS",
    "Game",
    "GameResult",
    "Hand",
    "Problem",
    "RulesError",
    "Variant",
    "make_variant",
    "rank",
    "read_game",
    "score_game",
    "score_hands",
    "write_game",
    "write_result",
]
