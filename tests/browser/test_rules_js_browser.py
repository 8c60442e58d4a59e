"""The phone's own count of a hand (static/js/rules.js), used while the server cannot be
reached (issue 18 §2), gives what the rules engine gives: every hand of every rules vector is
scored by both, in Chromium and in Python, with the variant's parameters from the engine
(`rules.hands.for_script`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.rules.vectors import load_vectors
from tournaments.rules import RulesError, make_variant, read_game, score_game
from tournaments.rules.cards import ENGLISH
from tournaments.rules.hands import for_script

pytestmark = [pytest.mark.browser]

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "rules.js"
LETTERS = {"ranks": ENGLISH.ranks, "suits": ENGLISH.suits, "joker": ENGLISH.joker}


def engine_hands(document: dict) -> list[dict] | None:
    """Each hand's result as the Python engine scores it; None for a game it refuses."""
    try:
        game = read_game(document)
        result = score_game(game)
    except RulesError:
        return None
    return [
        {"result": h.result, "winner": h.winner, "counted": h.counted, "points": h.points}
        for h in result.hands
    ]


def script_hands(page: Page, document: dict) -> list[dict | None]:
    """Each hand as the page's script scores it, the held codes read in English."""
    variant = make_variant(document["variant"], document.get("options"))
    return page.evaluate(
        """([variant, players, hands, letters]) => hands.map((hand) => {
            const held = {};
            for (const [name, value] of Object.entries(hand.held || {})) {
              held[name] = typeof value === "string" && value !== "never_melded"
                ? RamiscoreRules.readCards(value, letters) : value;
            }
            const facts = {how: hand.how, ended_by: hand.ended_by ?? null, held};
            return RamiscoreRules.scoreHand(variant, players, facts);
        })""",
        [
            for_script(variant, len(document["players"])),
            document["players"],
            document["hands"],
            LETTERS,
        ],
    )


def test_every_vectors_hands_score_alike_in_the_browser_and_in_the_engine(page: Page) -> None:
    page.set_content("<!doctype html><title>rules</title>")
    page.add_script_tag(path=str(SCRIPT))
    compared = 0
    for vector in load_vectors():
        expected = engine_hands(vector["game"])
        if expected is None:
            continue  # refused by the engine: the server says why, the script says nothing
        assert script_hands(page, vector["game"]) == expected, vector["id"]
        compared += len(expected)
    assert compared > 60  # every vector's hands, not a few
