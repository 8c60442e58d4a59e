"""The public event page: each table's totals, progress, leader and result; live while in play."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, make_game, play
from tournaments.models import Round
from tournaments.play.services.entry import close_game

pytestmark = pytest.mark.django_db

# The event, its rounds, the versions of the current round's tables, then for the cards not
# kept in the cache their games and seats; the past rounds' games and the current scores of
# gin-rummy matches when there are any. Never more with more tables.
EVENT_QUERIES = 8  # 7 for the page, 1 for its ETag (the version polling phones check)


@pytest.fixture
def client() -> Client:
    """A visitor reading in English (the French wording may change with the translation)."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def url(event) -> str:
    return reverse("event", kwargs={"event_id": event.pk})


def cards(page: str) -> dict[str, str]:
    """Each table card's HTML, by table title."""
    found = {}
    for chunk in page.split('<article class="table-card')[1:]:
        title = chunk.split("</a>")[0].rsplit(">", 1)[1].strip()
        found[title] = chunk.split("</article>")[0]
    return found


def test_only_the_tables_that_changed_are_rendered_again(
    client, event, game, django_assert_max_num_queries
):
    from tournaments.web import fragments as table_cards

    other = make_game(event, table_number=2, players=("Denis", "Émile", "Fanny"))
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    client.get(url(event))
    play(other, "going_out", "Denis", Émile=12, Fanny=7)
    rendered = []
    real = table_cards.game_card

    def counting(game, *args, **kwargs):
        rendered.append(game.table_number)
        return real(game, *args, **kwargs)

    table_cards.game_card = counting
    try:
        page = client.get(url(event)).content.decode()
    finally:
        table_cards.game_card = real
    assert rendered == [2]
    assert "Leader: Anne" in cards(page)["Table 1"] and "Leader: Denis" in cards(page)["Table 2"]
    with django_assert_max_num_queries(EVENT_QUERIES - 3):  # every card kept: no game read
        client.get(url(event))


def test_it_shows_the_event_and_its_tables_to_anyone(
    client, event, game, django_assert_max_num_queries
):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    with django_assert_max_num_queries(EVENT_QUERIES):
        response = client.get(url(event))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Soirée du jeudi</h1>" in page
    assert 'datetime="2026-11-30"' in page
    # The variant and its key options in one line, with the entry fee.
    assert (
        "Rami à pénalités (penalty points) · ends at 100 points, lowest total wins · "
        "ace counts 11 · entry fee 5.00\u00a0€"
    ) in page
    card = cards(page)["Table 1"]
    assert reverse("game", kwargs={"game_id": game.pk}) in card
    assert "In play" in card and "1 hand played" in card
    assert "Leader: Anne" in card
    assert '<td class="num total">30</td>' in card and '<td class="num total">45</td>' in card


def test_each_table_has_progress_bars_towards_the_target(client, event, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    card = cards(client.get(url(event)).content.decode())["Table 1"]
    assert "Towards the 100 limit" in card
    assert 'aria-label="Bruno: 30 of 100"' in card and 'value="30" max="100"' in card
    assert 'aria-label="Chloé: 45 of 100"' in card


def test_a_finished_table_shows_its_winner_and_prizes(client, event, game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    play(game, "going_out", "Chloé", Anne=20, Bruno=45)
    card = cards(client.get(url(event)).content.decode())["Table 1"]
    assert "Finished" in card and "Winner: <strong>Chloé</strong>" in card
    assert "Prize" in card and "15.00\u00a0€" in card  # the pot's single place (prize_places [100])
    assert "Leader" not in card


def test_tables_of_another_variant_say_which(client, event, game):
    make_game(event, table_number=2, players=("Denis", "Élise"), variant="gin-rummy", options={})
    card = cards(client.get(url(event)).content.decode())["Table 2"]
    assert "Gin-rummy (2 players) · first to 100 points" in card
    assert "Not started" in card
    assert "Leader" not in card


def test_a_number_of_deals_shows_a_bar_for_the_table(client, club):
    event = EventFactory(club=club, variant="rami-jokers")
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    card = cards(client.get(url(event)).content.decode())["Table 1"]
    assert "1 of 5 hands played" in card and 'value="20" max="100"' in card
    assert "Towards" not in card  # no target: no bar per player


def test_rummy_without_a_target_has_no_bar(client, club):
    event = EventFactory(club=club, variant="rummy")
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    card = cards(client.get(url(event)).content.decode())["Table 1"]
    assert (
        "<progress" not in card
        and "settled hand by hand" in client.get(url(event)).content.decode()
    )
    assert '<td class="num total">42</td>' in card and '<td class="num total">-12</td>' in card


def test_a_gin_rummy_match_measures_the_current_game(client, club):
    event = EventFactory(club=club, variant="gin-rummy", options={"mode": "multi_game"})
    game = make_game(event, players=("Anne", "Bruno"))
    for _ in range(4):
        play(game, "knock", "Anne", Anne=2, Bruno=30)  # Anne +28 each: game 1 at 112
    play(game, "gin", "Bruno", Anne=10, Bruno=0)  # game 2 starts: Bruno 25 + 10
    card = cards(client.get(url(event)).content.decode())["Table 1"]
    assert 'aria-label="Bruno: 35 of 100"' in card
    assert 'aria-label="Anne: 0 of 100"' in card


def test_it_polls_while_a_table_plays_and_stops_when_all_are_finished(client, event, game):
    other = make_game(event, table_number=2, players=("Denis", "Élise"))
    play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    play(game, "going_out", "Chloé", Anne=20, Bruno=45)
    page = client.get(url(event)).content.decode()
    assert 'hx-trigger="every 10s"' in page and f'hx-get="{url(event)}"' in page
    play(other, "going_out", "Denis", Élise=5)
    close_game(game=other)
    page = client.get(url(event)).content.decode()
    assert "Closed by the organiser" in page
    assert "hx-trigger" not in page and "hx-get" not in page


def test_a_closed_round_stops_polling(client, event, game):
    Round.objects.filter(pk=game.round_id).update(closed_at=timezone.now())
    assert "hx-trigger" not in client.get(url(event)).content.decode()


def test_htmx_gets_only_the_tables(client, event, game, django_assert_max_num_queries):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    with django_assert_max_num_queries(EVENT_QUERIES):
        response = client.get(url(event), headers={"HX-Request": "true"})
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="event-tables"')
    assert "<html" not in page and "<h1>" not in page
    assert 'hx-trigger="every 10s"' in page and "Table 1" in page and "Anne" in page
    assert "HX-Request" in response["Vary"]


def test_the_htmx_fragment_stops_polling_once_every_table_is_finished(client, event, game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    play(game, "going_out", "Chloé", Anne=20, Bruno=45)
    page = client.get(url(event), headers={"HX-Request": "true"}).content.decode()
    assert page.lstrip().startswith('<div id="event-tables"') and "hx-trigger" not in page


@pytest.mark.parametrize("tables", [2, 20])
def test_the_query_count_does_not_grow_with_the_tables(
    client, club, tables, django_assert_max_num_queries
):
    event = EventFactory(club=club, kind="tournament")
    first = Round.objects.create(event=event, number=1, closed_at=timezone.now())
    second = Round.objects.create(event=event, number=2)
    for number in range(1, tables + 1):
        names = (f"A{number}", f"B{number}")
        make_game(event, players=names, table_number=number, round_=first)
        game = make_game(event, players=names, table_number=number, round_=second)
        play(game, "going_out", names[0], **{names[1]: number})
    # A gin-rummy match among them: its current scores take one more query, not one a table.
    match = make_game(
        event,
        players=("G1", "G2"),
        table_number=tables + 1,
        round_=second,
        variant="gin-rummy",
        options={"mode": "multi_game"},
    )
    play(match, "knock", "G1", G1=2, G2=30)
    with django_assert_max_num_queries(EVENT_QUERIES):
        response = client.get(url(event))
    page = response.content.decode()
    assert len(cards(page)) == tables + 1
    assert "Round 2" in page and "Past rounds" in page and "Round 1" in page
    assert page.count("not finished") == tables


def test_past_rounds_list_their_tables_and_winners(client, club):
    event = EventFactory(club=club, kind="tournament")
    first = Round.objects.create(event=event, number=1, closed_at=timezone.now())
    done = make_game(event, round_=first)
    play(done, "going_out", "Anne", Bruno=60, Chloé=10)
    play(done, "going_out", "Chloé", Anne=20, Bruno=45)
    Round.objects.create(event=event, number=2)
    page = client.get(url(event)).content.decode()
    past = page[page.index("Past rounds") :]
    assert reverse("game", kwargs={"game_id": done.pk}) in past and "won by Chloé" in past


def test_an_event_without_tables_says_so(client, club):
    event = EventFactory(club=club, date=datetime.date(2026, 12, 4))
    page = client.get(url(event)).content.decode()
    assert "No table yet" in page and "hx-trigger" not in page


def test_an_unknown_event_is_a_404(client, event):
    assert client.get(reverse("event", kwargs={"event_id": event.pk + 1000})).status_code == 404


def test_it_only_answers_get(client, event):
    assert client.post(url(event)).status_code == 405


@pytest.mark.django_db
def test_a_phone_polling_an_unchanged_event_gets_a_304(client, django_assert_max_num_queries):
    from tests.factories import EventFactory, make_game, play

    event = EventFactory(options={"target": 100})
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    address = url(event)
    first = client.get(address, HTTP_HX_REQUEST="true")
    with django_assert_max_num_queries(1):
        again = client.get(address, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    assert client.get(address, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
