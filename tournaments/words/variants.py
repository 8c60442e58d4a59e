"""A variant and its options in words: a short line for the pages, and the rules line printed
at the head of a sheet (how the game ends, who wins, the options that change a count).

Which options matter is the variant's own declaration (`Variant.key_options()`); here is only
how each one reads, on a page or on paper. Call within the page's or the event's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.rules import hands
from tournaments.rules.variants import GinRummy, RamiPenalites, Variant
from tournaments.words.labels import UNDERCUT, how_legend

# How a key option reads, by its name. Each reads the options of the variants that declare it
# (`Variant.key_options()`): no one type has them all, hence Any for the variant.
OptionWords = Callable[[Any], str]

# On the pages: the ace is always said; of the other key options, only these.
PAGE_WORDS: dict[str, OptionWords] = {
    "jokers": lambda v: _("%(jokers)s jokers") % {"jokers": v.jokers},
    "knock_max": lambda v: _("knock with %(points)s or less") % {"points": v.knock_max},
}


def key_options(variant: Variant) -> list[str]:
    """The options a player wants to know before sitting down, in plain words."""
    target, deals = variant.target, variant.number_of_deals
    parts = []
    if variant.plays_matches:
        assert isinstance(variant, GinRummy)  # the one variant that plays matches
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
    parts += [PAGE_WORDS[name](variant) for name in variant.key_options() if name in PAGE_WORDS]
    return parts


def options_line(name: str, variant: Variant, *extra: str) -> str:
    """One line: the variant's name, its key options, and any extra words (pot, entry fee)."""
    return " · ".join([name, *key_options(variant), *extra])


# The printed sheets -------------------------------------------------------------------------


def how_it_ends(variant: Variant) -> str:
    target, deals = variant.target, variant.number_of_deals
    if variant.plays_matches:
        assert isinstance(variant, GinRummy)  # the one variant that plays matches
        return ngettext(
            "a match of %(games)s game to %(target)s points",
            "a match of %(games)s games to %(target)s points",
            variant.number_of_games,
        ) % {"games": variant.number_of_games, "target": target}
    if target and deals:
        return ngettext(
            "target %(target)s points or %(deals)s deal",
            "target %(target)s points or %(deals)s deals",
            deals,
        ) % {"target": target, "deals": deals}
    if target:
        return _("target %(target)s points") % {"target": target}
    if deals:
        return ngettext("%(deals)s deal", "%(deals)s deals", deals) % {"deals": deals}
    return _("no target: the organiser closes the game")


def who_wins(variant: Variant) -> str:
    return _("highest total wins") if variant.highest_wins else _("lowest total wins")


def _rami_mode(variant: RamiPenalites) -> str:
    if variant.rami_mode == "double":
        return _("going rummy: others' counts × 2")
    return _("going rummy: others' counts + %(penalty)s") % {"penalty": variant.rami_penalty}


# On paper, each key option in a few words (gin-rami's penalties and gin-rummy's bonuses read
# differently: a penalty is added to the others, a bonus to the one who makes it).
PRINTED_WORDS: dict[str, OptionWords] = {
    "ace_value": lambda v: _("ace %(value)s") % {"value": v.ace_value},
    "rami_sec_bonus": lambda v: _("going rummy +%(bonus)s") % {"bonus": v.rami_sec_bonus},
    "rami_mode": _rami_mode,
    "rummy_multiplier": lambda v: _("rummy: payments × %(times)s") % {"times": v.rummy_multiplier},
    "opening_minimum": lambda v: _("opening minimum %(points)s") % {"points": v.opening_minimum},
    "jokers": lambda v: (
        _("%(jokers)s jokers worth %(value)s") % {"jokers": v.jokers, "value": v.joker_value}
    ),
    "never_melded_penalty": lambda v: (
        _("never melded %(points)s") % {"points": v.never_melded_penalty}
    ),
    "rami_sec_score": lambda v: _("going rummy %(score)s") % {"score": v.rami_sec_score},
    "knock_max": lambda v: _("knock at %(max)s or less") % {"max": v.knock_max},
    "gin_penalty": lambda v: _("gin +%(points)s") % {"points": v.gin_penalty},
    "undercut_penalty": lambda v: _("undercut +%(points)s") % {"points": v.undercut_penalty},
    "gin_bonus": lambda v: _("gin bonus %(points)s") % {"points": v.gin_bonus},
    "undercut_bonus": lambda v: _("undercut bonus %(points)s") % {"points": v.undercut_bonus},
    "line_bonus": lambda v: _("line +%(points)s a hand won") % {"points": v.line_bonus},
    "game_bonus": lambda v: _("game +%(points)s") % {"points": v.game_bonus},
    "shutout_bonus": lambda v: _("shutout +%(points)s") % {"points": v.shutout_bonus},
}


def printed_options(variant: Variant) -> list[str]:
    """The options that change a count, in the order players need them."""
    return [PRINTED_WORDS[name](variant) for name in variant.key_options()]


# A space before a number (or its sign): a no-break space, so that a number is never parted
# from the word before it at the end of a printed line ("ace" on one line, "11" alone on
# the next).
_BEFORE_A_NUMBER = re.compile(r" (?=[+×−-]?\s?\d)")


def rules_line(variant: Variant) -> str:
    """E.g. "target 100 points · lowest total wins · rami sec: others' counts + 25 · ace 11"."""
    parts = [how_it_ends(variant), who_wins(variant), *printed_options(variant)]
    return " · ".join(_BEFORE_A_NUMBER.sub("\N{NO-BREAK SPACE}", part) for part in parts)


def ways_to_end(variant: Variant) -> str:
    """The abbreviations players write in the "how it ended" column, for the sheet's legend."""
    # The ways to end a hand, and after a knock the undercut (a result a player writes too).
    codes = list(hands.ways_to_end(variant))
    if hands.KNOCK in codes:
        codes.insert(codes.index(hands.GIN_) + 1, UNDERCUT)
    parts = [how_legend(code) for code in codes]
    return _("Write who ended the hand and how: %(ways)s.") % {"ways": ", ".join(parts)}
