"""An organiser asks for a PDF to be prepared in the background (a round's score sheets, the
results): a PdfJob row, and the task that makes it (tournaments.sheets.jobs.make_pdf); the
latest job of each kind, for his page. A long game's record and a large event's results,
which any visitor may ask for, are made in the background too (`queue_record`,
`queue_results`)."""

from __future__ import annotations

from datetime import timedelta

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks.base import Task

from tournaments.models import Event, PdfJob, Round
from tournaments.sheets import heartbeat
from tournaments.sheets.catalogue import PdfVersion
from tournaments.sheets.jobs import make_pdf, make_record, make_results

# A job being made whose row has missed three heartbeats (sheets/heartbeat.py) was cut short:
# its worker stopped. It may be asked for again, and the organiser's page says so at once.
STALLED_AFTER = timedelta(seconds=heartbeat.SILENT_FOR)
# A job still waiting for a worker after this long was lost with its queue (a database
# restored, say): it may be asked for again.
QUEUED_STALLED_AFTER = timedelta(minutes=5)
ROUND_KINDS = (PdfJob.Kind.SHEETS, PdfJob.Kind.PLAYERS_SHEETS)


def is_stalled(job: PdfJob, *, now=None) -> bool:
    """Unfinished, and nothing heard from its worker for STALLED_AFTER (QUEUED_STALLED_AFTER
    while it waits for one)."""
    now = now or timezone.now()
    if job.finished:
        return False
    silent = STALLED_AFTER if job.state == PdfJob.State.RUNNING else QUEUED_STALLED_AFTER
    return now - job.updated_at > silent


def prepare_pdf(*, event: Event, kind: str, round: Round | None, user, site: str) -> PdfJob:
    """Queues the PDF `kind` of the event (of `round` for score sheets), printed with QR codes
    to `site`. The same PDF already on its way is not queued twice: that job is returned."""
    if kind not in PdfJob.Kind.values:
        raise ValidationError(_("Choose the score sheets or the results."))
    if kind in ROUND_KINDS and (round is None or round.event_id != event.pk):
        raise ValidationError(_("Choose a round of this event."))
    if kind not in ROUND_KINDS:
        round = None
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()  # one request at a time
        on_its_way = PdfJob.objects.unfinished().filter(event=event, kind=kind, round=round)
        for job in on_its_way:
            if not is_stalled(job):
                return job
        job = PdfJob.objects.create(
            event=event, round=round, kind=kind, site=site, requested_by=user
        )
        # In the same transaction: the worker sees the task once the job is there.
        result = make_pdf.enqueue(job.pk)
        PdfJob.objects.filter(pk=job.pk).update(task_id=str(result.id)[:64])
    job.refresh_from_db()
    return job


# Public PDFs too long for a visitor's request are made by the worker, so that no request
# holds a server thread for seconds (issue 26); the visitor's page waits for the file.
# Hands a request lays out itself in a game's record: a long club game (about a second for
# 60; a game has at most rules.variants.MAX_HANDS, 200, 3.5 s).
IN_REQUEST_HANDS = 60
# Players a request lays out itself in an event's results: those of 12 tables of 4, as for
# a round's score sheets (the results of 200 tables took 20 s).
IN_REQUEST_PLAYERS = 48


def record_in_the_background(found: dict) -> int:
    """A game's hands if its record (`found`: its fingerprint) is too long for a request,
    else 0."""
    return found["hand_count"] if found["hand_count"] > IN_REQUEST_HANDS else 0


def results_in_the_background(found: dict) -> int:
    """An event's players if its results (`found`: their fingerprint) are too large for a
    request, else 0: those registered or, at a club night without registrations, seated."""
    players = found["registered"] or found["seat_count"]
    return players if players > IN_REQUEST_PLAYERS else 0


def queue_record(game_id: int, wanted: PdfVersion) -> None:
    """Queues the making of game `game_id`'s record (`wanted`)."""
    _queue_once(wanted, make_record, game_id)


def queue_results(event_id: int, wanted: PdfVersion) -> None:
    """Queues the making of event `event_id`'s results (`wanted`)."""
    _queue_once(wanted, make_results, event_id)


def _queue_once(wanted: PdfVersion, task: Task, *args: int) -> None:
    """Queues `task` once per version of the PDF for all its visitors (the first asks, the
    others wait for the same file). A task queued again by another process, or once the
    cache forgot, is harmless: the store renders a version once."""
    if cache.add(f"pdf-queued:{wanted.key}:{wanted.version}", True, QUEUED_STALLED_AFTER.seconds):
        task.enqueue(*args)


RECENT = 20  # jobs looked at: more than the kinds and rounds an organiser prepares at once


def latest_pdf_jobs(event: Event) -> list[PdfJob]:
    """The latest job of each kind (and round) of the event, newest first: one query."""
    jobs = PdfJob.objects.filter(event=event).select_related("round")[:RECENT]
    latest: dict[tuple[str, int | None], PdfJob] = {}
    for job in jobs:
        latest.setdefault((job.kind, job.round_id), job)
    return list(latest.values())
