"""The score-evolution chart: running totals hand by hand, drawn as a self-contained SVG.

Pure (no database): the table page embeds it inline and the printed sheets hand it to
WeasyPrint, so it uses presentation attributes only — no CSS, no script. It fills the width of
its container (`width:100%`, height from the viewBox's ratio): size it with the container.
Each player has a colour AND a dash pattern AND a marker shape, so that the chart still reads
when printed in black and white.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.translation import gettext as _

from tournaments.play.selectors.games import GameSheet

# Okabe–Ito based, darkened where needed for contrast on white; one per seat (8 at most).
COLOURS = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#AA3377",
    "#1C1F1D",
    "#8C6D00",
    "#5D3FD3",
    "#6B4226",
)
DASHES = ("", "9 4", "2 3", "9 3 2 3", "5 5", "12 3 3 3", "1 5", "6 2 6 6")
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross", "plus", "ring")

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
INK, MUTED, GRID = "#1c1f1d", "#4a524d", "#d5d8d3"


@dataclass(frozen=True)
class _Frame:
    """Where the plot sits inside the picture, and the values its edges stand for."""

    left: float
    top: float
    right: float
    bottom: float
    hands: int
    low: int
    high: int

    def x(self, hand: int) -> float:
        return self.left + (self.right - self.left) * hand / max(self.hands, 1)

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * (value - self.low) / (self.high - self.low)


def score_chart_svg(
    players: list[str],
    running_totals: list[dict[str, int]],
    *,
    target: int | None = None,
    lowest_wins: bool = False,
    width: int = 640,
    height: int = 320,
    title: str = "",
) -> str:
    """The running totals as an accessible SVG: one polyline per player, from 0 at the start
    through each hand (so a polyline has hands + 1 points), the target as a dashed line."""
    title = title or _("Score evolution")
    chart_id = _chart_id(players, running_totals, target, title)
    font_size = 13
    legend_rows = _legend_layout(players, width, font_size)
    legend_height = len(legend_rows) * (font_size + 10) + 6
    hands = len(running_totals)
    values = [totals.get(name, 0) for totals in running_totals for name in players]
    low, high, step = _value_axis([0, *values, *([target] if target is not None else [])])
    frame = _Frame(
        left=8 + font_size * 0.62 * max(len(str(low)), len(str(high)), 2),
        top=font_size + 8,  # room for the top value and the target's label
        right=width - 16,
        bottom=height - legend_height - font_size * 2.6,
        hands=hands,
        low=low,
        high=high,
    )

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" class="score-chart" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" '
        # No style attribute: the Content-Security-Policy allows no inline style; the page's
        # and the PDF's CSS (`.chart svg`) make it scale.
        f'font-family="{FONT}" font-size="{font_size}">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">'
        f"{escape(_describe(players, running_totals, target, lowest_wins))}</desc>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    parts += _value_grid(frame, step)
    parts += _hand_axis(frame, font_size)
    if target is not None:
        parts += _target_line(frame, target, lowest_wins, font_size)
    if hands == 0:
        middle_x, middle_y = (frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2
        # Outside the f-string, or makemessages cannot see it.
        nothing_yet = escape(_("No hand played yet."))
        parts.append(
            f'<text x="{_n(middle_x)}" y="{_n(middle_y)}" text-anchor="middle" fill="{MUTED}">'
            f"{nothing_yet}</text>"
        )
    else:
        for index, name in enumerate(players):
            parts += _player_line(frame, index, [t.get(name, 0) for t in running_totals])
    parts += _legend(players, legend_rows, height - legend_height + 4, font_size)
    parts.append("</svg>")
    return "\n".join(parts)


def game_chart(sheet: GameSheet, *, width: int, height: int) -> str:
    """A table's chart (its page, its record sheet): the running totals, towards the target."""
    variant = sheet.game.rules()
    return score_chart_svg(
        sheet.players,
        sheet.running_totals(),
        target=variant.target,
        lowest_wins=not variant.highest_wins,
        width=width,
        height=height,
        title=_("Score evolution, table %(table)s") % {"table": sheet.game.table_number},
    )


def _chart_id(
    players: list[str], running_totals: list[dict[str, int]], target: int | None, title: str
) -> str:
    """An id unique to the chart's content, so that two charts on one page do not clash."""
    digest = hashlib.sha1(repr((players, running_totals, target, title)).encode()).hexdigest()
    return f"chart-{digest[:10]}"


def _describe(
    players: list[str],
    running_totals: list[dict[str, int]],
    target: int | None,
    lowest_wins: bool,
) -> str:
    """The text alternative: where everyone stands after the last hand."""
    parts = []
    if target is not None:
        if lowest_wins:
            parts.append(_("Lowest total wins; the game ends at %(target)s.") % {"target": target})
        else:
            parts.append(_("First to %(target)s wins.") % {"target": target})
    if not running_totals:
        parts.append(_("No hand played yet."))
    else:
        last = running_totals[-1]
        standing = ", ".join(f"{name} {last.get(name, 0)}" for name in players)
        parts.append(
            _("After hand %(hand)s: %(totals)s.")
            % {"hand": len(running_totals), "totals": standing}
        )
    return " ".join(parts)


def _nice_step(span: float, count: int) -> int:
    """A round step (1, 2, 5 × 10ⁿ, at least 1) giving about `count` intervals over `span`."""
    raw = max(span / count, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if multiple * magnitude >= raw:
            return int(multiple * magnitude)
    return int(10 * magnitude)  # pragma: no cover - the loop always returns


def _value_axis(values: list[int]) -> tuple[int, int, int]:
    low, high = min(values), max(values)
    if low == high:
        high = low + 10
    step = _nice_step(high - low, 5)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _value_grid(frame: _Frame, step: int) -> list[str]:
    parts = []
    for value in range(frame.low, frame.high + 1, step):
        y = _n(frame.y(value))
        # The zero line is darker: totals can go negative (rummy, rami-jokers).
        colour = MUTED if value == 0 else GRID
        parts.append(
            f'<line x1="{_n(frame.left)}" y1="{y}" x2="{_n(frame.right)}" y2="{y}" '
            f'stroke="{colour}" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{_n(frame.left - 6)}" y="{_n(frame.y(value) + 4.5)}" text-anchor="end" '
            f'fill="{MUTED}">{value}</text>'
        )
    return parts


def _hand_axis(frame: _Frame, font_size: int) -> list[str]:
    bottom = _n(frame.bottom)
    parts = [
        f'<line x1="{_n(frame.left)}" y1="{bottom}" x2="{_n(frame.right)}" y2="{bottom}" '
        f'stroke="{INK}" stroke-width="1"/>'
    ]
    step = _nice_step(frame.hands, 10)
    label_y = _n(frame.bottom + font_size + 4)
    for hand in range(step, frame.hands + 1, step):
        x = _n(frame.x(hand))
        parts.append(
            f'<line x1="{x}" y1="{bottom}" x2="{x}" y2="{_n(frame.bottom + 4)}" stroke="{INK}"/>'
        )
        parts.append(f'<text x="{x}" y="{label_y}" text-anchor="middle" fill="{INK}">{hand}</text>')
    parts.append(
        f'<text x="{_n(frame.right)}" y="{_n(frame.bottom + font_size * 2.3)}" text-anchor="end" '
        f'fill="{MUTED}">{escape(_("hand"))}</text>'
    )
    return parts


def _target_line(frame: _Frame, target: int, lowest_wins: bool, font_size: int) -> list[str]:
    y = frame.y(target)
    # For penalty variants the target is the limit that ends the game, not a goal.
    label = (_("limit %(target)s") if lowest_wins else _("target %(target)s")) % {"target": target}
    label_width = font_size * 0.6 * len(label) + 6
    return [
        f'<line class="target" x1="{_n(frame.left)}" y1="{_n(y)}" x2="{_n(frame.right)}" '
        f'y2="{_n(y)}" stroke="#a1140f" stroke-width="1.5" stroke-dasharray="6 4"/>',
        # A white backing keeps the label legible where players' lines cross it.
        f'<rect x="{_n(frame.left + 4)}" y="{_n(y - font_size - 3)}" width="{_n(label_width)}" '
        f'height="{font_size + 2}" fill="#ffffff" fill-opacity="0.85"/>',
        f'<text class="target-label" x="{_n(frame.left + 7)}" y="{_n(y - 5)}" '
        f'fill="#a1140f" font-size="{font_size - 1}">{escape(label)}</text>',
    ]


def _player_line(frame: _Frame, index: int, totals: list[int]) -> list[str]:
    colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
    marker = MARKERS[index % len(MARKERS)]
    points = [(frame.x(0), frame.y(0))] + [
        (frame.x(hand), frame.y(total)) for hand, total in enumerate(totals, start=1)
    ]
    dash_attribute = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [
        f'<polyline class="player player-{index + 1}" fill="none" stroke="{colour}" '
        f'stroke-width="2.25" stroke-linejoin="round"{dash_attribute} '
        f'points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}"/>'
    ]
    # Markers only where a hand was played; thinned out on long games to stay legible.
    every = max(1, math.ceil(len(totals) / 20))
    for hand, (x, y) in enumerate(points[1:], start=1):
        if hand % every == 0 or hand == len(totals):
            parts.append(_marker(marker, x, y, colour))
    return parts


def _marker(shape: str, x: float, y: float, colour: str, size: float = 4) -> str:
    s = size
    if shape == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s)}" fill="{colour}"/>'
    if shape == "ring":
        return (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s)}" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
    if shape == "square":
        return (
            f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" '
            f'fill="{colour}"/>'
        )
    shapes = {
        "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        "triangle-down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
        "diamond": [(0, -1.3), (1.2, 0), (0, 1.3), (-1.2, 0)],
    }
    if shape in shapes:
        corners = " ".join(f"{_n(x + dx * s)},{_n(y + dy * s)}" for dx, dy in shapes[shape])
        return f'<polygon points="{corners}" fill="{colour}"/>'
    if shape == "cross":
        d = (
            f"M{_n(x - s)},{_n(y - s)}L{_n(x + s)},{_n(y + s)}"
            f"M{_n(x - s)},{_n(y + s)}L{_n(x + s)},{_n(y - s)}"
        )
    else:  # plus
        d = f"M{_n(x - s)},{_n(y)}L{_n(x + s)},{_n(y)}M{_n(x)},{_n(y - s)}L{_n(x)},{_n(y + s)}"
    return f'<path d="{d}" stroke="{colour}" stroke-width="2.25" fill="none"/>'


def _legend_layout(players: list[str], width: int, font_size: int) -> list[list[tuple[int, float]]]:
    """Legend entries (player index, x) in rows that fit the width."""
    rows: list[list[tuple[int, float]]] = [[]]
    x = 8.0
    for index, name in enumerate(players):
        item = 34 + font_size * 0.6 * len(name) + 16
        if rows[-1] and x + item > width - 8:
            rows.append([])
            x = 8.0
        rows[-1].append((index, x))
        x += item
    return rows if players else []


def _legend(
    players: list[str], rows: list[list[tuple[int, float]]], top: float, font_size: int
) -> list[str]:
    parts = ['<g class="legend">']
    for row_number, row in enumerate(rows):
        y = top + row_number * (font_size + 10) + font_size / 2 + 2
        for index, x in row:
            colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
            dash_attribute = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(
                f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + 26)}" y2="{_n(y)}" '
                f'stroke="{colour}" stroke-width="2.25"{dash_attribute}/>'
            )
            parts.append(_marker(MARKERS[index % len(MARKERS)], x + 13, y, colour))
            parts.append(
                f'<text x="{_n(x + 32)}" y="{_n(y + font_size * 0.35)}" fill="{INK}">'
                f"{escape(players[index])}</text>"
            )
    parts.append("</g>")
    return parts


def _n(value: float) -> str:
    """A coordinate with one decimal at most: short, stable text."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
