"""Rounds from the event page: seat at random or by hand, seat again, close."""

from __future__ import annotations

import re

import pytest

from tests.factories import EventFactory, make_game, play
from tests.views.organiser_support import snapshot
from tournaments.events.services.events import register_player
from tournaments.models import Bye, Game, Round, Seat

pytestmark = pytest.mark.django_db

SEVEN = ["Anne", "Bruno", "Chloé", "Denis", "Élodie", "François", "Gérard"]


def register(event, names=SEVEN):
    return [register_player(event=event, name=name).player for name in names]


def post_by_hand(client, event, *tables: str, boxes: int | None = None):
    """Post the seating-by-hand form: one box of names per table (and `boxes` in all)."""
    data = {"tables": str(boxes or len(tables))}
    data |= {f"table_{number}": names for number, names in enumerate(tables, start=1)}
    return client.post(f"/manage/events/{event.id}/rounds/by-hand/", data)


def test_seating_seven_players_at_random_makes_a_table_of_four_and_one_of_three(
    client, event, organiser
):
    register(event)
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/rounds/", {"method": "random"})
    assert response.status_code == 302
    games = list(Game.objects.filter(event=event).order_by("table_number"))
    assert sorted(game.seats.count() for game in games) == [3, 4]
    assert all(game.pot == 5 * game.seats.count() for game in games)


def test_a_club_night_is_always_seated_at_random(client, event, organiser):
    register(event)
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/rounds/", {"method": "swiss"})
    assert Round.objects.get(event=event).seating_method == "random"


def test_a_tournament_uses_the_chosen_method(client, club, organiser):
    event = EventFactory(club=club, kind="tournament", variant="gin-rummy")
    register(event, SEVEN[:6])
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/rounds/", {"method": "balanced"})
    assert Round.objects.get(event=event).seating_method == "balanced"


def test_seating_too_few_players_says_why_and_stores_nothing(client, event, organiser):
    register(event, ["Anne"])
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/rounds/", {"method": "random"}, follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert not Round.objects.exists()


def test_a_bad_method_is_400(client, event, organiser):
    client.force_login(organiser)
    assert client.post(f"/manage/events/{event.id}/rounds/", {"method": "x"}).status_code == 400


def test_seating_by_hand_keeps_the_written_order(client, event, organiser):
    register(event)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/rounds/by-hand/").content.decode()
    assert 'name="table_3"' in page  # two tables by the split, and a spare box
    # The boxes start with the present players, in tables of suitable sizes.
    assert "Anne\nBruno\nChloé\nDenis</textarea>" in page
    second = re.search(r'name="table_2"[^>]*>\n?([^<]*)</textarea>', page).group(1)
    assert sorted(second.split("\n")) == ["François", "Gérard", "Élodie"]
    response = post_by_hand(
        client, event, "gérard\nAnne\n\nBruno", "Chloé\nDenis\nÉlodie\nFrançois", boxes=3
    )
    assert response.status_code == 302
    seats = Seat.objects.filter(game__event=event).order_by("game__table_number", "position")
    assert [(s.game.table_number, s.player.name) for s in seats] == [
        (1, "Gérard"),
        (1, "Anne"),
        (1, "Bruno"),
        (2, "Chloé"),
        (2, "Denis"),
        (2, "Élodie"),
        (2, "François"),
    ]


@pytest.mark.parametrize(
    "tables, message",
    [
        (
            {"table_1": "Anne\nBruno\nChloé\nDenis\nZoé", "table_2": "Élodie\nFrançois\nGérard"},
            "Zoé",
        ),
        (
            {"table_1": "Anne\nBruno\nChloé\nAnne", "table_2": "Denis\nÉlodie\nFrançois\nGérard"},
            "Anne",
        ),
        ({"table_1": "Anne\nBruno\nChloé", "table_2": "Denis\nÉlodie"}, "François"),
        ({"table_1": "Anne", "table_2": "Bruno\nChloé\nDenis\nÉlodie\nFrançois\nGérard"}, "1"),
    ],
    ids=["unknown name", "seated twice", "someone left out", "table too small"],
)
def test_seating_by_hand_explains_what_is_wrong(tables, message, client, event, organiser):
    register(event)
    client.force_login(organiser)
    before = snapshot()
    response = client.post(f"/manage/events/{event.id}/rounds/by-hand/", {"tables": "3", **tables})
    assert response.status_code == 400
    errors = " ".join(str(e) for e in response.context["form"].errors.values())
    assert message in errors
    assert snapshot() == before
    assert "Anne" in response.content.decode()  # what was typed is kept


def test_one_more_table_keeps_what_was_typed(client, event, organiser):
    register(event)
    client.force_login(organiser)
    data = {"tables": "2", "table_1": "Anne\nBruno", "add_table": "1"}
    response = client.post(f"/manage/events/{event.id}/rounds/by-hand/", data)
    page = response.content.decode()
    assert response.status_code == 200 and 'name="table_3"' in page
    assert "Anne\nBruno</textarea>" in page and "errorlist" not in page
    assert not Round.objects.exists()


def test_seating_again_asks_then_replaces_the_tables(client, event, organiser):
    register(event)
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/rounds/", {"method": "random"})
    first_ids = set(Game.objects.values_list("id", flat=True))
    page = client.get(f"/manage/events/{event.id}/rounds/1/reseat/").content.decode()
    assert '<form method="post"' in page and 'class="danger"' in page
    assert set(Game.objects.values_list("id", flat=True)) == first_ids
    client.post(f"/manage/events/{event.id}/rounds/1/reseat/")
    assert Round.objects.get().number == 1
    assert not first_ids & set(Game.objects.values_list("id", flat=True))
    assert Seat.objects.count() == 7


def test_seating_again_is_refused_once_a_hand_is_entered(client, event, organiser):
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=5, Chloé=5)
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/rounds/1/reseat/", follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert Game.objects.filter(pk=game.pk).exists()


def test_closing_the_round_closes_the_unfinished_tables(client, event, organiser):
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=5, Chloé=8)
    client.force_login(organiser)
    client.post(f"/manage/events/{event.id}/rounds/1/close/")
    game.refresh_from_db()
    assert game.closed and game.finished and game.winner.name == "Anne"
    assert Round.objects.get().is_closed
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert f'action="/manage/events/{event.id}/rounds/"' in page  # the next round may be seated


def test_seating_by_hand_warns_while_a_round_is_open(client, event, organiser):
    register(event)
    make_game(event)
    client.force_login(organiser)
    response = client.get(f"/manage/events/{event.id}/rounds/by-hand/")
    assert response.context["open_round"].number == 1
    response = post_by_hand(client, event, "Anne\nBruno\nChloé\nDenis", "Élodie\nFrançois\nGérard")
    assert response.status_code == 400
    assert "still open" in " ".join(response.context["form"].non_field_errors())
    assert Round.objects.count() == 1


def gin_night(club, names=("Jules", "Élodie", "Anne"), **fields):
    event = EventFactory(club=club, variant="gin-rummy", **fields)
    register(event, names)
    return event


def box(page: str, name: str) -> list[str]:
    """The names a seat-by-hand box starts with."""
    text = re.search(rf'name="{name}"[^>]*>\n?([^<]*)</textarea>', page).group(1)
    return text.split("\n") if text else []


def test_an_odd_player_of_a_two_player_game_starts_in_the_bye_box(client, club, organiser):
    event = gin_night(club, kind="tournament", bye_points=2)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/rounds/by-hand/").content.decode()
    assert box(page, "table_1") == ["Anne", "Élodie"]
    assert box(page, "byes") == ["Jules"]
    assert "Sits out this round (bye)" in page and "sitting out scores 2 points" in page
    data = {"tables": "2", "table_1": "Anne\nÉlodie", "table_2": "", "byes": "Jules"}
    response = client.post(f"/manage/events/{event.id}/rounds/by-hand/", data)
    assert response.status_code == 302
    round_ = Round.objects.get(event=event)
    assert [s.player.name for s in Seat.objects.filter(game__round=round_)] == ["Anne", "Élodie"]
    bye = Bye.objects.get(round=round_)
    assert bye.player.name == "Jules" and bye.points == 2


def test_an_even_count_leaves_the_bye_box_empty(client, club, organiser):
    event = gin_night(club, names=("Anne", "Bruno", "Chloé", "Denis"))
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/rounds/by-hand/").content.decode()
    assert box(page, "table_1") == ["Anne", "Bruno"] and box(page, "table_2") == ["Chloé", "Denis"]
    assert box(page, "byes") == []


@pytest.mark.parametrize(
    "data, message",
    [
        (
            {"table_1": "Anne\nÉlodie", "byes": ""},
            "Not seated: Jules. Seat this player, let him sit out, or check him out first.",
        ),
        (
            {"table_1": "Anne", "byes": ""},
            "Not seated: Élodie, Jules. Seat these players, let them sit out, or check them out "
            "first.",
        ),
        (
            {"table_1": "Anne\nJules", "byes": "Élodie\nJules"},
            "Jules is already seated at Table 1.",
        ),
        ({"table_1": "Anne\nÉlodie", "byes": "Jules\njules"}, "Jules already sits out this round."),
    ],
    ids=["one left out", "two left out", "playing and sitting out", "sitting out twice"],
)
def test_the_bye_box_is_checked_like_the_tables(data, message, client, club, organiser):
    event = gin_night(club)
    client.force_login(organiser)
    before = snapshot()
    response = client.post(f"/manage/events/{event.id}/rounds/by-hand/", {"tables": "2", **data})
    assert response.status_code == 400
    errors = [str(e) for errors in response.context["form"].errors.values() for e in errors]
    assert message in errors
    assert snapshot() == before and not Bye.objects.exists()


def test_a_table_too_small_is_explained_in_the_singular(client, club, organiser):
    event = gin_night(club)
    client.force_login(organiser)
    data = {"tables": "2", "table_1": "Anne\nÉlodie", "table_2": "Jules"}
    response = client.post(f"/manage/events/{event.id}/rounds/by-hand/", data)
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "Table 2 has 1 player. Gin-rummy (2 players) is played by exactly 2 players."
    ]


def test_the_bye_box_message_is_in_french_too(client, club, organiser):
    event = gin_night(club)
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    data = {"tables": "2", "table_1": "Anne\nÉlodie", "byes": ""}
    response = client.post(f"/manage/events/{event.id}/rounds/by-hand/", data)
    assert response.context["form"].non_field_errors() == [
        "Pas placé\u00a0: Jules. Placez ce joueur, mettez-le au repos (exempt), ou marquez-le "
        "d’abord absent."
    ]


def test_the_present_players_are_listed_in_alphabetical_order(client, club, organiser):
    event = gin_night(club, names=("Gérard", "Élodie", "anne", "Bruno"))
    client.force_login(organiser)
    response = client.get(f"/manage/events/{event.id}/rounds/by-hand/")
    assert [p.name for p in response.context["players"]] == ["anne", "Bruno", "Élodie", "Gérard"]
    assert "anne, Bruno, Élodie, Gérard" in response.content.decode()


@pytest.mark.parametrize("count", [3, 31])
def test_the_seat_by_hand_page_keeps_its_query_count(
    count, client, club, organiser, django_assert_max_num_queries
):
    event = gin_night(club, names=[f"Joueur {n:02}" for n in range(count)])
    client.force_login(organiser)
    with django_assert_max_num_queries(6):
        page = client.get(f"/manage/events/{event.id}/rounds/by-hand/").content.decode()
    assert box(page, "byes") == [f"Joueur {count - 1:02}"]  # odd counts: the last sits out
