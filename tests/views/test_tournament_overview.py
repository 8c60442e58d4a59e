"""The tournament page: find your table in the round in play, the leaders, the past rounds."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tests.views.tournament_data import build, seat_tables, tournament
from tournaments.models import Registration, Round

pytestmark = pytest.mark.django_db

# Event, rounds, games, seats with players, standings (registrations, seats, byes, entrants,
# prize categories).
QUERIES = 9


def url(event, **params) -> str:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return reverse("tournament:overview", args=[event.id]) + (f"?{query}" if query else "")


@pytest.fixture
def in_play():
    """Round 1 played, round 2 in play: Anne, Bruno, Chloé at table 1; Dan, Élise, Fred at 2."""
    event = tournament()
    people = {
        n: PlayerFactory(club=event.club, name=n) for n in "Anne Bruno Chloé Dan Élise Fred".split()
    }
    for person in people.values():
        Registration.objects.create(event=event, player=person, checked_in=True)
    first = Round.objects.create(event=event, number=1, closed_at="2026-01-01T20:00Z")
    p = people
    seat_tables(
        event, first, [[p["Dan"], p["Anne"], p["Bruno"]], [p["Chloé"], p["Élise"], p["Fred"]]]
    )
    second = Round.objects.create(event=event, number=2)
    seat_tables(
        event,
        second,
        [[p["Anne"], p["Bruno"], p["Chloé"]], [p["Dan"], p["Élise"], p["Fred"]]],
        finished=False,
    )
    return event


def test_it_shows_every_table_of_the_round_in_play(client, in_play):
    response = client.get(url(in_play), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 2: find your table" in html
    assert html.count('<li class="table-card">') >= 2
    assert 'name="q"' in html and 'type="search"' in html
    assert "js/tournament.js" in html


def test_the_search_keeps_the_tables_with_that_name_even_without_accents(client, in_play):
    response = client.get(url(in_play, q="elise"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    current = response.context["current"]
    assert [game.shown for game in current.games] == [False, True]
    assert '<li class="table-card" hidden>' in html
    assert '<li data-name="elise" class="found">Élise</li>' in html
    assert "Tables shown: 1" in html


def test_a_search_that_finds_nobody_says_so(client, in_play):
    html = client.get(url(in_play, q="Zorro"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No table has a player with that name." in html
    assert html.count('<li class="table-card" hidden>') == 2


def test_the_leaders_and_the_past_rounds_with_their_winners_are_shown(client, in_play):
    response = client.get(url(in_play), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert [row.name for row in response.context["leaders"]][:2] in (
        ["Chloé", "Dan"],
        ["Dan", "Chloé"],
    )
    assert "Past rounds" in html
    past = response.context["past"]
    assert [item.round.number for item in past] == [1]
    assert [[s.player.name for s in game.winners] for game in past[0].games] == [["Dan"], ["Chloé"]]
    assert html.count("winner</span>") == 2
    assert reverse("tournament:standings", args=[in_play.id]) in html


def test_before_the_first_round_it_says_so(client):
    event = tournament()
    html = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The first round has not been seated yet." in html
    assert "No standings before the first round." in html


def test_between_rounds_there_is_no_search(client):
    event, _people = build(6, 2)
    html = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No round is in play right now" in html
    assert 'name="q"' not in html


@pytest.mark.parametrize(("players", "rounds"), [(6, 2), (30, 10)])
def test_it_takes_the_same_number_of_queries_whatever_the_size(
    client, players, rounds, django_assert_max_num_queries
):
    event, _people = build(players, rounds, open_last=True)
    with django_assert_max_num_queries(QUERIES):
        response = client.get(url(event, q="joueur"))
    assert response.status_code == 200
    assert len(response.context["past"]) == rounds - 1


def test_it_is_a_404_for_an_unknown_event_or_a_club_night(client):
    assert client.get(reverse("tournament:overview", args=[999])).status_code == 404
    assert client.get(url(EventFactory())).status_code == 404


def test_the_public_event_page_of_a_tournament_links_here(client, in_play):
    html = client.get(reverse("event", args=[in_play.id])).content.decode()
    assert reverse("tournament:overview", args=[in_play.id]) in html
    assert reverse("tournament:standings", args=[in_play.id]) in html


@pytest.mark.parametrize("typed", ["n’diaye", "N‘Diaye", "n`diaye", "N´DIAYE", "n'diaye"])
def test_a_name_typed_with_a_curly_apostrophe_finds_the_straight_one(client, typed):
    event = tournament()
    round_ = Round.objects.create(event=event, number=1)
    people = [PlayerFactory(club=event.club, name=n) for n in ("Awa N'Diaye", "Bruno", "Chloé")]
    others = [PlayerFactory(club=event.club, name=n) for n in ("Dan", "Élise", "Fred")]
    seat_tables(event, round_, [others, people], finished=False)
    response = client.get(url(event, q=typed), HTTP_ACCEPT_LANGUAGE="en")
    assert [game.shown for game in response.context["current"].games] == [False, True]
    # The names carry the folded form the script compares with: a straight apostrophe.
    assert 'data-name="awa n&#x27;diaye" class="found"' in response.content.decode()


def test_folding_straightens_apostrophes_and_drops_accents():
    from tournaments.words.names import folded

    assert folded("Hélène N’Diaye") == folded("helene n'diaye") == "helene n'diaye"
    assert folded("O‘Brien") == folded("o`brien") == folded("O´BRIEN") == "o'brien"
