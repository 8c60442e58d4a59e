"""Rendered PDFs: one stored file per version of its data, and the organisers' PDFs prepared in
the background with their progress. Neither holds a fact: both can be deleted and made again.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .events import Event, Round


class StoredPdf(models.Model):
    """The latest rendered file of one PDF (`key`, e.g. "record:12"), and who is rendering it.

    `version` is a digest of everything the PDF shows (tournaments.sheets.versions):
    while it is current, the file is served as it is. The lease lets one process render while
    the others wait, across gunicorn workers and app hosts (tournaments.sheets.store).
    """

    key = models.CharField(max_length=120, unique=True)
    version = models.CharField(max_length=64, blank=True)
    file = models.CharField(max_length=200, blank=True)  # its name in the "pdfs" storage
    # What the file must be to be served: a copy cut short or changed is rendered again.
    size = models.PositiveBigIntegerField(null=True, blank=True)
    digest = models.CharField(max_length=64, blank=True)  # SHA-256, in hex
    rendered_at = models.DateTimeField(null=True, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    lease_holder = models.CharField(max_length=32, blank=True)

    class Meta:
        verbose_name = _("stored PDF")
        verbose_name_plural = _("stored PDFs")

    def __str__(self) -> str:
        return self.key


class PdfJobQuerySet(models.QuerySet["PdfJob"]):
    def unfinished(self) -> PdfJobQuerySet:
        return self.filter(state__in=[PdfJob.State.QUEUED, PdfJob.State.RUNNING])


class PdfJob(models.Model):
    """A PDF an organiser asked for, made by the background worker (`manage.py db_worker`)."""

    class Kind(models.TextChoices):
        SHEETS = "sheets", _("Score sheets, organiser's copy")
        PLAYERS_SHEETS = "players_sheets", _("Score sheets, players' copy")
        RESULTS = "results", _("Results")

    class State(models.TextChoices):
        QUEUED = "queued", _("waiting for the worker")
        RUNNING = "running", _("being made")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pdf_jobs")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="pdf_jobs"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    state = models.CharField(max_length=10, choices=State, default=State.QUEUED)
    site = models.CharField(max_length=200, blank=True)  # the address in the QR codes
    pages_done = models.PositiveIntegerField(default=0)
    pages_total = models.PositiveIntegerField(default=0)  # 0 until known
    stored_key = models.CharField(max_length=120, blank=True)  # its StoredPdf once made
    error = models.CharField(max_length=200, blank=True)
    task_id = models.CharField(max_length=64, blank=True)  # the django-tasks result
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # progress moves it: see is_stalled
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = PdfJobQuerySet.as_manager()

    class Meta:
        verbose_name = _("PDF being prepared")
        verbose_name_plural = _("PDFs being prepared")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"], name="pdfjob_event_recent")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.event})"

    @property
    def finished(self) -> bool:
        return self.state in (self.State.READY, self.State.FAILED)
