"""PDFs prepared in the background, for the event's organisers: ask for one, follow its
progress (the organiser's page polls the fragment with htmx), download it when ready."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.clubs.permissions import Can
from tournaments.models import Event, PdfJob, Round
from tournaments.sheets import store
from tournaments.sheets.progress import job_label, job_lines
from tournaments.sheets.queue import latest_pdf_jobs, prepare_pdf
from tournaments.sheets.render import site_url
from tournaments.web.pdfs import file_response
from tournaments.web.permissions import event_view
from tournaments.web.polling import HtmxRequest

POLL_EVERY = "every 2s"


def jobs_context(event: Event) -> dict:
    """What the "printed sheets" part of the organiser's page shows: one query."""
    lines = job_lines(latest_pdf_jobs(event))
    return {
        "event": event,
        "pdf_jobs": lines,
        "pdf_jobs_poll": POLL_EVERY if any(line.in_progress for line in lines) else "",
    }


@require_POST
@event_view(Can.PRINT)
def prepare(request: HtmxRequest, event: Event) -> HttpResponse:
    """Queues the PDF asked for (`kind`, and `round` for score sheets)."""
    round_ = None
    if request.POST.get("round", "").isdigit():
        round_ = Round.objects.filter(event=event, number=int(request.POST["round"])).first()
    try:
        prepare_pdf(
            event=event,
            kind=request.POST.get("kind", ""),
            round=round_,
            user=request.user,
            site=site_url(request),
        )
    except ValidationError as error:
        return HttpResponseBadRequest(" ".join(error.messages))
    if request.htmx:
        return render(request, "organiser/_pdf_jobs.html", jobs_context(event))
    return redirect(reverse("organiser:event", kwargs={"event_id": event.pk}) + "#printing")


@require_GET
@event_view(Can.PRINT)
def prepared(request: HttpRequest, event: Event) -> HttpResponse:
    """The PDFs being prepared and ready: the fragment the organiser's page polls."""
    return render(request, "organiser/_pdf_jobs.html", jobs_context(event))


@require_GET
@event_view(Can.PRINT)
def prepared_file(request: HttpRequest, event: Event, job_id: int) -> HttpResponseBase:
    """A prepared PDF: private, like the blank sheets it may be."""
    job = get_object_or_404(
        PdfJob.objects.select_related("round"), pk=job_id, event=event, state=PdfJob.State.READY
    )
    stored = store.latest(job.stored_key)
    if stored is None:
        raise Http404(_("This PDF is no longer kept: prepare it again."))
    with translation.override(event.language):  # the file's name, as the sheets' own
        name = f"{event.name} {job_label(job)}"
    return file_response(stored, name, private=True)
