"""Cards as a French or an English page shows and reads them: letters by language, names for
screen readers, the card grid, and what a code typed the other way is told."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.rules.cards import ENGLISH, FRENCH, read_cards
from tournaments.words.cards import (
    card_grid,
    card_name,
    code_problems,
    codes_legend,
    example_codes,
    grid_letters,
    page_letters,
    shown_codes,
)


@pytest.mark.parametrize(
    ("language", "letters"), [("fr", FRENCH), ("en", ENGLISH), ("fr-ca", FRENCH), ("de", ENGLISH)]
)
def test_each_language_has_its_letters(language, letters):
    assert page_letters(language) == letters


def test_the_active_language_picks_the_letters():
    with translation.override("fr"):
        assert page_letters() == FRENCH
    with translation.override("en"):
        assert page_letters() == ENGLISH


def test_cards_are_named_in_the_language_of_the_page():
    with translation.override("fr"):
        assert card_name(FRENCH.parse("RK")) == "roi de carreau"
        assert card_name(FRENCH.parse("7P")) == "7 de pique"
        assert card_name(FRENCH.parse("JK")) == "joker"
    with translation.override("en"):
        assert card_name(ENGLISH.parse("AH")) == "ace of hearts"


def test_the_french_grid_shows_french_ranks_and_suit_letters_with_symbols():
    with translation.override("fr"):
        grid = card_grid(FRENCH)
    assert [(suit.symbol, suit.letter, suit.name) for suit in grid] == [
        ("♠", "P", "pique"),
        ("♥", "C", "cœur"),
        ("♦", "K", "carreau"),
        ("♣", "T", "trèfle"),
    ]
    hearts = grid[1].cards
    assert [card.rank for card in hearts] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"
    ]  # fmt: skip
    assert (hearts[-1].code, hearts[-1].name) == ("RC", "roi de cœur")


def test_the_script_gets_the_letters_as_data():
    assert grid_letters(FRENCH) == {"ranks": FRENCH.ranks, "suits": "PCKT", "joker": "JK"}
    assert grid_letters(FRENCH)["ranks"]["R"] == 13


def test_stored_codes_are_shown_in_the_pages_letters():
    assert shown_codes("KD 7S 10H", FRENCH) == "RK 7P 10C"
    assert shown_codes("KD 7S 10H", ENGLISH) == "KD 7S 10H"


def test_the_help_gives_the_pages_letters_and_an_example():
    with translation.override("fr"):
        assert example_codes(FRENCH) == "RK 7P 10C"
        legend = codes_legend(FRENCH)
    assert "A R D V pour as, roi, dame, valet" in legend
    assert "P C K T pour pique, cœur, carreau, trèfle" in legend
    assert legend.startswith("Codes lus à la française")


def test_an_english_code_on_a_french_page_is_told_its_french_spelling():
    with translation.override("fr"):
        problems = code_problems(read_cards("KD 7C", FRENCH, ENGLISH), FRENCH)
    assert problems == [
        "KD s’écrit à l’anglaise (roi de carreau)\u00a0: ici, écrivez RK.",
        "7C se lit ici 7 de cœur (7 de trèfle\u00a0: 7T).",
    ]


def test_a_french_code_on_an_english_page_is_told_its_english_spelling():
    with translation.override("en"):
        problems = code_problems(read_cards("RK 10P", ENGLISH, FRENCH), ENGLISH)
    assert problems == [
        "RK is written the French way (king of diamonds): here, write KD.",
        "10P is written the French way (10 of spades): here, write 10S.",
    ]


def test_a_code_that_is_no_card_either_way_gets_the_pages_letters():
    with translation.override("fr"):
        problems = code_problems(read_cards("ZZ 7C", FRENCH, ENGLISH), FRENCH)
    # Nothing says the player typed the English way: 7C is read the French way, silently.
    assert problems == [
        "ZZ n’est pas un code de carte\u00a0: écrivez le rang (A R D V, 2 à 10) puis la "
        "couleur (P C K T)."
    ]
