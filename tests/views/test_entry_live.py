"""The entry page's live part (views/entry_live.py), fetched every 10 s by each phone at the
table: what another phone saved shows, an unchanged table answers 304, and a changed one is
rendered from the game its guard read, in as many queries whatever the number of hands."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import play

pytestmark = pytest.mark.django_db


def live_url(game) -> str:
    return f"/t/{game.link_token}/live/"


def test_a_hand_saved_from_another_phone_shows_at_the_next_poll(client, game):
    client.get(f"/t/{game.link_token}/")  # the phone's page, which gives it its session
    first = client.get(live_url(game))
    assert first.status_code == 200 and first.context["hands"] == []
    etag = first["ETag"]
    assert client.get(live_url(game), HTTP_IF_NONE_MATCH=etag).status_code == 304
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    changed = client.get(live_url(game), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert [hand.row.number for hand in changed.context["hands"]] == [1]
    totals = changed.context["table_state"]["totals"]
    assert totals == {seat.player.name: seat.total for seat in game.seats.all()}
    assert totals["Chloé"] > totals["Bruno"] > totals["Anne"] == 0


def test_a_changed_poll_takes_the_same_queries_whatever_the_number_of_hands(
    client, organiser, game, hands, django_assert_max_num_queries
):
    client.get(f"/t/{game.link_token}/")
    # The table's version; the game the link opens; the session; its seats, hands and their
    # lines (the game is not read again).
    with django_assert_max_num_queries(6):
        response = client.get(live_url(game))
    assert len(response.context["hands"]) == hands
    client.force_login(organiser)
    url = reverse("entry:live", kwargs={"game_id": game.pk})
    client.get(url)
    # The table's version; the session, its user and his roles; the game; its seats, hands
    # and their lines.
    with django_assert_max_num_queries(8):
        response = client.get(url)
    assert len(response.context["hands"]) == hands
