"""PDFs prepared in the background for organisers: asked for from the event's page, made by
the task (run at once in tests: the immediate backend), followed page by page, downloaded."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, UserFactory, make_game
from tests.pdf import in_english, page_count, pages_text, qr_codes
from tournaments.models import PdfJob, Round
from tournaments.sheets import jobs, render
from tournaments.views.sheets import IN_REQUEST_TABLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    return in_english(event)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def tables(event, count: int) -> None:
    for number in range(1, count + 1):
        make_game(event, table_number=number, players=(f"A{number}", f"B{number}"))


def prepare(client: Client, event, kind: str = "sheets", headers=None, **fields):
    url = reverse("sheets:prepare", kwargs={"event_id": event.pk})
    return client.post(url, {"kind": kind, "round": 1, **fields}, headers=headers)


def fragment(client: Client, event) -> str:
    response = client.get(reverse("sheets:prepared", kwargs={"event_id": event.pk}))
    assert response.status_code == 200
    return response.content.decode()


def event_page(client: Client, event) -> str:
    response = client.get(reverse("organiser:event", kwargs={"event_id": event.pk}))
    assert response.status_code == 200
    return response.content.decode()


def test_the_task_makes_the_rounds_sheets_and_the_page_offers_them(organiser, event):
    tables(event, 3)
    client = logged_in(organiser)

    response = prepare(client, event)

    assert response.status_code == 302
    assert response["Location"].endswith("#printing")
    job = PdfJob.objects.get()
    assert (job.state, job.pages_done, job.pages_total) == ("ready", 3, 3)
    assert job.requested_by == organiser and job.task_id
    page = event_page(client, event)
    file_url = reverse("sheets:prepared_file", kwargs={"event_id": event.pk, "job_id": job.pk})
    assert f'href="{file_url}"' in page and "Ready: 3 pages." in page
    assert "hx-trigger" not in page.split('id="pdf-jobs"')[1].split(">")[0]  # nothing to poll
    download = client.get(file_url)
    assert download["Cache-Control"] == "private, no-store"
    pdf = download.getvalue()
    assert page_count(pdf) == 3 and "A2" in pages_text(pdf)[1]
    game = event.games.get(table_number=1)
    assert f"http://testserver/t/{game.link_token}/" in qr_codes(pdf)


def test_a_prepared_round_is_then_served_by_its_link_without_a_new_render(
    organiser, event, monkeypatch
):
    tables(event, IN_REQUEST_TABLES + 1)
    client = logged_in(organiser)
    blank = reverse("sheets:round_blank", kwargs={"event_id": event.pk, "number": 1})
    assert client.get(blank).status_code == 302  # too large for a request: prepare it
    prepare(client, event)
    renders = []
    monkeypatch.setattr(render, "html_to_pdf", lambda html, **options: renders.append(html))

    response = client.get(blank)

    assert response.status_code == 200 and renders == []
    assert page_count(response.getvalue()) == IN_REQUEST_TABLES + 1


def test_a_round_too_large_for_a_request_sends_the_organiser_to_prepare_it(organiser, event):
    tables(event, IN_REQUEST_TABLES + 1)
    client = logged_in(organiser)

    response = client.get(
        reverse("sheets:round_blank", kwargs={"event_id": event.pk, "number": 1}), follow=True
    )

    assert response.redirect_chain[-1][0].endswith("#printing")
    assert "are made in the background: prepare them here" in response.content.decode()


def test_the_players_copy_has_no_table_link(organiser, event):
    tables(event, 1)
    client = logged_in(organiser)

    prepare(client, event, "players_sheets")

    job = PdfJob.objects.get()
    file_url = reverse("sheets:prepared_file", kwargs={"event_id": event.pk, "job_id": job.pk})
    pdf = client.get(file_url).getvalue()
    game = event.games.get()
    assert qr_codes(pdf) == {f"http://testserver/games/{game.pk}/"}


def test_the_results_are_prepared_for_the_public_link_too(organiser, event, game, monkeypatch):
    prepare(logged_in(organiser), event, "results", round="")
    renders = []
    monkeypatch.setattr(render, "html_to_pdf", lambda html, **options: renders.append(html))

    response = Client().get(reverse("sheets:standings", kwargs={"event_id": event.pk}))

    assert response.status_code == 200 and renders == []
    assert PdfJob.objects.get().round is None


def test_progress_is_recorded_page_by_page(organiser, event, monkeypatch):
    tables(event, 3)
    monkeypatch.setattr(jobs, "RECORD_EVERY", 0)
    seen = []
    hear = jobs.JobProgress.__call__

    def watched(self, stage, done, total):
        hear(self, stage, done, total)
        job = PdfJob.objects.get(pk=self.job_id)
        seen.append((job.state, job.pages_done, job.pages_total))

    monkeypatch.setattr(jobs.JobProgress, "__call__", watched)

    prepare(logged_in(organiser), event)

    laid_out = [row for row in seen if row[1]]
    assert laid_out[:3] == [("running", 1, 3), ("running", 2, 3), ("running", 3, 3)]


def job_of(event, **fields) -> PdfJob:
    return PdfJob.objects.create(
        event=event, round=Round.objects.get(event=event, number=1), kind="sheets", **fields
    )


def test_the_page_shows_the_pages_laid_out_and_polls_until_the_file_is_ready(organiser, event):
    tables(event, 1)
    job = job_of(event, state="running", pages_done=37, pages_total=200)
    client = logged_in(organiser)

    page = event_page(client, event)

    assert '<progress max="200" value="37">' in page
    assert "37 of 200 pages laid out" in page
    poll = reverse("sheets:prepared", kwargs={"event_id": event.pk})
    assert f'hx-get="{poll}" hx-trigger="every 2s"' in page

    PdfJob.objects.filter(pk=job.pk).update(state="ready", pages_done=200)
    ready = fragment(client, event)

    assert "<progress" not in ready and "hx-get" not in ready
    assert "Download the PDF" in ready


def test_a_failure_is_shown_with_what_to_do(organiser, event, monkeypatch):
    tables(event, 1)

    def broken(html: str, **options) -> bytes:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(render, "html_to_pdf", broken)
    client = logged_in(organiser)

    prepare(client, event)

    assert PdfJob.objects.get().state == "failed"
    shown = fragment(client, event)
    assert "The PDF could not be made. Try again" in shown
    assert 'class="pdf-job failed"' in shown


def test_a_job_the_worker_dropped_is_shown_as_interrupted_and_may_be_asked_again(organiser, event):
    tables(event, 1)
    old = job_of(event, state="running", pages_done=3, pages_total=10)
    PdfJob.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(minutes=10))
    client = logged_in(organiser)

    assert "Interrupted: the worker stopped" in fragment(client, event)
    prepare(client, event)

    assert PdfJob.objects.count() == 2
    assert "Ready: 1 page." in fragment(client, event)


def test_the_same_pdf_on_its_way_is_not_asked_twice(organiser, event):
    tables(event, 1)
    waiting = job_of(event, state="queued")

    prepare(logged_in(organiser), event)

    assert list(PdfJob.objects.all()) == [waiting]


def test_a_job_nobody_took_says_the_worker_may_not_run(organiser, event):
    tables(event, 1)
    job = job_of(event, state="queued")
    PdfJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=2))

    assert "is it running? (make serve starts it" in fragment(logged_in(organiser), event)


def test_asking_from_the_page_with_htmx_gets_the_fragment(organiser, event):
    tables(event, 1)

    response = prepare(logged_in(organiser), event, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert 'id="pdf-jobs"' in response.content.decode()


def test_score_sheets_need_a_round_of_the_event_and_a_known_kind(organiser, event):
    tables(event, 1)
    client = logged_in(organiser)

    assert prepare(client, event, round=7).status_code == 400
    assert prepare(client, event, "everything").status_code == 400
    assert PdfJob.objects.count() == 0


def test_visitors_are_sent_to_log_in_and_other_clubs_refused(event):
    tables(event, 1)
    job = job_of(event, state="ready", stored_key="sheets:1:organiser")
    urls = [
        reverse("sheets:prepared", kwargs={"event_id": event.pk}),
        reverse("sheets:prepared_file", kwargs={"event_id": event.pk, "job_id": job.pk}),
    ]
    stranger = logged_in(UserFactory(username="voisin"))

    assert prepare(Client(), event).status_code == 302
    assert prepare(stranger, event).status_code == 403
    for url in urls:
        assert Client().get(url).status_code == 302
        assert stranger.get(url).status_code == 403
    assert PdfJob.objects.count() == 1


def test_a_job_of_another_event_is_not_found(organiser, event, club):
    tables(event, 1)
    other = EventFactory(club=club)
    make_game(other)
    prepare(logged_in(organiser), other)
    job = PdfJob.objects.get(event=other)

    url = reverse("sheets:prepared_file", kwargs={"event_id": event.pk, "job_id": job.pk})

    assert logged_in(organiser).get(url).status_code == 404


def test_the_event_page_asks_one_query_for_the_jobs(organiser, event, django_assert_num_queries):
    tables(event, 1)
    client = logged_in(organiser)
    client.get(reverse("organiser:event", kwargs={"event_id": event.pk}))
    for _ in range(3):
        prepare(client, event)

    with django_assert_num_queries(5):  # session, user, event, organiser check, the jobs
        fragment(client, event)


# A worker that dies ---------------------------------------------------------------------------


def test_a_job_whose_worker_died_is_said_interrupted_within_half_a_minute(organiser, event):
    tables(event, 1)
    job = job_of(event, state="running", pages_done=1, pages_total=21)
    PdfJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(seconds=31))

    assert "Interrupted: the worker stopped" in fragment(logged_in(organiser), event)


def test_a_job_waiting_for_a_busy_worker_is_not_interrupted(organiser, event):
    tables(event, 1)
    job = job_of(event, state="queued")
    PdfJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(minutes=2))

    assert "Interrupted" not in fragment(logged_in(organiser), event)


@pytest.mark.django_db(transaction=True)
def test_a_job_and_its_lease_beat_while_the_pdf_is_laid_out(event, monkeypatch):
    """Long work with no progress to report (one long layout) still says it is alive: the
    job's row and the stored PDF's lease move on their own."""
    import threading

    from tournaments.models import StoredPdf
    from tournaments.sheets import heartbeat

    monkeypatch.setattr(heartbeat, "EVERY", 0.05)
    tables(event, 1)
    job = job_of(event, state="queued")
    lay_out = render.html_to_pdf
    heard = {"job": False, "lease": False}

    def slow(html: str, **options) -> bytes:
        started = PdfJob.objects.get(pk=job.pk).updated_at
        lease = StoredPdf.objects.get().lease_until
        waited = threading.Event()
        for _ in range(200):  # up to 10 s for the beats to show
            heard["job"] = PdfJob.objects.get(pk=job.pk).updated_at > started
            heard["lease"] = StoredPdf.objects.get().lease_until > lease
            if all(heard.values()):
                break
            waited.wait(0.05)
        return lay_out(html, **options)

    monkeypatch.setattr(render, "html_to_pdf", slow)
    jobs.make_pdf.call(job.pk)

    assert heard == {"job": True, "lease": True}
    assert PdfJob.objects.get(pk=job.pk).state == "ready"
