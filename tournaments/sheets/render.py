"""From a sheet's template to PDF bytes: Django renders the HTML, WeasyPrint lays it out.

Static files (the print stylesheet) are read from disk through the staticfiles finders, never
fetched over HTTP from the site itself; any other URL is refused, so that nothing a user typed
could make the renderer fetch something. Names reach the HTML through autoescaping only.
"""

from __future__ import annotations

import logging
import mimetypes
import threading
from collections.abc import Callable
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from urllib.parse import urlparse

import segno
import weasyprint
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

# Static URLs ("/static/css/print.css") resolve against this and reach the fetcher as file:
# URLs, which it maps back to the static files on disk.
BASE_URL = "file:///"
LOCAL_SITE_URL = "http://127.0.0.1:8000"

# A progress callback: stage ("pages", "layout", "writing"), done, total.
ReportProgress = Callable[[str, int, int], None]


USER_AGENT_STYLESHEET = Path(__file__).with_name("ua.css")


@cache
def _user_agent_stylesheet() -> weasyprint.CSS:
    # Its @counter-style rules, if any, go to a counter style of its own: WeasyPrint's
    # standard counter styles stay those of every document.
    counters = weasyprint.css.counters.CounterStyle()
    return weasyprint.CSS(filename=USER_AGENT_STYLESHEET, counter_style=counters)


class SheetHTML(weasyprint.HTML):
    """A sheet's HTML, laid out with the sheets' own user-agent stylesheet (ua.css: the rules
    of WeasyPrint's for the elements sheets use) instead of WeasyPrint's full one."""

    def _ua_stylesheets(self, forms: bool = False) -> list[weasyprint.CSS]:
        return [_user_agent_stylesheet()]


class StaticFilesFetcher(weasyprint.urls.URLFetcher):
    """Serves the site's static files from disk (data: URIs too) and refuses everything else."""

    def fetch(self, url: str, headers=None):
        if url.startswith("data:"):
            return super().fetch(url, headers)
        name = static_name(url)
        path = static_file(name) if name else None
        if path is None:
            raise ValueError(f"score sheets only read the site's static files, not {url}")
        content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return weasyprint.urls.URLFetcherResponse(
            url=Path(path).as_uri(),
            body=Path(path).read_bytes(),
            headers={"Content-Type": content_type},
        )


def static_name(url: str) -> str | None:
    """The static file a URL names ("css/print.css"), or None if it names none."""
    static_url = settings.STATIC_URL
    if "://" in static_url and url.startswith(static_url):  # STATIC_URL may be a CDN's
        return url.removeprefix(static_url)
    prefix = "/" + urlparse(static_url).path.strip("/") + "/"
    parsed = urlparse(url)
    if parsed.scheme == "file" and parsed.path.startswith(prefix):
        return parsed.path.removeprefix(prefix)
    return None


def static_file(name: str) -> str | None:
    """Where a static file is on disk: in the source folders, or collected (hashed names)."""
    if ".." in name.split("/"):
        return None
    found = finders.find(name)
    if found:
        return found
    if staticfiles_storage.exists(name):
        return staticfiles_storage.path(name)
    return None


def site_url(request=None) -> str:
    """The site's address for QR codes: SITE_URL if set, else the request's, else a default."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    if not settings.DEBUG and settings.ALLOWED_HOSTS:
        host = settings.ALLOWED_HOSTS[0].lstrip(".")
        if host and host != "*":
            return f"https://{host}"
    return LOCAL_SITE_URL


def qr_svg(url: str) -> SafeString:
    """A QR code of `url` as inline SVG (vector: sharp at any printer resolution).

    The SVG is segno's own output for a URL we built: no user text goes into it. Its size
    comes from the page's stylesheet (`.join-qr svg`, say).
    """
    code = segno.make(url, error="m")
    return mark_safe(code.svg_inline(scale=1, border=0, omitsize=True, dark="#000"))


# Pixels per module of a PDF's QR codes: enough that a viewer which smooths images enlarged
# less than four times over (PDF's /Interpolate false is only a hint) still shows sharp
# modules on screen; a printer draws them square either way.
QR_PIXELS = 4


def qr_image(url: str) -> SafeString:
    """A QR code of `url` for a PDF: a PNG of QR_PIXELS per module, drawn without smoothing
    (`image-rendering: pixelated`: PDF's /Interpolate false). WeasyPrint draws an image at
    once, where it parses an SVG path segment by segment in Python (docs/sheets.md: a round's
    blank sheets carry two a page). Its size comes from the stylesheet (`.qr img`).
    """
    code = segno.make(url, error="m")
    uri = code.png_data_uri(scale=QR_PIXELS, border=0, dark="#000")
    return mark_safe(f'<img src="{uri}" alt="">')


def render_html(template: str, context: dict, *, language: str) -> str:
    """The sheet's HTML in the event's language (dates, numbers and labels)."""
    with translation.override(language):
        return render_to_string(template, {**context, "LANGUAGE_CODE": language})


def html_to_pdf(html: str, *, progress: ReportProgress | None = None, pages: int = 0) -> bytes:
    """Lay out and write the PDF: what WeasyPrint alone takes, the limit of any sheet.

    With `progress`, each page laid out is reported (out of the `pages` expected, 0 if not
    known), then the writing; WeasyPrint tells its progress on its "weasyprint.progress"
    logger.
    """
    document = SheetHTML(string=html, base_url=BASE_URL, url_fetcher=StaticFilesFetcher())
    if progress is None:
        return document.write_pdf()
    with _reporting_pages(progress, pages):
        return document.write_pdf()


def render_pdf(
    template: str,
    context: dict,
    *,
    language: str,
    progress: ReportProgress | None = None,
    pages: int = 0,
) -> bytes:
    html = render_html(template, context, language=language)
    return html_to_pdf(html, progress=progress, pages=pages)


class _PageReporter(logging.Handler):
    """Turns WeasyPrint's progress messages of this thread into progress reports."""

    def __init__(self, progress: ReportProgress, pages: int):
        super().__init__(logging.INFO)
        self.progress, self.pages, self.done = progress, pages, 0
        self.thread = threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread != self.thread:  # another request rendering at the same time
            return
        message = str(record.msg)
        if "Creating layout" in message:
            self.done += 1
            done = min(self.done, self.pages) if self.pages else self.done  # 0: not known
            self.progress("layout", done, self.pages)
        elif "Creating PDF" in message:
            self.progress("writing", 0, 1)


@contextmanager
def _reporting_pages(progress: ReportProgress, pages: int):
    logger = logging.getLogger("weasyprint.progress")
    reporter = _PageReporter(progress, pages)
    level, propagate = logger.level, logger.propagate
    # Heard here, not printed: the caller shows its own progress bar.
    logger.setLevel(logging.INFO)
    logger.propagate = False
    logger.addHandler(reporter)
    try:
        yield
    finally:
        logger.removeHandler(reporter)
        logger.setLevel(level)
        logger.propagate = propagate
    progress("writing", 1, 1)
