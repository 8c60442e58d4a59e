"""A variant's key options in a few words, for the header of a printed sheet.

Players read it at the table: how the game ends, who wins, and the options that change a
count (bonuses, the knock limit, the opening minimum...). Call within the event's language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.rules.variants import (
    GinRami,
    GinRummy,
    RamiJokers,
    RamiPenalites,
    RamiTraditionnel,
    Rummy,
    Variant,
)


def is_match(variant: Variant) -> bool:
    """A gin-rummy match of several games, each to the target (rules.md, gin-rummy)."""
    return isinstance(variant, GinRummy) and variant.mode == "multi_game"


def how_it_ends(variant: Variant) -> str:
    target = getattr(variant, "target", None)
    deals = getattr(variant, "number_of_deals", None)
    if is_match(variant):
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


def key_options(variant: Variant) -> list[str]:
    """The options that change a count, in the order players need them."""
    ace = _("ace %(value)s") % {"value": variant.ace_value}
    if isinstance(variant, RamiTraditionnel):
        return [_("rami sec +%(bonus)s") % {"bonus": variant.rami_sec_bonus}, ace]
    if isinstance(variant, RamiPenalites):
        if variant.rami_mode == "double":
            return [_("rami sec: others' counts × 2"), ace]
        return [
            _("rami sec: others' counts + %(penalty)s") % {"penalty": variant.rami_penalty},
            ace,
        ]
    if isinstance(variant, Rummy):
        return [_("rummy: payments × %(times)s") % {"times": variant.rummy_multiplier}, ace]
    if isinstance(variant, RamiJokers):
        return [
            _("opening minimum %(points)s") % {"points": variant.opening_minimum},
            _("%(jokers)s jokers worth %(value)s")
            % {"jokers": variant.jokers, "value": variant.joker_value},
            _("never melded %(points)s") % {"points": variant.never_melded_penalty},
            _("rami sec %(score)s") % {"score": variant.rami_sec_score},
            ace,
        ]
    if isinstance(variant, GinRami):
        return [
            _("knock at %(max)s or less") % {"max": variant.knock_max},
            _("gin +%(points)s") % {"points": variant.gin_penalty},
            _("undercut +%(points)s") % {"points": variant.undercut_penalty},
            ace,
        ]
    if isinstance(variant, GinRummy):
        options = [
            _("knock at %(max)s or less") % {"max": variant.knock_max},
            _("gin bonus %(points)s") % {"points": variant.gin_bonus},
            _("undercut bonus %(points)s") % {"points": variant.undercut_bonus},
        ]
        if is_match(variant):
            options += [
                _("line +%(points)s a hand won") % {"points": variant.line_bonus},
                _("game +%(points)s") % {"points": variant.game_bonus},
                _("shutout +%(points)s") % {"points": variant.shutout_bonus},
            ]
        return [*options, ace]
    return [ace]


def rules_line(variant: Variant) -> str:
    """E.g. "target 100 points · lowest total wins · rami sec: others' counts + 25 · ace 11"."""
    return " · ".join([how_it_ends(variant), who_wins(variant), *key_options(variant)])


def ways_to_end(variant: Variant) -> str:
    """The abbreviations players write in the "how it ended" column, for the sheet's legend."""
    if variant.family == "gin":
        parts = [_("K = knocked"), _("G = gin"), _("U = undercut")]
        if variant.has_draws:
            parts.append(_("D = draw"))
    else:
        parts = [_("O = went out"), _("R = rami sec")]
    return _("Write who ended the hand and how: %(ways)s.") % {"ways": ", ".join(parts)}
