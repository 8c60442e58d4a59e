"""Downloads of a table of figures: CSV as the reader's spreadsheet opens it, or XLSX, named
in the reader's language (the formats are `tournaments.words.exports`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, pgettext
from django_tables2 import RequestConfig, Table

from tournaments.words.exports import (
    EXPORT_FORMATS,
    csv_text,
    export_name,
    sheet_name,
    xlsx_bytes,
)

# Rows on one page of a sortable table (standings of an event or a season).
PER_PAGE = 100


def csv_download(rows: Iterable[Iterable[Any]], *name_words: object) -> HttpResponse:
    """The rows as a CSV attachment in the active language's separators."""
    response = HttpResponse(
        csv_text(rows, language=get_language() or "fr"), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{export_name(*name_words)}.csv"'
    return response


def private_json(text: str, filename: str) -> HttpResponse:
    """A JSON file for an organiser to save (a game file, an event's archive): it holds every
    hand, provisional ones included, so no browser's or proxy's cache keeps it."""
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def table_download(table: Table, export_format: str, *name_words: object) -> HttpResponse:
    """A django-tables2 table as CSV (ours, see csv_download) or XLSX (real numbers, on a
    sheet named like the file)."""
    if export_format == "csv":
        return csv_download(table.as_values(), *name_words)
    response = HttpResponse(
        xlsx_bytes(table.as_values(), title=sheet_name(*name_words)), content_type=XLSX_TYPE
    )
    response["Content-Disposition"] = f'attachment; filename="{export_name(*name_words)}.xlsx"'
    return response


def page_or_download(
    request: HttpRequest, table: Table, *name_words: object
) -> HttpResponse | None:
    """Set up a sortable table for its page (the request's sort, pages of PER_PAGE); the
    download instead when the request asks for one (`?_export=csv|xlsx`)."""
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    export = request.GET.get("_export")
    if export in EXPORT_FORMATS:
        return table_download(table, export, *name_words)
    return None


def standings_page(
    request: HttpRequest, table: Table, name: str, template: str, context: dict
) -> HttpResponse:
    """A page of sortable standings (an event's or a season's), or the table downloaded as
    "standings NAME" when the request asks for it (`?_export=csv|xlsx`)."""
    download = page_or_download(request, table, pgettext("file name", "standings"), name)
    if download is not None:
        return download
    return render(request, template, {**context, "table": table})
