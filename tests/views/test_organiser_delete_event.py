"""An organiser deletes an event (issue 19 §3): a page asks first, says what goes (tables,
hands, season nights, rating changes) and offers the archive for download; the deletion is
recorded and shown on his home page; nobody else may do it."""

from __future__ import annotations

import datetime

import pytest

from tests.archive_support import played_night
from tests.factories import UserFactory, organise
from tests.views.identities import client_for
from tournaments.models import Event, EventDeletion, Season

pytestmark = pytest.mark.django_db

THURSDAY = datetime.date(2026, 11, 12)


@pytest.fixture
def night(club, organiser) -> Event:
    Season.objects.create(
        club=club,
        name="Championnat 2026",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2027, 6, 30),
    )
    return played_night(club, "Soirée du jeudi", THURSDAY, organiser)


def address(event: Event) -> str:
    return f"/manage/events/{event.pk}/delete/"


def test_the_page_says_what_goes_and_offers_the_archive_first(
    client, organiser, night, django_assert_max_num_queries
):
    client.force_login(organiser)
    with django_assert_max_num_queries(12):
        response = client.get(address(night))
    assert response.status_code == 200
    page = " ".join(response.content.decode().split())
    assert "Delete “Soirée du jeudi”?" in page
    assert "2 tables, 4 hands played there" in page
    assert "the registrations of 6 players (they stay members of the club)" in page
    assert "its night in the season Championnat 2026" in page
    assert "6 rating changes of 6 players: the club's ratings are worked out again" in page
    assert f'href="/manage/events/{night.pk}/archive.json"' in page
    assert Event.objects.filter(pk=night.pk).exists()  # asking deletes nothing


def test_deleting_records_it_and_takes_the_organiser_home(client, organiser, night):
    client.force_login(organiser)
    response = client.post(address(night))
    assert response.status_code == 302 and response.url == "/manage/"
    assert not Event.objects.filter(pk=night.pk).exists()
    (record,) = EventDeletion.objects.all()
    assert record.deleted_by == organiser and record.hands == 4
    home = " ".join(client.get(response.url).content.decode().split())
    assert "“Soirée du jeudi” is deleted." in home
    assert "Deleted events" in home and "Soirée du jeudi" in home and "by organiser" in home


def test_the_event_page_offers_the_deletion(client, organiser, night):
    client.force_login(organiser)
    page = client.get(f"/manage/events/{night.pk}/").content.decode()
    assert f'href="{address(night)}"' in page


@pytest.mark.parametrize(("who", "status"), [("anonymous", 302), ("other_organiser", 403)])
def test_nobody_but_the_clubs_organisers_may_delete(who, status, organiser, night):
    client = client_for(who, organiser)
    assert client.get(address(night)).status_code == status
    assert client.post(address(night)).status_code == status
    assert Event.objects.filter(pk=night.pk).exists()
    assert not EventDeletion.objects.exists()


def test_an_organiser_of_this_event_only_may_not_delete_it(client, night):
    """Deleting changes the club's ratings and seasons: it needs a role held for the whole
    club (creating and importing its events), not one held for this event."""
    helper = UserFactory(username="helper")
    organise(night.club, helper, event=night)
    client.force_login(helper)
    assert client.get(f"/manage/events/{night.pk}/").status_code == 200  # he runs the event
    assert client.get(address(night)).status_code == 403
    assert client.post(address(night)).status_code == 403
    assert Event.objects.filter(pk=night.pk).exists()
    page = client.get(f"/manage/events/{night.pk}/").content.decode()
    assert address(night) not in page


def test_a_copy_kept_apart_says_so_on_its_page(client, organiser, night):
    night.counted = False
    night.save(update_fields=["counted"])
    client.force_login(organiser)
    page = " ".join(client.get(f"/manage/events/{night.pk}/").content.decode().split())
    assert "kept apart when its archive was imported again" in page
