"""Who opens the money pages (docs/ledger.md): whoever may handle the money (the organisers and
the treasurer, for the club or for one event; a season's report, for the club only); and a
payment asked without its winner says so."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, organise
from tournaments.events.services.events import register_player
from tournaments.models import Payout, Season

pytestmark = pytest.mark.django_db


def volunteer(club, role: str, event=None) -> Client:
    user = UserFactory(username=f"{role}-{event.pk if event else 'club'}")
    organise(club, user, role, event)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def season(club, event):
    return Season.objects.create(
        club=club,
        name="Saison",
        starts_on=event.date - datetime.timedelta(days=30),
        ends_on=event.date + datetime.timedelta(days=30),
    )


def money_urls(event) -> list[str]:
    money = {"event_id": event.id}
    return [reverse(f"ledger:{name}", kwargs=money) for name in ("event", "balance", "history")]


def test_the_clubs_treasurer_opens_the_money_of_its_events_and_seasons(club, event, season):
    register_player(event=event, name="Anne")
    treasurer = volunteer(club, "treasurer")
    for url in [*money_urls(event), reverse("ledger:season", kwargs={"season_id": season.id})]:
        assert treasurer.get(url).status_code == 200, url
    page = treasurer.get(reverse("organiser:event", kwargs={"event_id": event.id}))
    html = page.content.decode()
    assert reverse("ledger:event", kwargs={"event_id": event.id}) in html
    assert reverse("organiser:edit_event", kwargs={"event_id": event.id}) not in html
    season_page = treasurer.get(reverse("season:standings", args=[season.id])).content.decode()
    assert reverse("ledger:season", kwargs={"season_id": season.id}) in season_page
    assert f'href="{reverse("season:edit", args=[season.id])}"' not in season_page


def test_the_treasurer_of_one_night_sees_its_money_not_the_seasons(club, event, season):
    treasurer = volunteer(club, "treasurer", event)
    for url in money_urls(event):
        assert treasurer.get(url).status_code == 200, url
    season_money = reverse("ledger:season", kwargs={"season_id": season.id})
    assert treasurer.get(season_money).status_code == 403


@pytest.mark.parametrize("role", ["scorer", "door"])
def test_the_scorer_and_the_door_do_not_see_the_money(role, club, event, season):
    client = volunteer(club, role)
    for url in [*money_urls(event), reverse("ledger:season", kwargs={"season_id": season.id})]:
        assert client.get(url).status_code == 403, url
    page = client.get(reverse("organiser:event", kwargs={"event_id": event.id})).content.decode()
    assert reverse("ledger:event", kwargs={"event_id": event.id}) not in page


@pytest.mark.parametrize("player", ["", "999999", "anne-of-another-event"])
def test_a_payment_without_its_winner_says_so_and_pays_nothing(
    player, organiser_client, club, event
):
    if player == "anne-of-another-event":
        other = event.__class__.objects.create(
            club=club, name="Autre soirée", date=event.date, variant=event.variant
        )
        player = str(register_player(event=other, name="Anne").player_id)
    url = reverse("ledger:pay", kwargs={"event_id": event.id})
    response = organiser_client.post(url, {"prize": "place:1", "player": player, "method": "cash"})
    assert response.status_code == 302
    shown = organiser_client.get(response.url).content.decode()
    assert "Choose the prize to pay from the list of prizes." in shown
    assert not Payout.objects.exists()
