"""Card codes the English way (the game file's) and the French way (a French table's): one
card, two spellings; codes typed the other way are noticed, never silently misread."""

from __future__ import annotations

import pytest

from tournaments.rules.cards import (
    ENGLISH,
    FRENCH,
    JOKER,
    format_cards,
    parse_card,
    parse_cards,
    read_cards,
)


@pytest.mark.parametrize(
    ("french", "english", "card_in_words"),
    [
        ("RC", "KH", "roi de cœur"),
        ("10P", "10S", "dix de pique"),
        ("DK", "QD", "dame de carreau"),
        ("VT", "JC", "valet de trèfle"),
        ("AC", "AH", "as de cœur"),
        ("7K", "7D", "sept de carreau"),
        ("JK", "JK", "joker"),
    ],
)
def test_a_french_code_names_the_same_card_as_its_english_code(french, english, card_in_words):
    assert FRENCH.parse(french) == ENGLISH.parse(english) == parse_card(english)
    assert FRENCH.code(ENGLISH.parse(english)) == french
    assert ENGLISH.code(FRENCH.parse(french)) == english


def test_every_card_reads_back_from_its_code_both_ways():
    for card_ in [*range(52), JOKER]:
        assert FRENCH.parse(FRENCH.code(card_)) == card_
        assert ENGLISH.parse(ENGLISH.code(card_)) == card_


def test_french_codes_typed_in_any_case_become_the_game_files_codes():
    reading = read_cards("rc 10p, Dk  vt", FRENCH)
    assert reading.bad == []
    assert format_cards(reading.cards) == "KH 10S QD JC"


@pytest.mark.parametrize("code", ["KD", "QS", "JH", "10D", "KC", "XX", "1P", "R", "", "RCC"])
def test_english_or_unknown_codes_are_not_french_cards(code):
    assert FRENCH.parse(code) is None


def test_an_english_code_on_a_french_page_is_named_with_its_card():
    reading = read_cards("KD 7C RP", FRENCH, ENGLISH)
    assert format_cards(reading.cards) == "7H KS"  # 7C is a French card: the 7 of hearts
    assert reading.bad == ["KD"]
    assert reading.other_way == [("KD", ENGLISH.parse("KD"))]
    # 7C reads as a French card but means another one in English: noticed, for the message.
    assert reading.read_otherwise == [("7C", FRENCH.parse("7C"), ENGLISH.parse("7C"))]


def test_a_code_neither_way_reads_is_bad_without_another_reading():
    reading = read_cards("ZZ 3Q", FRENCH, ENGLISH)
    assert reading.bad == ["ZZ", "3Q"] and reading.other_way == []


def test_the_game_file_still_reads_english_codes_only():
    assert parse_cards("KD 7S") == ([ENGLISH.parse("KD"), ENGLISH.parse("7S")], [])
    assert parse_cards("RK 7P")[1] == ["RK", "7P"]
