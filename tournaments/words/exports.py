"""Spreadsheet exports (CSV, XLSX) that a spreadsheet program cannot run as formulas.

A player named `=HYPERLINK("http://evil.example", "Prize")` or `@SUM(1+1)` would otherwise
become a live formula when the organiser opens the standings or a table's hands in a
spreadsheet (CSV or formula injection). Every export goes through `SpreadsheetSafe.as_values`,
which django-tables2's `TableExport` and our own CSV writer both read.

CSV files are written as the reader's spreadsheet expects them (`csv_text`): in French, ";"
between cells and a decimal comma, as French Excel reads them when opened directly; in
English, "," and a decimal point. Both start with a byte-order mark so that Excel reads UTF-8
(accents in names). XLSX keeps real numbers, on a sheet named after the download
(`xlsx_bytes`). Money is a `Money`: two decimals in a CSV ("32,40"), a money format in an
XLSX, the currency in its column's header ("Prize (€)"). File names are in the reader's
language (`export_name`: "classement-…" or "standings-…").
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.utils import formats
from django.utils.text import capfirst, slugify
from openpyxl import Workbook

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
    for CSV and XLSX alike) with every cell made spreadsheet-safe, and a column's
    `export_header` (the currency of a money column) in place of its header."""

    def as_values(self, exclude_columns: Iterable[str] | None = None) -> Iterator[list[Any]]:
        # A mixin for django-tables2's Table, which has no types: mypy sees no as_values above.
        rows = super().as_values(exclude_columns=exclude_columns)  # type: ignore[misc]
        header = next(rows)
        # The columns as_values exports, in its order (django-tables2's own filter).
        table: Any = self  # a django-tables2 Table (untyped) under this mixin
        exported = [
            column
            for column in table.columns.iterall()
            if not (column.column.exclude_from_export or column.name in (exclude_columns or ()))
        ]
        header = [
            str(getattr(column.column, "export_header", None) or title)
            for column, title in zip(exported, header, strict=True)
        ]
        return spreadsheet_safe_rows([header, *rows])


class Money(Decimal):
    """An amount in euros in an export: to the cent in a CSV, a money cell in an XLSX."""


CENT = Decimal("0.01")
# Excel's and LibreOffice's format for euros: the separators follow the reader's locale.
XLSX_MONEY_FORMAT = '#,##0.00 "€"'


BYTE_ORDER_MARK = "\ufeff"


def csv_separators(language: str) -> tuple[str, str]:
    """The cell separator and the decimal separator of a language's spreadsheets: where the
    decimal separator is a comma (French), cells are separated by ";" (as Excel does)."""
    decimal = formats.get_format("DECIMAL_SEPARATOR", lang=language, use_l10n=True)
    return (";" if decimal == "," else ","), decimal


def csv_cell(value: Any, decimal: str) -> Any:
    """A number written with the language's decimal separator; anything else as it is."""
    if isinstance(value, Money):
        return format(value.quantize(CENT), "f").replace(".", decimal)
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


# What Excel refuses in a sheet's name, and its longest name.
SHEET_NAME_REFUSED = re.compile(r"[\[\]:*?/\\]")
SHEET_NAME_LENGTH = 31


def sheet_name(*words: object) -> str:
    """An XLSX sheet's name from the download's words: "Classement Tournoi de printemps"."""
    name = SHEET_NAME_REFUSED.sub(" ", " ".join(str(word) for word in words if word))
    return capfirst(" ".join(name.split())[:SHEET_NAME_LENGTH].strip()) or "Ramiscore"


def xlsx_bytes(rows: Iterable[Iterable[Any]], *, title: str) -> bytes:
    """The rows as an XLSX workbook of one sheet named `title`, every cell made
    spreadsheet-safe, numbers kept numbers and money in a money format."""
    book = Workbook()
    sheet = book.active
    sheet.title = title
    for row in spreadsheet_safe_rows(rows):
        sheet.append(row)
        for cell, value in zip(sheet[sheet.max_row], row, strict=False):
            if isinstance(value, Money):
                cell.number_format = XLSX_MONEY_FORMAT
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
