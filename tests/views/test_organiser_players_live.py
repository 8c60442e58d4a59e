"""Players added without a page load (htmx swaps the players part in), a pasted list of names
registered in one step, and the same actions without JavaScript."""

from __future__ import annotations

import pytest

from tests.factories import make_game
from tournaments.events.services.events import register_player
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def url(event, what: str = "") -> str:
    return f"/manage/events/{event.id}/players/{what}"


def test_with_htmx_an_add_answers_the_players_part_with_the_counts_and_what_it_did(
    organiser_client, event
):
    register_player(event=event, name="Anne")

    response = organiser_client.post(url(event), {"name": "Bruno"}, headers=HTMX)

    assert response.status_code == 200
    part = response.content.decode()
    assert '<div id="players-body"' in part
    assert "<html" not in part and "Anne" in part and "Bruno" in part
    assert 'id="present-count" hx-swap-oob="true">2 present<' in part
    assert 'id="seat-count" hx-swap-oob="true">2 players present will be seated.' in part
    assert "Bruno is in." in part.split('id="players-said"')[1]
    # The name field is empty again, and has the focus for the next name.
    field = part.split('id="id_name"')[1].split(">")[0]
    assert "autofocus" in field and "value=" not in field


def test_with_htmx_a_refused_name_stays_in_the_field_with_the_reason(organiser_client, event):
    response = organiser_client.post(url(event), {"name": "Anne\x1b"}, headers=HTMX)

    assert response.status_code == 200
    part = response.content.decode()
    assert "holds a control character" in part.split('id="players-said"')[1]
    assert 'value="Anne\x1b"' in part
    assert not Registration.objects.exists()


def test_the_seating_count_is_not_sent_while_a_round_is_in_play(organiser_client, event):
    make_game(event)

    part = organiser_client.post(url(event), {"name": "Denis"}, headers=HTMX).content.decode()

    assert 'id="seat-count"' not in part and 'id="present-count"' in part


def test_a_pasted_list_registers_everyone_and_says_who_was_already_in(organiser_client, event):
    register_player(event=event, name="Anne")

    response = organiser_client.post(
        url(event, "list/"), {"names": "Bruno\r\n\r\nanne\r\nChloé\r\n"}, follow=True
    )

    assert response.redirect_chain[-1][0] == f"/manage/events/{event.id}/#players"
    page = response.content.decode()
    assert "2 players added. Already in the event: Anne." in page
    names = event.registrations.filter(checked_in=True).values_list("player__name", flat=True)
    assert sorted(names) == ["Anne", "Bruno", "Chloé"]


def test_a_refused_list_comes_back_as_typed_without_javascript(organiser_client, event):
    typed = "Bruno\r\nChloé\r\nbruno"

    response = organiser_client.post(url(event, "list/"), {"names": typed})

    assert response.status_code == 400
    page = response.content.decode()
    assert "Bruno is written twice (lines 1 and 3)" in page
    # The list is kept, in its open box, to be fixed rather than typed again.
    assert '<details class="add-players" id="add-players" open>' in page
    assert f"{typed}</textarea>" in page
    assert not Registration.objects.exists()


def test_with_htmx_a_refused_list_comes_back_as_typed(organiser_client, event):
    response = organiser_client.post(
        url(event, "list/"), {"names": "Anne\n" + "x" * 81}, headers=HTMX
    )

    part = response.content.decode()
    assert response.status_code == 200
    assert "Line 2: A name has at most 80 characters" in part.split('id="players-said"')[1]
    assert "Anne\n" + "x" * 81 + "</textarea>" in part
    assert not Registration.objects.exists()


def test_an_empty_list_is_refused_with_a_sentence(organiser_client, event):
    part = organiser_client.post(url(event, "list/"), {"names": "\n \n"}, headers=HTMX)

    assert "Write the players&#x27; names, one per line." in part.content.decode()


def test_with_htmx_a_presence_action_answers_the_players_part(organiser_client, event):
    registration = register_player(event=event, name="Anne")

    response = organiser_client.post(
        url(event, f"{registration.id}/"), {"action": "check_out"}, headers=HTMX
    )

    part = response.content.decode()
    assert response.status_code == 200 and "<html" not in part
    assert f'id="presence-{registration.id}">Check in<' in part.replace('class="small" ', "")
    assert ">0 present<" in part


@pytest.mark.parametrize("players", [2, 40])
def test_the_players_part_costs_the_same_queries_whatever_the_players(
    players, organiser_client, event, django_assert_max_num_queries
):
    for number in range(players):
        register_player(event=event, name=f"Joueur {number}")
    make_game(event, players=["Joueur 0", "Joueur 1"])
    registration = event.registrations.first()

    # The session and the organiser's rights, the change, then the players part: four reads.
    with django_assert_max_num_queries(14):
        response = organiser_client.post(
            url(event, f"{registration.id}/"), {"action": "check_out"}, headers=HTMX
        )

    assert response.content.decode().count('class="row-actions"') == players
