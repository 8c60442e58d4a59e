"""Spreadsheet exports (CSV, XLSX) that a spreadsheet program cannot run as formulas.

A player named `=HYPERLINK("http://evil.example", "Prize")` or `@SUM(1+1)` would otherwise
become a live formula when the organiser opens the standings or a table's hands in a
spreadsheet (CSV or formula injection). Every export goes through `SpreadsheetSafe.as_values`,
which django-tables2's `TableExport` and our own CSV writer both read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

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
        return spreadsheet_safe_rows(super().as_values(exclude_columns=exclude_columns))
