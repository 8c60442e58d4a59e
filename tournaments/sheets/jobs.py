"""The background task that makes an organiser's PDF (django-tasks, run by `manage.py
db_worker`), recording its progress on the PdfJob row for the organiser's page to show.

The file goes to the same stored PDF as the page that serves it (tournaments.sheets.catalogue):
a round prepared here is then served at once, to anyone allowed to have it.
"""

from __future__ import annotations

import logging
import time

import pypdf
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_noop
from django_tasks import task

from tournaments.events.selectors.events import round_games
from tournaments.models import Event, Game, PdfJob, Round
from tournaments.sheets import catalogue, heartbeat, store
from tournaments.sheets import versions as pdf_versions
from tournaments.sheets.pdfs import blank_sheets_pdf, game_record_pdf, standings_pdf

logger = logging.getLogger(__name__)

# Shown to the organiser (translated on his page): what went wrong, and what to do.
ROUND_GONE = gettext_noop(
    "This round no longer exists: it was seated again or deleted. Prepare the new one."
)
FAILED = gettext_noop(
    "The PDF could not be made. Try again; if it fails again, the server's log says why."
)
RECORD_EVERY = 0.5  # seconds: progress is written to the database at most this often


class JobProgress:
    """Hears the renderer's progress and writes the pages laid out on the job's row."""

    def __init__(self, job_id: int):
        self.job_id = job_id
        self.written = 0.0

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != "layout":
            return
        now = time.monotonic()
        if now - self.written < RECORD_EVERY and done != total:
            return
        self.written = now
        changes = {"pages_done": done, "updated_at": timezone.now()}
        if total:
            changes["pages_total"] = total
        PdfJob.objects.filter(pk=self.job_id).update(**changes)


@task()
def make_pdf(job_id: int) -> None:
    """Makes the PDF of job `job_id` and marks it ready, or failed with a message."""
    job = PdfJob.objects.select_related("event__club", "round").filter(pk=job_id).first()
    if job is None:
        return  # its round was seated again or deleted, and the job with it
    _mark(job, state=PdfJob.State.RUNNING)
    try:
        wanted, render, pages = _what_to_make(job)
        if wanted is None:
            _mark(job, state=PdfJob.State.FAILED, error=ROUND_GONE, finished=True)
            return
        _mark(job, pages_total=pages)
        # Alive while it works, whatever its progress: a worker killed is seen within
        # seconds (services.pdf_jobs.is_stalled).
        with heartbeat.beating(lambda: _mark(job)):
            stored = store.stored_pdf(wanted.key, wanted.version, render)
            pages = page_count(stored)
    except Exception:
        logger.exception("PDF job %s (%s) failed", job.pk, job.kind)
        _mark(job, state=PdfJob.State.FAILED, error=FAILED, finished=True)
        raise  # the task's own result says so too, with the traceback
    _mark(
        job,
        state=PdfJob.State.READY,
        stored_key=wanted.key,
        pages_done=pages,
        pages_total=pages,
        finished=True,
    )


@task()
def make_record(game_id: int) -> None:
    """Makes the record of a long game (tournaments.sheets.queue.prepare_record) from the
    game as it is now; its page serves it as soon as it is stored."""
    found = pdf_versions.record_fingerprint(game_id)
    if found is not None:  # else the game was deleted meanwhile
        wanted = catalogue.record(game_id, found)
        store.stored_pdf(wanted.key, wanted.version, lambda: record_pdf(game_id))


@task()
def make_results(event_id: int) -> None:
    """Makes the results of a large event (tournaments.sheets.queue.prepare_results), as
    `make_record` does a long game's record."""
    found = pdf_versions.results_fingerprint(event_id)
    if found is not None:  # else the event was deleted meanwhile
        wanted = catalogue.results(event_id, found)
        store.stored_pdf(wanted.key, wanted.version, lambda: results_pdf(event_id))


def record_pdf(game_id: int) -> bytes:
    """The filled record of game `game_id`, as its page and the worker make it."""
    return game_record_pdf(Game.objects.select_related("event").get(pk=game_id))


def results_pdf(event_id: int) -> bytes:
    """The results of event `event_id`, as its page and the worker make them."""
    return standings_pdf(Event.objects.select_related("club").get(pk=event_id))


def page_count(stored: store.Stored) -> int:
    with store.open_stored(stored) as file:
        return len(pypdf.PdfReader(file).pages)


def _what_to_make(job: PdfJob):
    """The stored PDF to make, how to render it, and its pages if known in advance."""
    event: Event = job.event
    progress = JobProgress(job.pk)
    if job.kind == PdfJob.Kind.RESULTS:
        found = pdf_versions.results_fingerprint(event.pk)
        assert found is not None  # the job's event is there: deleting it deletes the job
        return (
            catalogue.results(event.pk, found),
            lambda: standings_pdf(event, progress=progress),
            0,
        )
    round_: Round | None = job.round
    found = pdf_versions.round_fingerprint(event.pk, round_.number) if round_ else None
    if round_ is None or found is None:
        return None, None, 0
    copy = "organiser" if job.kind == PdfJob.Kind.SHEETS else "players"
    wanted = catalogue.round_sheets(found, site=job.site, copy=copy, language=event.language)

    def render() -> bytes:
        loaded, games = round_games(event.pk, round_.number)
        return blank_sheets_pdf(
            loaded,
            games=games,
            site=job.site,
            entry_links=catalogue.COPIES[copy],
            progress=progress,
            processes=settings.PDF_PROCESSES,
        )

    return wanted, render, found["tables"]


def _mark(job: PdfJob, *, finished: bool = False, **changes) -> None:
    changes["updated_at"] = timezone.now()
    if finished:
        changes["finished_at"] = changes["updated_at"]
    PdfJob.objects.filter(pk=job.pk).update(**changes)
