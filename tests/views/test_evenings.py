"""A simultaneous evening's pages: the official creates it and sees every venue; each venue's
organisers run their own venue's players and tables and nobody else's (the walk below); the
ranking across venues and each venue's projector, public and polled."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import UserFactory, organise, play
from tournaments.clubs.services.roles import create_screen_link
from tournaments.models import Event, Game, Registration, Role
from tournaments.screen import display as screen_display
from tournaments.web import polling

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_an_official_creates_an_evening_from_the_federations_page(official, federation, vincennes):
    client = client_of(official)
    home = client.get(reverse("federation:home", kwargs={"federation_id": federation.pk}))
    new = reverse("new_evening", kwargs={"federation_id": federation.pk})
    assert new in home.content.decode()
    answer = client.post(
        new,
        {
            "name": "Simultané de janvier",
            "date": "2027-01-08",
            "variant": "rami-penalites",
            "seating_method": "swiss",
            "clubs": [club.pk for club in federation.clubs.all()],
        },
    )
    event = Event.objects.get(name="Simultané de janvier")
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "evening", kwargs={"event_id": event.pk}
    )
    assert event.federation == federation and event.venues.count() == 2


def test_the_form_says_what_is_wrong(official, federation):
    answer = client_of(official).post(
        reverse("new_evening", kwargs={"federation_id": federation.pk}),
        {
            "name": "Seul",
            "date": "2027-01-08",
            "variant": "rami-penalites",
            "seating_method": "swiss",
            "clubs": [federation.clubs.first().pk],
        },
    )
    assert answer.status_code == 200
    assert "Choose at least two clubs" in answer.content.decode()


def test_the_official_sees_every_venue_in_a_fixed_number_of_queries(
    official, evening, seated, django_assert_max_num_queries
):
    client = client_of(official)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("evening", kwargs={"event_id": evening.pk}))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Club de rami de Montreuil" in text and "Rami club de Vincennes" in text
    for venue in seated:
        assert reverse("venue", kwargs={"venue_id": venue.pk}) in text


def venue_urls(venue, registration, game):
    """Every page and action of a venue, and of one of its tables: (method, URL, data)."""
    at = {"venue_id": venue.pk}
    return [
        ("get", reverse("venue", kwargs=at), {}),
        ("post", reverse("venue_players", kwargs=at), {"names": "Intrus"}),
        (
            "post",
            reverse("venue_presence", kwargs={**at, "registration_id": registration.pk}),
            {"action": "check_out"},
        ),
        ("post", reverse("venue_seat", kwargs=at), {}),
        ("get", reverse("venue_close", kwargs=at), {}),
        ("post", reverse("venue_close", kwargs=at), {}),
        ("get", reverse("entry:enter", kwargs={"game_id": game.pk}), {}),
        (
            "post",
            reverse("entry:enter", kwargs={"game_id": game.pk}),
            {"number": "1", "how": "going_out", "ended_by": "1", "held_2": "9"},
        ),
        ("get", reverse("organiser:event", kwargs={"event_id": venue.event_id}), {}),
    ]


def test_a_venue_organiser_cannot_touch_another_venues_tables_or_players(
    evening, seated, organiser, vincennes_organiser
):
    montreuil, vincennes = seated
    stranger = client_of(vincennes_organiser)
    anne = Registration.objects.get(player__name="Anne")
    table = Game.objects.filter(venue=montreuil).first()
    for method, url, data in venue_urls(montreuil, anne, table):
        answer = getattr(stranger, method)(url, data)
        assert answer.status_code == 403, (method, url, answer.status_code)
    # Nothing moved at Montreuil.
    assert not Registration.objects.filter(player__name="Intrus").exists()
    assert Registration.objects.get(pk=anne.pk).checked_in
    assert not table.hands.exists() and not Game.objects.filter(closed=True).exists()
    assert Game.objects.filter(venue=montreuil, round__number=2).count() == 0
    # Nor does his own venue's address reach Montreuil's players.
    own = reverse("venue_presence", kwargs={"venue_id": vincennes.pk, "registration_id": anne.pk})
    assert stranger.post(own, {"action": "check_out"}).status_code == 404
    assert Registration.objects.get(pk=anne.pk).checked_in


def test_visitors_log_in_first_and_the_venue_and_the_official_get_through(
    evening, seated, organiser, official
):
    montreuil, _vincennes = seated
    anne = Registration.objects.get(player__name="Anne")
    table = Game.objects.filter(venue=montreuil).first()
    for method, url, _data in venue_urls(montreuil, anne, table):
        if method == "get":
            assert client_of(None).get(url).status_code == 302
    for user in (organiser, official):
        page = client_of(user).get(reverse("venue", kwargs={"venue_id": montreuil.pk}))
        assert page.status_code == 200
        assert "Table 101" in page.content.decode()
        assert (
            client_of(user).get(reverse("entry:enter", kwargs={"game_id": table.pk})).status_code
            == 200
        )
    # The evening as a whole is the officials': venue 1's club does not run it.
    event_page = reverse("organiser:event", kwargs={"event_id": evening.pk})
    assert client_of(organiser).get(event_page).status_code == 403
    assert (
        client_of(official).get(reverse("evening", kwargs={"event_id": evening.pk})).status_code
        == 200
    )
    assert (
        client_of(organiser).get(reverse("evening", kwargs={"event_id": evening.pk})).status_code
        == 403
    )


def test_a_venue_organiser_registers_seats_and_closes_after_a_question(
    evening, organiser, django_assert_max_num_queries
):
    montreuil = evening.venues.get(number=1)
    client = client_of(organiser)
    at = {"venue_id": montreuil.pk}
    answer = client.post(reverse("venue_players", kwargs=at), {"names": "Anne\nBruno\n\nChloé\n"})
    assert answer.status_code == 302
    assert Registration.objects.filter(venue=montreuil, checked_in=True).count() == 3
    client.post(reverse("venue_seat", kwargs=at))
    with django_assert_max_num_queries(16):
        page = client.get(reverse("venue", kwargs=at))
    assert "Table 101" in page.content.decode()
    question = client.get(reverse("venue_close", kwargs=at))
    assert question.status_code == 200 and "Close them" in question.content.decode()
    assert not Game.objects.filter(closed=True).exists()
    client.post(reverse("venue_close", kwargs=at))
    assert Game.objects.get(venue=montreuil).closed


def test_a_bad_name_is_said_and_nothing_registered(evening, organiser):
    montreuil = evening.venues.get(number=1)
    answer = client_of(organiser).post(
        reverse("venue_players", kwargs={"venue_id": montreuil.pk}), {"names": "Anne\n" + "x" * 200}
    )
    assert answer.status_code == 200
    assert "at most" in answer.content.decode()
    assert not Registration.objects.exists()


def test_the_ranking_across_venues_is_public_per_venue_too_and_polled_by_results(
    client, evening, seated, django_assert_max_num_queries
):
    montreuil, vincennes = seated
    url = reverse("evening_ranking", kwargs={"event_id": evening.pk})
    with django_assert_max_num_queries(10):
        page = client.get(url)
    text = page.content.decode()
    assert page.status_code == 200
    assert "Rami club de Vincennes" in text and "Anne" in text and "Ivan" in text
    at_vincennes = client.get(url + "?venue=2").content.decode()
    assert "Ivan" in at_vincennes and "Anne" not in at_vincennes
    assert client.get(url + "?venue=7").status_code == 404
    # A hand that ends no game leaves the ranking as it was: the poll is a 304.
    poll = client.get(url, HTTP_HX_REQUEST="true")
    game = Game.objects.filter(venue=vincennes).get()
    names = [seat.player.name for seat in game.seats.select_related("player")]
    play(game, "going_out", names[0], **dict.fromkeys(names[1:], 5))
    again = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=poll["ETag"])
    assert again.status_code == 304
    play(game, "going_out", names[0], **dict.fromkeys(names[1:], 60))  # over: ranked
    moved = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=poll["ETag"])
    assert moved.status_code == 200 and 'data-finished-games="1"' in moved.content.decode()


def test_a_venues_projector_shows_its_own_tables_and_the_ranking_across_venues(
    client, evening, seated, django_assert_max_num_queries
):
    url = reverse("screen", kwargs={"event_id": evening.pk})
    with django_assert_max_num_queries(20):
        page = client.get(url + "?venue=2")
    text = page.content.decode()
    assert "Table 201" in text and "Table 101" not in text
    assert "Ranking across venues" in text
    assert "Anne" in text and "Club de rami de Montreuil" in text  # the other venue's players
    live = client.get(url + "?venue=2", HTTP_HX_REQUEST="true")
    assert 'hx-get="' + url + '?venue=2"' in live.content.decode()
    assert client.get(url + "?venue=9").status_code == 404
    assert client.get(url + "?venue=x").status_code == 404


def ranking_on_screen(page) -> str:
    text = page.content.decode()
    return text[text.index('class="panel-body screen-ranking') :].split("</ol>")[0]


def test_a_venues_projector_ranks_the_first_lines_and_its_own_players_across_venues(
    client, evening, seated, monkeypatch
):
    """2,000 players' ranking would take a TV 17 minutes to page through: a venue's screen
    shows the first lines and its own players, each with his place across venues."""
    url = reverse("screen", kwargs={"event_id": evening.pk}) + "?venue=2"
    monkeypatch.setattr(screen_display, "TOP_ACROSS_VENUES", 0)
    ranking = ranking_on_screen(client.get(url))
    assert all(name in ranking for name in ("Ivan", "Jeanne", "Karim"))
    assert not any(name in ranking for name in ("Anne", "Bruno", "Chloé", "Denis"))
    assert "the first 0 and this venue's players" in client.get(url).content.decode()
    # Nobody has finished a game, so all seven share the first place: the first lines show,
    # not every player of that place.
    monkeypatch.setattr(screen_display, "TOP_ACROSS_VENUES", 2)
    ranking = ranking_on_screen(client.get(url))
    assert all(name in ranking for name in ("Ivan", "Jeanne", "Karim"))
    others = [name for name in ("Anne", "Bruno", "Chloé", "Denis") if name in ranking]
    assert others == ["Anne", "Bruno"]  # players tied are in the order of their names
    assert ranking.count("<li data-item>") == 5
    # The event's own screen, for the whole evening, ranks everybody.
    whole = ranking_on_screen(client.get(reverse("screen", kwargs={"event_id": evening.pk})))
    assert whole.count("<li data-item>") == 7


def test_a_clubs_tv_link_shows_its_venue_of_the_evening(evening, seated, vincennes, club):
    montreuil_link = create_screen_link(club=club)
    vincennes_link = create_screen_link(club=vincennes)
    screen = reverse("screen", kwargs={"event_id": evening.pk})
    for link, venue in ((montreuil_link, 1), (vincennes_link, 2)):
        answer = Client().get(reverse("people:screen", kwargs={"token": link.token}))
        assert answer.status_code == 302
        assert answer.url == f"{screen}?venue={venue}&tv={link.token}"
    page = Client().get(f"{screen}?venue=2&tv={vincennes_link.token}").content.decode()
    assert "Table 201" in page and "Table 101" not in page


def test_the_dashboard_leads_each_club_to_its_venue(evening, seated, vincennes_organiser):
    page = client_of(vincennes_organiser).get(reverse("organiser:dashboard")).content.decode()
    assert reverse("venue", kwargs={"venue_id": seated[1].pk}) in page
    assert reverse("organiser:event", kwargs={"event_id": evening.pk}) not in page


def test_a_venues_scorer_keeps_score_there_and_nothing_more(evening, seated, club):
    montreuil, vincennes = seated
    scorer = UserFactory(username="marqueur")
    organise(club, scorer, Role.SCORER)
    client = client_of(scorer)
    page = client.get(reverse("venue", kwargs={"venue_id": montreuil.pk})).content.decode()
    # His tables' pages, but neither the seating, the closing nor the players' forms.
    assert "Table 101" in page
    assert reverse("venue_seat", kwargs={"venue_id": montreuil.pk}) not in page
    assert reverse("venue_close", kwargs={"venue_id": montreuil.pk}) not in page
    assert reverse("venue_players", kwargs={"venue_id": montreuil.pk}) not in page
    table = Game.objects.filter(venue=montreuil).first()
    enter = reverse("entry:enter", kwargs={"game_id": table.pk})
    assert enter in page and client.get(enter).status_code == 200
    assert client.post(reverse("venue_close", kwargs={"venue_id": montreuil.pk})).status_code == 403
    other = Game.objects.filter(venue=vincennes).first()
    assert client.get(reverse("entry:enter", kwargs={"game_id": other.pk})).status_code == 403
    assert client.get(reverse("venue", kwargs={"venue_id": vincennes.pk})).status_code == 403
    assert not Game.objects.filter(closed=True).exists()


VISITOR = "sessionid=a-visitor"  # a session cookie: his pages are his own, never shared


def finish_a_game(venue) -> None:
    game = Game.objects.filter(venue=venue).get()
    names = [seat.player.name for seat in game.seats.select_related("player")]
    play(game, "going_out", names[0], **dict.fromkeys(names[1:], 60))  # over: ranked


def test_the_venues_screens_read_the_standings_across_venues_once_for_all(
    client, evening, seated, settings, django_assert_max_num_queries
):
    """Twenty screens and the ranking's phones read the same 2,000 players' standings, which
    move several times a second: worked out at most once every POLL_COALESCE_SECONDS for
    them all, and a page made from older ones never promises its phone the newer version."""
    settings.POLL_COALESCE_SECONDS = 60
    montreuil, vincennes = seated
    screen = reverse("screen", kwargs={"event_id": evening.pk})
    with CaptureQueriesContext(connection) as first:
        assert client.get(screen + "?venue=1", HTTP_HX_REQUEST="true").status_code == 200
    # The other venue's screen: its own tables, the same standings, not read again.
    with CaptureQueriesContext(connection) as second:
        other = client.get(screen + "?venue=2", HTTP_HX_REQUEST="true")
    assert "Ivan" in other.content.decode() and "Anne" in other.content.decode()
    assert len(second.captured_queries) < len(first.captured_queries)
    assert other.has_header("ETag")  # the standings are as the event was read
    # A game ends: within the window, the screens show the standings worked out before it,
    # and say so: no ETag, the next poll has it made again. (A visitor with a session: the
    # answers kept for all the others, web/polling.py's recent_answer, are not this test's.)
    finish_a_game(vincennes)
    stale = client.get(screen + "?venue=2", HTTP_HX_REQUEST="true", HTTP_COOKIE=VISITOR)
    assert stale.status_code == 200 and not stale.has_header("ETag")
    assert "no-cache" in stale["Cache-Control"]  # asked again each time, kept by nobody
    ranking = reverse("evening_ranking", kwargs={"event_id": evening.pk})
    older = client.get(ranking, HTTP_HX_REQUEST="true", HTTP_COOKIE=VISITOR)
    assert 'data-finished-games="0"' in older.content.decode()
    # Its ETag says the version it shows, older than the event's: never a 304 on it later.
    again = client.get(ranking, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=older["ETag"])
    assert again.status_code == 200
    # Once the window is over they are worked out again, and the page says the event's.
    settings.POLL_COALESCE_SECONDS = 0
    fresh = client.get(ranking, HTTP_HX_REQUEST="true", HTTP_COOKIE=VISITOR)
    assert 'data-finished-games="1"' in fresh.content.decode()
    assert fresh["ETag"] != older["ETag"]
    assert (
        client.get(
            ranking,
            HTTP_HX_REQUEST="true",
            HTTP_COOKIE=VISITOR,
            HTTP_IF_NONE_MATCH=fresh["ETag"],
        ).status_code
        == 304
    )
    assert client.get(screen + "?venue=2", HTTP_HX_REQUEST="true", HTTP_COOKIE=VISITOR).has_header(
        "ETag"
    )


def test_a_phone_at_a_venues_table_does_not_read_the_venue_for_the_roles_it_cannot_hold(
    client, evening, seated
):
    """A table link's page, at a simultaneous evening: its visitor has no account, so no role
    at the venue to look for (one query a request, at 500 tables polling)."""
    game = Game.objects.filter(venue=seated[1]).get()
    with CaptureQueriesContext(connection) as read:
        page = client.get(f"/t/{game.link_token}/")
    assert page.status_code == 200
    assert not [q for q in read.captured_queries if '"tournaments_venue"' in q["sql"]]


def test_a_phone_is_never_sent_standings_older_than_those_it_holds(
    client, evening, seated, settings
):
    """Each process keeps the standings it worked out: a phone whose last poll reached a
    process with newer ones must not step back when the next reaches another."""
    settings.POLL_COALESCE_SECONDS = 60
    montreuil, vincennes = seated
    ranking = reverse("evening_ranking", kwargs={"event_id": evening.pk})
    first = client.get(ranking, HTTP_HX_REQUEST="true", HTTP_COOKIE=VISITOR)
    assert 'data-finished-games="0"' in first.content.decode()
    finish_a_game(vincennes)
    evening.refresh_from_db()
    # What the phone holds from another process, which worked out the standings with that
    # game; then another game ends.
    holds = polling._at_version(first["ETag"], evening.standings_version)
    finish_a_game(montreuil)
    page = client.get(
        ranking, HTTP_HX_REQUEST="true", HTTP_COOKIE=VISITOR, HTTP_IF_NONE_MATCH=holds
    )
    assert page.status_code == 200
    assert 'data-finished-games="2"' in page.content.decode()  # not this process's 0
