"""French text never breaks before its punctuation: "comment ?" and "Anne : 12" keep a
no-break space before "?", "!", ";" and ":" (and inside « »), and amounts keep theirs before
"€", so that a phone's narrow screen never leaves a "?" or a "€" alone at the start of a line."""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from pathlib import Path

from django.utils import translation

from tournaments.words.formats import labelled, money

# A plain (breakable) space before French high punctuation, or inside guillemets.
BREAKABLE = re.compile(r" (?:[?!;:»]|%(?!\())|« ")  # "%(name)s" is a placeholder
PO = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def po_translations() -> list[str]:
    """Every msgstr of the site's French catalogue, its continuation lines joined."""
    texts: list[list[str]] = []
    current: list[str] | None = None
    for line in PO.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            current = [ast.literal_eval(line.split(" ", 1)[1])]
            texts.append(current)
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        else:
            current = None
    return ["".join(parts) for parts in texts]


def test_no_french_message_can_break_before_its_punctuation():
    translations = po_translations()
    assert len(translations) > 500  # the catalogue was read
    assert [text for text in translations if BREAKABLE.search(text)] == []


def test_how_reads_with_a_narrow_no_break_space_before_its_question_mark():
    with translation.override("fr"):
        assert translation.gettext("How?") == "Comment\u202f?"
        assert translation.gettext("Who ended the hand, and how?").endswith("comment\u202f?")


def test_a_name_and_its_value_keep_their_colon_on_the_same_line():
    with translation.override("fr"):
        assert labelled("Anne", 12) == "Anne\u00a0: 12"


def test_an_amount_never_breaks_before_its_euro_sign():
    with translation.override("fr"):
        assert money(Decimal("12.5")) == "12,50\u00a0€"
    with translation.override("en"):
        assert money(Decimal("12.5")) == "12.50\u00a0€"
