"""The PDF downloads: who may have which sheet, what comes back, and in how many queries."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, StaffFactory, UserFactory, make_game, play
from tests.pdf import in_english, lines, page_count, pages_text, qr_codes, without_layout
from tournaments.models import Round
from tournaments.views.sheets import IN_REQUEST_TABLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    return in_english(event)


def blank_url(event, number: int = 1) -> str:
    return reverse("sheets:round_blank", kwargs={"event_id": event.pk, "number": number})


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def assert_pdf(response, *, pages: int | None = None) -> bytes:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith('inline; filename="')
    content = response.getvalue()  # a stored file, streamed
    assert content.startswith(b"%PDF-")
    if pages is not None:
        assert page_count(content) == pages
    return content


def event_with_tables(club, tables: int):
    """An event whose round 1 has `tables` tables of two."""
    event = EventFactory(club=club)
    for number in range(1, tables + 1):
        make_game(event, table_number=number, players=(f"A{number}", f"B{number}"))
    return event


@pytest.fixture
def pdf_queries(django_assert_num_queries):
    """Download a PDF in exactly the queries expected; how many it took, to compare sizes."""

    def download(client: Client, url: str, expected: int) -> int:
        with django_assert_num_queries(expected) as context:
            assert_pdf(client.get(url))
        return len(context.captured_queries)

    return download


# Blank sheets: the event's organisers only -------------------------------------------------


def test_the_organiser_downloads_a_rounds_sheets_one_page_per_table(organiser, event, game):
    make_game(event, table_number=2, players=("Denis", "Émile"))

    response = logged_in(organiser).get(blank_url(event))

    pdf = assert_pdf(response, pages=2)
    assert response["Cache-Control"] == "private, no-store"
    # Named after the event, in its language (French here, whatever the translation says).
    assert response["Content-Disposition"].startswith('inline; filename="soiree-du-jeudi-')
    assert "Chloé" in pages_text(pdf)[0]


def test_the_qr_codes_use_the_requests_host(organiser, event, game, settings):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["club.example.org"]

    response = logged_in(organiser).get(blank_url(event), HTTP_HOST="club.example.org")

    assert qr_codes(assert_pdf(response)) == {
        f"http://club.example.org/games/{game.pk}/",
        f"http://club.example.org/t/{game.link_token}/",
    }


def test_the_players_copy_leaves_the_table_link_out(organiser, event, game):
    response = logged_in(organiser).get(blank_url(event), {"copy": "players"})

    text = pages_text(assert_pdf(response, pages=1))[0]
    assert "Enter hands" not in text and "Live scores" in text


@pytest.mark.parametrize("sheets", ["round", "table"])
def test_the_two_copies_download_under_different_names(organiser, event, game, sheets):
    url = blank_url(event)
    if sheets == "table":
        url = reverse("sheets:game_blank", kwargs={"event_id": event.pk, "game_id": game.pk})
    client = logged_in(organiser)
    organisers = client.get(url)["Content-Disposition"]
    players = client.get(url, {"copy": "players"})["Content-Disposition"]
    assert organisers.endswith('-organisers-copy.pdf"')
    assert players.endswith('-players-copy.pdf"')


def test_an_unknown_copy_is_a_bad_request(organiser, event, game):
    response = logged_in(organiser).get(blank_url(event), {"copy": "everyone"})

    assert response.status_code == 400


def test_visitors_are_sent_to_log_in(event, game):
    response = Client().get(blank_url(event))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_clubs_organiser_is_refused(event, game):
    response = logged_in(UserFactory(username="voisin")).get(blank_url(event))

    assert response.status_code == 403


def test_a_site_administrator_may_print_them(event, game):
    assert_pdf(logged_in(StaffFactory(username="root")).get(blank_url(event)), pages=1)


def test_an_unknown_round_or_event_is_not_found(organiser, event, game):
    client = logged_in(organiser)

    assert client.get(blank_url(event, number=2)).status_code == 404
    assert client.get(reverse("sheets:round_blank", args=[event.pk + 100, 1])).status_code == 404


def test_a_round_without_tables_prints_a_page_that_says_so(organiser, event):
    Round.objects.create(event=event, number=1)

    pdf = assert_pdf(logged_in(organiser).get(blank_url(event)), pages=1)

    assert "No table in this round yet" in pages_text(pdf)[0]


def test_sheets_are_read_only(organiser, event, game):
    assert logged_in(organiser).post(blank_url(event)).status_code == 405


def test_one_tables_sheet_for_a_reprint(organiser, event, game):
    other = make_game(event, table_number=2, players=("Denis", "Émile"))
    url = reverse("sheets:game_blank", kwargs={"event_id": event.pk, "game_id": other.pk})

    pdf = assert_pdf(logged_in(organiser).get(url), pages=1)

    assert "Table 2" in pages_text(pdf)[0]


def test_a_table_of_another_event_is_not_found(organiser, event, game):
    elsewhere = make_game(EventFactory(club=event.club), players=("Denis", "Émile"))
    url = reverse("sheets:game_blank", kwargs={"event_id": event.pk, "game_id": elsewhere.pk})

    assert logged_in(organiser).get(url).status_code == 404


def test_a_rounds_sheets_take_the_same_queries_for_2_or_12_tables(
    organiser, club, pdf_queries, monkeypatch
):
    client = logged_in(organiser)
    html = without_layout(monkeypatch)

    def queries_for(tables: int) -> int:
        # Session, user, event, organiser check, the round's fingerprint; the stored PDF's
        # row (read, then created with its lease under a savepoint); the round, its games,
        # their seats; the row updated once the file is stored.
        queries = pdf_queries(client, blank_url(event_with_tables(club, tables)), 13)
        assert html.pop().count('class="page blank-sheet') == tables
        return queries

    assert queries_for(2) == queries_for(IN_REQUEST_TABLES)


# Records, results and seating: public ------------------------------------------------------


def test_anyone_downloads_a_games_record(event, game):
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    url = reverse("sheets:game_record", kwargs={"game_id": game.pk})

    pdf = assert_pdf(Client().get(url), pages=1)

    assert "1 Anne: went out 0 0 23 23 4 4 —" in lines(pages_text(pdf)[0])


def test_an_unknown_game_has_no_record():
    assert Client().get(reverse("sheets:game_record", kwargs={"game_id": 999})).status_code == 404


def test_a_records_queries_do_not_grow_with_the_hands(event, pdf_queries, monkeypatch):
    without_layout(monkeypatch)

    def queries_for(hands: int) -> int:
        game = make_game(event, table_number=hands)
        for _ in range(hands):
            play(game, "going_out", "Anne", Bruno=1, Chloé=1)
        url = reverse("sheets:game_record", kwargs={"game_id": game.pk})
        # The fingerprint, the stored PDF's row (read, created: 3), the visitor's render
        # counted (2: counted, the periods gone by deleted), the game and the record's own
        # 7, the row updated once the file is stored.
        return pdf_queries(Client(), url, 17)

    assert queries_for(2) == queries_for(20)


def test_anyone_downloads_the_results(event, game):
    url = reverse("sheets:standings", kwargs={"event_id": event.pk})

    pdf = assert_pdf(Client().get(url))

    assert "Table 1" in pages_text(pdf)[0]


def test_anyone_downloads_the_seating_list(event, game):
    url = reverse("sheets:seating", kwargs={"event_id": event.pk, "number": 1})

    pdf = assert_pdf(Client().get(url), pages=2)

    assert "Anne table 1, seat 1" in " ".join(pages_text(pdf)[1].split())


@pytest.mark.parametrize(
    ("sheet", "in_event", "queries"),
    [
        # The fingerprint, the row (4), the visitor's render counted (2), the event, the
        # rounds, the seats, who may still gain points, the row again.
        pytest.param("sheets:standings", {}, 12, id="results"),
        # The fingerprint, the row (4), the render counted (2), round, games, seats, byes,
        # the row again.
        pytest.param("sheets:seating", {"number": 1}, 12, id="seating-list"),
    ],
)
def test_the_results_and_the_seating_list_take_the_same_queries_for_2_or_20_tables(
    club, sheet, in_event, queries, pdf_queries, monkeypatch
):
    without_layout(monkeypatch)

    def queries_for(tables: int) -> int:
        event = event_with_tables(club, tables)
        url = reverse(sheet, kwargs={"event_id": event.pk, **in_event})
        return pdf_queries(Client(), url, queries)

    assert queries_for(2) == queries_for(20)


def test_an_unknown_rounds_seating_is_not_found(event, game):
    url = reverse("sheets:seating", kwargs={"event_id": event.pk, "number": 7})

    assert Client().get(url).status_code == 404
