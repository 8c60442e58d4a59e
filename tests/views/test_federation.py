"""A federation's pages: its officials import the member list (preview, then applied), find
and merge players (preview, then merged, undone after a question), and download an event's
results by licence; nobody else gets in."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    make_game,
    organise,
    play,
)
from tests.federation.conftest import csv_of
from tournaments.models import Person, PersonMerge, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def official_client(client, official):
    client.force_login(official)
    return client


def url(name: str, federation, **kwargs) -> str:
    return reverse(f"federation:{name}", kwargs={"federation_id": federation.pk, **kwargs})


def test_the_member_list_is_shown_as_a_plan_then_applied(official_client, federation):
    data = csv_of(
        "licence,name,club", "F001,Anne Martin,Club de rami de Montreuil", "F002,Bruno,Nowhere"
    )
    preview = official_client.post(
        url("import", federation), {"file": SimpleUploadedFile("members.csv", data)}
    )
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "1 licensee added" in page
    assert "line 3: no club of the federation is called Nowhere" in page
    assert not Person.objects.exists()
    applied = official_client.post(
        url("import", federation), {"apply": "1", "upload": preview.context["upload"]}
    )
    assert applied.status_code == 302
    assert Person.objects.get().licence == "F001"
    again = official_client.post(
        url("import", federation), {"apply": "1", "upload": preview.context["upload"]}
    )
    assert again.status_code == 302
    assert Person.objects.count() == 1  # an upload applies once


def test_players_are_merged_after_a_preview_and_the_merge_undone_after_a_question(
    official_client, federation, club, vincennes
):
    anne = PlayerFactory(club=club, name="Anne")
    other = PlayerFactory(club=vincennes, name="Anne")
    numbers = f"{anne.pk}, {other.pk}"
    preview = official_client.post(url("merge", federation), {"players": numbers, "preview": "1"})
    assert "Merge these players?" in preview.content.decode()
    assert not PersonMerge.objects.exists()
    official_client.post(url("merge", federation), {"players": numbers, "merge": "1"})
    merge = PersonMerge.objects.get()
    assert Player.objects.get(pk=anne.pk).person == Player.objects.get(pk=other.pk).person
    question = official_client.get(url("undo", federation, merge_id=merge.pk))
    assert "Undo this merge?" in question.content.decode()
    official_client.post(url("undo", federation, merge_id=merge.pk))
    assert Player.objects.get(pk=anne.pk).person is None


def test_an_event_s_results_by_licence_as_csv_and_json(official_client, federation, club):
    event = EventFactory(club=club, options={"target": 10})
    game = make_game(event, players=("Anne", "Bruno", "Chloé"))
    play(game, "going_out", "Anne", Bruno=6, Chloé=12)
    Player.objects.filter(club=club, name="Anne").update(
        person=Person.objects.create(federation=federation, licence="F001", name="Anne")
    )
    csv_answer = official_client.get(
        reverse("federation:results_csv", kwargs={"event_id": event.pk})
    )
    lines = csv_answer.content.decode().splitlines()
    assert lines[0] == "licence,name,club,place,table,points,games,wins,prize"
    assert lines[1].startswith("F001,Anne,Club de rami de Montreuil,1,1,0,1,1,")
    assert csv_answer["Cache-Control"] == "private"
    document = json.loads(
        official_client.get(
            reverse("federation:results_json", kwargs={"event_id": event.pk})
        ).content
    )
    assert document["format"] == "ramiscore-results/1"
    assert [row["licence"] for row in document["results"]] == ["F001", "", ""]


@pytest.mark.parametrize("who", ["anonymous", "a club organiser", "another federation's official"])
def test_nobody_but_its_officials_reaches_a_federation_s_pages(client, federation, who):
    if who != "anonymous":
        user = UserFactory(username="someone")
        if who == "a club organiser":
            organise(ClubFactory(), user)
        else:
            from tournaments.models import Federation

            Federation.objects.create(name="Other").officials.add(user)
        client.force_login(user)
    for name in ("home", "import", "people"):
        answer = client.get(url(name, federation))
        assert answer.status_code in (302, 403), name
        if who == "anonymous":
            assert "/accounts/login/" in answer["Location"]
    assert client.post(url("merge", federation), {"players": "1,2", "merge": "1"}).status_code in (
        302,
        403,
    )
    assert not PersonMerge.objects.exists()


def test_the_event_s_club_organisers_download_its_results_too(organiser_client, event):
    answer = organiser_client.get(reverse("federation:results_csv", kwargs={"event_id": event.pk}))
    assert answer.status_code == 200


def test_the_ranking_its_lines_and_its_method_are_public_pages(
    client, federation, club, vincennes, django_assert_max_num_queries
):
    from tournaments.federation.services.ranking import rebuild_ranking

    event = EventFactory(club=club, options={"target": 10})
    game = make_game(event, players=("Anne", "Bruno", "Chloé"))
    play(game, "going_out", "Anne", Bruno=6, Chloé=12)
    rebuild_ranking(federation=federation)
    with django_assert_max_num_queries(5):
        page = client.get(url("ranking", federation))
    assert page.status_code == 200
    assert [row.name for row in page.context["ranked"]] == ["Anne", "Bruno", "Chloé"]
    anne = Player.objects.get(club=club, name="Anne").person
    # A hyphen, which no CSRF token holds: the page's random token once contained "F0".
    anne.licence = "F-0417"
    anne.save(update_fields=["licence"])
    with django_assert_max_num_queries(5):
        lines = client.get(url("rating", federation, person_id=anne.pk))
    text = lines.content.decode()
    assert "Bruno, Chloé" in text and "1000" in text
    assert "Anne" in text and "F-0417" not in text  # no licence on a public page
    assert client.get(reverse("federation:method")).status_code == 200
    earlier = client.get(url("ranking", federation), {"on": "2000-01-01"})
    assert earlier.context["ranked"] == []
    assert client.get(url("ranking", federation), {"on": "not a date"}).status_code == 200
