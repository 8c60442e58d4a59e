"""Tie-breaks in words: each one's label and explanation in the reader's language (the
registry, `tournaments.ranking`, holds them in English, marked for translation)."""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext

from tournaments.ranking import TIE_BREAKS


def tie_break_label(key: str) -> str:
    """ "games won": what a tie-break is called."""
    return gettext(TIE_BREAKS[key].label)


# For a label read when a module loads (a table's column), translated when it is shown.
tie_break_label_lazy = lazy(tie_break_label, str)


def tie_break_explanation(key: str) -> str:
    """What a tie-break measures, for the organiser choosing it and for the players."""
    return gettext(TIE_BREAKS[key].explanation)


def tie_break_labels(tie_breaks: list[str]) -> list[tuple[str, str]]:
    """The tie-breaks (an event's, in order) that the registry knows, with their labels."""
    return [(key, tie_break_label(key)) for key in tie_breaks if key in TIE_BREAKS]
