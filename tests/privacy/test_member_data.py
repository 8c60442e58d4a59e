"""A member's data exported for him and erased at his request (results kept), both recorded;
an event's archive with or without personal data."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import UserFactory, make_game, organise, play
from tournaments.archive.display import archive_text
from tournaments.archive.selectors.export import event_archive
from tournaments.archive.services.store import import_event
from tournaments.events.services.events import register_player
from tournaments.models import Club, Player, PrivacyRecord, Registration, Role, Seat
from tournaments.prizes.services import change_player_facts

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne(event):
    registration = register_player(event=event, name="Anne")
    player = registration.player
    player.email, player.phone, player.consent_at = "anne@example.org", "0612", timezone.now()
    player.save()
    return player


def members_url(club) -> str:
    return f"/manage/clubs/{club.id}/members/"


def test_a_members_data_is_exported_for_him_and_recorded(organiser_client, club, anne, event):
    game = make_game(event, players=("Anne", "Bruno", "Chloé"))
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    response = organiser_client.post(members_url(club) + f"{anne.id}/export/")
    data = json.loads(response.content)
    assert (data["name"], data["email"], data["phone"]) == ("Anne", "anne@example.org", "0612")
    assert data["registrations"][0]["event"] == event.name
    assert data["games"][0]["table"] == game.table_number
    record = PrivacyRecord.objects.get()
    assert (record.kind, record.player, record.done_by.username) == ("export", anne, "organiser")


def test_erasing_asks_first_then_keeps_the_results_under_an_anonymous_name(
    organiser_client, club, anne, event
):
    game = make_game(event, players=("Anne", "Bruno", "Chloé"))
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    seat = Seat.objects.get(player=anne)
    token = Registration.objects.get(player=anne).token
    url = members_url(club) + f"{anne.id}/erase/"
    assert organiser_client.get(url).status_code == 200
    assert Player.objects.get(pk=anne.pk).name == "Anne"
    organiser_client.post(url)
    erased = Player.objects.get(pk=anne.pk)
    assert erased.name == f"Anonymous {anne.pk}"
    assert (erased.email, erased.phone, erased.consent_at) == ("", "", None)
    assert Seat.objects.get(pk=seat.pk).total == seat.total  # his results stay
    names = set(Player.history.filter(id=anne.pk).values_list("name", flat=True))
    assert names == {f"Anonymous {anne.pk}"}
    assert not Player.history.filter(id=anne.pk).exclude(email="").exists()
    assert Client().get(f"/r/{token}/").status_code == 404
    assert PrivacyRecord.objects.get().kind == "erase"
    page = Client().get(f"/games/{game.id}/").content.decode()
    assert "Anne" not in page


def test_only_the_clubs_organisers_handle_personal_data(club, anne):
    door = UserFactory(username="portier")
    organise(club, door, Role.DOOR)
    client = Client()
    client.force_login(door)
    assert client.get(members_url(club)).status_code == 403
    assert client.post(members_url(club) + f"{anne.id}/erase/").status_code == 403
    assert Player.objects.get(pk=anne.pk).name == "Anne"


def test_the_archive_leaves_contacts_out_unless_asked(event, anne, organiser):
    without = archive_text(event_archive(event))
    assert "anne@example.org" not in without and "0612" not in without
    document = json.loads(archive_text(event_archive(event, personal=True)))
    (registration,) = document["registrations"]
    assert registration["contact"]["email"] == "anne@example.org"
    other = Club.objects.create(name="Autre club")
    imported = import_event(document=document, club=other)
    member = Player.objects.get(club=other, name="Anne")
    assert (member.email, member.phone) == ("anne@example.org", "0612")
    assert imported.registrations.count() == 1


def test_the_archive_download_with_personal_data(organiser_client, event, anne):
    plain = organiser_client.get(f"/manage/events/{event.id}/archive.json").content.decode()
    full = organiser_client.get(f"/manage/events/{event.id}/archive.json?personal=1")
    assert "anne@example.org" not in plain
    assert "anne@example.org" in full.content.decode()


def test_his_gender_and_birth_for_the_prize_categories_are_exported_and_erased(
    organiser_client, club, anne
):
    change_player_facts(
        player=anne, gender="woman", birth_date=datetime.date(1990, 2, 3), birth_year=None
    )
    data = json.loads(organiser_client.post(members_url(club) + f"{anne.id}/export/").content)
    assert (data["gender"], data["birth_date"], data["birth_year"]) == (
        "woman",
        "1990-02-03",
        1990,
    )
    organiser_client.post(members_url(club) + f"{anne.id}/erase/")
    erased = Player.objects.get(pk=anne.pk)
    assert (erased.gender, erased.birth_date, erased.birth_year) == ("", None, None)
    kept = Player.history.filter(id=anne.pk)
    assert not kept.exclude(gender="").exists()
    assert not kept.exclude(birth_date=None).exists()
    assert not kept.exclude(birth_year=None).exists()
