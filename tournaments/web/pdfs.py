"""Sending a PDF from storage: rendered once per version of its data, then served as a file
with its ETag and Last-Modified (a browser asking again gets a 304 for one query)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render as render_page
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.sheets import store
from tournaments.sheets.catalogue import PdfVersion
from tournaments.web.throttle import render_allowance, too_many


class ByTheWorker(NamedTuple):
    """A PDF made by the background worker: how to queue it, and what its visitor reads
    while it is made (a title and a sentence)."""

    queue: Callable[[], None]
    title: str
    message: str


RETRY_BUSY = 10  # seconds: another request has been rendering the same PDF for a long time
RELOAD_EVERY = 3  # seconds: a PDF the worker is making, asked for again by its waiting page
Response = TypeVar("Response", bound=HttpResponseBase)


def pdf_response(
    request: HttpRequest,
    wanted: PdfVersion,
    render: Callable[[], bytes],
    filename: str,
    *,
    private: bool = False,
    worker: ByTheWorker | None = None,
) -> HttpResponseBase:
    """The PDF `wanted` for this version of its data: from storage, rendered if need be.

    `private` PDFs (blank sheets: their QR codes open the table links) are never kept by
    browsers or proxies; public ones may be kept, but are checked again each time. A PDF too
    large for a request comes with its `worker`: if it is not stored yet, it is queued and
    the visitor gets a page that waits for it."""
    etag = f'"{wanted.version}"'
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return _caching(unchanged, private=private)
    if worker is not None:
        stored = store.current(wanted.key, wanted.version)
        if stored is None:
            worker.queue()
            stored = store.current(wanted.key, wanted.version)  # made at once (the tests')
        if stored is None:
            return being_made(request, worker.title, worker.message)
        return file_response(stored, filename, etag=etag, private=private)
    try:
        stored = store.stored_pdf(
            wanted.key, wanted.version, render, may_render=render_allowance(request)
        )
    except store.RenderRefused as refused:
        return too_many_renders(request, refused.retry_after)
    except store.StillRendering:
        return _busy(request)
    return file_response(stored, filename, etag=etag, private=private)


def file_response(
    stored: store.Stored, filename: str, *, etag: str | None = None, private: bool = False
) -> FileResponse:
    response = FileResponse(store.open_stored(stored), content_type="application/pdf")
    # Inline: the browser shows it, ready to print; the name is used when it is saved.
    response["Content-Disposition"] = f'inline; filename="{slugify(filename) or "sheet"}.pdf"'
    if etag:
        response["ETag"] = etag
    response["Last-Modified"] = http_date(stored.rendered_at.timestamp())
    return _caching(response, private=private)


def _caching(response: Response, *, private: bool) -> Response:
    if private:
        response["Cache-Control"] = "private, no-store"  # table links are secrets
    else:
        patch_cache_control(response, no_cache=True)
    return response


def too_many_renders(request: HttpRequest, retry_after: int) -> HttpResponse:
    """429: this address had its allowance of PDFs made; the ones already made still come."""
    return too_many(
        request,
        _("Too many PDFs at once"),
        _(
            "This address has asked for many PDFs that had to be made in the last few "
            "minutes. PDFs already made are still sent at once; for a new one, try again in "
            "%(wait)s."
        ),
        retry_after,
    )


def _busy(request: HttpRequest) -> HttpResponse:
    context = {
        "title": _("This PDF is still being made"),
        "message": _("It takes longer than usual: try again in a moment."),
    }
    response = render_page(request, "public/wait.html", context, status=503)
    response["Retry-After"] = str(RETRY_BUSY)
    return response


def being_made(request: HttpRequest, title: str, message: str) -> HttpResponse:
    """202: the PDF asked for is being made by the worker; the page asks again by itself."""
    context = {"title": title, "message": message, "reload_every": RELOAD_EVERY}
    response = render_page(request, "public/wait.html", context, status=202)
    response["Retry-After"] = str(RELOAD_EVERY)
    response["Cache-Control"] = "no-store"  # the PDF, not this page, is what is kept
    return response
