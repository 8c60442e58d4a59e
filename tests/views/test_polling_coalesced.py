"""Event-wide pages at a big night: a page that changes with every hand at any table is made
for the phones without a session at most once every POLL_COALESCE_SECONDS, and shared
meanwhile for no query; a phone is never sent an older version than it holds, and an
organiser (a session) and a table's page follow every change at once."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, make_game, play

pytestmark = pytest.mark.django_db

FRAGMENT = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def two_seconds(settings):
    settings.POLL_COALESCE_SECONDS = 2


@pytest.fixture
def night(club):
    event = EventFactory(club=club, options={"target": 500})
    games = [make_game(event, players=(f"A{t}", f"B{t}", f"C{t}"), table_number=t) for t in (1, 2)]
    return event, games


def hand_at(game, points: int) -> None:
    names = [seat.player.name for seat in game.seats.select_related("player").order_by("position")]
    play(game, "going_out", names[0], **{names[1]: points, names[2]: 1})


def later(monkeypatch, seconds: float) -> None:
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + seconds)


def test_phones_share_the_event_s_tables_made_a_moment_ago_for_no_query(
    night, django_assert_num_queries, monkeypatch
):
    event, (first, _second) = night
    address = reverse("event", args=[event.pk])
    phone, other = Client(), Client()
    made = phone.get(address, **FRAGMENT)
    assert made.status_code == 200
    hand_at(first, 37)  # the event's version moves
    with django_assert_num_queries(0):
        shared = other.get(address, **FRAGMENT)
    assert shared.content == made.content and shared["ETag"] == made["ETag"]
    with django_assert_num_queries(0):
        assert phone.get(address, HTTP_IF_NONE_MATCH=made["ETag"], **FRAGMENT).status_code == 304
    later(monkeypatch, 2.5)  # the window has passed: the hand shows
    fresh = other.get(address, **FRAGMENT)
    assert fresh["ETag"] != made["ETag"] and b"37" in fresh.content


def test_a_phone_holding_a_newer_version_is_never_sent_the_older_one(night):
    event, (first, _second) = night
    address = reverse("event", args=[event.pk])
    kept = Client().get(address, **FRAGMENT)["ETag"]
    hand_at(first, 41)
    ids, version, rest = kept.strip('"').split(".", 2)
    newer = f'"{ids}.{int(version) + 1}.{rest}"'  # what another process already sent it
    answer = Client().get(address, HTTP_IF_NONE_MATCH=newer, **FRAGMENT)
    assert answer.status_code == 304 and answer["ETag"] == newer


def test_an_organiser_and_a_table_s_page_follow_every_change_at_once(night, organiser_client):
    event, (first, _second) = night
    event_address = reverse("event", args=[event.pk])
    table_address = reverse("game", args=[first.pk])
    before = organiser_client.get(event_address, **FRAGMENT)["ETag"]
    table_before = Client().get(table_address, **FRAGMENT)["ETag"]
    Client().get(event_address, **FRAGMENT)  # kept for the phones
    hand_at(first, 43)
    seen = organiser_client.get(event_address, **FRAGMENT)
    assert seen["ETag"] != before and b"43" in seen.content
    table = Client().get(table_address, **FRAGMENT)
    assert table["ETag"] != table_before and b"43" in table.content


def test_with_no_window_every_version_is_made_afresh(night, settings):
    settings.POLL_COALESCE_SECONDS = 0
    event, (first, _second) = night
    address = reverse("event", args=[event.pk])
    made = Client().get(address, **FRAGMENT)["ETag"]
    hand_at(first, 47)
    assert Client().get(address, **FRAGMENT)["ETag"] != made
