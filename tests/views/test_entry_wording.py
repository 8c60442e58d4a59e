"""How the entry and correction pages word things: a refused save says why where the points
would be, money in euros, the French colon, and the hand's history in the hand's gender."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory, play
from tests.views.entry_support import hand
from tournaments.play.display.audit import display_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client(client, organiser):
    organiser.first_name, organiser.last_name = "Marie", "Curie"
    organiser.save()
    client.force_login(organiser)
    return client


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def correct_url(game, number: int) -> str:
    return reverse("entry:correct", kwargs={"game_id": game.pk, "number": number})


def preview_box(html: str) -> str:
    return html.split('id="preview"')[1].split('<div class="form-actions">')[0]


def test_a_refused_save_says_why_where_the_points_would_be(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_2="-5", held_3="9"))
    assert response.status_code == 400
    assert not game.hands.exists()
    box = preview_box(response.content.decode())
    assert "This hand cannot be saved yet:" in box
    assert "<li>Bruno: " in box
    assert "appear here once it is complete" not in box


def test_a_refused_correction_says_why_too(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    data = {**hand(1, held_2="-5", held_3="9"), "reason": "recount"}
    response = organiser_client.post(correct_url(game, 1), data)
    assert response.status_code == 400
    box = preview_box(response.content.decode())
    assert "<li>Bruno: " in box


def test_a_missing_reason_is_said_beside_its_field_not_in_the_points_box(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    response = organiser_client.post(correct_url(game, 1), hand(1, held_2="8", held_3="9"))
    box = preview_box(response.content.decode())
    assert "correcting this hand" not in box
    assert response.context["form"].errors["reason"]


def test_an_unchanged_form_still_shows_the_hint(organiser_client, game):
    box = preview_box(organiser_client.get(enter_url(game)).content.decode())
    assert "The points of the hand appear here once it is complete." in box


def test_the_problems_read_with_the_french_colon(organiser_client, game):
    response = organiser_client.post(
        enter_url(game), hand(1, held_2="-5", held_3="9"), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert "<li>Bruno\u00a0: " in preview_box(response.content.decode())


def test_the_final_ranking_reads_in_french_with_the_prize_in_euros(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=5)
    play(game, "going_out", "Anne", Bruno=50, Chloé=5)
    html = organiser_client.get(enter_url(game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    ranking = html.split('<ol class="ranking">')[1].split("</ol>")[0]
    assert "Anne\u00a0: 0 · gain 15,00\u00a0€" in ranking
    assert "Chloé\u00a0: 10" in ranking
    assert "Bruno\u00a0: 110" in ranking


def test_the_correction_page_history_agrees_with_donne_and_names_the_person(organiser_client, game):
    organiser_client.post(enter_url(game), hand(1, held_2="7", held_3="9"))
    organiser_client.post(
        correct_url(game, 1), {**hand(1, held_2="7", held_3="12"), "reason": "recompté"}
    )
    html = organiser_client.get(correct_url(game, 1), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    history = html.split('<ul class="history">')[1].split("</section>")[0]
    assert "Marie Curie · Donne 1 saisie" in history
    assert "Marie Curie · Donne 1 corrigée" in history
    assert "Motif\u00a0: recompté" in history
    assert "Chloé\u00a0: 9 → 12" in history
    assert "Créé" not in history and "Modifié" not in history
    # Newest first.
    assert history.index("corrigée") < history.index("saisie")


def test_the_public_history_names_the_person_as_the_record_sheet_does(organiser_client, game):
    organiser_client.post(enter_url(game), hand(1, held_2="7", held_3="9"))
    organiser_client.post(
        correct_url(game, 1), {**hand(1, held_2="7", held_3="12"), "reason": "recount"}
    )
    html = organiser_client.get(reverse("game", args=[game.pk])).content.decode()
    assert '<span class="who">Marie Curie</span>' in html
    assert '<span class="who">organiser</span>' not in html


def test_display_name_is_the_full_name_or_else_the_username(db):
    assert display_name(UserFactory(username="jdupont")) == "jdupont"
    named = UserFactory(username="mcurie", first_name="Marie", last_name="Curie")
    assert display_name(named) == "Marie Curie"
