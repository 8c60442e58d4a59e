"""The door: a scanned code shows who it is, one tap checks him in; search; walk-ins; the
projector's count."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import EventFactory, UserFactory, organise
from tournaments.events.services.events import register_player
from tournaments.models import Registration, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def door(club):
    """A volunteer at the door of the club's events, logged in."""
    volunteer = UserFactory(username="portier")
    organise(club, volunteer, Role.DOOR)
    client = Client()
    client.force_login(volunteer)
    return client


@pytest.fixture
def anne(event):
    return register_player(event=event, name="Anne", checked_in=False)


def test_the_door_page_may_use_the_camera_and_no_other_page_may(door, event):
    response = door.get(f"/manage/events/{event.id}/door/")
    assert "camera=(self)" in response["Permissions-Policy"]
    assert "camera=()" in door.get(f"/manage/events/{event.id}/")["Permissions-Policy"]


def test_a_scanned_personal_link_shows_the_player_and_one_tap_checks_him_in(
    door, event, anne, django_assert_max_num_queries
):
    code = f"https://club.example.org/r/{anne.token}/"
    with django_assert_max_num_queries(8):
        card = door.get(f"/manage/events/{event.id}/door/scanned/", {"code": code})
    page = card.content.decode()
    assert "Check in Anne" in page
    action = f"/manage/events/{event.id}/door/{anne.id}/in/"
    assert action in page
    answer = door.post(action, HTTP_X_DOOR="1")
    assert "Anne is in." in answer.content.decode()
    assert Registration.objects.get(pk=anne.pk).checked_in


def test_another_events_code_is_not_checked_in_here(door, event, club):
    other = register_player(event=EventFactory(club=club), name="Bruno", checked_in=False)
    card = door.get(f"/manage/events/{event.id}/door/scanned/", {"code": other.token})
    assert "not a registration for this event" in card.content.decode()


def test_any_text_scanned_is_answered_plainly(door, event):
    for code in ("", "x" * 2000, "https://example.org/r/../../", "\u202e"):
        card = door.get(f"/manage/events/{event.id}/door/scanned/", {"code": code})
        assert card.status_code == 200
        assert "not a registration for this event" in card.content.decode()


def test_search_by_name_and_check_in_without_javascript(door, event, anne):
    page = door.get(f"/manage/events/{event.id}/door/", {"q": "ann"}).content.decode()
    assert "Anne" in page
    response = door.post(f"/manage/events/{event.id}/door/{anne.id}/in/")
    assert response.url == f"/manage/events/{event.id}/door/"
    assert Registration.objects.get(pk=anne.pk).checked_in


def test_a_walk_in_is_registered_and_checked_in(door, event):
    door.post(f"/manage/events/{event.id}/door/walk-in/", {"name": "Zoé"})
    registration = Registration.objects.get(player__name="Zoé")
    assert registration.checked_in


def test_a_walk_in_without_a_name_is_told_so(door, event):
    response = door.post(f"/manage/events/{event.id}/door/walk-in/", {"name": " "}, follow=True)
    assert "Give the player" in response.content.decode()
    assert not Registration.objects.exists()


def test_the_projector_counts_who_is_checked_in(door, event, anne, client):
    register_player(event=event, name="Bruno", checked_in=False)
    door.post(f"/manage/events/{event.id}/door/{anne.id}/in/")
    page = client.get(f"/events/{event.id}/screen/").content.decode()
    assert "1 checked in" in page
