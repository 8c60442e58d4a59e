"""The API's reads: what the public pages show, in a fixed number of queries whatever the
event's size, 304 while an event's or a game's version holds, and nothing private."""

from __future__ import annotations

import json

import ninja.schema
import pytest
from django.urls import reverse

from tests.api.conftest import bearer, tables
from tests.factories import EventFactory, make_game, play

pytestmark = pytest.mark.django_db


def get(client, path: str, **headers):
    return client.get("/api/v1" + path, **headers)


def test_an_event_reads_with_its_rounds(client, event):
    tables(event, 2)
    answer = get(client, f"/events/{event.pk}")
    assert answer.status_code == 200
    body = answer.json()
    assert body["name"] == "Soirée du jeudi"
    assert body["variant"] == "rami-penalites"
    assert body["options"] == {"target": 100}
    assert body["rounds"] == [
        {
            "number": 1,
            "seating_method": "",
            "started_at": body["rounds"][0]["started_at"],
            "closed_at": None,
            "tables": 2,
        }
    ]


def test_a_round_says_who_sits_where_with_the_totals(client, event):
    first, second = tables(event, 2)
    body = get(client, f"/events/{event.pk}/rounds/1").json()
    assert [game["table"] for game in body["games"]] == [1, 2]
    seats = body["games"][1]["seats"]
    assert [seat["name"] for seat in seats] == ["P2-1", "P2-2", "P2-3"]
    assert [seat["total"] for seat in seats] == [
        seat.total for seat in second.seats.order_by("position")
    ]
    assert body["byes"] == []


@pytest.mark.parametrize("count", [1, 12])
def test_each_read_costs_the_same_number_of_queries_whatever_the_event_s_size(
    client, event, count, django_assert_num_queries
):
    games = tables(event, count, hands=count)
    paths = [
        f"/events/{event.pk}",
        f"/events/{event.pk}/rounds/1",
        f"/events/{event.pk}/standings",
        f"/games/{games[-1].pk}",
        f"/clubs/{event.club_id}/events",
        f"/players/{games[-1].seats.first().player_id}",
    ]
    # The same counts for 1 table of 1 hand and for 12 tables of 12 hands.
    # The standings read the prize categories too (one query, docs/prizes.md). A round reads
    # its tables' versions first, then the tables not kept for their version (all, here).
    for path, queries in zip(paths, [2, 6, 8, 5, 3, 3], strict=True):
        with django_assert_num_queries(queries):
            assert get(client, path).status_code == 200, path


def test_an_unchanged_event_answers_304_and_a_change_moves_its_etag(client, event):
    (game,) = tables(event, 1)
    first = get(client, f"/events/{event.pk}/rounds/1")
    tag = first["ETag"]
    again = get(client, f"/events/{event.pk}/rounds/1", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again.content == b""
    play(game, "going_out", "P1-1", **{"P1-2": 3, "P1-3": 4})
    moved = get(client, f"/events/{event.pk}/rounds/1", HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200
    assert moved["ETag"] != tag


def test_a_304_costs_two_queries_at_most(client, event, django_assert_max_num_queries):
    (game,) = tables(event, 1)
    tag = get(client, f"/games/{game.pk}")["ETag"]
    with django_assert_max_num_queries(2):
        assert get(client, f"/games/{game.pk}", HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_a_game_reads_hand_by_hand_and_marks_provisional_hands(client, hands_confirmed):
    game = make_game(hands_confirmed)
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    body = get(client, f"/games/{game.pk}").json()
    (hand,) = body["hands"]
    assert hand["provisional"] is True
    assert body["provisional"] is True
    assert hand["ended_by"] == "Anne"
    assert [line["name"] for line in hand["lines"]] == ["Anne", "Bruno", "Chloé"]
    assert [line["counted"] for line in hand["lines"]] == [None, 10, 20]


def test_nothing_private_is_read_without_a_token(client, game, organiser):
    play(game, "going_out", "Anne", user=organiser, device="phone-secret-1", Bruno=10, Chloé=20)
    text = get(client, f"/games/{game.pk}").content.decode()
    assert game.link_token not in text
    assert "phone-secret" not in text
    assert "organiser" not in text
    assert json.loads(text)["hands"][0]["entered_by"] is None


def test_a_read_token_of_the_club_also_reads_who_entered_each_hand(
    client, game, organiser, token_for
):
    play(game, "going_out", "Anne", user=organiser, Bruno=10, Chloé=20)
    secret = token_for(game.event.club, "read")
    body = get(client, f"/games/{game.pk}", **bearer(secret)).json()
    assert body["hands"][0]["entered_by"] == "organiser"
    other_club = EventFactory().club
    stranger = token_for(other_club, "read")
    assert (
        get(client, f"/games/{game.pk}", **bearer(stranger)).json()["hands"][0]["entered_by"]
        is None
    )


def test_the_standings_give_the_tie_breaks_in_the_event_s_order_and_the_prizes(client, event):
    event.kind = "tournament"
    event.tie_breaks = ["wins", "score"]
    event.options = {"target": 10}  # two hands of 5 and 7 end each game
    event.save()
    games = tables(event, 2)
    for game in games:
        game.refresh_from_db()
    assert all(game.finished for game in games)
    body = get(client, f"/events/{event.pk}/standings").json()
    assert [each["key"] for each in body["tie_breaks"]] == ["wins", "score"]
    assert len(body["standings"]) == 6
    first = body["standings"][0]
    assert set(first["tie_breaks"]) == {"wins", "score"}
    assert first["place"] == 1 and first["tied"] is True  # both winners of their tables


def test_the_standings_are_checked_without_reading_each_row_through_ninjas_adapter(
    client, event, monkeypatch
):
    """The standings are checked against the document by pydantic alone: Ninja's adapter
    for Django objects, reading every field of every row one by one, took two thirds of a
    2,000-player answer's time."""
    event.kind = "tournament"
    event.options = {"target": 10}
    event.save()
    tables(event, 4)
    reads = []
    adapter = ninja.schema.DjangoGetter.__getattr__
    monkeypatch.setattr(
        ninja.schema.DjangoGetter,
        "__getattr__",
        lambda self, name: reads.append(name) or adapter(self, name),
    )
    body = get(client, f"/events/{event.pk}/standings").json()
    assert len(body["standings"]) == 12
    assert [each["place"] for each in body["standings"]] == sorted(
        each["place"] for each in body["standings"]
    )
    # The answer as a whole passes through it once; no row's field does.
    assert "player_id" not in reads and "tied" not in reads
    assert len(reads) < 12


def test_an_unknown_thing_is_a_404_with_a_sentence(client):
    answer = get(client, "/events/999999")
    assert answer.status_code == 404
    assert answer.json()["detail"] == "There is no such thing here."


def test_the_schema_is_served_and_read_on_a_page(client):
    schema = client.get(reverse("api-1:openapi-json"))
    assert schema.status_code == 200
    assert schema.json()["openapi"].startswith("3.")
    page = client.get(reverse("api_docs"))
    assert page.status_code == 200
    assert b"redoc.standalone.js" in page.content
    assert "'unsafe-inline'" in page["Content-Security-Policy"].split("style-src")[1].split(";")[0]


def test_the_clubs_are_listed_by_name_with_their_number_of_events(client, event):
    EventFactory(club=event.club)
    body = get(client, "/clubs").json()
    assert body["count"] == 1
    assert body["items"] == [{"id": event.club_id, "name": event.club.name, "events": 2}]
    assert get(client, f"/clubs/{event.club_id}").json()["events"] == 2
