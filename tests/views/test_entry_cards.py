"""Cards on the entry page the way the page's language writes them: a French page shows R D V
and ♠ ♥ ♦ ♣ and reads "RC" as the roi de cœur; an English page keeps "KH". Either way the hand
stores the game file's English codes. A code typed the other way is refused, naming its card
and how to write it here: never silently read as another card."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.factories import play
from tests.views.entry_support import hand
from tests.views.test_entry_save import enter_url, preview_url

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def card_hand(**held) -> dict:
    return {**hand(1, **held), "mode": "cards"}


def test_a_french_page_shows_french_ranks_and_suit_symbols(
    organiser_client, game, django_assert_max_num_queries
):
    organiser_client.get(enter_url(game), **FRENCH)  # the session gets its device id
    with django_assert_max_num_queries(8):  # as many as in English: the letters are data
        html = organiser_client.get(enter_url(game), **FRENCH).content.decode()
    assert 'data-code="RK"' in html and 'data-code="KD"' not in html
    # The button reads as it shows: its rank and symbol first, then the card in words.
    assert (
        '<span class="rank">D</span>'
        '<span class="suit">♠<span class="visually-hidden"> (dame de pique)</span></span>'
    ) in html
    assert "♥<small>C</small>" in html and "♦<small>K</small>" in html
    assert 'placeholder="0"' in html and 'data-placeholder-cards="RK 7P 10C"' in html
    assert "Codes lus à la française" in html
    letters = json.loads(html.split('id="card-letters" type="application/json">')[1].split("<")[0])
    assert letters["ranks"]["R"] == 13 and letters["suits"] == "PCKT"


def test_an_english_page_keeps_english_codes(organiser_client, game):
    html = organiser_client.get(enter_url(game)).content.decode()
    assert 'data-code="KD"' in html and 'data-code="RK"' not in html
    assert "S H D C for spades, hearts, diamonds, clubs" in html


def test_french_codes_are_stored_as_the_game_files_codes(organiser_client, game):
    data = card_hand(held_2="rc 10p", held_3="DK, VT")
    response = organiser_client.post(enter_url(game), data, **FRENCH)
    assert response.status_code == 302
    lines = {line.seat.position: line for line in game.hands.get().lines.select_related("seat")}
    assert lines[2].held_cards == "KH 10S" and lines[2].counted == 20
    assert lines[3].held_cards == "QD JC" and lines[3].counted == 20


def test_an_english_code_on_a_french_page_is_refused_with_its_french_spelling(
    organiser_client, game
):
    data = card_hand(held_2="KD 7C", held_3="5")
    response = organiser_client.post(enter_url(game), data, **FRENCH)
    assert response.status_code == 400  # refused: nothing saved
    assert response.context["form"].errors["held_2"] == [
        "KD s’écrit à l’anglaise (roi de carreau)\u00a0: ici, écrivez RK.",
        "7C se lit ici 7 de cœur (7 de trèfle\u00a0: 7T).",
    ]
    assert not game.hands.exists()


def test_a_french_code_on_an_english_page_is_refused_with_its_english_spelling(
    organiser_client, game
):
    response = organiser_client.post(enter_url(game), card_hand(held_2="RK", held_3="5"))
    assert response.context["form"].errors["held_2"] == [
        "RK is written the French way (king of diamonds): here, write KD."
    ]
    assert not game.hands.exists()


def test_the_live_preview_says_what_is_wrong_with_a_code_while_typing(organiser_client, game):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "preview", **FRENCH}
    data = card_hand(held_2="KD", held_3="5")
    html = organiser_client.post(preview_url(game), data, **headers).content.decode()
    assert "écrivez RK" in html
    data = card_hand(held_2="RK", held_3="5")
    html = organiser_client.post(preview_url(game), data, **headers).content.decode()
    assert 'class="preview-table"' in html and '<td class="num">10</td>' in html


def test_an_incomplete_hand_keeps_the_live_preview_quiet(organiser_client, game):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "preview", **FRENCH}
    html = organiser_client.post(preview_url(game), card_hand(held_2="KD"), **headers)
    assert "écrivez" not in html.content.decode()


def test_a_french_correction_shows_the_stored_cards_in_french_and_keeps_them(
    organiser_client, game
):
    play(game, "going_out", "Anne", Bruno="KD 7S", Chloé="10H")
    url = reverse("entry:correct", kwargs={"game_id": game.pk, "number": 1})
    form = organiser_client.get(url, **FRENCH).context["form"]
    assert form["held_2"].value() == "RK 7P" and form["held_3"].value() == "10C"
    data = {**card_hand(held_2="RK 7P", held_3="10C 2C"), "reason": "le 2 de cœur oublié"}
    assert organiser_client.post(url, data, **FRENCH).status_code == 302
    lines = game.hands.get().lines.order_by("seat__position")
    assert [line.held_cards for line in lines] == ["", "KD 7S", "10H 2H"]
    # The hand's history names the cards the same way.
    page = organiser_client.get(url, **FRENCH).content.decode()
    assert "10C → 10C 2C" in page and "10H" not in page
