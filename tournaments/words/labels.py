"""How a hand ended, in words: the one label map, with the three forms it takes.

`choice` is what the entry form's buttons say ("Knock"); `told` is how a hand's history tells
it ("Anne: knocked"); `letter` is what players write on a paper score sheet ("K"). An
undercut is a knock that lost: the engine's result, never a choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.rules.hands import DRAW, GIN_, GOING_OUT, KNOCK, RAMI_SEC, UNDERCUT

__all__ = ["HOW_LABELS", "UNDERCUT", "how_choice", "how_choices", "how_label", "how_legend"]


@dataclass(frozen=True)
class HowLabel:
    choice: Promise
    told: Promise
    letter: Promise


# The letter is what a player writes on a paper score sheet ("K"): translated with a
# context, since one letter alone could mean anything.
HOW_LABELS: dict[str, HowLabel] = {
    GOING_OUT: HowLabel(_("Went out"), _("went out"), pgettext_lazy("score sheet", "O")),
    RAMI_SEC: HowLabel(_("Went rummy"), _("went rummy"), pgettext_lazy("score sheet", "R")),
    KNOCK: HowLabel(_("Knock"), _("knocked"), pgettext_lazy("score sheet", "K")),
    UNDERCUT: HowLabel(_("Undercut"), _("undercut"), pgettext_lazy("score sheet", "U")),
    GIN_: HowLabel(_("Gin"), _("gin"), pgettext_lazy("score sheet", "G")),
    DRAW: HowLabel(_("Draw (nobody)"), _("draw"), pgettext_lazy("score sheet", "D")),
}


def how_label(code: str) -> str:
    """How a hand ended, as its history tells it ("knocked"); the code itself if unknown."""
    return str(HOW_LABELS[code].told) if code in HOW_LABELS else code


def how_choice(code: str) -> str:
    """How a hand ended, as the entry form offers it ("Knock"); the code itself if unknown."""
    return str(HOW_LABELS[code].choice) if code in HOW_LABELS else code


def how_legend(code: str) -> str:
    """ "K = knocked": a way to end a hand as the score sheet's legend explains it."""
    label = HOW_LABELS[code]
    return _("%(letter)s = %(how)s") % {"letter": label.letter, "how": label.told}


def how_choices() -> list[tuple[str, Promise]]:
    """The ways to end a hand as a model's choices (the undercut is a result, not a way)."""
    return [(code, label.told) for code, label in HOW_LABELS.items() if code != UNDERCUT]
