"""Players of an event: quick add (club members reused), check in and out, withdraw."""

from __future__ import annotations

import pytest

from tests.factories import EventFactory, PlayerFactory
from tournaments.events.services.events import register_player
from tournaments.models import Player, Registration

pytestmark = pytest.mark.django_db


def test_quick_add_reuses_a_club_member_whatever_the_case(client, event, organiser):
    PlayerFactory(club=event.club, name="Hélène Castel")
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/players/", {"name": " hélène  castel "})
    assert response.status_code == 302
    assert response.url == f"/manage/events/{event.id}/?added=1"
    assert Player.objects.filter(club=event.club).count() == 1
    registration = Registration.objects.get(event=event)
    assert registration.player.name == "Hélène Castel" and registration.checked_in


def test_quick_add_makes_a_new_name_a_club_member(client, event, organiser):
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/players/", {"name": "François N'Diaye"})
    assert Player.objects.get(club=event.club).name == "François N'Diaye"


def test_a_member_is_reused_from_one_event_to_the_next(client, event, organiser):
    register_player(event=event, name="Anne")
    next_week = EventFactory(club=event.club)
    client.force_login(organiser)
    client.post(f"/manage/events/{next_week.id}/players/", {"name": "anne"})
    assert Player.objects.filter(club=event.club).count() == 1
    assert next_week.registrations.get().player == event.registrations.get().player


@pytest.mark.parametrize("name", ["", "   ", "x" * 81])
def test_a_bad_name_is_refused_with_a_message(name, client, event, organiser):
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/players/", {"name": name}, follow=True)
    assert response.status_code == 200
    assert list(response.context["messages"])
    assert not Registration.objects.exists()


def test_adding_twice_keeps_one_registration_and_brings_back_a_withdrawn_player(
    client, event, organiser
):
    registration = register_player(event=event, name="Anne")
    Registration.objects.filter(pk=registration.pk).update(withdrawn=True)
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/players/", {"name": "Anne"})
    registration.refresh_from_db()
    assert Registration.objects.count() == 1 and not registration.withdrawn


@pytest.mark.parametrize(
    "action, field, value",
    [
        ("check_out", "checked_in", False),
        ("withdraw", "withdrawn", True),
    ],
)
def test_presence_actions(action, field, value, client, event, organiser):
    registration = register_player(event=event, name="Anne")
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/players/{registration.id}/"
    response = client.post(url, {"action": action})
    assert response.status_code == 302
    assert response.url.endswith(f"#player-{registration.id}")
    registration.refresh_from_db()
    assert getattr(registration, field) is value


def test_check_in_and_bring_back_undo_them(client, event, organiser):
    registration = register_player(event=event, name="Anne", checked_in=False)
    Registration.objects.filter(pk=registration.pk).update(withdrawn=True)
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/players/{registration.id}/"
    client.post(url, {"action": "check_in"})
    client.post(url, {"action": "return"})
    registration.refresh_from_db()
    assert registration.checked_in and not registration.withdrawn


def test_an_unknown_presence_action_is_400(client, event, organiser):
    registration = register_player(event=event, name="Anne")
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/players/{registration.id}/"
    assert client.post(url, {"action": "delete"}).status_code == 400
    assert client.get(url).status_code == 405


def test_a_withdrawn_player_shows_as_withdrawn(client, event, organiser):
    registration = register_player(event=event, name="Anne")
    Registration.objects.filter(pk=registration.pk).update(withdrawn=True)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert f'id="player-{registration.id}" class="withdrawn"' in page
    assert 'value="return"' in page


def player_row(page: str, registration) -> str:
    return page.split(f'id="player-{registration.id}"')[1].split("</li>")[0]


@pytest.mark.parametrize("checked_in", [True, False])
def test_a_withdrawn_player_can_only_be_brought_back(checked_in, client, event, organiser):
    registration = register_player(event=event, name="Anne", checked_in=checked_in)
    Registration.objects.filter(pk=registration.pk).update(withdrawn=True)
    client.force_login(organiser)
    row = player_row(client.get(f"/manage/events/{event.id}/").content.decode(), registration)
    assert 'value="return"' in row
    assert 'value="check_out"' not in row and 'value="check_in"' not in row
    assert 'value="withdraw"' not in row


def test_a_player_still_in_can_be_checked_out_or_withdrawn(client, event, organiser):
    registration = register_player(event=event, name="Anne")
    client.force_login(organiser)
    row = player_row(client.get(f"/manage/events/{event.id}/").content.decode(), registration)
    assert 'value="check_out"' in row and 'value="withdraw"' in row
    assert 'value="return"' not in row


def test_players_are_listed_alphabetically_whatever_the_accents_and_case(
    client, event, organiser, django_assert_max_num_queries
):
    for name in ("Gérard", "Élodie", "Anne", "bruno"):
        register_player(event=event, name=name)
    PlayerFactory(club=event.club, name="Éric")  # a member not at this event
    client.force_login(organiser)
    with django_assert_max_num_queries(11):
        response = client.get(f"/manage/events/{event.id}/")
    names = [row.registration.player.name for row in response.context["overview"].players]
    assert names == ["Anne", "bruno", "Élodie", "Gérard"]
    page = response.content.decode()
    listed = page.split('class="player-list"')[1]
    assert listed.index("Anne") < listed.index("bruno") < listed.index("Élodie")
    assert listed.index("Élodie") < listed.index("Gérard")
    members = page.split('id="club-members"')[1].split("</datalist>")[0]
    assert members.index("Élodie") < members.index("Éric") < members.index("Gérard")
