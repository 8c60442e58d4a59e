"""What the hand entry page says about what was typed: a knock at 0 is a gin (R22), letters
in Counts mode, a rami loser's count of 0, and a hand number taken by another phone (the
counts that differ). Each refusal stores nothing and answers 400 (409 for a taken number)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import EventFactory, make_game, play
from tests.views.entry_support import enter_url, hand, preview_url

pytestmark = pytest.mark.django_db


def live_preview(client, game, data, **headers):
    """The preview fragment as the page asks for it while the hand is typed."""
    return client.post(
        preview_url(game), data, HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER="preview", **headers
    )


@pytest.fixture(params=["gin-rummy", "gin-rami"])
def gin_game(request, club):
    return make_game(EventFactory(club=club, variant=request.param), players=("Anne", "Bruno"))


# R22


@pytest.mark.parametrize(
    ("mode", "anne", "bruno"),
    [
        ("counts", "0", "40"),
        ("cards", "AS 2S 3S 4S 5H 5D 5C 8C 9C 10C", "5S 6S 9H 9D KC QD 2D 7H 3D 6D"),
    ],
    ids=["counts", "cards"],
)
def test_the_preview_says_a_knock_at_0_is_scored_as_a_gin(
    organiser_client, gin_game, mode, anne, bruno, django_assert_max_num_queries
):
    data = {**hand(1, "knock", 1, held_1=anne, held_2=bruno), "mode": mode}
    with django_assert_max_num_queries(12):
        response = live_preview(organiser_client, gin_game, data)
    html = response.content.decode()
    assert response.context["preview"].outcome == "Hand 1: Gin, won by Anne"
    assert "0 deadwood: scored as a gin" in html
    assert not gin_game.hands.exists()


def test_the_gin_note_reads_in_french(organiser_client, gin_game):
    with translation.override("fr"):
        response = live_preview(
            organiser_client,
            gin_game,
            hand(1, "knock", 1, held_1="0", held_2="40"),
            HTTP_ACCEPT_LANGUAGE="fr",
        )
    assert "0 de malus\u00a0: compté comme un gin" in response.content.decode()


def test_a_knock_with_deadwood_has_no_gin_note(organiser_client, gin_game):
    response = live_preview(
        organiser_client, gin_game, hand(1, "knock", 1, held_1="3", held_2="40")
    )
    assert response.context["preview"].note == ""


def test_a_knock_at_0_is_saved_as_a_gin_and_listed_so(organiser_client, gin_game):
    response = organiser_client.post(
        enter_url(gin_game), hand(1, "knock", 1, held_1="0", held_2="40")
    )
    assert response.status_code == 302
    stored = gin_game.hands.get()
    assert (stored.how, stored.result) == ("knock", "gin")
    page = organiser_client.get(enter_url(gin_game)).content.decode()
    assert "Anne · Knock · 0 deadwood: scored as a gin" in page


# Letters in Counts mode


def test_letters_typed_as_a_count_get_a_message_about_counts(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_2="douze", held_3="9"))
    assert response.status_code == 400
    errors = response.context["form"].errors["held_2"]
    assert errors == [
        "Type a count: a whole number such as 12. To enter the cards themselves, choose Cards."
    ]
    assert "card code" not in response.content.decode()
    assert not game.hands.exists()


def test_card_codes_in_counts_mode_are_still_counted(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_2="KD 7S", held_3="9"))
    assert response.status_code == 302
    assert game.hands.get().lines.get(seat__position=2).counted == 17


def test_in_cards_mode_a_wrong_code_is_still_about_card_codes(organiser_client, game):
    data = {**hand(1, held_2="KD 7X", held_3="9"), "mode": "cards"}
    response = organiser_client.post(enter_url(game), data)
    assert response.status_code == 400
    assert "7X is not a card code" in response.context["form"].errors["held_2"][0]


@pytest.mark.french_default
def test_the_counts_message_reads_in_french(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_2="abc", held_3="9"))
    assert "Tapez les points\u00a0: un nombre entier comme 12." in response.content.decode()


# A rami loser's count of 0


def test_a_rami_loser_counted_0_is_refused_beside_his_name(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_2="0", held_3="9"))
    assert response.status_code == 400
    (error,) = response.context["form"].errors["held_2"]
    assert error == (
        "0 is impossible: a player who did not go out holds at least one card, worth at least 1"
    )
    assert not game.hands.exists()


def test_who_went_out_may_still_be_typed_0(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_1="0", held_2="4", held_3="9"))
    assert response.status_code == 302


# A hand number taken by another phone


def test_a_taken_hand_shows_the_counts_that_differ_not_the_points(organiser_client, club):
    # Rami traditionnel: the winner collects, so points (Anne 16) and counts (7, 9) differ.
    game = make_game(EventFactory(club=club, variant="rami-traditionnel"))
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = organiser_client.post(enter_url(game), hand(1, held_2="7", held_3="5"))
    assert response.status_code == 409
    box = response.content.decode().split('class="notice conflict')[1].split("</div>")[0]
    assert "Anne · Went out" in box
    assert "Bruno: 7</li>" in box  # the same: nothing more said
    assert "Chloé: 9 <strong>(you entered 5)</strong>" in box
    assert "16" not in box  # Anne's points are not what the table checks
    assert game.hands.get().lines.get(seat__position=3).held_count == 9


def test_a_taken_hand_says_when_another_player_ended_it(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = organiser_client.post(
        enter_url(game), hand(1, "rami_sec", 2, held_1="7", held_3="9")
    )
    box = response.content.decode().split('class="notice conflict')[1].split("</div>")[0]
    assert "Anne · Went out <strong" in box
    assert "(you entered: Bruno · Went rummy)" in box


def test_the_live_preview_says_so_as_soon_as_letters_are_typed(organiser_client, game):
    response = live_preview(organiser_client, game, hand(1, held_2="douze"))  # Chloé not yet
    html = response.content.decode()
    assert "Bruno: Type a count: a whole number such as 12." in html
    assert not game.hands.exists()
