"""The projector screen: every panel for a tournament and a club night, its live part polled
behind the event's ETag, in a fixed number of queries, and links to it."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_game, play
from tests.views.tournament_data import build, give_bye
from tournaments.events.services.clock import pause_clock, start_clock
from tournaments.models import Round

pytestmark = pytest.mark.django_db

# The page: the event, its rounds and tables' versions, the current round's games and
# seats, the standings' records (registrations, the players' stored sums) and entrants, the
# round's byes and its clock, how many are checked in, and the prize categories (the
# standings say who takes which prize).
PAGE_QUERIES = 12
# The polled part: the same, plus the event's version (web/polling.py).
FRAGMENT_QUERIES = 13


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def url(event) -> str:
    return reverse("screen", kwargs={"event_id": event.pk})


def panels(page: str) -> list[str]:
    return re.findall(r'data-panel="(\w+)"', page)


def panel(page: str, name: str) -> str:
    return page.split(f'data-panel="{name}"')[1].split("</section>")[0]


def tournament_in_round_2(players: int = 12):
    """A tournament: round 1 played, round 2 seated and open (one table started)."""
    event, people = build(players, 2, open_last=True)
    round_ = Round.objects.get(event=event, number=2)
    return event, people, round_


def test_anyone_sees_a_tournament_s_panels(client):
    event, people, round_ = tournament_in_round_2()
    start_clock(round_=round_, minutes=45, now=timezone.now() - timedelta(minutes=5))
    response = client.get(url(event))
    assert response.status_code == 200
    page = response.content.decode()
    assert panels(page) == ["tables", "standings", "seating", "clock", "join"]
    assert "<h1>Tournoi de printemps</h1>" in page and "Round 2" in page
    # The standings: twelve players ranked on round 1.
    assert panel(page, "standings").count("<li data-item>") == 12
    assert '<span class="points">3 points</span>' in panel(page, "standings")
    # Find your table: everyone, alphabetically, with his table.
    names = re.findall(r'<span class="name">([^<]+)</span>', panel(page, "seating"))
    assert names == sorted(p.name for p in people)
    assert 'data-title="Find your table"' in page
    # The clock, counting down from the server's time; the header shows it too.
    assert panel(page, "clock").count("data-clock ") == 1
    assert page.count('data-state="running"') == 2
    # The join code, for the phones.
    assert f"http://testserver/events/{event.pk}/" in panel(page, "join")
    assert "<svg" in panel(page, "join")


def test_the_seating_says_who_sits_out(client):
    event, people, round_ = tournament_in_round_2(players=12)
    give_bye(round_, people[0])
    seating = panel(client.get(url(event)).content.decode(), "seating")
    assert '<span class="name">Joueur 00</span> <span class="table bye">bye</span>' in seating


def test_a_club_night_shows_each_table_s_leader_instead_of_standings(client, event, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    make_game(event, table_number=2, players=("Denis", "Élise"))  # no hand: nobody leads
    page = client.get(url(event)).content.decode()
    assert panels(page) == ["tables", "leaders", "seating", "join"]
    leaders = panel(page, "leaders")
    assert leaders.count("<tr data-item") == 1
    assert '<th scope="row">Anne</th>' in leaders
    # Towards the limit of 100 (lowest total wins): the bars say how close to losing.
    assert "Towards the 100 limit" in panel(page, "tables")
    assert 'class="penalty" value="30" max="100"' in panel(page, "tables")


def test_an_event_before_its_first_round_shows_only_the_join_code(client, event):
    page = client.get(url(event)).content.decode()
    assert panels(page) == ["join"]


def test_a_closed_round_has_no_seating_and_no_clock(client):
    event, people = build(6, 1)
    page = client.get(url(event)).content.decode()
    assert panels(page) == ["tables", "standings", "join"]


def test_an_unknown_event_is_404(client):
    assert client.get("/events/999999/screen/").status_code == 404


def test_the_page_keeps_to_the_content_security_policy(client):
    event, people, round_ = tournament_in_round_2()
    page = client.get(url(event)).content.decode()
    assert " style=" not in page and "<style" not in page
    assert re.findall(r"<script(?![^>]*\bsrc=)", page) == []
    assert "js/projector.js" in page and "css/projector.css" in page


@pytest.mark.parametrize("players", [9, 45])
def test_the_queries_do_not_grow_with_the_tables(client, players, django_assert_num_queries):
    event, people, round_ = tournament_in_round_2(players)
    give_bye(round_, people[0])
    start_clock(round_=round_, minutes=45)
    with django_assert_num_queries(PAGE_QUERIES):
        page = client.get(url(event)).content.decode()
    assert page.count('class="screen-card') == players // 3
    with django_assert_num_queries(FRAGMENT_QUERIES):
        fragment = client.get(url(event), HTTP_HX_REQUEST="true").content.decode()
    assert fragment.count('class="screen-card') == players // 3


def test_the_live_part_is_polled_behind_the_event_s_etag(client, django_assert_max_num_queries):
    event, people, round_ = tournament_in_round_2()
    start_clock(round_=round_, minutes=45)
    page = client.get(url(event))
    assert not page.has_header("ETag")  # the page carries the server's time: always fresh
    first = client.get(url(event), HTTP_HX_REQUEST="true")
    fragment = first.content.decode()
    assert fragment.startswith('\n<div id="screen-live"') or '<div id="screen-live"' in fragment
    assert 'hx-trigger="every 10s"' in fragment and "<html" not in fragment
    assert "no-cache" in first["Cache-Control"] and "HX-Request" in first["Vary"]
    with django_assert_max_num_queries(3):
        again = client.get(url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    # Pausing the clock moves the version: the screen shows it at the next poll.
    pause_clock(round_=round_)
    changed = client.get(url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and 'data-state="paused"' in changed.content.decode()


def test_the_home_page_and_the_event_pages_link_the_screen(client, event, organiser):
    event.date = timezone.localdate()
    event.save()
    screen = f'href="{url(event)}"'
    assert screen in client.get(reverse("home")).content.decode()
    assert screen in client.get(reverse("event", kwargs={"event_id": event.pk})).content.decode()
    client.force_login(organiser)
    managed = client.get(reverse("organiser:event", kwargs={"event_id": event.pk}))
    assert screen in managed.content.decode()
