"""The score-evolution chart: a self-contained, accessible SVG drawn from running totals."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from tournaments.play.display.charts import COLOURS, DASHES, score_chart_svg

SVG = "{http://www.w3.org/2000/svg}"

TOTALS = [
    {"Anne": 0, "Bruno": 12, "Chloé": 30},
    {"Anne": 25, "Bruno": 12, "Chloé": 41},
    {"Anne": 25, "Bruno": 40, "Chloé": 41},
]


@pytest.fixture(autouse=True)
def english():
    """The labels are checked in English; the French translation may change its wording."""
    with translation.override("en"):
        yield


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def polylines(root: ET.Element) -> list[ET.Element]:
    return root.findall(f".//{SVG}polyline")


def points(line: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]


def test_it_is_an_accessible_image_with_a_title_and_a_description():
    root = parse(score_chart_svg(["Anne", "Bruno", "Chloé"], TOTALS, title="Table 3"))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 640 320"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title.text == "Table 3"
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert "Anne 25, Bruno 40, Chloé 41" in desc.text


def test_each_player_has_a_line_from_the_start_through_every_hand():
    root = parse(score_chart_svg(["Anne", "Bruno", "Chloé"], TOTALS))
    lines = polylines(root)
    assert len(lines) == 3
    assert all(len(points(line)) == len(TOTALS) + 1 for line in lines)
    # Every line starts at hand 0 with a total of 0: the same point for everyone.
    assert len({points(line)[0] for line in lines}) == 1
    # x grows hand by hand; a higher total is drawn higher (smaller y).
    anne = points(lines[0])
    assert [x for x, _y in anne] == sorted(x for x, _y in anne)
    assert anne[2][1] < anne[1][1] and anne[2][1] == anne[3][1]


def test_players_differ_by_colour_and_by_dash_pattern_for_black_and_white_prints():
    root = parse(score_chart_svg([f"P{n}" for n in range(8)], [{f"P{n}": n for n in range(8)}]))
    lines = polylines(root)
    assert len({line.get("stroke") for line in lines}) == 8
    assert len({line.get("stroke-dasharray", "") for line in lines}) == 8
    assert [line.get("stroke") for line in lines] == list(COLOURS)
    assert [line.get("stroke-dasharray", "") for line in lines] == list(DASHES)


def test_names_are_escaped():
    svg = score_chart_svg(["O'Brien <b>", "Anne & Co"], [{"O'Brien <b>": 5, "Anne & Co": 0}])
    assert "<b>" not in svg
    root = parse(svg)  # well-formed XML despite the name
    legend = [text.text for text in root.findall(f".//{SVG}g[@class='legend']/{SVG}text")]
    assert legend == ["O'Brien <b>", "Anne & Co"]


def test_the_target_is_a_dashed_line_only_when_there_is_one():
    with_target = parse(score_chart_svg(["Anne", "Bruno"], TOTALS, target=100))
    targets = with_target.findall(f".//{SVG}line[@class='target']")
    assert len(targets) == 1 and targets[0].get("stroke-dasharray")
    label = with_target.find(f".//{SVG}text[@class='target-label']")
    assert label.text == "target 100"
    without = parse(score_chart_svg(["Anne", "Bruno"], TOTALS))
    assert without.findall(f".//{SVG}line[@class='target']") == []


def test_a_penalty_variant_calls_the_target_a_limit():
    root = parse(score_chart_svg(["Anne"], [{"Anne": 10}], target=100, lowest_wins=True))
    assert root.find(f".//{SVG}text[@class='target-label']").text == "limit 100"
    assert "Lowest total wins" in root.find(f"{SVG}desc").text


def test_the_target_line_sits_at_the_target_value():
    root = parse(score_chart_svg(["Anne"], [{"Anne": 50}, {"Anne": 100}], target=100))
    target_y = float(root.find(f".//{SVG}line[@class='target']").get("y1"))
    anne = points(polylines(root)[0])
    assert anne[2][1] == pytest.approx(target_y)


def test_negative_totals_are_drawn_below_zero():
    totals = [{"Anne": -30, "Bruno": 30}, {"Anne": -45, "Bruno": 45}]
    root = parse(score_chart_svg(["Anne", "Bruno"], totals))
    anne, bruno = (points(line) for line in polylines(root))
    zero_y = anne[0][1]
    assert anne[2][1] > zero_y > bruno[2][1]
    labels = {text.text for text in root.findall(f"{SVG}text")}
    assert any(label.startswith("-") for label in labels)


def test_no_hand_yet_draws_axes_and_legend_but_no_line():
    root = parse(score_chart_svg(["Anne", "Bruno"], [], target=100))
    assert polylines(root) == []
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert "No hand played yet." in texts and "Anne" in texts and "Bruno" in texts


def test_one_hand_draws_a_segment_per_player():
    root = parse(score_chart_svg(["Anne", "Bruno"], [{"Anne": 0, "Bruno": 7}]))
    assert [len(points(line)) for line in polylines(root)] == [2, 2]


def test_it_scales_from_the_view_box_and_needs_no_script_or_stylesheet():
    svg = score_chart_svg(["Anne"], [{"Anne": 3}], width=400, height=250)
    root = parse(svg)
    assert root.get("viewBox") == "0 0 400 250"
    assert root.find(f".//{SVG}script") is None and root.find(f".//{SVG}style") is None


def test_it_has_no_style_attribute_which_the_content_security_policy_would_refuse():
    root = parse(score_chart_svg(["Anne", "Bruno"], [{"Anne": 3, "Bruno": 9}]))
    assert [element.tag for element in root.iter() if "style" in element.attrib] == []


def test_two_different_charts_get_different_ids():
    first = parse(score_chart_svg(["Anne"], [{"Anne": 3}]))
    second = parse(score_chart_svg(["Bruno"], [{"Bruno": 3}]))
    assert first.find(f"{SVG}title").get("id") != second.find(f"{SVG}title").get("id")
