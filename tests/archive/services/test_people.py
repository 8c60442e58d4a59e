"""An archive never writes history under someone else's name (issue 26 §3): the people it
names are the importing club's own organisers, or accounts the import makes for that club
(which nobody can log in with); never an account of another club or of the site's
administrator, whatever user name the file gives."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from tests.archive_support import export, renamed_people, rich_event
from tests.factories import ClubFactory, StaffFactory, UserFactory, organise
from tournaments.archive.services.store import import_event
from tournaments.models import Event, Hand

pytestmark = pytest.mark.django_db


def accounts_in_history(event: Event) -> set:
    hands = Hand.objects.filter(game__event=event)
    ids = set(hands.values_list("entered_by", flat=True))
    ids |= set(hands.values_list("confirmed_by", flat=True))
    ids |= set(
        Hand.history.filter(game_id__in=event.games.values("pk")).values_list(
            "history_user", flat=True
        )
    )
    ids |= {event.created_by_id}
    ids.discard(None)
    return set(get_user_model().objects.filter(pk__in=ids))


def test_accounts_of_another_club_named_in_an_archive_are_never_used(club, organiser):
    elsewhere = ClubFactory(name="Club d'à côté")
    demo = UserFactory(username="demo")
    organise(elsewhere, demo)
    admin = StaffFactory(username="admin")
    text = export(rich_event(club, organiser))
    document = renamed_people(text, {organiser.username: "demo"})
    document["event"]["created_by"] = "admin"
    document["rounds"][0]["games"][0]["hands"][1]["confirmed_by"] = "admin"
    mine = ClubFactory(name="Mon club")
    event = import_event(document=document, club=mine)
    people = accounts_in_history(event)
    assert demo not in people and admin not in people
    assert {person.first_name for person in people} == {"demo", "admin"}
    for person in people:  # made for the importing club, and nobody logs in with them
        assert not person.is_active and not person.has_usable_password()
        assert person.imported_as.club == mine
        assert not person.memberships.exists() and not person.is_staff
    # Exported again, the archive names them as it did.
    assert json.loads(export(event))["event"]["created_by"] == "admin"


def test_the_importing_clubs_own_organiser_is_the_same_person(club, organiser):
    text = export(rich_event(club, organiser))
    other = ClubFactory(name="Club du laptop")
    organise(other, organiser)
    event = import_event(document=json.loads(text), club=other)
    assert accounts_in_history(event) == {organiser}


def test_a_name_met_again_in_the_same_club_is_the_same_account_and_not_elsewhere(club, organiser):
    text = export(rich_event(club, organiser))
    document = renamed_people(text, {organiser.username: "bob"})
    first, second = ClubFactory(name="Premier"), ClubFactory(name="Second")
    one = import_event(document=document, club=first)
    again = import_event(document=document, club=first, rename="Encore", existing="apart")
    there = import_event(document=document, club=second)
    assert accounts_in_history(one) == accounts_in_history(again)
    assert not accounts_in_history(one) & accounts_in_history(there)
    (bob,) = accounts_in_history(one)
    assert bob.username == "bob"  # free: the name as given, for add_organiser to find it
    (other_bob,) = accounts_in_history(there)
    assert other_bob.username != "bob" and other_bob.get_full_name() == "bob"
