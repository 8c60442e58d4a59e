"""Saving a hand (POST), its preview, the engine's errors beside their fields, and the
double-entry guard."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils.text import capfirst

from tests.factories import EventFactory, make_game, play
from tests.views.entry_support import hand
from tournaments.integrations.services.webhooks import listening
from tournaments.models import Hand, RatingUpdate, Standing

pytestmark = pytest.mark.django_db


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def preview_url(game) -> str:
    return reverse("entry:preview", kwargs={"game_id": game.pk})


def totals(game) -> list[int]:
    return [seat.total for seat in game.seats.order_by("position")]


def test_saving_a_hand_redirects_to_the_page_with_the_new_totals(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_2="12", held_3="30"))
    assert response.status_code == 302
    assert response.url == enter_url(game) + "?mode=counts"
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Hand 1 saved."]
    assert totals(game) == [0, 12, 30]
    stored = Hand.objects.get(game=game)
    assert stored.entered_by.username == "organiser"
    page = organiser_client.get(response.url)
    assert "Hand 1 saved." in page.content.decode()
    assert 'name="number" value="2"' in page.content.decode()


def test_a_zero_typed_for_who_went_out_is_accepted(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(1, held_1="0", held_2="12", held_3="30"))
    assert response.status_code == 302
    assert totals(game) == [0, 12, 30]


def test_cards_are_counted_by_the_engine(organiser_client, game):
    data = hand(1, held_2="kd 7s 3h", held_3="AS, AS")  # lower case and commas are fine
    data["mode"] = "cards"
    response = organiser_client.post(enter_url(game), data)
    assert response.status_code == 302
    assert response.url.endswith("?mode=cards")
    assert totals(game) == [0, 20, 22]
    line = game.hands.get().lines.get(seat__position=2)
    assert line.held_cards == "KD 7S 3H" and line.counted == 20


def test_a_gin_needs_no_count_for_the_player_who_went_gin(organiser_client, club):
    event = EventFactory(club=club, variant="gin-rummy")
    game = make_game(event, players=("Anne", "Bruno"))
    response = organiser_client.post(enter_url(game), hand(1, "gin", 2, held_1="20"))
    assert response.status_code == 302
    assert totals(game) == [0, 45]  # 25 for the gin + Anne's 20


def test_a_draw_is_ended_by_nobody_even_if_a_player_was_ticked(organiser_client, club):
    event = EventFactory(club=club, variant="gin-rummy")
    game = make_game(event, players=("Anne", "Bruno"))
    response = organiser_client.post(enter_url(game), hand(1, "draw", 1))
    assert response.status_code == 302
    stored = game.hands.get()
    assert stored.how == "draw" and stored.ended_by is None


def test_never_melded_counts_the_flat_penalty(organiser_client, club):
    event = EventFactory(club=club, variant="rami-jokers")
    game = make_game(event)
    data = hand(1, held_2="15", held_3="", never_3="on")
    assert organiser_client.post(enter_url(game), data).status_code == 302
    assert totals(game) == [0, 15, 100]


@pytest.mark.parametrize(
    ("variant", "players", "data", "field", "message"),
    [
        (
            "rami-penalites",
            ("Anne", "Bruno", "Chloé"),
            hand(1, held_2="-4", held_3="10"),
            "held_2",
            "a count cannot be negative (-4)",
        ),
        (
            "rami-penalites",
            ("Anne", "Bruno", "Chloé"),
            {**hand(1, held_2="KD XX", held_3="10"), "mode": "cards"},
            "held_2",
            "XX is not a card code",
        ),
        (
            "rami-penalites",
            ("Anne", "Bruno", "Chloé"),
            hand(1, held_2="12"),
            "held_3",
            "what Chloé held is missing",
        ),
        (
            "gin-rummy",
            ("Anne", "Bruno"),
            hand(1, "knock", 1, held_1="14", held_2="30"),
            "held_1",
            "a knock needs at most 10 deadwood, not 14",
        ),
        (
            "gin-rummy",
            ("Anne", "Bruno"),
            hand(1, "knock", "", held_1="4", held_2="30"),
            "ended_by",
            "say who ended the hand",
        ),
    ],
)
def test_the_engines_errors_appear_beside_their_field_and_nothing_is_stored(
    organiser_client, club, variant, players, data, field, message
):
    event = EventFactory(club=club, variant=variant)
    game = make_game(event, players=players)
    response = organiser_client.post(enter_url(game), data)
    assert response.status_code == 400
    form = response.context["form"]
    assert any(message in error for error in form.errors[field])
    assert shown_beside(response.content.decode(), field, capfirst(message))
    assert not Hand.objects.filter(game=game).exists()
    assert totals(game) == [0] * len(players)


def shown_beside(html: str, field: str, message: str) -> bool:
    """Whether the message is shown in the field's own block (its player or its step)."""
    start = html.index(f'name="{field}"')
    end = html.find('class="held', start + 1)
    return message in html[start : end if end > 0 else len(html)]


def test_the_same_king_twice_in_a_one_deck_game_is_a_form_error(organiser_client, club):
    event = EventFactory(club=club, variant="rummy", options={"target": 500})
    game = make_game(event)
    response = organiser_client.post(enter_url(game), hand(1, held_2="KD 2S", held_3="KD"))
    assert response.status_code == 400
    assert "KD appears 2 times, but the deck holds 1" in " ".join(
        response.context["form"].non_field_errors()
    )
    assert not game.hands.exists()


def test_a_missing_hand_number_is_an_error_not_a_crash(organiser_client, game):
    data = hand(1, held_2="1", held_3="2")
    del data["number"]
    response = organiser_client.post(enter_url(game), data)
    assert response.status_code == 400
    assert response.context["form"].errors["number"]
    assert "The page is out of date: reload it" in response.content.decode()
    assert not game.hands.exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [("how", "bluff"), ("ended_by", "9"), ("mode", "<b>"), ("held_2", "9" * 300)],
)
def test_tampered_values_are_form_errors_not_crashes(organiser_client, game, field, value):
    data = {**hand(1, held_2="1", held_3="2"), field: value}
    response = organiser_client.post(enter_url(game), data)
    assert response.status_code in (400, 302)
    if field == "mode":  # only the display mode: the hand is saved in counts mode
        assert response.url.endswith("?mode=counts")
    else:
        assert response.context["form"].errors[field]
        assert not game.hands.exists()


def test_posting_hand_five_twice_stores_it_once_and_shows_the_stored_hand(organiser_client, game):
    for _number in range(4):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    first = organiser_client.post(enter_url(game), hand(5, held_2="7", held_3="9"))
    second = organiser_client.post(
        enter_url(game), hand(5, "going_out", 2, held_1="40", held_3="1")
    )
    assert first.status_code == 302
    assert second.status_code == 409
    html = second.content.decode()
    assert "Hand 5 was already entered from another device, by organiser." in html
    # The counts to check at the table, each beside what this phone entered where it differs.
    rows = [(row.name, row.stored, row.entered) for row in second.context["conflict"].rows]
    assert rows == [("Anne", "–", "40"), ("Bruno", "7", "–"), ("Chloé", "9", "1")]
    assert second.context["conflict"].entered_outcome == "Bruno · Went out"
    assert 'name="number" value="6"' in html  # a fresh form for the next hand
    assert game.hands.count() == 5
    assert totals(game) == [0, 11, 13]


def test_a_hand_number_from_the_future_is_refused(organiser_client, game):
    response = organiser_client.post(enter_url(game), hand(3, held_2="7", held_3="9"))
    assert response.status_code == 409
    assert "Hand 3 cannot be entered: the next hand is hand 1." in response.content.decode()
    assert not game.hands.exists()


def test_a_hand_after_the_end_of_the_game_is_refused(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=100, Chloé=1)
    response = organiser_client.post(enter_url(game), hand(2, held_2="7", held_3="9"))
    assert response.status_code == 400
    assert "after the end of the game" in response.content.decode()
    assert game.hands.count() == 1


def test_a_closed_game_takes_no_more_hands(organiser_client, game):
    from tournaments.play.services.entry import close_game

    play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    close_game(game=game)
    response = organiser_client.post(enter_url(game), hand(2, held_2="7", held_3="9"))
    assert response.status_code == 400
    assert "closed by the organiser" in response.content.decode()
    assert game.hands.count() == 1


def test_saving_takes_the_same_queries_whatever_the_number_of_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    organiser_client.get(enter_url(game))  # the session gets its device id
    listening()  # who listens to webhooks: read once per process and half-minute, not per hand
    # 16 (32 before issue 25), two of them the test's own savepoint: the page's five reads
    # (its seats among them), the game locked, its hands read with their lines (1), the hand
    # and its lines each inserted with their history (4), the seats, the game and the event's
    # version updated (3).
    with django_assert_max_num_queries(16):
        response = organiser_client.post(enter_url(game), hand(hands + 1, held_2="3", held_3="4"))
    assert response.status_code == 302
    assert game.hands.count() == hands + 1


# Preview


def test_the_preview_fragment_shows_points_and_totals_after(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    response = organiser_client.post(
        preview_url(game), hand(2, "rami_sec", 2, held_1="5", held_3="8"), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    preview = response.context["preview"]
    assert preview.outcome == "Hand 2: Went rummy, won by Bruno"
    rows = [(row.name, row.counted, row.points, row.total) for row in preview.rows]
    assert rows == [("Anne", 5, 30, 30), ("Bruno", None, 0, 10), ("Chloé", 8, 33, 53)]
    assert game.hands.count() == 1


def test_without_javascript_the_preview_is_the_whole_page(organiser_client, game):
    response = organiser_client.post(preview_url(game), hand(1, held_2="12", held_3="30"))
    html = response.content.decode()
    assert "<html" in html and 'id="hand-form"' in html
    assert "Hand 1: Went out, won by Anne" in html
    assert 'value="12"' in html  # what was typed is kept
    assert not game.hands.exists()


def test_the_live_preview_stays_quiet_until_the_hand_is_complete(organiser_client, game):
    response = organiser_client.post(
        preview_url(game),
        hand(1, held_2="12"),
        HTTP_HX_REQUEST="true",
        HTTP_HX_TRIGGER="preview",
    )
    assert response.context["problems"] == []
    assert "appear here once it is complete" in response.content.decode()


def test_the_preview_button_lists_what_stops_the_hand(organiser_client, game):
    response = organiser_client.post(
        preview_url(game),
        hand(1, held_2="-1", held_3="4"),
        HTTP_HX_REQUEST="true",
        HTTP_HX_TRIGGER="preview-button",
    )
    assert response.context["problems"] == ["Bruno: a count cannot be negative (-1)"]


def test_the_preview_warns_when_the_hand_was_entered_meanwhile(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    response = organiser_client.post(
        preview_url(game), hand(1, held_2="3", held_3="4"), HTTP_HX_REQUEST="true"
    )
    assert "Hand 1 was already entered from another device." in response.content.decode()


def test_the_table_link_preview_works_without_an_account(client, game):
    response = client.post(
        f"/t/{game.link_token}/preview/", hand(1, held_2="3", held_3="4"), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert response.context["preview"].rows[2].total == 4


def test_saving_through_the_table_link_records_the_device(client, game):
    client.get(f"/t/{game.link_token}/")
    response = client.post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    assert response.status_code == 302
    assert response.url == f"/t/{game.link_token}/?mode=counts"
    stored = game.hands.get()
    assert stored.entered_by is None
    assert stored.entered_from == client.session["device"]


def test_the_preview_takes_the_same_queries_whatever_the_number_of_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    organiser_client.get(enter_url(game))
    data = hand(hands + 1, held_2="3", held_3="4")
    with django_assert_max_num_queries(11):
        response = organiser_client.post(preview_url(game), data, HTTP_HX_REQUEST="true")
    assert response.context["preview"].rows[1].total == hands + 3


def test_the_hand_that_ends_a_game_takes_the_same_queries_whatever_the_number_of_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    """A table's last hand also rates its players and rewrites their standings: at the end
    of a round, every table's at once."""
    organiser_client.get(enter_url(game))
    listening()
    # A hand's 16 (above), then: the club's ratings (the event's club and date, the club
    # locked, the round, whether anything is rated after this game, the players' last
    # ratings, theirs written: 6), the standings (their games' seats, their byes, their rows
    # deleted and written, whoever met them, the opponents' points, their version: 7), the
    # federation asked (1). 35 before: the game's ratings read (none: it was not finished),
    # and a savepoint each around the ratings and the standings (4).
    with django_assert_max_num_queries(30):
        response = organiser_client.post(enter_url(game), hand(hands + 1, held_2="3", held_3="100"))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.finished
    # Rated and counted in the standings all the same.
    assert RatingUpdate.objects.filter(game=game).count() == 3
    assert Standing.objects.filter(event=game.event, games=1).count() == 3
