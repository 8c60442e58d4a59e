"""The rating chart: a self-contained SVG, one line from a newcomer's rating on."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET

from tournaments.ratings.selectors import RatingPoint
from tournaments.seasons.display.rating_chart import rating_chart_svg
from tournaments.words.formats import signed

SVG = "{http://www.w3.org/2000/svg}"


def point(day: int, rating: int) -> RatingPoint:
    return RatingPoint(datetime.date(2026, 10, day), 1, "Soirée <1>", day, 1, 1, rating, 0)


def test_the_chart_draws_one_point_per_game_after_the_start():
    svg = rating_chart_svg([point(1, 1040), point(8, 990), point(15, 1120)], start=1000)
    root = ET.fromstring(svg)
    (line,) = root.iter(f"{SVG}polyline")
    assert len(line.get("points").split()) == 4
    # No script, and no style attribute: the Content-Security-Policy would refuse it.
    assert "<script" not in svg and "style=" not in svg
    description = root.find(f"{SVG}desc").text
    assert "From 1000 to 1120 over 3 games" in description and "lowest 990" in description


def test_a_player_without_games_gets_a_chart_that_says_so():
    root = ET.fromstring(rating_chart_svg([], start=1000))
    assert not list(root.iter(f"{SVG}polyline"))
    assert "No finished game yet." in svg_text(root)


def svg_text(root) -> str:
    return " ".join(text.text or "" for text in root.iter(f"{SVG}text"))


def test_changes_read_with_their_sign():
    assert (signed(12), signed(-8), signed(0)) == ("+12", "-8", "0")
