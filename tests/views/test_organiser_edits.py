"""Two organisers editing the same event or season: no acknowledged change is lost.

Each page carries what it showed (and the event's version) in a hidden field; a save writes
only the fields the organiser changed, under the row's lock, and is refused, with what
changed meanwhile, when the page no longer shows the row as it is. Deterministic, on every
database: the same races with real threads are in test_organiser_edit_concurrency.py.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, make_game, play
from tests.page import form_fields
from tests.views.organiser_support import snapshot
from tournaments.events.services import events
from tournaments.models import Event, Season
from tournaments.seasons.services import save_season
from tournaments.views import organiser as organiser_views

pytestmark = pytest.mark.django_db


@pytest.fixture
def colleague(club) -> Client:
    """A browser of the club's second organiser."""
    claire = UserFactory(username="claire")
    club.organisers.add(claire)
    browser = Client()
    browser.force_login(claire)
    return browser


def settings_url(event: Event) -> str:
    return reverse("organiser:edit_event", kwargs={"event_id": event.id})


def rules_url(event: Event) -> str:
    return reverse("organiser:rules", kwargs={"event_id": event.id})


# Settings and settings ------------------------------------------------------------------------


def test_a_settings_save_from_a_page_read_before_another_save_is_refused_with_what_changed(
    organiser_client, colleague, event
):
    url = settings_url(event)
    mine = form_fields(organiser_client.get(url).content)
    theirs = form_fields(colleague.get(url).content)
    assert colleague.post(url, {**theirs, "name": "Soirée d’hiver"}).status_code == 302

    response = organiser_client.post(url, {**mine, "entry_fee": "7"})

    assert response.status_code == 409
    alert = response.content.decode()
    assert "changed while you were editing" in alert and "Soirée d’hiver" in alert
    event.refresh_from_db()
    assert (event.name, event.entry_fee) == ("Soirée d’hiver", Decimal("5"))
    # The page again: the other's name and this organiser's fee, one click from saved.
    again = form_fields(response.content)
    assert again["name"] == "Soirée d’hiver" and Decimal(again["entry_fee"]) == 7
    assert organiser_client.post(url, again).status_code == 302
    event.refresh_from_db()
    assert (event.name, event.entry_fee) == ("Soirée d’hiver", Decimal("7"))


def test_the_refusal_speaks_the_organisers_language(organiser_client, colleague, event):
    url = settings_url(event)
    organiser_client.cookies["django_language"] = "fr"
    mine = form_fields(organiser_client.get(url).content)
    colleague.post(url, {**form_fields(colleague.get(url).content), "name": "Soirée d’hiver"})
    response = organiser_client.post(url, {**mine, "entry_fee": "7"})
    assert response.status_code == 409
    assert "modifié pendant que vous" in response.content.decode()


def test_hands_played_meanwhile_do_not_refuse_a_settings_save(organiser_client, event):
    """The event's version moves with every hand: only the settings the page showed count."""
    game = make_game(event)
    url = settings_url(event)
    mine = form_fields(organiser_client.get(url).content)
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    assert organiser_client.post(url, {**mine, "name": "Soirée d’hiver"}).status_code == 302
    event.refresh_from_db()
    assert event.name == "Soirée d’hiver"


def test_a_settings_save_without_the_pages_record_is_refused_and_changes_nothing(
    organiser_client, event
):
    url = settings_url(event)
    data = form_fields(organiser_client.get(url).content)
    before = snapshot()
    for seen in (None, "tampered"):
        sent = {**data, "name": "Soirée d’hiver"}
        if seen is None:
            del sent["seen"]
        else:
            sent["seen"] = seen
        response = organiser_client.post(url, sent)
        assert response.status_code == 400
        assert "Open the page again" in response.content.decode()
    assert snapshot() == before


# Settings and rules ---------------------------------------------------------------------------


def test_saving_the_settings_never_undoes_rules_changed_at_the_same_moment(
    organiser_client, event, monkeypatch
):
    """The rules change commits between this request's reading of the event and its save:
    the settings save writes the settings it changed, never the rules it read."""
    game = make_game(event)
    real_save = organiser_views.save_settings

    def rules_changed_meanwhile(**kwargs):
        other = Event.objects.get(pk=event.pk)
        events.change_rules(event=other, variant="rami-penalites", options={"target": 150})
        return real_save(**kwargs)

    monkeypatch.setattr(organiser_views, "save_settings", rules_changed_meanwhile)
    url = settings_url(event)
    data = form_fields(organiser_client.get(url).content)
    assert organiser_client.post(url, {**data, "name": "Soirée d’hiver"}).status_code == 302
    event.refresh_from_db()
    game.refresh_from_db()
    assert event.options == game.options == {"target": 150}
    assert event.name == "Soirée d’hiver"


# Rules and rules ------------------------------------------------------------------------------


def test_a_rules_change_from_a_page_read_before_another_is_refused_with_the_rules_now(
    organiser_client, colleague, event
):
    game = make_game(event)
    url = rules_url(event)
    mine = form_fields(organiser_client.get(url).content)
    theirs = form_fields(colleague.get(url).content)
    assert colleague.post(url, {**theirs, "opt-target": "150"}).status_code == 302

    response = organiser_client.post(url, {**mine, "opt-target": "200"})

    assert response.status_code == 409
    page = response.content.decode()
    assert "changed while you were editing" in page and "150 points" in page
    event.refresh_from_db()
    game.refresh_from_db()
    assert event.options == game.options == {"target": 150}
    again = form_fields(response.content)
    assert again["opt-target"] == "200"
    assert organiser_client.post(url, again).status_code == 302
    event.refresh_from_db()
    assert event.options == {"target": 200}


# Seasons --------------------------------------------------------------------------------------


@pytest.fixture
def season(club) -> Season:
    import datetime

    return save_season(
        club=club,
        name="Championnat",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2027, 6, 30),
        scoring="places",
        points_scale=[10, 8, 6],
        best_of=None,
    )


def test_a_season_save_from_a_page_read_before_another_is_refused_with_what_changed(
    organiser_client, colleague, season
):
    url = reverse("season:edit", args=[season.id])
    mine = form_fields(organiser_client.get(url).content)
    theirs = form_fields(colleague.get(url).content)
    assert colleague.post(url, {**theirs, "name": "Championnat 2026"}).status_code == 302

    response = organiser_client.post(url, {**mine, "best_of": "8"})

    assert response.status_code == 409
    assert "Championnat 2026" in response.content.decode()
    season.refresh_from_db()
    assert (season.name, season.best_of) == ("Championnat 2026", None)
    again = form_fields(response.content)
    assert (again["name"], again["best_of"]) == ("Championnat 2026", "8")
    assert organiser_client.post(url, again).status_code == 302
    season.refresh_from_db()
    assert (season.name, season.best_of) == ("Championnat 2026", 8)
