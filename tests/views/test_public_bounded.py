"""What anonymous visitors may ask of a table costs no more than a normal game's page (issue
26 §1): its page and its hands' CSV are made once per version of the table and served to
every visitor without a session from the cache, whatever the number of hands (at most
MAX_HANDS: docs/rules.md)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import play
from tests.page import parse, table_rows

pytestmark = pytest.mark.django_db


def visitor() -> Client:
    """Someone new: no session, no cookie."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def live_part(response) -> str:
    """The page's live part: from its block to the downloads under it."""
    page = response.content.decode()
    start = page.index('<div id="game-live"')
    return page[start : page.index('<p class="downloads">', start)].strip()


def test_the_table_page_is_made_once_per_version_for_every_visitor(
    game, django_assert_max_num_queries
):
    address = reverse("game", kwargs={"game_id": game.pk})
    for held in (5, 7, 9):
        play(game, "going_out", "Anne", Bruno=held, Chloé=held + 1)
    first = visitor().get(address)
    # The table's version, then its name and event for the page's heading; the hands, the
    # totals, the chart and the changes come from the cache.
    with django_assert_max_num_queries(2):
        second = visitor().get(address)
    assert second.status_code == 200
    assert live_part(second) == live_part(first)
    assert "Slide the table sideways" in live_part(second)
    play(game, "going_out", "Bruno", Anne=11, Chloé=12)  # a new version: made again
    third = visitor().get(address)
    hands = parse(live_part(third)).find("table", "hands")
    assert (
        len(table_rows(hands))
        == len(table_rows(parse(live_part(first)).find("table", "hands"))) + 1
    )


def test_a_phone_polling_the_table_gets_what_the_page_made(game, django_assert_max_num_queries):
    address = reverse("game", kwargs={"game_id": game.pk})
    play(game, "going_out", "Anne", Bruno=5, Chloé=6)
    page = visitor().get(address)
    with django_assert_max_num_queries(1):  # the version, then the cache
        fragment = visitor().get(address, HTTP_HX_REQUEST="true")
    assert fragment.content.decode().strip() == live_part(page)


def test_the_hands_csv_is_made_once_per_version(game, django_assert_max_num_queries):
    address = reverse("game_hands_csv", kwargs={"game_id": game.pk})
    play(game, "going_out", "Anne", Bruno=5, Chloé=6)
    first = visitor().get(address)
    with django_assert_max_num_queries(1):  # the version, then the cache
        second = visitor().get(address)
    assert second.status_code == 200 and second.content == first.content
    assert second["Content-Type"] == first["Content-Type"]
    assert second["Content-Disposition"] == first["Content-Disposition"]
    with django_assert_max_num_queries(1):  # a query string changes nothing, nor costs more
        assert visitor().get(address + "?x=1").content == first.content
    play(game, "going_out", "Bruno", Anne=11, Chloé=12)
    assert visitor().get(address).content != first.content
