"""The round clock on the pages: the organiser's controls and their permissions, closing the
tables still in play when time is up, and the time left on phones and table pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_game, play
from tests.views.organiser_support import REFUSED, assert_refused, client_as, snapshot
from tournaments.events.services.clock import pause_clock, start_clock
from tournaments.models import ClockChange, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def clock_url(event, action: str, number: int = 1) -> str:
    return reverse(
        "organiser:clock", kwargs={"event_id": event.pk, "number": number, "action": action}
    )


def time_up_url(event, number: int = 1) -> str:
    return reverse("organiser:close_at_time", kwargs={"event_id": event.pk, "number": number})


def started(round_, minutes_ago: float, minutes: int = 45):
    """A clock started `minutes_ago` minutes ago with `minutes` to play."""
    ago = timezone.now() - timedelta(minutes=minutes_ago)
    return start_clock(round_=round_, minutes=minutes, now=ago)


# The organiser's controls ---------------------------------------------------------------------


def test_the_event_page_offers_to_start_the_clock_with_the_event_s_round_time(
    client, event, game, organiser
):
    event.round_minutes = 50
    event.save()
    client.force_login(organiser)
    page = client.get(reverse("organiser:event", kwargs={"event_id": event.pk})).content.decode()
    assert f'action="{clock_url(event, "start")}"' in page
    assert 'name="minutes" value="50"' in page
    assert '<label for="start-minutes-1">Round time (minutes)</label>' in page
    assert 'id="start-minutes-1"' in page and "Start the clock" in page


@pytest.mark.parametrize(
    ("action", "data", "told"),
    [
        ("start", {"minutes": "1"}, "lancé avec 1 minute"),
        ("pause", {}, "mis en pause"),
        ("extend", {"minutes": "5"}, "prolongé de 5 minutes"),
    ],
)
def test_each_change_is_told_as_the_clock_s_history_tells_it_in_french(
    client, event, game, organiser, action, data, told
):
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    if action != "start":
        client.post(clock_url(event, "start"), {"minutes": "45"})
    page = client.post(clock_url(event, action), data, follow=True).content.decode()
    assert f"Chrono de la ronde 1\u00a0: {told}." in page  # the message after the action
    assert f"{told} · {organiser.username}" in page  # the same words in the clock's history


def test_the_organiser_starts_pauses_resumes_and_extends_the_clock(client, event, game, organiser):
    client.force_login(organiser)
    response = client.post(clock_url(event, "start"), {"minutes": "30"})
    assert response.status_code == 302
    assert response.url == f"/manage/events/{event.pk}/#rounds"
    for action, data in [("pause", {}), ("resume", {}), ("extend", {"minutes": "5"})]:
        assert client.post(clock_url(event, action), data).status_code == 302
    changes = list(ClockChange.objects.values_list("action", "minutes", "by__username"))
    assert changes == [
        ("start", 30, "organiser"),
        ("pause", 0, "organiser"),
        ("resume", 0, "organiser"),
        ("extend", 5, "organiser"),
    ]
    page = client.get(reverse("organiser:event", kwargs={"event_id": event.pk})).content.decode()
    assert "Round 1 clock: extended by 5 minutes." in page  # as its history says it
    assert 'data-state="running"' in page and "Pause the clock" in page
    assert '<label for="extend-minutes-1">Extra time (minutes)</label>' in page
    assert 'id="extend-minutes-1" name="minutes" value="5"' in page and "Give extra time" in page
    # The clock's history, with who did what.
    assert "started with 30 minutes · organiser" in page
    assert "extended by 5 minutes · organiser" in page


def test_a_refused_clock_action_says_why(client, event, game, organiser):
    client.force_login(organiser)
    response = client.post(clock_url(event, "pause"), follow=True)
    assert "Start the clock of round 1 first." in response.content.decode()
    assert not ClockChange.objects.exists()
    response = client.post(clock_url(event, "start"), {"minutes": "zero"}, follow=True)
    assert "Give the round&#x27;s time in minutes." in response.content.decode()
    response = client.post(clock_url(event, "start"), {"minutes": "700"}, follow=True)
    assert "Give the round&#x27;s time in minutes, from 1 to 600." in response.content.decode()
    assert client.post(clock_url(event, "rewind")).status_code == 400


@pytest.mark.parametrize("who", REFUSED)
def test_only_the_organisers_touch_the_clock(who, event, game, organiser):
    visitor = client_as(who, event, organiser)
    before = snapshot()
    assert_refused(visitor.post(clock_url(event, "start"), {"minutes": "45"}), who)
    assert_refused(visitor.post(time_up_url(event)), who)
    assert not ClockChange.objects.exists()
    assert snapshot() == before


# Time is up: close the tables still in play ----------------------------------------------------


def test_time_up_asks_to_close_the_tables_still_in_play_and_names_them(
    client, event, game, organiser, django_assert_max_num_queries
):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    done = make_game(event, table_number=2, players=("Denis", "Élise"))
    play(done, "going_out", "Denis", Élise=60)
    play(done, "going_out", "Denis", Élise=60)
    make_game(event, table_number=3, players=("Fanny", "Gilles"))
    started(game.round, minutes_ago=50)
    client.force_login(organiser)
    with django_assert_max_num_queries(9):
        response = client.get(time_up_url(event))
    page = response.content.decode()
    assert "Close the 2 tables still in play at time?" in page
    assert "Table 1" in page and "Anne 0, Bruno 30, Chloé 45" in page
    assert "Table 3" in page and "Table 2" not in page
    assert 'data-state="time_up"' in page
    assert ">Close 2 tables</button>" in page
    # Nothing is closed by looking.
    assert not Game.objects.filter(closed=True).exists()


def test_closing_at_time_closes_those_tables_and_the_round(client, event, game, organiser):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    idle = make_game(event, table_number=2, players=("Denis", "Élise"))
    started(game.round, minutes_ago=50)
    client.force_login(organiser)
    response = client.post(time_up_url(event), follow=True)
    assert "Round 1 is closed: 2 tables closed at time." in response.content.decode()
    game.refresh_from_db()
    idle.refresh_from_db()
    assert game.closed and game.finished and game.winner.name == "Anne"
    assert idle.closed and not idle.winner_id  # no hand: no result
    assert game.round.is_closed
    # Asked again (a second laptop): the round is already closed, nothing more happens.
    response = client.get(time_up_url(event), follow=True)
    assert "This round is already closed." in response.content.decode()


def test_the_event_page_links_time_up_once_the_clock_runs(client, event, game, organiser):
    started(game.round, minutes_ago=50)
    client.force_login(organiser)
    page = client.get(reverse("organiser:event", kwargs={"event_id": event.pk})).content.decode()
    assert f'href="{time_up_url(event)}"' in page
    assert 'data-state="time_up"' in page and "Time is up" in page
    assert "Pause the clock" not in page  # nothing left to pause


# Phones and table pages ------------------------------------------------------------------------


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def test_the_entry_page_shows_the_time_left_and_polls_the_clock(client, game, organiser):
    started(game.round, minutes_ago=15)
    client.force_login(organiser)
    page = client.get(enter_url(game)).content.decode()
    assert f'hx-get="/games/{game.pk}/clock/"' in page
    assert 'data-state="running"' in page
    assert "data-clock-time>30:00<" in page or "data-clock-time>29:59<" in page
    # The deadline and the server's time, for the countdown of a phone whose clock is wrong.
    assert 'data-deadline="' in page and 'data-server-now="' in page


def test_the_entry_page_says_when_time_is_up(client, game):
    started(game.round, minutes_ago=46)
    page = client.get(f"/t/{game.link_token}/").content.decode()
    assert 'data-state="time_up"' in page
    assert "Time is up" in page
    assert "Finish the hand in play and enter it" in page
    assert 'id="hand-form"' in page  # the hand in play can still be entered


@pytest.mark.french_default
def test_the_time_up_note_is_in_french(game):
    started(game.round, minutes_ago=46)
    page = Client().get(f"/t/{game.link_token}/").content.decode()
    assert "Temps écoulé" in page
    assert "Finissez la donne en cours et saisissez-la" in page


def test_a_page_without_a_clock_still_polls_for_one(client, game, organiser):
    client.force_login(organiser)
    page = client.get(enter_url(game)).content.decode()
    assert f'hx-get="/games/{game.pk}/clock/"' in page
    assert "data-clock " not in page


def test_the_table_page_shows_the_time_left(client, game):
    round_ = game.round
    started(round_, minutes_ago=5)
    pause_clock(round_=round_)
    page = client.get(reverse("game", kwargs={"game_id": game.pk})).content.decode()
    assert 'data-state="paused"' in page and "Clock paused, time left" in page


def test_the_polled_clock_answers_304_until_the_clock_changes(
    client, game, django_assert_max_num_queries
):
    started(game.round, minutes_ago=5)
    url = reverse("game_clock", kwargs={"game_id": game.pk})
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and 'data-state="running"' in first.content.decode()
    etag = first["ETag"]
    with django_assert_max_num_queries(1):
        again = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    pause_clock(round_=game.round)
    changed = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and 'data-state="paused"' in changed.content.decode()


def test_the_clock_stops_polling_once_the_table_is_over(client, game):
    from tournaments.events.services.rounds import close_round

    started(game.round, minutes_ago=5)
    close_round(round_=game.round)
    fragment = client.get(reverse("game_clock", kwargs={"game_id": game.pk})).content.decode()
    assert "hx-get" not in fragment and "data-clock" not in fragment
    assert client.get("/games/999999/clock/").status_code == 404


def test_the_clock_history_names_the_organiser_by_his_name(client, event, game, organiser):
    organiser.first_name, organiser.last_name = "Claire", "Vidal"
    organiser.save()
    start_clock(round_=game.round, minutes=30, user=organiser)
    client.force_login(organiser)
    page = client.get(reverse("organiser:event", kwargs={"event_id": event.pk})).content.decode()
    assert "started with 30 minutes · Claire Vidal" in page
    assert "· organiser" not in page
