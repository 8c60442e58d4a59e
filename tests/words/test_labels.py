"""How a hand ended, in words."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.words.labels import how_label


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_an_undercut_has_its_own_label():
    assert [how_label(code) for code in ("going_out", "undercut", "knock", "draw")] == [
        "went out",
        "undercut",
        "knocked",
        "draw",
    ]


def test_the_score_sheet_legend_reads_the_one_label_map():
    from tournaments.rules import make_variant
    from tournaments.words.variants import ways_to_end

    gin = ways_to_end(make_variant("gin-rummy", {}))
    assert gin == (
        "Write who ended the hand and how: K = knocked, G = gin, U = undercut, D = draw."
    )
    with translation.override("fr"):
        rami = ways_to_end(make_variant("rami-penalites", {}))
    assert rami == "Notez qui a fini la donne et comment\u00a0: S = sortie, R = rami sec."


def test_no_other_module_spells_out_how_a_hand_ended():
    """The label map is the one place: templates, scripts and sheets read it."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sources = [
        *root.glob("templates/**/*.html"),
        *root.glob("static/js/*.js"),
        *root.glob("tournaments/**/*.py"),
    ]
    allowed = {root / "tournaments/words/labels.py"}
    for path in sources:
        if path in allowed or "migrations" in path.parts:
            continue
        text = path.read_text()
        for label in ('"Went out"', '"went out"', '"knocked"', '"Knock"', "= knocked"):
            assert label not in text, f"{path.relative_to(root)} spells {label}"
