"""A table from the event page: close early and reopen, its private link, its game file."""

from __future__ import annotations

import json

import pytest

from tests.factories import make_game, play
from tournaments.events.services.gamefiles import export_game
from tournaments.events.services.rounds import close_round
from tournaments.models import Game, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(game):
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    return game


def test_closing_a_table_asks_first_then_closes_it(client, event, played, organiser):
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/tables/{played.id}/close/"
    page = client.get(url).content.decode()
    assert "Table 1" in page or "table 1" in page
    assert not Game.objects.get(pk=played.pk).closed
    response = client.post(url)
    assert response.url.endswith(f"#table-{played.id}")
    played.refresh_from_db()
    assert played.closed and played.finished and played.winner.name == "Anne"


def test_a_table_closed_before_any_hand_gets_no_result(client, event, game, organiser):
    # Players who left before the first hand: the table stops, nobody wins.
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/tables/{game.id}/close/")
    game = Game.objects.get(pk=game.pk)
    assert game.closed and not game.finished and game.winner is None


def test_reopening_a_closed_table(client, event, played, organiser):
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/tables/{played.id}/close/")
    client.post(f"/manage/events/{event.id}/tables/{played.id}/reopen/")
    played.refresh_from_db()
    assert not played.closed and not played.finished


def test_a_table_of_a_closed_round_stays_closed(client, event, played, organiser):
    close_round(round_=played.round)
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/tables/{played.id}/reopen/", follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert Game.objects.get(pk=played.pk).closed


def test_the_table_link_turns_off_and_on_and_keeps_its_token(client, event, game, organiser):
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/tables/{game.id}/link/"
    client.post(url, {"enabled": "0"})
    assert client.get(f"/t/{game.link_token}/").status_code == 404
    client.force_login(organiser)
    client.post(url, {"enabled": "1"})
    refreshed = Game.objects.get(pk=game.pk)
    assert refreshed.link_enabled and refreshed.link_token == game.link_token
    assert game.history.first().history_change_reason == "table link on"


def test_a_new_link_asks_first_then_replaces_the_old_one(client, event, game, organiser):
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/tables/{game.id}/link/renew/"
    assert 'class="danger"' in client.get(url).content.decode()
    assert Game.objects.get(pk=game.pk).link_token == game.link_token
    client.post(url)
    renewed = Game.objects.get(pk=game.pk)
    assert renewed.link_token != game.link_token and renewed.link_enabled
    assert client.get(f"/t/{game.link_token}/").status_code == 404
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert f"/t/{renewed.link_token}/" in page


def test_the_game_file_downloads_as_json(client, played, organiser):
    client.force_login(organiser)
    response = client.get(f"/games/{played.id}/export.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    assert "round-1-table-1.json" in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document == export_game(played)
    assert document["players"] == ["Anne", "Bruno", "Chloé"] and document["pot"] == "15.00"
    assert "Chloé" in response.content.decode()  # readable UTF-8, not \u escapes


@pytest.mark.parametrize("hands", [2, 20])
def test_the_export_query_count_does_not_grow_with_hands(
    hands, client, event, organiser, django_assert_max_num_queries
):
    game = make_game(event, options={"target": 10_000})
    for _hand in range(hands):
        play(game, "going_out", "Anne", Bruno=3, Chloé=4)
    client.force_login(organiser)
    with django_assert_max_num_queries(10):
        response = client.get(f"/games/{game.id}/export.json")
    assert len(json.loads(response.content)["hands"]) == hands


@pytest.mark.parametrize(
    ("action", "language", "says", "button"),
    [
        ("rounds/1/reseat/", "en", "printed sheets of this round stop working", "Seat again"),
        ("rounds/1/close/", "fr", "plus aucune donne", "Fermer la ronde"),
        ("tables/{game}/close/", "en", "You can reopen it later.", "Close the table"),
        ("tables/{game}/link/renew/", "fr", "son code QR cessent", "Créer un nouveau lien"),
    ],
)
def test_each_question_says_what_the_action_does_and_names_its_button(
    client, event, game, organiser, action, language, says, button
):
    client.force_login(organiser)
    client.cookies["django_language"] = language
    url = f"/manage/events/{event.id}/" + action.format(game=game.id)
    page = client.get(url).content.decode()
    assert says in page
    assert f'class="danger">{button}</button>' in page


@pytest.mark.parametrize(
    ("action", "done"),
    [
        ("rounds/1/reseat/", "Le placement de la ronde 1 a été refait."),
        ("rounds/1/close/", "La ronde 1 est fermée."),
        ("tables/{game}/close/", "La table 1 est fermée."),
        ("tables/{game}/link/renew/", "La table 1 a un nouveau lien."),
    ],
)
def test_each_confirmed_action_says_what_it_did_in_french(
    client, event, game, organiser, action, done
):
    for seat in game.seats.all():  # here tonight: the round can be seated again
        Registration.objects.create(event=event, player_id=seat.player_id, checked_in=True)
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    url = f"/manage/events/{event.id}/" + action.format(game=game.id)
    page = client.post(url, follow=True).content.decode()
    assert done in _plain(page)


def _plain(page: str) -> str:
    """The page with its no-break spaces as plain ones (French typography puts them in)."""
    return page.replace("\u00a0", " ").replace("\u202f", " ")
