"""Laying out a long PDF on every core: chunks of its HTML in separate processes, then their
pages joined into one file (pypdf).

Only documents whose pages stand alone may be cut so (a round's blank sheets: one page per
table, no page numbers); the others are laid out in one piece. The processes get HTML and
nothing else: they never touch the database. They are started by a fork server (a fresh
interpreter that imported Django and WeasyPrint and set Django up once, layout_preload.py,
so that each process starts in a moment and inherits no database connection, thread or lock
from the caller), with Django set up to find the stylesheets, and report each page they lay
out on a queue, which the caller turns into progress while it prepares the next chunks
(tournaments/sheets/layout_worker.py: what runs there).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import queue
from collections.abc import Iterable
from concurrent import futures

import pypdf

from tournaments.sheets import layout_worker

from .render import ReportProgress

# The fork server imports these once; each process forked from it starts with them loaded,
# and with Django set up (layout_preload).
PRELOAD = ["django", "weasyprint", "pypdf", "tournaments.sheets.layout_preload"]
POLL = 0.25  # seconds between looks at the pages laid out while the last chunks finish


def lay_out_in_parallel(
    htmls: Iterable[str],
    *,
    pages: int,
    processes: int,
    progress: ReportProgress | None = None,
) -> bytes:
    """The PDF of every chunk of HTML in `htmls`, laid out `processes` at a time, joined in
    order. `pages` is the number expected, for the progress reports ("layout", then
    "writing"). `htmls` may be a generator: each chunk is prepared while the others are laid
    out."""
    context: multiprocessing.context.BaseContext
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
    else:  # no fork server on this system: fresh interpreters, slower to start
        context = multiprocessing.get_context("spawn")
    reports = context.Queue()
    done = 0

    def heard() -> None:
        nonlocal done
        while True:
            try:
                reports.get_nowait()
            except queue.Empty:
                return
            done += 1
            if progress:
                progress("layout", min(done, pages), pages)

    settings_module = os.environ.get("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    with futures.ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=layout_worker.start,
        initargs=(reports, settings_module),
    ) as pool:
        pending = []
        for html in htmls:
            pending.append(pool.submit(layout_worker.lay_out, html))
            heard()
        while running := [chunk for chunk in pending if not chunk.done()]:
            futures.wait(running, timeout=POLL, return_when=futures.FIRST_COMPLETED)
            heard()
        chunks = [chunk.result() for chunk in pending]
    heard()
    reports.close()
    if progress:
        progress("layout", pages, pages)
        progress("writing", 0, 1)
    pdf = join_pdfs(chunks)
    if progress:
        progress("writing", 1, 1)
    return pdf


def join_pdfs(pdfs: list[bytes]) -> bytes:
    """One PDF with the pages of each in turn, their bookmarks and the first one's title."""
    writer = pypdf.PdfWriter()
    for number, pdf in enumerate(pdfs):
        reader = pypdf.PdfReader(io.BytesIO(pdf))
        if number == 0 and reader.metadata:
            writer.add_metadata(dict(reader.metadata))
        writer.append(reader)
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()
