"""A player's club rating game after game, as a small self-contained SVG (no script, no CSS:
presentation attributes only, like the score chart of tournaments/play/display/charts.py)."""

from __future__ import annotations

import hashlib

from django.utils import formats
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.play.display.charts import COLOURS, FONT, GRID, INK, MUTED, _n, _nice_step
from tournaments.ratings.selectors import RatingPoint


def rating_chart_svg(
    history: list[RatingPoint], *, start: int, width: int = 420, height: int = 200
) -> str:
    """The rating after each game, from `start` (a newcomer's rating) on: one line, the
    value axis on the left, the games along the bottom, the first and last dates below."""
    values = [start, *(point.rating for point in history)]
    low, high = min(values), max(values)
    step = _nice_step(max(high - low, 10), 4)
    low, high = (low // step) * step, -(-high // step) * step
    if high == low:
        high = low + step
    font = 13
    left, right = 8 + font * 0.62 * max(len(str(low)), len(str(high))), width - 12
    top, bottom = font, height - font * 2.6
    games = len(history)

    def x(index: int) -> float:
        return left + (right - left) * index / max(games, 1)

    def y(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    digest = hashlib.sha1(repr(values).encode()).hexdigest()[:10]
    title = _("Club rating, game after game")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" class="rating-chart" '
        f'aria-labelledby="rating-{digest}-title rating-{digest}-desc" '
        f'font-family="{FONT}" font-size="{font}">',
        f'<title id="rating-{digest}-title">{escape(title)}</title>',
        f'<desc id="rating-{digest}-desc">{escape(_describe(history, start))}</desc>',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for value in range(low, high + 1, step):
        parts.append(
            f'<line x1="{_n(left)}" y1="{_n(y(value))}" x2="{_n(right)}" y2="{_n(y(value))}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{_n(left - 6)}" y="{_n(y(value) + 4.5)}" text-anchor="end" '
            f'fill="{MUTED}">{value}</text>'
        )
    parts.append(
        f'<line x1="{_n(left)}" y1="{_n(bottom)}" x2="{_n(right)}" y2="{_n(bottom)}" '
        f'stroke="{INK}" stroke-width="1"/>'
    )
    if history:
        first = formats.date_format(history[0].played_on, "SHORT_DATE_FORMAT")
        last = formats.date_format(history[-1].played_on, "SHORT_DATE_FORMAT")
        label_y = _n(bottom + font + 4)
        parts.append(f'<text x="{_n(left)}" y="{label_y}" fill="{INK}">{escape(first)}</text>')
        parts.append(
            f'<text x="{_n(right)}" y="{label_y}" text-anchor="end" fill="{INK}">'
            f"{escape(last)}</text>"
        )
        games_label = ngettext("%(count)s game", "%(count)s games", games) % {"count": games}
        parts.append(
            f'<text x="{_n((left + right) / 2)}" y="{label_y}" text-anchor="middle" '
            f'fill="{MUTED}">{escape(games_label)}</text>'
        )
        line = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in enumerate(values))
        parts.append(
            f'<polyline class="rating" fill="none" stroke="{COLOURS[0]}" stroke-width="2.25" '
            f'stroke-linejoin="round" points="{line}"/>'
        )
        parts.append(
            f'<circle cx="{_n(x(games))}" cy="{_n(y(values[-1]))}" r="4" fill="{COLOURS[0]}"/>'
        )
    else:
        nothing = escape(_("No finished game yet."))
        parts.append(
            f'<text x="{_n((left + right) / 2)}" y="{_n((top + bottom) / 2)}" '
            f'text-anchor="middle" fill="{MUTED}">{nothing}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _describe(history: list[RatingPoint], start: int) -> str:
    """The text alternative: where the rating started, where it is, its highest."""
    if not history:
        return _("No finished game yet: the rating starts at %(start)s.") % {"start": start}
    return _(
        "From %(start)s to %(now)s over %(games)s games; highest %(high)s, lowest %(low)s."
    ) % {
        "start": start,
        "now": history[-1].rating,
        "games": len(history),
        "high": max(point.rating for point in history),
        "low": min(point.rating for point in history),
    }
