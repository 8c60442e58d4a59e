"""The import page: a game file, uploaded or pasted, becomes a table of the event."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import make_game, play
from tests.gamefile_support import BAD_FILES
from tests.views.organiser_support import snapshot
from tournaments.events.services.gamefiles import export_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db

GIN = {
    "format": "ramiscore/1",
    "variant": "gin-rummy",
    "players": ["Karim", "Léa"],
    "pot": "20.00",
    "hands": [{"how": "gin", "ended_by": "Léa", "held": {"Karim": 30, "Léa": 0}}],
}


def upload(document) -> SimpleUploadedFile:
    text = document if isinstance(document, str) else json.dumps(document)
    return SimpleUploadedFile("partie.json", text.encode(), "application/json")


def test_an_uploaded_game_file_becomes_the_next_table(client, event, game, organiser):
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/import/", {"file": upload(GIN)})
    imported = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response.url == f"/manage/events/{event.id}/#table-{imported.id}"
    assert (imported.round_id, imported.table_number) == (game.round_id, 2)
    assert export_game(imported) == GIN
    seats = {s.player.name: s.total for s in imported.seats.select_related("player")}
    assert seats == {"Karim": 0, "Léa": 55}


def test_a_pasted_game_file_into_a_given_round(client, event, organiser):
    client.force_login(organiser)
    data = {"text": json.dumps(GIN), "round_number": "1"}
    client.post(f"/manage/events/{event.id}/import/", data)
    assert Game.objects.get().round.number == 1


def test_an_exported_game_imports_into_another_event_identically(client, event, organiser):
    game = make_game(event, pot=15)
    play(game, "going_out", "Anne", Bruno="KD 7S", Chloé=9)
    client.force_login(organiser)
    exported = client.get(f"/games/{game.id}/export.json").content
    from tests.factories import EventFactory

    other = EventFactory(club=event.club)
    client.post(f"/manage/events/{other.id}/import/", {"file": upload(exported.decode())})
    copy = other.games.get()
    assert client.get(f"/games/{copy.id}/export.json").content == exported


@pytest.mark.parametrize(
    "data, message",
    [
        ({}, "Choose a game file"),
        ({"text": "{not json"}, "not valid JSON"),
        ({"text": "[1, 2]"}, "JSON object"),
        ({"text": json.dumps({**GIN, "variant": "belote"})}, "belote"),
        (
            {
                "text": json.dumps(
                    {**GIN, "hands": [{"how": "knock", "ended_by": "Léa", "held": {"Léa": 15}}]}
                )
            },
            "hand 1",
        ),
        ({"text": json.dumps(GIN), "round_number": "4"}, "no round 4"),
    ],
    ids=["nothing", "not json", "not an object", "unknown variant", "bad hand", "bad round"],
)
def test_a_refused_file_says_why_and_stores_nothing(data, message, client, event, organiser):
    client.force_login(organiser)
    before = snapshot()
    response = client.post(f"/manage/events/{event.id}/import/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert snapshot() == before


def test_a_file_that_is_not_text_is_refused(client, event, organiser):
    client.force_login(organiser)
    binary = SimpleUploadedFile("x.json", b"\xff\xfe\x00\x81", "application/json")
    response = client.post(f"/manage/events/{event.id}/import/", {"file": binary})
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_the_import_page_shows_the_form(client, event, organiser, django_assert_max_num_queries):
    client.force_login(organiser)
    with django_assert_max_num_queries(5):
        response = client.get(f"/manage/events/{event.id}/import/")
    assert 'enctype="multipart/form-data"' in response.content.decode()


@pytest.mark.parametrize("name", BAD_FILES)
@pytest.mark.parametrize("how", ["pasted", "uploaded"])
def test_a_file_that_used_to_give_a_500_is_refused_with_one_message(
    name, how, client, event, organiser
):
    text, words = BAD_FILES[name]
    client.force_login(organiser)
    before = snapshot()
    data = {"text": text} if how == "pasted" else {"file": upload(text)}
    response = client.post(f"/manage/events/{event.id}/import/", data)
    assert response.status_code == 400
    errors = response.context["form"].non_field_errors()
    assert len(errors) == 1 and words in errors[0]
    assert snapshot() == before


@pytest.mark.french_default
def test_a_refused_file_is_explained_in_french(client, event, organiser):
    client.force_login(organiser)
    text, _words = BAD_FILES["control-character-in-a-name"]
    response = client.post(f"/manage/events/{event.id}/import/", {"text": text})
    assert response.status_code == 400
    assert "contient un caractère de contrôle" in response.content.decode()
