"""The game file (format ramiscore/1): read it into a Game, write a Game and its result back.

The one place that knows the JSON shapes of spec/game-file.md: the command line, the import
and export pages and the tests all go through here.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from typing import Any

from .cards import format_cards
from .errors import Problem, RulesError, problem
from .errors import gettext_noop as _
from .game import Game, GameResult
from .hands import DRAW, Hand, Held, parse_held
from .prizes import format_cents
from .text import unprintable
from .variants import PRESETS, Variant, make_variant

FORMAT = "ramiscore/1"
AMOUNT = re.compile(r"^[0-9]{1,9}(\.[0-9]{1,2})?$")  # ASCII digits: "١٢" is no amount
LARGEST_POT = 99_999_999_99  # cents: the most a pot column (10 digits, 2 decimals) stores
# A game file is four levels deep (game, hands, hand, held); a document much deeper is no
# game file, and reading it must not exhaust the interpreter's stack.
DEEPEST = 20


def parse_game_text(text: str) -> Any:
    """The JSON document of a game file's text; RulesError if it is not JSON, holds a number
    too long to read, or is nested too deep."""
    too_deep = problem(
        _("the document is nested too deep to be a game file (more than %(depth)s levels)"),
        field="format",
        depth=DEEPEST,
    )
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        message = _("This is not a game file: it is not valid JSON (line %(line)s).")
        raise RulesError([problem(message, field="format", line=error.lineno)]) from None
    except RecursionError:
        raise RulesError([too_deep]) from None
    except ValueError:  # an integer of thousands of digits (Python's int_max_str_digits)
        message = _("This is not a game file: it holds a number too long to read.")
        raise RulesError([problem(message, field="format")]) from None
    if nesting_depth(document) > DEEPEST:
        raise RulesError([too_deep])
    return document


def nesting_depth(document: Any) -> int:
    """How deeply lists and objects nest in a JSON document (without recursion)."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth <= DEEPEST:
                items = value.values() if isinstance(value, dict) else value
                stack.extend((item, depth + 1) for item in items)
    return deepest


def parse_amount(value: Any) -> int | None:
    """Cents from an amount such as "100.00", "12.5" or 20; None if it is not a valid one."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value * 100
    if not isinstance(value, str) or not AMOUNT.match(value.strip()):
        return None
    units, _dot, decimals = value.strip().partition(".")
    return int(units) * 100 + int(decimals.ljust(2, "0") or 0)


def read_game(document: Any) -> Game:
    """The Game a game file describes; RulesError with every problem found."""
    if not isinstance(document, dict):
        raise RulesError([problem(_("a game file is a JSON object"), field="format")])
    problems: list[Problem] = []
    if document.get("format") != FORMAT:
        message = _("format must be %(expected)s")
        problems.append(problem(message, field="format", expected=FORMAT))
    options = document.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        problems.append(problem(_("options must be an object"), field="options"))
        options = {}
    try:
        variant = make_variant(document.get("variant"), options)
    except RulesError as error:
        raise RulesError(problems + error.problems) from None
    players = _read_players(variant, document.get("players"), problems)
    pot = None
    if document.get("pot") is not None:
        pot = parse_amount(document["pot"])
        if pot is None:
            message = _("the pot must be a non-negative amount such as 100.00, not %(pot)s")
            problems.append(problem(message, field="pot", pot=document["pot"]))
        elif pot > LARGEST_POT:
            message = _("the pot can be at most %(largest)s, not %(pot)s")
            largest = format_cents(LARGEST_POT)
            problems.append(problem(message, field="pot", pot=document["pot"], largest=largest))
    closed = document.get("closed", False)
    if not isinstance(closed, bool):
        problems.append(problem(_("closed must be true or false"), field="closed"))
    hands = _read_hands(document.get("hands", []), problems)
    if problems:
        raise RulesError(problems)
    return Game(variant, players, tuple(hands), pot, closed)


def _read_players(variant: Variant, players: Any, problems: list[Problem]) -> tuple[str, ...]:
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        problems.append(problem(_("players must be a list of names"), field="players"))
        return ()
    for name in players:
        if unprintable(name):
            message = _(
                "this name holds a control character (such as a tab or a line break): a "
                "name is plain text"
            )
            problems.append(problem(message, field="players", player=name))
    # Counted once (40,000 names take milliseconds, not the minute a count per name took).
    for name in sorted(name for name, seen in Counter(players).items() if seen > 1):
        message = _("%(player)s appears twice among the players")
        problems.append(problem(message, field="players", player=name))
    if not variant.min_players <= len(players) <= variant.max_players:
        message = _("%(variant)s is played by %(low)s to %(high)s players, not %(count)s")
        if variant.min_players == variant.max_players:
            message = _("%(variant)s is played by %(low)s players, not %(count)s")
        problems.append(
            problem(
                message,
                field="players",
                variant=variant.slug,
                low=variant.min_players,
                high=variant.max_players,
                count=len(players),
            )
        )
    return tuple(players)


def _read_hands(hands: Any, problems: list[Problem]) -> list[Hand]:
    if not isinstance(hands, list):
        problems.append(problem(_("hands must be a list"), field="hands"))
        return []
    read = []
    for number, raw in enumerate(hands, start=1):
        hand = read_hand(raw, number, problems)
        if hand is not None:
            read.append(hand)
    return read


def read_hand(raw: Any, number: int, problems: list[Problem]) -> Hand | None:
    """One hand of a game file, its problems appended to `problems`."""
    if not isinstance(raw, dict) or not isinstance(raw.get("how"), str):
        message = _("a hand is an object with how, ended_by and held")
        problems.append(problem(message, hand=number, field="how"))
        return None
    held_raw = raw.get("held", {})
    if not isinstance(held_raw, dict):
        problems.append(problem(_("held must be an object"), hand=number, field="held"))
        return None
    held = {player: parse_held(value) for player, value in held_raw.items()}
    ended_by = raw.get("ended_by")
    if ended_by is not None and not isinstance(ended_by, str):
        problems.append(problem(_("ended_by must be a player's name"), hand=number))
        return None
    return Hand(raw["how"], ended_by, held)


def write_game(game: Game) -> dict[str, Any]:
    """The game file of a game: export → import → export gives the same document."""
    document: dict[str, Any] = {"format": FORMAT, "variant": game.variant.slug}
    overrides = option_overrides(game.variant)
    if overrides:
        document["options"] = overrides
    document["players"] = list(game.players)
    if game.pot is not None:
        document["pot"] = format_cents(game.pot)
    if game.closed:
        document["closed"] = True
    document["hands"] = [write_hand(hand) for hand in game.hands]
    return document


def write_hand(hand: Hand) -> dict[str, Any]:
    written: dict[str, Any] = {"how": hand.how}
    if hand.ended_by is not None:
        written["ended_by"] = hand.ended_by
    if hand.held or hand.how != DRAW:
        written["held"] = {name: write_held(value) for name, value in hand.held.items()}
    return written


def write_held(value: Held) -> int | str:
    if isinstance(value, int | str):  # a count, or NEVER_MELDED: the one text a hand holds
        return value
    return format_cards(value)


def option_overrides(variant: Variant) -> dict[str, Any]:
    """The options that differ from the preset, in the order the preset lists them."""
    effective = variant.options()
    overrides: dict[str, Any] = {}
    for f in dataclasses.fields(variant):
        # Compare with the preset given the overrides so far: a system implies its bonuses.
        baseline = PRESETS[variant.slug](**_as_parameters(variant, overrides)).options()
        if effective[f.name] != baseline[f.name]:
            overrides[f.name] = effective[f.name]
    return overrides


def _as_parameters(variant: Variant, overrides: dict[str, Any]) -> dict[str, Any]:
    return {name: getattr(variant, name) for name in overrides}


def write_result(game: Game, result: GameResult) -> dict[str, Any]:
    """The result document of spec/game-file.md."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "variant": game.variant.slug,
        "options": game.variant.options(),
        "hands": [
            {
                "number": hand.number,
                "winner": hand.winner,
                "result": hand.result,
                "counted": hand.counted,
                "points": hand.points,
            }
            for hand in result.hands
        ],
        "running_totals": result.running_totals,
        "games": [
            {
                "hands": [g.first_hand, g.last_hand],
                "scores": g.scores,
                "winner": g.winner,
                "hands_won": g.hands_won,
                "bonuses": g.bonuses,
            }
            for g in result.games
        ],
        "totals": result.totals,
        "finished": result.finished,
        "ended_after_hand": result.ended_after_hand,
        "winner": result.winner,
        "ranking": result.ranking,
    }
    if result.prizes is not None:
        document["prizes"] = {name: format_cents(c) for name, c in result.prizes.items()}
    return document
