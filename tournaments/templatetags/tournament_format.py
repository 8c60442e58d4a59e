"""How tournament numbers read in templates (`{% load tournament_format %}`): the formats of
`tournaments.words.formats` as filters, and names as the table search compares them."""

from __future__ import annotations

from django import template

from tournaments.words import formats
from tournaments.words.names import folded

register = template.Library()


# The one format of each (tournaments.words.formats), as filters: `{{ value|points }}`.
points = register.filter("points", formats.points)
money = register.filter("money", formats.money)
deducted = register.filter("deducted", formats.deducted)


@register.filter(name="folded")
def folded_filter(value: str) -> str:
    """A name as the table search compares it: lower case, no accents, straight apostrophes."""
    return folded(str(value))
