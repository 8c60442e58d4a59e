"""An event's archive on the site (issue 10 §3): the organiser downloads it from the event's
page and uploads one from his home page; errors one per line with status 400, never a 500;
other people are refused."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.archive_support import export, rich_event, row_counts
from tests.factories import ClubFactory, UserFactory
from tests.views.identities import client_for
from tournaments.forms import archive as archive_form
from tournaments.models import Event

pytestmark = pytest.mark.django_db

UPLOAD = "/manage/events/import/"


@pytest.fixture
def autumn(club, organiser):
    return rich_event(club, organiser)


def archive_file(text: str, name: str = "tournoi.ramiscore.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(), "application/json")


def test_the_organiser_downloads_the_archive_named_after_the_event(
    client, organiser, autumn, django_assert_max_num_queries
):
    client.force_login(organiser)
    with django_assert_max_num_queries(20):
        response = client.get(f"/manage/events/{autumn.id}/archive.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="tournoi-dautomne-2026-10-03.ramiscore.json"'
    )
    assert response.content == export(autumn).encode()


def test_the_event_page_links_the_download(client, organiser, autumn):
    client.force_login(organiser)
    page = client.get(f"/manage/events/{autumn.id}/").content.decode()
    assert f'href="/manage/events/{autumn.id}/archive.json" download' in page
    assert 'href="/manage/events/import/"' in client.get("/manage/").content.decode()


@pytest.mark.parametrize("who", ["anonymous", "other_organiser"])
def test_other_people_cannot_download_the_archive(who, organiser, autumn):
    response = client_for(who, organiser).get(f"/manage/events/{autumn.id}/archive.json")
    if who == "anonymous":
        assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    else:
        assert response.status_code == 403


def test_an_uploaded_archive_becomes_an_event_of_the_club_and_opens(
    client, organiser, club, autumn
):
    text = export(autumn)
    client.force_login(organiser)
    data = {"club": club.pk, "rename": "Tournoi bis", "existing": "apart"}  # the same event
    response = client.post(UPLOAD, {"file": archive_file(text), **data})
    copy = Event.objects.get(name="Tournoi bis")
    assert response.status_code == 302
    assert response.url == f"/manage/events/{copy.id}/"
    assert copy.club == club
    page = client.get(response.url)
    assert "“Tournoi bis” imported into Club de rami de Montreuil." in page.content.decode()
    assert export(copy) == text.replace("Tournoi d’automne", "Tournoi bis", 1)


def test_a_refused_archive_shows_each_problem_on_its_own_line_and_stores_nothing(
    client, organiser, club, autumn, django_assert_max_num_queries
):
    document = json.loads(export(autumn))
    document["event"]["entry_fee"] = 10
    document["rounds"][0]["games"][1]["hands"][1]["number"] = 1
    client.force_login(organiser)
    before = row_counts()
    with django_assert_max_num_queries(12):
        response = client.post(
            UPLOAD, {"file": archive_file(json.dumps(document)), "club": club.pk}
        )
    assert response.status_code == 400
    page = response.content.decode()
    assert "The archive was not imported:" in page
    assert "<li>event: entry_fee must be an amount such as 10.00, not 10.</li>" in page
    assert "<li>round 1, table 2: hand 1 appears twice.</li>" in page
    assert row_counts() == before


def test_an_event_name_already_taken_asks_for_another_name(client, organiser, club, autumn):
    client.force_login(organiser)
    # Another event of the same name: the same one is asked about (below).
    other = export(autumn).replace(str(autumn.uuid), "0b9f6f3e-1d2c-4c5b-8a7e-6f5d4c3b2a19")
    response = client.post(UPLOAD, {"file": archive_file(other), "club": club.pk})
    assert response.status_code == 400
    assert "already has an event named Tournoi d’automne" in response.content.decode()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "it is not valid JSON (line 1)"),
        ("[" * 100_000, "it is nested too deep"),
        ('{"format": "ramiscore/1"}', "its format must be ramiscore-event/1"),
    ],
)
def test_what_is_no_archive_answers_400_with_a_message(client, organiser, club, text, message):
    client.force_login(organiser)
    response = client.post(UPLOAD, {"file": archive_file(text), "club": club.pk})
    assert response.status_code == 400
    assert message in response.content.decode()


def test_a_file_too_large_is_refused_with_the_limit(client, organiser, club, monkeypatch):
    monkeypatch.setattr(archive_form, "MAX_ARCHIVE_BYTES", 1000)
    client.force_login(organiser)
    response = client.post(UPLOAD, {"file": archive_file("x" * 1001), "club": club.pk})
    assert response.status_code == 400
    page = response.content.decode()
    assert "This file is too large to import here: the site imports archives of up to " in page
    assert "1000\xa0bytes (an evening of about 100 tables)" in page
    assert "manage.py import_event" in page


def test_an_archive_cannot_go_into_another_organisers_club(client, organiser, club, autumn):
    elsewhere = ClubFactory(name="Club voisin")
    client.force_login(organiser)
    response = client.post(
        UPLOAD, {"file": archive_file(export(autumn)), "club": elsewhere.pk, "rename": "X"}
    )
    assert response.status_code == 400
    assert not elsewhere.events.exists()


def test_the_upload_page_is_for_organisers_only(
    client, organiser, club, django_assert_max_num_queries
):
    assert client.get(UPLOAD).url.startswith("/accounts/login/")
    client.force_login(UserFactory(username="sans-club"))
    assert client.get(UPLOAD).status_code == 403
    client.force_login(organiser)
    with django_assert_max_num_queries(8):
        assert client.get(UPLOAD).status_code == 200


def test_the_same_event_uploaded_again_asks_whether_it_replaces_or_is_kept_apart(
    client, organiser, club, autumn
):
    client.force_login(organiser)
    text = export(autumn)
    data = {"club": club.pk, "rename": "Tournoi bis"}
    refused = client.post(UPLOAD, {"file": archive_file(text), **data})
    assert refused.status_code == 400
    page = " ".join(refused.content.decode().split())
    assert "already has this event: Tournoi d’automne of" in page
    assert 'name="existing" value="replace"' in page and 'name="existing" value="apart"' in page
    kept = client.post(UPLOAD, {"file": archive_file(text), "existing": "apart", **data})
    assert kept.status_code == 302
    copy = Event.objects.get(name="Tournoi bis")
    assert not copy.counted and Event.objects.filter(pk=autumn.pk, counted=True).exists()
    replaced = client.post(
        UPLOAD, {"file": archive_file(text), "existing": "replace", "club": club.pk}
    )
    assert replaced.status_code == 302
    assert not Event.objects.filter(pk=autumn.pk).exists()
    assert Event.objects.get(name="Tournoi d’automne").counted
