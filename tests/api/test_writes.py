"""Writes through the API: only with a token of the right scope for the event; each goes
through the page's service (the same rules, conflicts and history)."""

from __future__ import annotations

import pytest

from tests.api.conftest import bearer
from tests.factories import EventFactory, PlayerFactory
from tournaments.models import Hand, Registration, Round

pytestmark = pytest.mark.django_db

HAND = {
    "number": 1,
    "how": "going_out",
    "ended_by": "Anne",
    "held": [{"player": "Bruno", "count": 10}, {"player": "Chloé", "cards": "KS QS 7H"}],
}


def post(client, path: str, body: dict | None = None, **headers):
    return client.post("/api/v1" + path, body or {}, content_type="application/json", **headers)


def test_an_enter_token_enters_the_next_hand(client, game, token_for):
    secret = token_for(game.event.club, "enter")
    answer = post(client, f"/games/{game.pk}/hands", HAND, **bearer(secret))
    assert answer.status_code == 201, answer.content
    assert answer.json()["number"] == 1
    hand = Hand.objects.get(game=game)
    assert hand.entered_from.startswith("api:rms_")
    assert hand.entered_by.username == "organiser"  # the token's maker answers for it
    assert {line.seat.player.name: line.counted for line in hand.lines.all()} == {
        "Anne": None,
        "Bruno": 10,
        "Chloé": 27,
    }


def test_the_same_entry_sent_again_is_stored_once(client, game, token_for):
    secret = token_for(game.event.club, "enter")
    first = post(client, f"/games/{game.pk}/hands", {**HAND, "key": "abc"}, **bearer(secret))
    again = post(client, f"/games/{game.pk}/hands", {**HAND, "key": "abc"}, **bearer(secret))
    assert (first.status_code, again.status_code) == (201, 200)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_number_already_taken_is_a_409_that_names_the_next_one(client, game, token_for):
    secret = token_for(game.event.club, "enter")
    post(client, f"/games/{game.pk}/hands", HAND, **bearer(secret))
    answer = post(client, f"/games/{game.pk}/hands", HAND, **bearer(secret))
    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "Hand 2 is the next one to enter: another entry got there first."
    )


def test_the_rules_refusal_lists_each_problem(client, game, token_for):
    secret = token_for(game.event.club, "enter")
    bad = {**HAND, "held": [{"player": "Bruno", "count": -4}]}
    answer = post(client, f"/games/{game.pk}/hands", bad, **bearer(secret))
    assert answer.status_code == 400
    assert answer.json()["problems"]
    assert not Hand.objects.exists()


def test_a_player_not_at_the_table_is_a_400_that_names_the_table_s_players(client, game, token_for):
    secret = token_for(game.event.club, "enter")
    bad = {**HAND, "ended_by": "Zoé"}
    answer = post(client, f"/games/{game.pk}/hands", bad, **bearer(secret))
    assert answer.status_code == 400
    assert (
        "Zoé does not sit at this table (players: Anne, Bruno, Chloé)." in answer.json()["detail"]
    )


@pytest.mark.parametrize(
    ("scopes", "other_club", "status"),
    [(("read",), False, 403), (("enter",), True, 403), ((), False, 401)],
)
def test_entering_needs_the_enter_scope_for_the_event_s_club(
    client, game, token_for, scopes, other_club, status
):
    headers = {}
    if scopes:
        club = EventFactory().club if other_club else game.event.club
        headers = bearer(token_for(club, *scopes))
    answer = post(client, f"/games/{game.pk}/hands", HAND, **headers)
    assert answer.status_code == status
    assert not Hand.objects.exists()


def test_a_token_of_one_event_enters_nothing_at_another_event(client, game, token_for):
    other = EventFactory(club=game.event.club)
    secret = token_for(game.event.club, "enter", event=other)
    assert post(client, f"/games/{game.pk}/hands", HAND, **bearer(secret)).status_code == 403


def test_a_wrong_token_is_a_401_even_on_a_public_read(client, event):
    answer = client.get(f"/api/v1/events/{event.pk}", **bearer("rms_wrong"))
    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Bearer"


def test_an_organise_token_seats_and_closes_a_round(client, event, token_for):
    for name in ("Anne", "Bruno", "Chloé", "Denis"):
        Registration.objects.create(
            event=event, player=PlayerFactory(club=event.club, name=name), checked_in=True
        )
    secret = token_for(event.club, "organise")
    seated = post(client, f"/events/{event.pk}/rounds", {}, **bearer(secret))
    assert seated.status_code == 201, seated.content
    assert seated.json()["number"] == 1
    again = post(client, f"/events/{event.pk}/rounds", {}, **bearer(secret))
    assert again.status_code == 400
    assert "Round 1 is still open" in again.json()["problems"][0]
    closed = post(client, f"/events/{event.pk}/rounds/1/close", **bearer(secret))
    assert closed.status_code == 200
    assert Round.objects.get(event=event).is_closed
    enter_only = token_for(event.club, "enter")
    assert post(client, f"/events/{event.pk}/rounds", {}, **bearer(enter_only)).status_code == 403


def test_a_malformed_body_is_a_422_that_says_which_field(client, game, token_for):
    secret = token_for(game.event.club, "enter")
    answer = post(client, f"/games/{game.pk}/hands", {"number": "one"}, **bearer(secret))
    assert answer.status_code == 422
    assert any(problem.startswith("body.hand.number") for problem in answer.json()["problems"])
