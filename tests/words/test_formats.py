"""Amounts and "name: value" as the language of the page writes them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from tournaments.words.formats import labelled, money


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_money_is_written_with_cents_in_the_language_of_the_page():
    assert money(Decimal("12.5")) == "12.50\u00a0€"
    with translation.override("fr"):
        assert money(Decimal("1234.5")).startswith("1")
        assert "234,50" in money(Decimal("1234.5"))


def test_money_in_french_has_a_comma_and_the_euro_sign():
    with translation.override("fr"):
        assert money(Decimal("8")) == "8,00\u00a0€"


def test_the_money_filter_of_the_tournament_pages_is_the_same_helper():
    from tournaments.templatetags.tournament_format import money as money_filter

    with translation.override("fr"):
        assert money_filter(Decimal("54")) == money(Decimal("54")) == "54,00\u00a0€"
        assert money_filter(None) == ""


def test_a_name_and_its_value_read_with_the_colon_of_the_language():
    assert labelled("Bernard", 27) == "Bernard: 27"
    with translation.override("fr"):
        assert labelled("Bernard", 27) == "Bernard\u00a0: 27"
