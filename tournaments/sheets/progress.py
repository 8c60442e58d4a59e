"""The PDFs being prepared, as the organiser's page shows them: what each is, how far it has
gone (pages laid out of the total), the file once ready, or what went wrong."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import PdfJob
from tournaments.sheets.queue import is_stalled

# Queued this long and not started: the worker may not be running.
WORKER_LATE = timedelta(minutes=1)


@dataclass(frozen=True)
class JobLine:
    job_id: int
    label: str
    state: str  # queued, running, ready, failed or stalled: a CSS class too
    status: str  # in words
    done: int
    total: int  # 0 while not known: the bar has no end
    ready_at: datetime | None

    @property
    def in_progress(self) -> bool:
        return self.state in ("queued", "running")


def job_label(job: PdfJob) -> str:
    if job.kind == PdfJob.Kind.RESULTS:
        return _("Results")
    number = job.round.number if job.round else "?"
    if job.kind == PdfJob.Kind.SHEETS:
        return _("Score sheets of round %(number)s, organiser's copy") % {"number": number}
    return _("Score sheets of round %(number)s, players' copy") % {"number": number}


def job_status(job: PdfJob, *, now: datetime) -> tuple[str, str]:
    """The job's state (a CSS class) and what to say of it."""
    if job.state == PdfJob.State.READY:
        pages = job.pages_done
        return "ready", ngettext("Ready: %(pages)s page.", "Ready: %(pages)s pages.", pages) % {
            "pages": pages
        }
    if job.state == PdfJob.State.FAILED:
        return "failed", _(job.error) if job.error else _("The PDF could not be made.")
    if is_stalled(job, now=now):
        return "stalled", _(
            "Interrupted: the worker stopped while making it (was the server stopped?). "
            "Prepare it again."
        )
    if job.state == PdfJob.State.QUEUED:
        if now - job.created_at > WORKER_LATE:
            return "queued", _(
                "Still waiting for the worker that makes PDFs: is it running? "
                "(make serve starts it; see docs/deploy.md for a hosted site.)"
            )
        return "queued", _("Waiting for its turn…")
    if job.pages_total and job.pages_done >= job.pages_total:
        return "running", _("Putting the pages together…")
    done = job.pages_done
    if job.pages_total:
        laid_out = ngettext(
            "%(done)s of %(total)s pages laid out", "%(done)s of %(total)s pages laid out", done
        )
        return "running", laid_out % {"done": done, "total": job.pages_total}
    return "running", ngettext("%(done)s page laid out", "%(done)s pages laid out", done) % {
        "done": done
    }


def job_lines(jobs: list[PdfJob], *, now: datetime | None = None) -> list[JobLine]:
    now = now or timezone.now()
    lines = []
    for job in jobs:
        state, status = job_status(job, now=now)
        lines.append(
            JobLine(
                job_id=job.pk,
                label=job_label(job),
                state=state,
                status=status,
                done=job.pages_done,
                total=job.pages_total,
                ready_at=job.finished_at if state == "ready" else None,
            )
        )
    return lines
