"""How tournament numbers read on a page: points without useless decimals, money in euros.

Usable from Python (django-tables2 columns) and from templates (`{% load tournament_format %}`).
"""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils import formats

from tournaments import scoreboard
from tournaments.tournament_queries import folded

register = template.Library()

CENT = Decimal("0.01")


def plain_number(value):
    """3.00 → 3, 4.50 → 4.5, 33.3333… → 33.33: what a player expects to read (and export)."""
    if not isinstance(value, Decimal):
        return value
    value = value.quantize(CENT)
    if value == value.to_integral_value():
        return int(value)
    return value.normalize()  # has a fraction, so no exponent notation


@register.filter
def points(value) -> str:
    """Tournament points or a tie-break value, in the reader's language (4,5 in French)."""
    if value is None or value == "":
        return ""
    return formats.number_format(plain_number(value), use_l10n=True)


@register.filter
def money(value) -> str:
    """An amount in euros with its cents ("18,00 €" in French): scoreboard.money, the one
    money format of every page."""
    if value is None or value == "":
        return ""
    return scoreboard.money(Decimal(value).quantize(CENT))


@register.filter(name="folded")
def folded_filter(value: str) -> str:
    """A name as the table search compares it: lower case, no accents, straight apostrophes."""
    return folded(str(value))
