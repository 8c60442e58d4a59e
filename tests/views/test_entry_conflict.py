"""Two phones submit the same hand: the second is told what was stored, whether it is the
same hand, what comes next (or that the game is over), and who can correct it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import UserFactory, facts, play
from tests.views.entry_support import hand
from tournaments.play.display.conflict import same_facts
from tournaments.play.services.entry import record_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def link_client(game):
    client = Client()
    client.get(f"/t/{game.link_token}/")
    return client


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def correct_url(game, number: int) -> str:
    return reverse("entry:correct", kwargs={"game_id": game.pk, "number": number})


def test_a_different_hand_is_shown_with_the_next_hand_number(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = organiser_client.post(enter_url(game), hand(1, "going_out", 2, held_1="5"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "Hand 1 was already entered from another device." in html
    assert "Next: hand 2." in html
    assert "nothing to do" not in html
    assert response.context["conflict"].same is False


def test_the_organiser_is_offered_the_correction_page_not_told_to_ask_an_organiser(
    organiser_client, game
):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = organiser_client.post(enter_url(game), hand(1, "going_out", 2, held_1="5"))
    html = response.content.decode()
    assert f'href="{correct_url(game, 1)}"' in html
    assert "If it is wrong, correct it:" in html
    assert "ask an organiser" not in html.split('class="entry-notes"')[0]


def test_a_table_link_user_is_told_to_ask_an_organiser(link_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = link_client.post(f"/t/{game.link_token}/", hand(1, "going_out", 2, held_1="5"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "If it is wrong, ask an organiser to correct it." in html
    assert correct_url(game, 1) not in html


def test_the_same_hand_from_another_phone_needs_nothing_doing(link_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = link_client.post(f"/t/{game.link_token}/", hand(1, held_2="7", held_3="9"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "exactly as you entered it: nothing to do." in html
    assert "If it is wrong" not in html
    assert "Next: hand 2." in html
    assert 'role="status"' in html.split('class="notice conflict')[1][:80]
    assert game.hands.count() == 1


def test_the_same_cards_in_another_order_are_the_same_hand(link_client, game):
    play(game, "going_out", "Anne", Bruno="KD 7S", Chloé="3H")
    data = {**hand(1, held_2="7s kd", held_3="3H"), "mode": "cards"}
    response = link_client.post(f"/t/{game.link_token}/", data)
    assert response.status_code == 409
    assert response.context["conflict"].same is True


def test_the_same_counts_but_another_ender_is_a_different_hand(link_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = link_client.post(f"/t/{game.link_token}/", hand(1, "rami_sec", 1, held_2="7"))
    assert response.context["conflict"].same is False


def test_when_the_stored_hand_ended_the_game_the_box_says_so_and_names_the_winner(
    organiser_client, game
):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=100, Chloé=5)  # Bruno passes 100: Anne wins
    response = organiser_client.post(enter_url(game), hand(2, held_2="100", held_3="5"))
    assert response.status_code == 409
    html = response.content.decode()
    conflict_box = html.split('class="notice conflict')[1].split("</div>")[0]
    assert "Next: hand" not in conflict_box
    assert "Game over: Anne wins." in conflict_box
    assert "nothing to do" in conflict_box
    assert 'id="hand-form"' not in html  # no form for a hand 3 that cannot be


def test_a_hand_sent_after_the_end_from_a_stale_page_says_the_game_is_over(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=100, Chloé=5)
    response = organiser_client.post(enter_url(game), hand(3, held_2="1", held_3="1"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "Hand 3 cannot be entered: the game is over." in html
    assert "the next hand is hand 2" not in html


def test_the_live_preview_of_a_taken_number_shows_the_same_box(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = organiser_client.post(
        reverse("entry:preview", kwargs={"game_id": game.pk}),
        hand(1, held_2="7", held_3="9"),
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert "exactly as you entered it: nothing to do." in html
    assert "Next: hand 2." in html


def test_the_box_reads_in_french_with_the_french_colon(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    with translation.override("fr"):
        response = organiser_client.post(
            enter_url(game), hand(1, "going_out", 2, held_1="5"), HTTP_ACCEPT_LANGUAGE="fr"
        )
    html = response.content.decode()
    assert "Bruno\u00a0: 7" in html
    assert "Suivante\u00a0: donne 2." in html
    assert "Corriger la donne 1" in html


def test_same_facts_compares_how_ender_and_every_held_value(game):
    from tournaments.play.facts import HandFacts
    from tournaments.play.selectors.games import game_sheet

    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    sheet = game_sheet(game.pk)
    anne, bruno, chloe = sheet.seats
    row = sheet.rows[0]
    assert same_facts(row, sheet.seats, HandFacts("going_out", anne, {bruno.id: 7, chloe.id: 9}))
    assert not same_facts(
        row, sheet.seats, HandFacts("going_out", anne, {bruno.id: 7, chloe.id: 8})
    )
    assert not same_facts(row, sheet.seats, HandFacts("going_out", anne, {bruno.id: 7}))
    assert not same_facts(
        row, sheet.seats, HandFacts("going_out", bruno, {anne.id: 7, chloe.id: 9})
    )


def test_the_conflict_answer_takes_the_same_queries_whatever_the_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    organiser_client.get(enter_url(game))
    # The refused write and the page's reads (the round's clock among them): fifteen
    # (measured; the game's facts read once under the lock, as a hand saved needs them: its
    # hands with their lines, the seats the form read), whatever the hands.
    with django_assert_max_num_queries(15):
        response = organiser_client.post(enter_url(game), hand(1, held_2="1", held_3="1"))
    assert response.status_code == 409
    assert response.context["conflict"].same is True


def test_the_conflict_says_which_organiser_entered_the_first_version_by_his_name(link_client, game):
    colleague = UserFactory(username="mvidal", first_name="Martine", last_name="Vidal")
    play(game, "going_out", "Anne", user=colleague, Bruno=7, Chloé=9)
    response = link_client.post(f"/t/{game.link_token}/", hand(1, "going_out", 2, held_1="5"))
    html = response.content.decode()
    assert "Hand 1 was already entered from another device, by Martine Vidal." in html
    assert "mvidal" not in html


def test_the_conflict_names_the_player_who_entered_it_at_the_table(link_client, game):
    bruno = game.seats.get(player__name="Bruno")
    record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=7, Chloé=9),
        device="phone-of-bruno",
        entered_by_seat=bruno,
    )
    response = link_client.post(f"/t/{game.link_token}/", hand(1, held_2="7", held_3="9"))
    html = response.content.decode()
    assert "already saved from another device, by Bruno, exactly as you entered it" in html


def test_an_account_without_a_name_goes_by_its_user_name(link_client, game, organiser):
    play(game, "going_out", "Anne", user=organiser, Bruno=7, Chloé=9)
    response = link_client.post(f"/t/{game.link_token}/", hand(1, "going_out", 2, held_1="5"))
    assert "already entered from another device, by organiser." in response.content.decode()
