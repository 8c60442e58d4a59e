"""Event archives at scale (issue 26 §1): an import costs the same number of queries whatever
the number of players it registers, and an archive larger than a club ever holds is refused
up front, before anything is read further or stored."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.archive_support import export, rich_event, row_counts
from tests.factories import ClubFactory
from tournaments.archive.services.store import import_event
from tournaments.models import Player, Registration

pytestmark = pytest.mark.django_db


def with_players(document: dict, count: int) -> dict:
    """The archive with `count` more players registered (who sit at no table)."""
    document = json.loads(json.dumps(document))
    document["registrations"] += [
        {"player": f"Joueur {number:05d}", "checked_in": True, "withdrawn": False}
        for number in range(count)
    ]
    return document


def queries_to_import(document: dict) -> int:
    with CaptureQueriesContext(connection) as queries:
        import_event(document=document, club=ClubFactory())
    return len(queries)


def test_an_import_costs_no_query_per_player(club, organiser):
    document = json.loads(export(rich_event(club, organiser)))
    few = queries_to_import(with_players(document, 10))
    many = queries_to_import(with_players(document, 200))
    # A batch of inserts more here and there (SQLite takes fewer rows per insert), never a
    # query or two per player as a lookup by name did.
    assert many - few <= 4
    assert Registration.objects.filter(player__name="Joueur 00009").count() == 2
    assert Registration.objects.filter(player__name="Joueur 00199").count() == 1


def test_a_player_already_in_the_club_is_found_whatever_the_case_and_spaces(club, organiser):
    text = export(rich_event(club, organiser))
    other = ClubFactory()
    anne = Player.objects.create(club=other, name="ANNE")
    event = import_event(document=json.loads(text.replace('"Anne"', '"  anne "')), club=other)
    assert event.registrations.filter(player=anne).exists()
    assert Player.objects.filter(club=other, name__iexact="anne").count() == 1
    assert event.games.filter(seats__player=anne).count() == 2


def test_more_registrations_than_an_archive_may_hold_are_refused_up_front():
    from tournaments.archive.services.read import MAX_REGISTRATIONS

    document = {
        "format": "ramiscore-event/1",
        "club": "Club",
        "event": {},
        "registrations": [{}] * (MAX_REGISTRATIONS + 1),  # not even read
        "rounds": [],
    }
    before = row_counts()
    with pytest.raises(ValidationError) as refused:
        import_event(document=document)
    assert refused.value.messages == [
        f"This archive registers {MAX_REGISTRATIONS + 1:,} players: an event archive holds "
        f"at most {MAX_REGISTRATIONS:,}."
    ]
    assert row_counts() == before


def test_a_table_of_more_hands_than_a_game_may_have_is_refused_before_they_are_read(
    club, organiser
):
    from tournaments.rules.variants import MAX_HANDS

    document = json.loads(export(rich_event(club, organiser)))
    table = document["rounds"][0]["games"][1]
    table["hands"] = [{"not": "a hand"}] * (MAX_HANDS + 1)
    with pytest.raises(ValidationError) as refused:
        import_event(document=document, club=ClubFactory())
    assert refused.value.messages == [
        f"round 1, table 2: a game has at most {MAX_HANDS} hands, not {MAX_HANDS + 1}"
    ]
