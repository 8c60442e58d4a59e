"""Blank table sheets: one page per table, to write the hands on and sign.

Everything a page shows is prepared here (rows, labels, QR codes), so that the template only
lays it out: no arithmetic and no queries in the template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments.models import Game
from tournaments.rules.variants import Variant
from tournaments.words.variants import rules_line, ways_to_end

from .render import qr_image

HANDS_FOR_TARGET = 16  # a game to a target rarely lasts longer; the back of the sheet is there
MOST_HANDS = 20  # what fits on a page with the header and the signatures
MOST_ROWS_NORMAL = 21  # rows (hands and totals) at the normal height; more are set tighter
TOTAL_EVERY = 4  # a running-total row after every 4 hands
MATCH_GAMES_ON_A_PAGE = 3
MATCH_HANDS_PER_GAME = 6

# The grid's widths in mm, as static/css/print-blank.css sets them, to size the names in its heads.
GRID_MM, NUMBER_MM, HOW_MM, HOW_CROWDED_MM, PADDING_MM = 190, 14, 42, 30, 2.4
CROWDED = 5  # players: more, and the "how" column narrows
# The heads' sizes (print-common.css) with the width of a wide character of a name in bold DejaVu
# Sans at that size (0.72 em, measured: names average 0.58 to 0.72): 11.5, 9.5, 8 and 7 pt.
NAME_SIZES = (
    ("name-normal", 2.95),
    ("name-small", 2.45),
    ("name-tiny", 2.05),
    ("name-mini", 1.8),
)


def public_path(game: Game) -> str:
    """The table's public page (/games/<id>/): printed in QR codes, so it must never change."""
    return reverse("game", kwargs={"game_id": game.pk})


def entry_path(game: Game) -> str:
    """The table link's entry page (/t/<token>/, no account needed): the organiser's copy."""
    return reverse("entry:table_link", kwargs={"token": game.link_token})


@dataclass(frozen=True)
class Row:
    """A row of the blank grid: a hand to write, a running total, or a game of a match."""

    kind: str  # "hand", "total", "game" (a match's game heading) or "bonus"
    label: str
    aim: bool = False  # the target applies to this total: print it beside the label


@dataclass(frozen=True)
class Name:
    text: str
    size: str  # a CSS class: long names are set smaller (see name_size)


@dataclass
class BlankSheet:
    game: Game
    players: list[Name]
    rules: str
    legend: str
    target: int | None
    rows: list[Row]
    density: str  # a CSS class for the rows' height: see density()
    crowded: bool  # many players: narrower "how" column
    columns: int  # for a heading row across the grid
    signatures: list[list[str]]  # who signs, a few boxes a line
    continued: str  # "" or a note that the grid continues on the back
    public_url: str
    public_qr: SafeString
    entry_url: str | None
    entry_qr: SafeString | None


def column_width(players: int) -> float:
    """A player's column on the blank grid, in mm: what the hand and "how" columns leave of
    the page (the same widths as print-blank.css), less the cell's padding."""
    how = HOW_CROWDED_MM if players > CROWDED else HOW_MM
    return (GRID_MM - NUMBER_MM - how) / max(players, 1) - PADDING_MM


def name_size(name: str, width_mm: float) -> str:
    """The largest size at which a name's longest word fits the column and the name takes
    three lines at most: names wrap at spaces and hyphens, not in the middle of a word."""
    longest = max((len(word) for word in re.split(r"[\s-]+", name)), default=0)
    for size, mm_per_character in NAME_SIZES:
        characters = width_mm / mm_per_character
        if longest <= characters and len(name) <= 3 * characters:
            return size
    return NAME_SIZES[-1][0]


def density(rows: int, signature_lines: int) -> str:
    """ "compact" for many rows; "roomy" when one line of signature boxes leaves room for
    taller rows, easier to write in; "normal" otherwise."""
    if rows > MOST_ROWS_NORMAL:
        return "compact"
    return "roomy" if signature_lines == 1 else "normal"


def signature_lines(names: list[str], per_line: int = 5) -> list[list[str]]:
    """Signature boxes, at most five a line so that each is wide enough to sign in."""
    lines = (len(names) + per_line - 1) // per_line
    size = (len(names) + lines - 1) // lines  # balanced lines: 4 + 4, not 5 + 3
    return [names[start : start + size] for start in range(0, len(names), size)]


def grid(variant: Variant) -> tuple[list[Row], str]:
    """The rows to print for the variant, and a note if the game may need more."""
    if variant.plays_matches:
        return _match_grid(variant)
    deals = variant.number_of_deals
    hands = min(deals, MOST_HANDS) if deals else HANDS_FOR_TARGET
    rows = []
    for number in range(1, hands + 1):
        rows.append(Row("hand", str(number)))
        if hands > 1 and (number % TOTAL_EVERY == 0 or number == hands):
            label = _("Total after hand %(number)s") % {"number": number}
            rows.append(Row("total", label, aim=True))
    continued = ""
    if deals is None or deals > hands:
        continued = _("More hands? Carry on on the back, from hand %(number)s.") % {
            "number": hands + 1
        }
    return rows, continued


def _match_grid(variant) -> tuple[list[Row], str]:
    rows: list[Row] = []
    games = min(variant.number_of_games, MATCH_GAMES_ON_A_PAGE)
    for game in range(1, games + 1):
        rows.append(Row("game", _("Game %(number)s") % {"number": game}))
        for number in range(1, MATCH_HANDS_PER_GAME + 1):
            rows.append(Row("hand", str(number)))
        rows.append(Row("total", _("Score of game %(number)s") % {"number": game}, aim=True))
        rows.append(Row("bonus", _("Bonuses: line, game, shutout")))
    rows.append(Row("total", _("Grand total")))
    continued = ""
    if variant.number_of_games > games:
        continued = _("Games %(first)s to %(last)s: carry on on the back.") % {
            "first": games + 1,
            "last": variant.number_of_games,
        }
    return rows, continued


def blank_sheet(game: Game, *, site: str, entry_links: bool) -> BlankSheet:
    """One table's page. `game` comes with its seats (see selectors.games.games_with_seats)."""
    variant = game.rules()
    names = [seat.player.name for seat in game.seats.all()]
    rows, continued = grid(variant)
    width = column_width(len(names))
    players = [Name(name, name_size(name, width)) for name in names]
    signatures = signature_lines([*names, _("Organiser")])
    public_url = site + public_path(game)
    entry_url = site + entry_path(game) if entry_links and game.link_enabled else None
    return BlankSheet(
        game=game,
        players=players,
        rules=rules_line(variant),
        legend=ways_to_end(variant),
        target=variant.target,
        rows=rows,
        density=density(len(rows), len(signatures)),
        crowded=len(names) > CROWDED,
        columns=len(names) + 2,
        signatures=signatures,
        continued=continued,
        public_url=public_url,
        public_qr=qr_image(public_url),
        entry_url=entry_url,
        entry_qr=qr_image(entry_url) if entry_url else None,
    )
