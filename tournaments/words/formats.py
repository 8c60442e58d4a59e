"""How numbers read on pages and sheets: points without useless decimals, money in euros, and
"name: value" as the current language writes it. The one place for each format.

A negative number has one sign everywhere, the hyphen-minus ("-32"): what Python, Django's
number formats and the browser's scripts write, what players type on the entry page, and
what a spreadsheet reads as a number in an export. No page writes the typographic minus.

Usable from Python (django-tables2 columns, sheets) and from templates through the filters of
`{% load tournament_format %}`.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext as _

CENT = Decimal("0.01")
# An amount never breaks across lines: "12,50" stays beside its "€" (and "1 250" together).
NO_BREAK_SPACE = "\u00a0"


def plain_number(value: Decimal | float | str) -> Decimal | float | str:
    """3.00 → 3, 4.50 → 4.5, 33.3333… → 33.33: what a player expects to read (and export)."""
    if not isinstance(value, Decimal):
        return value
    value = value.quantize(CENT)
    if value == value.to_integral_value():
        return int(value)
    return value.normalize()  # has a fraction, so no exponent notation


def points(value: Decimal | float | str | None) -> str:
    """Tournament points or a tie-break value, in the reader's language (4,5 in French)."""
    if value is None or value == "":
        return ""
    return formats.number_format(plain_number(value), use_l10n=True)


def money(value: Decimal | int | str | None) -> str:
    """An amount in euros with its cents as the current language writes it ("12,50 €" in
    French, the space a no-break space): the one money format of every page and sheet
    (exports keep plain numbers)."""
    if value is None or value == "":
        return ""
    amount = Decimal(value).quantize(CENT)
    text = _("%(amount)s €") % {"amount": formats.number_format(amount, 2)}
    return text.replace(" ", NO_BREAK_SPACE)


def deducted(value: Decimal | int | str) -> str:
    """An amount taken off ("-6,00 €"): the negative of `money`, with the same sign as any
    negative number."""
    return money(-Decimal(value))


def signed(number: int) -> str:
    """A change with its sign: "+12", "-8", "0"."""
    return f"+{number}" if number > 0 else str(number)


def money_header(name: object) -> str:
    """A money column's header in an export, with its currency: "Prize (€)"."""
    return _("%(name)s (€)") % {"name": name}


def labelled(name: object, value: object) -> str:
    """ "Anne: 12" as the current language writes it ("Anne : 12" in French). Templates get
    the same message from `{% blocktranslate %}{{ name }}: {{ value }}…`."""
    return _("%(name)s: %(value)s") % {"name": name, "value": value}


def ordinal(place: int) -> str:
    """A place as a club writes it: 1st, 2nd, 3rd, 21st (1er, 2e, 3e, 21e in French)."""
    if place == 1:
        return _("1st")
    if place == 2:
        return _("2nd")
    if place == 3:
        return _("3rd")
    ending = place % 10 if place % 100 not in (11, 12, 13) else 0
    if ending == 1:
        return _("%(place)sst") % {"place": place}
    if ending == 2:
        return _("%(place)snd") % {"place": place}
    if ending == 3:
        return _("%(place)srd") % {"place": place}
    return _("%(place)sth") % {"place": place}
