"""The entry page's live part (views/entry_live.py), fetched every 10 s by each phone at the
table: what another phone saved shows, an unchanged table answers 304, and a changed one is
rendered from the game its guard read, in as many queries whatever the number of hands."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.factories import play
from tests.views.entry_support import hand

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


def page_etag(page) -> str:
    """The ETag the entry page gives its live part's first poll (static/js/table.js)."""
    found = re.search(r'id="table-live"[^>]* data-etag="([^"]*)"', page.content.decode())
    return html.unescape(found.group(1)) if found else ""


def test_the_page_just_loaded_after_a_save_costs_its_first_poll_a_304(client, game):
    client.get(f"/t/{game.link_token}/")  # the phone's session
    saved = client.post(f"/t/{game.link_token}/", hand(1, held_2="12", held_3="30"))
    assert saved.status_code == 302
    page = client.get(saved.url)
    assert "Hand 1 saved." in page.content.decode()
    # The page showed the message and deleted its cookie, as a browser forgets it (the test
    # client keeps it, empty).
    assert client.cookies["messages"]["max-age"] == 0
    del client.cookies["messages"]
    etag = page_etag(page)
    # What the live part answers at this version, to this phone: the same ETag, so no
    # part made again for a page that shows it already.
    first = client.get(live_url(game), HTTP_IF_NONE_MATCH=etag)
    assert first.status_code == 304
    assert first["ETag"] == etag
    # Another phone saves a hand: the next poll has it.
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    changed = client.get(live_url(game), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert [hand.row.number for hand in changed.context["hands"]] == [1, 2]


def test_an_organisers_page_gives_the_etag_of_his_own_live_part(organiser_client, game):
    page = organiser_client.get(reverse("entry:enter", kwargs={"game_id": game.pk}))
    url = reverse("entry:live", kwargs={"game_id": game.pk})
    etag = page_etag(page)
    assert etag and organiser_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # Another viewer (another session) holds another ETag: never this phone's part.
    assert client_etag(game) != etag


def client_etag(game) -> str:
    from django.test import Client

    other = Client()
    other.get(f"/t/{game.link_token}/")
    return page_etag(other.get(f"/t/{game.link_token}/"))


def test_a_page_shown_again_after_a_refused_hand_gives_no_etag(client, game):
    # Its game may have been moved in memory by the write that failed: its version is no
    # promise of what the page shows.
    client.get(f"/t/{game.link_token}/")
    refused = client.post(f"/t/{game.link_token}/", hand(1, held_2="", held_3="30"))
    assert refused.status_code == 400  # the form again, with what is missing
    assert 'id="table-live"' in refused.content.decode()
    assert page_etag(refused) == ""
