"""Spreadsheet exports (CSV, XLSX) that a spreadsheet program cannot run as formulas.

A player named `=HYPERLINK("http://evil.example", "Prize")` or `@SUM(1+1)` would otherwise
become a live formula when the organiser opens the standings or a table's hands in a
spreadsheet (CSV or formula injection). Every export goes through `SpreadsheetSafe.as_values`,
which django-tables2's `TableExport` and our own CSV writer both read.

CSV files are written as the reader's spreadsheet expects them (`csv_text`): in French, ";"
between cells and a decimal comma, as French Excel reads them when opened directly; in
English, "," and a decimal point. Both start with a byte-order mark so that Excel reads UTF-8
(accents in names). XLSX keeps real numbers. File names are in the reader's language
(`export_name`: "classement-…" or "standings-…").
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.utils import formats
from django.utils.text import slugify

# The downloads a sortable table offers (`?_export=csv`).
EXPORT_FORMATS = ("csv", "xlsx")

# What a spreadsheet program reads as the start of a formula (OWASP, "CSV Injection"): the
# formula signs, and tab or carriage return, which some programs skip before looking again.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A plain number written as text ("-12", "4.5") is a number to the spreadsheet, not a formula:
# left alone, it stays a number the organiser can add up.
PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")
# OWASP's advice: a leading single quote makes the spreadsheet show the cell as text.
TEXT_MARK = "'"


def spreadsheet_safe(value: Any) -> Any:
    """The value for a spreadsheet cell: text that could start a formula gets a leading
    quote; numbers (and text that is only a number) are kept as they are."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if PLAIN_NUMBER.fullmatch(value):
        return value
    return TEXT_MARK + value


def spreadsheet_safe_rows(rows: Iterable[Iterable[Any]]) -> Iterator[list[Any]]:
    """Each row with every cell made spreadsheet-safe (headers are a row like the others)."""
    for row in rows:
        yield [spreadsheet_safe(value) for value in row]


class SpreadsheetSafe:
    """A django-tables2 table mixin: `as_values` (the header row and every exported row,
    for CSV and XLSX alike) with every cell made spreadsheet-safe."""

    def as_values(self, exclude_columns: Iterable[str] | None = None) -> Iterator[list[Any]]:
        # A mixin for django-tables2's Table, which has no types: mypy sees no as_values above.
        rows = super().as_values(exclude_columns=exclude_columns)  # type: ignore[misc]
        return spreadsheet_safe_rows(rows)


BYTE_ORDER_MARK = "\ufeff"


def csv_separators(language: str) -> tuple[str, str]:
    """The cell separator and the decimal separator of a language's spreadsheets: where the
    decimal separator is a comma (French), cells are separated by ";" (as Excel does)."""
    decimal = formats.get_format("DECIMAL_SEPARATOR", lang=language, use_l10n=True)
    return (";" if decimal == "," else ","), decimal


def csv_cell(value: Any, decimal: str) -> Any:
    """A number written with the language's decimal separator; anything else as it is."""
    if isinstance(value, Decimal):
        return format(value, "f").replace(".", decimal)  # never "1E+1"
    if isinstance(value, float):
        return str(value).replace(".", decimal)
    return value


def csv_text(rows: Iterable[Iterable[Any]], *, language: str) -> str:
    """The rows as a CSV file for the reader's spreadsheet (see the module docstring), every
    cell made spreadsheet-safe first: numbers are localised after, and a localised number
    never starts a formula."""
    delimiter, decimal = csv_separators(language)
    out = io.StringIO()
    out.write(BYTE_ORDER_MARK)
    writer = csv.writer(out, delimiter=delimiter)
    for row in spreadsheet_safe_rows(rows):
        writer.writerow([csv_cell(value, decimal) for value in row])
    return out.getvalue()


def export_name(*words: object) -> str:
    """A download's file name, without extension, from words in the reader's language:
    ("classement", "Tournoi de printemps") → "classement-tournoi-de-printemps"."""
    return slugify("-".join(str(word) for word in words if word)) or "export"
