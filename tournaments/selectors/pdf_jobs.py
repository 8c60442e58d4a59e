"""The PDFs an event's organisers asked to be prepared: the latest of each, in one query."""

from __future__ import annotations

from tournaments.models import Event, PdfJob

RECENT = 20  # jobs looked at: more than the kinds and rounds an organiser prepares at once


def latest_pdf_jobs(event: Event) -> list[PdfJob]:
    """The latest job of each kind (and round) of the event, newest first: one query."""
    jobs = PdfJob.objects.filter(event=event).select_related("round")[:RECENT]
    latest: dict[tuple[str, int | None], PdfJob] = {}
    for job in jobs:
        latest.setdefault((job.kind, job.round_id), job)
    return list(latest.values())
