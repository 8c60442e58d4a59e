"""The entry page (GET), for organisers and on the table link."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory, make_game, organise, play

pytestmark = pytest.mark.django_db


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def test_it_shows_step_one_and_step_two_to_the_organiser(client, organiser, game):
    client.force_login(organiser)
    response = client.get(enter_url(game))
    assert response.status_code == 200
    html = response.content.decode()
    for value in ("going_out", "rami_sec"):
        assert f'name="how" value="{value}"' in html
    assert 'name="how" value="knock"' not in html
    for position in (1, 2, 3):
        assert f'name="ended_by" value="{position}"' in html
        assert f'name="held_{position}"' in html
    assert 'inputmode="numeric"' in html
    assert 'name="number" value="1"' in html
    assert 'id="keypad"' in html and 'id="card-grid"' in html


def test_it_redirects_visitors_to_the_login_page(client, game):
    response = client.get(enter_url(game))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_it_refuses_another_clubs_organiser(client, game):
    from tests.factories import ClubFactory, UserFactory

    other = UserFactory(username="voisin")
    organise(ClubFactory(), other)
    client.force_login(other)
    assert client.get(enter_url(game)).status_code == 403


def test_an_unknown_game_is_not_found(client, organiser):
    client.force_login(organiser)
    assert client.get("/games/9999/enter/").status_code == 404


def test_the_table_link_opens_the_same_page_without_an_account(client, game):
    response = client.get(reverse("entry:table_link", kwargs={"token": game.link_token}))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="hand-form"' in html
    assert f'action="/t/{game.link_token}/"' in html
    assert "Only an organiser can correct or delete it" in html
    assert "/correct/" not in html
    assert client.session["device"]


def test_a_disabled_or_unknown_table_link_is_not_found(client, game):
    game.link_enabled = False
    game.save()
    assert client.get(f"/t/{game.link_token}/").status_code == 404
    assert client.get("/t/not-a-token/").status_code == 404


def test_gin_rummy_offers_knock_gin_and_draw(client, organiser, club):
    event = EventFactory(club=club, variant="gin-rummy")
    game = make_game(event, players=("Anne", "Bruno"))
    client.force_login(organiser)
    html = client.get(enter_url(game)).content.decode()
    for value in ("knock", "gin", "draw"):
        assert f'name="how" value="{value}"' in html
    assert 'value="going_out"' not in html


def test_rami_with_jokers_offers_never_melded_and_a_joker_card(client, organiser, club):
    event = EventFactory(club=club, variant="rami-jokers")
    game = make_game(event)
    client.force_login(organiser)
    html = client.get(enter_url(game)).content.decode()
    assert 'name="never_2"' in html
    assert 'data-code="JK"' in html
    assert 'data-jokers="4"' in html and 'data-copies="2"' in html


def test_card_mode_is_remembered_in_the_address(client, organiser, game):
    client.force_login(organiser)
    html = client.get(enter_url(game) + "?mode=cards").content.decode()
    assert 'name="mode" value="cards"' in html
    assert 'inputmode="text"' in html
    assert 'data-mode="cards"' in html


def test_the_card_grid_reads_without_colour(client, organiser, game):
    client.force_login(organiser)
    html = client.get(enter_url(game)).content.decode()
    # Each suit's row shows its symbol and letter; each card its rank and symbol, then its
    # name for screen readers (the accessible name begins with the visible text).
    assert "♦<small>D</small>" in html
    assert (
        'data-code="10H" aria-pressed="false"><span class="rank">10</span>'
        '<span class="suit">♥<span class="visually-hidden"> (10 of hearts)</span></span>'
        '<span class="count"></span>'
    ) in html
    cards = html.split('<div class="cards">')[1].split('<div class="grid-tools">')[0]
    assert "aria-label" not in cards  # no label hiding what the button shows
    assert 'data-code="JK"' not in html  # no joker in rami à pénalités


def test_it_shows_the_running_totals(client, organiser, game):
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    client.force_login(organiser)
    response = client.get(enter_url(game))
    totals = [seat.total for seat in response.context["sheet"].seats]
    assert totals == [0, 12, 30]
    assert 'name="number" value="2"' in response.content.decode()


def test_a_finished_game_shows_the_result_and_no_form(client, organiser, game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=5)
    play(game, "going_out", "Anne", Bruno=50, Chloé=5)
    client.force_login(organiser)
    response = client.get(enter_url(game))
    html = response.content.decode()
    assert 'id="hand-form"' not in html
    assert "Game over: Anne wins." in html
    assert "prize 15.00" in html  # the whole pot of 15: one prize place in this variant


def test_a_closed_game_shows_the_totals_and_no_form(client, organiser, game):
    from tournaments.play.services.entry import close_game

    play(game, "going_out", "Anne", Bruno=10, Chloé=5)
    close_game(game=game)
    client.force_login(organiser)
    html = client.get(enter_url(game)).content.decode()
    assert 'id="hand-form"' not in html
    assert "The organiser closed this game" in html


def test_the_page_takes_the_same_queries_whatever_the_number_of_hands(
    client, organiser, game, hands, django_assert_max_num_queries
):
    client.force_login(organiser)
    client.get(enter_url(game))  # the first visit gives the session its device id
    # The session, its user and his roles; the game (its guard's read, shown as read), its
    # seats, hands and their lines; the round's clock.
    with django_assert_max_num_queries(8):
        response = client.get(enter_url(game))
    assert len(response.context["hands"]) == hands


def test_the_table_link_page_takes_the_same_queries_whatever_the_number_of_hands(
    client, game, hands, django_assert_max_num_queries
):
    client.get(f"/t/{game.link_token}/")
    # The session; the game the link opens, its seats, hands and their lines; the round's
    # clock.
    with django_assert_max_num_queries(6):
        response = client.get(f"/t/{game.link_token}/")
    assert len(response.context["hands"]) == hands


def test_the_page_gives_the_script_who_is_counted_from_the_engine(client, organiser, club):
    import json
    import re

    from tournaments.rules.hands import counted_by_way

    event = EventFactory(club=club, variant="gin-rummy")
    game = make_game(event, players=("Anne", "Bruno"))
    client.force_login(organiser)
    html = client.get(enter_url(game)).content.decode()
    found = re.search(r'<script id="who-is-counted" type="application/json">(.*?)</script>', html)
    assert json.loads(found.group(1)) == counted_by_way(game.rules())


@pytest.mark.parametrize(
    ("variant", "how", "needed"),
    [
        ("rami-penalites", "going_out", {"Bruno", "Chloé"}),
        ("gin-rami", "knock", {"Anne", "Bruno", "Chloé"}),
        ("gin-rami", "gin", {"Bruno", "Chloé"}),  # the gin's 0 goes without saying
    ],
)
def test_the_form_asks_for_exactly_whom_the_engine_counts(club, variant, how, needed):
    from tournaments.forms.entry import HandForm
    from tournaments.models import Seat

    event = EventFactory(club=club, variant=variant)
    game = make_game(event)
    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
    names = {seat.player.name: seat.position for seat in seats}

    def form(given):
        data = {"number": 1, "how": how, "ended_by": "1", "mode": "counts"}
        data |= {f"held_{names[name]}": "5" for name in given}
        return HandForm(data, variant=game.rules(), seats=seats)

    assert form(needed).is_complete()
    for left_out in needed:
        assert not form(needed - {left_out}).is_complete()
