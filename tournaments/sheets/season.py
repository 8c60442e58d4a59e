"""The season's standings on A4: place, player, season points, nights, best night, and each
night's points (in brackets when "best N" leaves it out). Landscape past eight nights."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import translation

from tournaments.models import Season
from tournaments.seasons.display.standings import (
    night_headings,
    night_key,
    rule_lines,
    standings_rows,
)
from tournaments.seasons.selectors.standings import season_standings
from tournaments.words.formats import points

from .render import render_pdf

WIDE_FROM = 9  # nights: from nine, the sheet turns landscape


@dataclass(frozen=True)
class SeasonLine:
    place: str  # "3" or "3=" when shared
    player: str
    points: str
    nights: str
    best: str
    by_night: list[str]


def season_context(season: Season) -> dict:
    """What the sheet prints, every value formatted (call within the sheet's language)."""
    standings = season_standings(season)
    keys = [night_key(night) for night in standings.nights]
    lines = []
    for row in standings_rows(standings):
        by_night = []
        for key in keys:
            value = row[key]
            text = "–" if value is None else points(value)
            by_night.append(f"({text})" if key in row["dropped"] else text)
        lines.append(
            SeasonLine(
                place=f"{row['place']}=" if row["tied"] else str(row["place"]),
                player=row["player"],
                points=points(row["points"]),
                nights=str(row["nights"]),
                best=points(row["best"]),
                by_night=by_night,
            )
        )
    return {
        "season": season,
        "club": season.club,
        "nights": night_headings(standings.nights),
        "lines": lines,
        "rules": rule_lines(season),
        "provisional": bool(standings.nights_in_play),
        "wide": len(standings.nights) >= WIDE_FROM,
    }


def season_pdf(season: Season, *, language: str) -> bytes:
    with translation.override(language):
        return render_pdf("sheets/season.html", season_context(season), language=language)
