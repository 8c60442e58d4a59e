"""Cards as a page shows and reads them: in French, "RK" (roi de carreau) and the grid's
R D V; in English, "KD" and K Q J. The letters are data (`rules.cards`); this module picks the
page language's, names cards for screen readers, builds the card grid, the help text, and the
messages for codes typed the other way.

The game file and the database keep the English codes: only what a person types and reads
changes with the language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.rules.cards import (
    ENGLISH,
    FRENCH,
    JOKER,
    CardLetters,
    CardReading,
    rank_of,
    suit_of,
)

# The language of a page → the letters its card codes are typed and shown in.
LETTERS = {"fr": FRENCH, "en": ENGLISH}
# Each way of writing, as the messages name it ("KD is written the English way").
WAYS = {FRENCH: _("the French way"), ENGLISH: _("the English way")}

# Suits in the engine's order (spades, hearts, diamonds, clubs): symbol, colour, name.
SUITS = [
    ("♠", "black", pgettext_lazy("suit", "spades")),
    ("♥", "red", pgettext_lazy("suit", "hearts")),
    ("♦", "red", pgettext_lazy("suit", "diamonds")),
    ("♣", "black", pgettext_lazy("suit", "clubs")),
]
# The grid's order of ranks, as a club sorts a hand: ace first, king last.
GRID_RANKS = range(1, 14)
RANK_NAMES = {
    1: pgettext_lazy("card", "ace"),
    11: pgettext_lazy("card", "jack"),
    12: pgettext_lazy("card", "queen"),
    13: pgettext_lazy("card", "king"),
}


def page_letters(language: str | None = None) -> CardLetters:
    """The letters of the page's language (the active one by default)."""
    code = (language or get_language() or settings.LANGUAGE_CODE).split("-")[0]
    return LETTERS.get(code, ENGLISH)


def other_letters(letters: CardLetters) -> CardLetters:
    """The other way of writing: the one a player may type by habit on this page."""
    return ENGLISH if letters == FRENCH else FRENCH


def card_name(card_: int) -> str:
    """ "roi de carreau", "king of diamonds", "7 of spades", "joker"."""
    if card_ == JOKER:
        return pgettext("card", "joker")
    rank = rank_of(card_)
    _symbol, _colour, suit = SUITS[suit_of(card_)]
    return pgettext("card", "%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES.get(rank, rank),
        "suit": suit,
    }


def shown_codes(stored: str, letters: CardLetters | None = None) -> str:
    """Stored (game-file) codes written in the page's letters: "KD 7S" → "RK 7P"."""
    letters = letters or page_letters()
    shown = []
    for code in stored.split():
        card_ = ENGLISH.parse(code)
        shown.append(code if card_ is None else letters.code(card_))
    return " ".join(shown)


@dataclass(frozen=True)
class GridCard:
    code: str  # in the page's letters, what a tap types
    rank: str  # what the button shows above the suit symbol
    name: str  # read after the visible text by screen readers


@dataclass(frozen=True)
class GridSuit:
    symbol: str
    letter: str
    colour: str
    name: str
    cards: list[GridCard]


def card_grid(letters: CardLetters) -> list[GridSuit]:
    """The card grid's rows: one per suit, ace to king, in the page's letters."""
    rank_codes = {rank: code for code, rank in letters.ranks.items()}
    rows = []
    for index, (symbol, colour, name) in enumerate(SUITS):
        cards = []
        for rank in GRID_RANKS:
            card_ = index * 13 + rank - 1
            cards.append(GridCard(letters.code(card_), rank_codes[rank], card_name(card_)))
        rows.append(GridSuit(symbol, letters.suits[index], colour, str(name), cards))
    return rows


def grid_letters(letters: CardLetters) -> dict[str, object]:
    """The letters as the card grid's script reads typed codes (rendered as JSON data)."""
    return {"ranks": letters.ranks, "suits": letters.suits, "joker": letters.joker}


# An example a player can copy: king of diamonds, 7 of spades, 10 of hearts.
EXAMPLE = (2 * 13 + 12, 0 * 13 + 6, 1 * 13 + 9)


def example_codes(letters: CardLetters) -> str:
    return " ".join(letters.code(card_) for card_ in EXAMPLE)


def codes_legend(letters: CardLetters) -> str:
    """How the page writes codes, letters from the data: "Codes on this page: the rank (A K Q
    J for ace, king, queen, jack; 2 to 10) then the suit (S H D C for spades…)"."""
    return gettext(
        "Codes on this page: the rank (%(ranks)s for ace, king, queen, jack; 2 to 10) then "
        "the suit (%(suits)s for spades, hearts, diamonds, clubs)."
    ) % {
        "ranks": " ".join((letters.ace, letters.king, letters.queen, letters.jack)),
        "suits": " ".join(letters.suits),
    }


def code_problems(reading: CardReading, letters: CardLetters) -> list[str]:
    """What is wrong with typed codes (a `rules.cards.CardReading`), in words: a code written
    the other way names its card and how to write it here; codes that are cards either way
    but other ones are then named too, since the player was likely typing the other way."""
    problems = []
    other = other_letters(letters)
    foreign = dict(reading.other_way)
    for code, card_ in reading.other_way:
        problems.append(
            gettext("%(code)s is written %(way)s (%(name)s): here, write %(ours)s.")
            % {
                "code": code,
                "way": WAYS[other],
                "name": card_name(card_),
                "ours": letters.code(card_),
            }
        )
    unknown = [code for code in reading.bad if code not in foreign]
    if unknown:
        problems.append(
            gettext(
                "%(codes)s is not a card code: write the rank (%(ranks)s, 2 to 10) then the "
                "suit (%(suits)s)."
            )
            % {
                "codes": " ".join(unknown),
                "ranks": " ".join((letters.ace, letters.king, letters.queen, letters.jack)),
                "suits": " ".join(letters.suits),
            }
        )
    if foreign:
        for code, ours, theirs in reading.read_otherwise:
            problems.append(
                gettext("%(code)s reads here as %(name)s (%(theirs)s: %(their_code)s).")
                % {
                    "code": code,
                    "name": card_name(ours),
                    "theirs": card_name(theirs),
                    "their_code": letters.code(theirs),
                }
            )
    return problems
