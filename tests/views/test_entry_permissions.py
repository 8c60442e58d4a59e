"""The permission matrix of every hand entry page that writes: who gets through, who is sent
to the login page or refused, and that nothing is stored when refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_game, play
from tests.views.entry_support import IDENTITIES, client_as, hand
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

# On /games/<id>/...: the event's organisers and site admins only; a table link opens its
# table's /t/ page, never these.
ORGANISER_PAGES = {
    "anonymous": "login",
    "link_this": "login",
    "link_other": "login",
    "other_organiser": 403,
    "organiser": "ok",
    "admin": "ok",
}


@pytest.fixture
def other_game(event):
    return make_game(event, players=("Denis", "Emma", "Fanny"), table_number=2)


@pytest.fixture
def provisional(event, game):
    """Hand 1 entered from a table-link device, waiting for a second person to confirm it."""
    event.confirmation_required = True
    event.save()
    game.event.refresh_from_db()
    stored = play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    Hand.objects.filter(pk=stored.pk).update(entered_from="device-that-entered-it")
    return stored


def check(response, expected, game, *, stored: bool) -> None:
    """The response for this identity, and whether the write happened."""
    if expected == "login":
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
        assert not stored
    elif expected == 403:
        assert response.status_code == 403
        assert not stored
    else:
        assert response.status_code == 302
        assert response.url.startswith(reverse("entry:enter", kwargs={"game_id": game.pk}))
        assert stored


@pytest.mark.parametrize("who", IDENTITIES)
def test_entering_a_hand_on_the_organiser_page(who, game, other_game, organiser):
    client = client_as(who, game, other_game, organiser)
    response = client.post(
        reverse("entry:enter", kwargs={"game_id": game.pk}), hand(1, held_2="3", held_3="4")
    )
    check(response, ORGANISER_PAGES[who], game, stored=game.hands.exists())


@pytest.mark.parametrize("who", IDENTITIES)
def test_previewing_on_the_organiser_page(who, game, other_game, organiser):
    client = client_as(who, game, other_game, organiser)
    response = client.post(
        reverse("entry:preview", kwargs={"game_id": game.pk}), hand(1, held_2="3", held_3="4")
    )
    expected = ORGANISER_PAGES[who]
    if expected == "ok":
        assert response.status_code == 200
        assert response.context["preview"].rows[1].points == 3
    else:
        check(response, expected, game, stored=False)
    assert not game.hands.exists()


@pytest.mark.parametrize("who", IDENTITIES)
def test_correcting_a_hand(who, game, other_game, organiser):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    client = client_as(who, game, other_game, organiser)
    url = reverse("entry:correct", kwargs={"game_id": game.pk, "number": 1})
    response = client.post(url, {**hand(1, held_2="11", held_3="20"), "reason": "typo"})
    bruno = game.hands.get().lines.get(seat__position=2)
    check(response, ORGANISER_PAGES[who], game, stored=bruno.held_count == 11)


@pytest.mark.parametrize("who", IDENTITIES)
def test_deleting_the_last_hand(who, game, other_game, organiser):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    client = client_as(who, game, other_game, organiser)
    url = reverse("entry:delete_last", kwargs={"game_id": game.pk})
    response = client.post(url, {"number": 1, "reason": "entered twice"})
    check(response, ORGANISER_PAGES[who], game, stored=not game.hands.exists())


@pytest.mark.parametrize("who", IDENTITIES)
def test_confirming_a_hand_on_the_organiser_page(who, game, other_game, organiser, provisional):
    client = client_as(who, game, other_game, organiser)
    url = reverse("entry:confirm", kwargs={"game_id": game.pk, "number": 1})
    response = client.post(url)
    provisional.refresh_from_db()
    check(response, ORGANISER_PAGES[who], game, stored=not provisional.is_provisional)


@pytest.mark.parametrize("who", IDENTITIES)
def test_whoever_holds_the_table_link_enters_hands_for_that_table(who, game, other_game, organiser):
    client = client_as(who, game, other_game, organiser)
    response = client.post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    assert response.status_code == 302
    assert response.url.startswith(f"/t/{game.link_token}/")
    assert game.hands.count() == 1
    assert not other_game.hands.exists()


@pytest.mark.parametrize("who", IDENTITIES)
def test_whoever_holds_the_table_link_confirms_hands_of_that_table(
    who, game, other_game, organiser, provisional
):
    client = client_as(who, game, other_game, organiser)
    # Whoever holds the link names the player who confirms (an organiser needs not).
    response = client.post(f"/t/{game.link_token}/hands/1/confirm/", {"confirmer": "3"})
    assert response.status_code == 302
    provisional.refresh_from_db()
    assert not provisional.is_provisional


def test_the_link_of_another_table_only_reaches_that_table(game, other_game, organiser):
    client = client_as("link_other", game, other_game, organiser)
    response = client.post(f"/t/{other_game.link_token}/", hand(1, held_2="3", held_3="4"))
    assert response.status_code == 302
    assert other_game.hands.count() == 1
    assert not game.hands.exists()


def test_the_link_of_another_table_cannot_confirm_this_tables_hand(
    game, other_game, organiser, provisional
):
    client = client_as("link_other", game, other_game, organiser)
    response = client.post(f"/t/{other_game.link_token}/hands/1/confirm/", {"confirmer": "3"})
    assert response.status_code == 404
    provisional.refresh_from_db()
    assert provisional.is_provisional


def test_a_disabled_or_renewed_link_writes_nothing(game, other_game, organiser):
    client = client_as("link_this", game, other_game, organiser)
    old_token = game.link_token
    game.link_enabled = False
    game.save()
    assert client.post(f"/t/{old_token}/", hand(1, held_2="3", held_3="4")).status_code == 404
    assert client.post(f"/t/{old_token}/preview/", hand(1)).status_code == 404
    game.link_enabled, game.link_token = True, "renewed-token"
    game.save()
    assert client.post(f"/t/{old_token}/", hand(1, held_2="3", held_3="4")).status_code == 404
    assert not game.hands.exists()


def test_the_table_link_has_no_correction_or_deletion_pages(game):
    assert client_post_status(f"/t/{game.link_token}/hands/1/correct/") == 404
    assert client_post_status(f"/t/{game.link_token}/hands/delete-last/") == 404


def client_post_status(url: str) -> int:
    from django.test import Client

    return Client().post(url, {"reason": "x"}).status_code


def test_reading_pages_refuse_other_methods(client, organiser, game):
    client.force_login(organiser)
    assert client.get(reverse("entry:preview", kwargs={"game_id": game.pk})).status_code == 405
    url = reverse("entry:confirm", kwargs={"game_id": game.pk, "number": 1})
    assert client.put(url).status_code == 405  # the confirm screen is GET, confirming POST
