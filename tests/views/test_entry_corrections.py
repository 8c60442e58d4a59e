"""Correcting a hand and deleting the last one: organisers only, always with a reason."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.factories import play
from tests.views.entry_support import hand

pytestmark = pytest.mark.django_db


def correct_url(game, number: int) -> str:
    return reverse("entry:correct", kwargs={"game_id": game.pk, "number": number})


def delete_url(game) -> str:
    return reverse("entry:delete_last", kwargs={"game_id": game.pk})


def totals(game) -> list[int]:
    return [seat.total for seat in game.seats.order_by("position")]


def test_the_correction_form_is_prefilled_with_the_stored_facts(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "rami_sec", "Bruno", Anne="KD 7S", Chloé=4)
    response = organiser_client.get(correct_url(game, 2))
    assert response.status_code == 200
    form = response.context["form"]
    assert form["how"].value() == "rami_sec"
    assert form["ended_by"].value() == "2"
    assert form["held_1"].value() == "KD 7S"
    assert form["held_3"].value() == "4"
    assert form.mode_value == "cards"
    html = response.content.decode()
    assert 'name="reason"' in html
    assert "Save the correction" in html


def test_a_correction_changes_the_totals_and_keeps_the_reason(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=5, Chloé=5)
    data = {**hand(1, held_2="12", held_3="20"), "reason": "Bruno had 12"}
    response = organiser_client.post(correct_url(game, 1), data)
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Hand 1 corrected."]
    assert totals(game) == [0, 17, 25]
    stored = game.hands.get(number=1)
    assert stored.history.first().history_change_reason == "Bruno had 12"
    page = organiser_client.get(correct_url(game, 1)).content.decode()
    assert "Bruno had 12" in page and "organiser" in page


def test_a_correction_without_a_reason_changes_nothing(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    response = organiser_client.post(correct_url(game, 1), hand(1, held_2="12", held_3="20"))
    assert response.status_code == 400
    assert response.context["form"].errors["reason"]
    assert totals(game) == [0, 10, 20]


def test_a_correction_the_rules_refuse_shows_the_error_beside_the_field(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    data = {**hand(1, held_2="ZZ", held_3="20"), "reason": "typo"}
    data["mode"] = "cards"  # in counts mode ZZ is no count (test_entry_save)
    response = organiser_client.post(correct_url(game, 1), data)
    assert response.status_code == 400
    assert "ZZ is not a card code" in response.context["form"].errors["held_2"][0]
    assert totals(game) == [0, 10, 20]


def test_the_posted_hand_number_cannot_redirect_a_correction(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=5, Chloé=5)
    data = {**hand(2, held_2="1", held_3="1"), "reason": "typo"}
    organiser_client.post(correct_url(game, 1), data)
    lines = {hand.number: hand.lines.get(seat__position=2).held_count for hand in game.hands.all()}
    assert lines == {1: 1, 2: 5}


def test_correcting_an_unknown_hand_is_not_found(organiser_client, game):
    assert organiser_client.get(correct_url(game, 3)).status_code == 404


def test_the_correction_preview_needs_no_reason(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=5, Chloé=5)
    url = reverse("entry:correct_preview", kwargs={"game_id": game.pk, "number": 1})
    response = organiser_client.post(
        url, hand(1, held_2="1", held_3="2"), HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER="preview"
    )
    rows = response.context["preview"].rows
    assert [(row.points, row.total) for row in rows] == [(0, 0), (1, 1), (2, 2)]
    assert response.context["problems"] == []
    assert totals(game) == [0, 15, 25]


def test_a_correction_can_end_the_game_and_show_the_winner(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    data = {**hand(1, held_2="100", held_3="20"), "reason": "Bruno had 100"}
    organiser_client.post(correct_url(game, 1), data)
    game.refresh_from_db()
    assert game.finished and game.winner.name == "Anne"


def test_the_correction_page_takes_the_same_queries_whatever_the_number_of_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    organiser_client.get(correct_url(game, 1))
    # The game sheet, the session and user, and the hand's history (its records and its
    # lines' records, for what each correction changed).
    with django_assert_max_num_queries(10):
        assert organiser_client.get(correct_url(game, 1)).status_code == 200


# Deleting the last hand


def test_deleting_asks_for_confirmation_first(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    response = organiser_client.get(delete_url(game))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Delete hand 2?" in html
    stored = response.context["stored"]
    assert stored.outcome == "Anne · Went out"
    assert [(row.name, row.stored) for row in stored.rows] == [
        ("Anne", "–"),
        ("Bruno", "5"),
        ("Chloé", "7"),
    ]
    assert game.hands.count() == 2


def test_deleting_the_last_hand_with_a_reason(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    response = organiser_client.post(delete_url(game), {"number": 2, "reason": "entered twice"})
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Hand 2 deleted."]
    assert list(game.hands.values_list("number", flat=True)) == [1]
    assert totals(game) == [0, 10, 20]


def test_deleting_without_a_reason_deletes_nothing(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    response = organiser_client.post(delete_url(game), {"number": 1, "reason": " "})
    assert response.status_code == 400
    assert response.context["form"].errors["reason"]
    assert game.hands.count() == 1


def test_deleting_checks_the_last_hand_is_still_the_one_shown(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)  # entered while the page was open
    response = organiser_client.post(delete_url(game), {"number": 1, "reason": "wrong"})
    assert response.status_code == 400
    assert "The last hand is now hand 2" in response.content.decode()
    assert 'name="number" value="2"' in response.content.decode()
    assert game.hands.count() == 2


def test_deleting_when_there_is_no_hand_says_so(organiser_client, game):
    response = organiser_client.get(delete_url(game))
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["There is no hand to delete."]


def test_a_deletion_reopens_a_finished_game(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=100, Chloé=20)
    organiser_client.post(delete_url(game), {"number": 1, "reason": "wrong table"})
    game.refresh_from_db()
    assert not game.finished and game.winner is None
    page = organiser_client.get(reverse("entry:enter", kwargs={"game_id": game.pk}))
    assert 'id="hand-form"' in page.content.decode()


def test_the_delete_page_and_a_correction_take_the_same_queries_whatever_the_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    organiser_client.get(delete_url(game))
    with django_assert_max_num_queries(8):
        assert organiser_client.get(delete_url(game)).status_code == 200
    data = {**hand(1, held_2="2", held_3="1"), "reason": "typo"}
    with django_assert_max_num_queries(34):
        assert organiser_client.post(correct_url(game, 1), data).status_code == 302
    with django_assert_max_num_queries(31):
        response = organiser_client.post(delete_url(game), {"number": hands, "reason": "x"})
    assert response.status_code == 302


def test_a_correction_from_a_page_read_before_another_correction_is_refused(
    organiser_client, game, club
):
    """Two organisers correct the same hand: the second, whose page showed the hand before
    the first's correction, is refused with the hand as it is now (no change lost)."""
    from django.test import Client

    from tests.factories import UserFactory
    from tests.page import form_fields

    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    claire = UserFactory(username="claire")
    club.organisers.add(claire)
    colleague = Client()
    colleague.force_login(claire)
    url = correct_url(game, 1)
    mine = form_fields(organiser_client.get(url).content, action=url)
    theirs = form_fields(colleague.get(url).content, action=url)
    first = {**theirs, "held_2": "12", "reason": "Bruno had 12"}
    assert colleague.post(correct_url(game, 1), first).status_code == 302

    response = organiser_client.post(
        correct_url(game, 1), {**mine, "held_3": "25", "reason": "Chloé had 25"}
    )

    assert response.status_code == 409
    assert "was changed while you were correcting it" in response.content.decode()
    assert totals(game) == [0, 12, 20]
    # His hand as he typed it, beside the hand as stored now: saved again, it is his choice.
    again = form_fields(response.content, action=url)
    assert (again["held_2"], again["held_3"]) == ("10", "25")
    assert organiser_client.post(url, again).status_code == 302
    assert totals(game) == [0, 10, 25]
