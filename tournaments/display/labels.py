"""How a hand ended, in words: the one label map, with the two forms it takes.

`choice` is what the entry form's buttons say ("Knock"); `told` is how a hand's history tells
it ("Anne: knocked"). An undercut is a knock that lost: the engine's result, never a choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.rules.hands import DRAW, GIN_, GOING_OUT, KNOCK, RAMI_SEC

UNDERCUT = "undercut"


@dataclass(frozen=True)
class HowLabel:
    choice: Promise
    told: Promise


HOW_LABELS: dict[str, HowLabel] = {
    GOING_OUT: HowLabel(_("Went out"), _("went out")),
    RAMI_SEC: HowLabel(_("Rami sec"), _("rami sec")),
    KNOCK: HowLabel(_("Knock"), _("knocked")),
    UNDERCUT: HowLabel(_("Undercut"), _("undercut")),
    GIN_: HowLabel(_("Gin"), _("gin")),
    DRAW: HowLabel(_("Draw (nobody)"), _("draw")),
}


def how_label(code: str) -> str:
    """How a hand ended, as its history tells it ("knocked"); the code itself if unknown."""
    return str(HOW_LABELS[code].told) if code in HOW_LABELS else code


def how_choice(code: str) -> str:
    """How a hand ended, as the entry form offers it ("Knock"); the code itself if unknown."""
    return str(HOW_LABELS[code].choice) if code in HOW_LABELS else code
