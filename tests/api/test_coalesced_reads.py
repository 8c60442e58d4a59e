"""The API's readers without a token share what is made for them: a version's answer once for
all (the next reader's costs the version's query and no more), and an event-wide read (the
event, a round, the standings) at most once every POLL_COALESCE_SECONDS, for no query
meanwhile. A token's reader is always answered afresh."""

from __future__ import annotations

import time

import pytest

from tests.api.conftest import bearer, tables
from tests.factories import play

pytestmark = pytest.mark.django_db


def get(client, path: str, **headers):
    return client.get("/api/v1" + path, **headers)


def test_a_game_s_answer_is_made_once_per_version_for_every_reader(
    client, event, django_assert_num_queries
):
    (game,) = tables(event, 1, hands=3)
    first = get(client, f"/games/{game.pk}")
    with django_assert_num_queries(1):  # the game and its version; the answer is kept
        again = get(client, f"/games/{game.pk}")
    assert again.content == first.content and again["ETag"] == first["ETag"]
    play(game, "going_out", "P1-1", **{"P1-2": 53, "P1-3": 4})
    moved = get(client, f"/games/{game.pk}")
    assert moved["ETag"] != first["ETag"] and moved.json()["hands_played"] == 4


def test_an_event_wide_read_is_shared_for_a_moment_then_made_again(
    client, event, settings, django_assert_num_queries, monkeypatch
):
    settings.POLL_COALESCE_SECONDS = 2
    (game,) = tables(event, 1)
    address = f"/events/{event.pk}/rounds/1"
    made = get(client, address)
    play(game, "going_out", "P1-1", **{"P1-2": 59, "P1-3": 4})
    with django_assert_num_queries(0):
        shared = get(client, address)
    assert shared.content == made.content and shared["ETag"] == made["ETag"]
    with django_assert_num_queries(0):
        assert get(client, address, HTTP_IF_NONE_MATCH=made["ETag"]).status_code == 304
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 2.5)
    fresh = get(client, address)
    assert fresh["ETag"] != made["ETag"]
    assert fresh.json()["games"][0]["hands_played"] == 3


def test_a_token_s_reader_is_answered_afresh(client, event, settings, token_for):
    settings.POLL_COALESCE_SECONDS = 2
    (game,) = tables(event, 1)
    address = f"/events/{event.pk}/rounds/1"
    get(client, address)  # kept for the readers without a token
    secret = token_for(event.club, "read")
    play(game, "going_out", "P1-1", **{"P1-2": 61, "P1-3": 4})
    body = get(client, address, **bearer(secret)).json()
    assert body["games"][0]["hands_played"] == 3


def test_a_round_read_again_remakes_only_the_tables_that_changed(client, event, monkeypatch):
    from tournaments.api import reads

    first, second, _third = tables(event, 3)
    address = f"/events/{event.pk}/rounds/1"
    before = get(client, address).json()
    made = []
    real = reads._table
    monkeypatch.setattr(reads, "_table", lambda game, **kw: made.append(game.pk) or real(game))
    play(second, "going_out", "P2-1", **{"P2-2": 67, "P2-3": 4})
    after = get(client, address).json()
    assert made == [second.pk]
    assert after["games"][0] == before["games"][0] and after["games"][2] == before["games"][2]
    assert after["games"][1]["hands_played"] == 3
    assert [seat["total"] for seat in after["games"][1]["seats"]] == [
        seat.total for seat in second.seats.order_by("position")
    ]


def test_a_player_erased_is_shown_by_his_new_name_at_once_in_what_was_kept(client, event):
    from tournaments.models import Player
    from tournaments.privacy.services import erase

    (game,) = tables(event, 1)
    address = f"/events/{event.pk}/rounds/1"
    names = [seat["name"] for seat in get(client, address).json()["games"][0]["seats"]]
    assert "P1-2" in names  # kept for the readers without a token
    erased = erase(player=Player.objects.get(club=event.club, name="P1-2"))
    names = [seat["name"] for seat in get(client, address).json()["games"][0]["seats"]]
    assert "P1-2" not in names and erased.name in names
    game_names = [seat["name"] for seat in get(client, f"/games/{game.pk}").json()["seats"]]
    assert "P1-2" not in game_names


def test_a_game_deleted_while_its_round_is_read_is_left_out(client, event, monkeypatch):
    from tournaments.api import reads

    first, second = tables(event, 2)
    real = reads.games_with_seats

    def deleted_meanwhile(games):
        second.delete()  # between the round's versions and its tables
        return real(games)

    monkeypatch.setattr(reads, "games_with_seats", deleted_meanwhile)
    answer = get(client, f"/events/{event.pk}/rounds/1")
    assert answer.status_code == 200
    assert [game["game_id"] for game in answer.json()["games"]] == [first.pk]
