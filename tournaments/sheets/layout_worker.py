"""The processes that lay out PDF pages in parallel (tournaments/sheets/parallel.py): what
runs in them, importable before Django is set up, since a new process unpickles these
functions first. Each has Django set up once, for the stylesheets' finders (by the fork
server it comes from, layout_preload.py, or else by itself), and never opens a database
connection: it gets HTML and gives PDF bytes back."""

from __future__ import annotations

import logging
import multiprocessing
import os

_pages_laid_out: multiprocessing.Queue | None = None  # where this process reports its pages


class _PageCounter(logging.Handler):
    """Hears WeasyPrint lay out each page (its "weasyprint.progress" logger)."""

    def emit(self, record: logging.LogRecord) -> None:
        if _pages_laid_out is not None and "Creating layout" in str(record.msg):
            _pages_laid_out.put(1)


def start(reports: multiprocessing.Queue, settings_module: str) -> None:
    """Once per process: Django, and a report on `reports` for each page laid out."""
    global _pages_laid_out
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings_module)
    import django

    from tournaments.sheets import layout_preload  # preloaded by the fork server, if any

    if layout_preload.failure is not None:
        # Django's app registry stays half-loaded after a failed set-up: the first cause,
        # rather than "populate() isn't reentrant".
        raise layout_preload.failure
    django.setup()
    _pages_laid_out = reports
    logger = logging.getLogger("weasyprint.progress")
    logger.setLevel(logging.INFO)
    logger.propagate = False
    logger.addHandler(_PageCounter(logging.INFO))


def lay_out(html: str) -> bytes:
    """One chunk of a sheet's HTML as a PDF."""
    from tournaments.sheets.render import html_to_pdf

    return html_to_pdf(html)
