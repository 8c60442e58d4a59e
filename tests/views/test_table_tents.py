"""One QR code per table for the whole event (issue 18 §5): each table number has a permanent
link, printed once on a folded card that stands on the table (a table tent), which opens that
table's game in the round in play; the per-game table links keep working."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, make_game
from tests.pdf import in_english, lines, page_count, pages_text, qr_codes
from tournaments.models import Round
from tournaments.play.services.links import set_table_link, tent_path
from tournaments.sheets import tents

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    return in_english(event)


def seat_round(event, number: int, tables: int = 3) -> list:
    """Round `number` of the event, seated: `tables` games of three."""
    round_ = Round.objects.create(event=event, number=number)
    return [
        make_game(event, round_=round_, table_number=table, players=(f"A{table}", f"B{table}"))
        for table in range(1, tables + 1)
    ]


def test_a_tables_tent_opens_its_game_in_the_round_in_play(client: Client, event) -> None:
    first = seat_round(event, 1)
    response = client.get(tent_path(event.pk, 2))
    assert response.status_code == 302
    assert response["Location"] == f"/t/{first[1].link_token}/"
    assert "no-store" in response["Cache-Control"]  # the next round leads elsewhere
    second = seat_round(event, 2)
    assert client.get(tent_path(event.pk, 2))["Location"] == f"/t/{second[1].link_token}/"


def test_the_per_game_links_keep_working(client: Client, event) -> None:
    first = seat_round(event, 1)
    seat_round(event, 2)
    assert client.get(f"/t/{first[0].link_token}/").status_code == 200


def test_a_tent_link_cannot_be_guessed(client: Client, event) -> None:
    seat_round(event, 1)
    path = tent_path(event.pk, 2)
    assert client.get(path.replace(path.split("/")[-2], "0" * 16)).status_code == 404
    assert client.get(tent_path(event.pk, 2).replace(f"/{event.pk}/", "/999/")).status_code == 404


def test_a_table_not_seated_yet_says_to_wait_and_looks_again(client: Client, event) -> None:
    seat_round(event, 1, tables=2)
    response = client.get(tent_path(event.pk, 3))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 3 has no game in round 1." in html
    assert '<meta http-equiv="refresh" content="15">' in html


def test_a_table_whose_link_is_off_is_not_opened(client: Client, event) -> None:
    games = seat_round(event, 1)
    set_table_link(game=games[0], enabled=False)
    response = client.get(tent_path(event.pk, 1))
    assert response.status_code == 200
    assert "The organiser has turned this table's link off" in response.content.decode()


def test_a_tents_address_is_read_only(client: Client, event) -> None:
    seat_round(event, 1)
    assert client.post(tent_path(event.pk, 1)).status_code == 405


def test_each_tent_carries_its_tables_permanent_link() -> None:
    url = tents.tent_url("https://club.example", 12, 7)
    assert url == "https://club.example" + tent_path(12, 7)
    assert tent_path(12, 7) != tent_path(12, 8) != tent_path(13, 7)


def tents_url(event) -> str:
    return reverse("sheets:table_tents", kwargs={"event_id": event.pk})


def test_the_organiser_prints_one_tent_per_table(organiser, event) -> None:
    seat_round(event, 1, tables=3)
    client = Client()
    client.force_login(organiser)
    response = client.get(tents_url(event))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pdf = response.getvalue()
    assert page_count(pdf) == 3
    text = pages_text(pdf)
    assert "Table 2" in lines(text[1]) and event.name in text[1]
    site = "http://testserver"
    assert qr_codes(pdf, page=2) == {site + tent_path(event.pk, 2)}
    assert "private" in response["Cache-Control"]


def test_tents_are_printed_before_round_1_for_the_tables_asked(organiser, event) -> None:
    client = Client()
    client.force_login(organiser)
    pdf = client.get(tents_url(event), {"tables": "5"}).getvalue()
    assert page_count(pdf) == 5


def test_only_the_events_organisers_print_tents(event) -> None:
    seat_round(event, 1)
    assert Client().get(tents_url(event)).status_code == 302  # log in first
    other = Client()
    other.force_login(UserFactory())
    assert other.get(tents_url(event)).status_code == 403


def test_the_organisers_event_page_offers_the_tents(organiser, event) -> None:
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("organiser:event", kwargs={"event_id": event.pk})).content.decode()
    assert f'href="{tents_url(event)}"' in page
