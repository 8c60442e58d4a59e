"""The public standings page: table, ties, prize pool, live refresh, CSV and XLSX exports."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, make_game, play
from tests.views.tournament_data import (
    build,
    give_bye,
    tournament,
    two_identical_tables,
)
from tournaments.events.services.rounds import close_round
from tournaments.models import Registration, Round

pytestmark = pytest.mark.django_db

# Event, standings (registrations, seats, byes, entrants), the pool (entrants twice) and the
# prize categories, rounds, withdrawals, who may still gain points (games in play, hands
# waiting for confirmation).
QUERIES = 10


def url(event, **params) -> str:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return reverse("tournament:standings", args=[event.id]) + (f"?{query}" if query else "")


def test_it_lists_every_player_with_points_games_wins_and_tie_breaks(client):
    event, people = build(6, 2)
    response = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    for person in people:
        assert person.name in html
    for header in ["Place", "Player", "Points", "Games", "Games won", "Cumulative score"]:
        assert f">{header}</a>" in html
    assert "Opponents&#x27; points (Buchholz)" in html
    # No byes in a rami tournament: no column for them.
    assert ">Byes</a>" not in html
    rows = response.context["table"].rows
    assert len(rows) == 6
    assert sum(row.record["points"] for row in rows) == Decimal(2 * 2 * 4)  # 2 tables × 4 pts


@pytest.mark.parametrize(("players", "rounds"), [(6, 2), (30, 10)])
def test_it_takes_the_same_number_of_queries_whatever_the_size(
    client, players, rounds, django_assert_max_num_queries
):
    event, _people = build(players, rounds, open_last=True)
    with django_assert_max_num_queries(QUERIES):
        response = client.get(url(event))
    assert response.status_code == 200
    assert len(response.context["table"].rows) == players


def test_the_standings_are_worked_out_once_per_version_of_the_event(
    client, django_assert_max_num_queries
):
    from tournaments.events.services.events import register_player

    event, _people = build(6, 2)
    first = client.get(url(event))
    # The next visitor: the event and its version read, the standings kept for that version.
    with django_assert_max_num_queries(2):
        again = client.get(url(event))
    assert len(again.context["table"].rows) == len(first.context["table"].rows) == 6
    # A player registered: the event's version moves, the next visitor sees him.
    register_player(event=event, name="Zoé Nouvelle")
    later = client.get(url(event))
    assert b"Zo\xc3\xa9 Nouvelle" in later.content
    assert len(later.context["table"].rows) == 7


def test_a_fact_no_version_follows_shows_to_an_organiser_at_once_and_to_everyone_within_a_minute(
    client, monkeypatch
):
    from django.contrib.auth.models import User

    from tournaments.models import Player
    from tournaments.standings import selectors

    event, people = build(6, 2)
    assert b"Joueur 00" in client.get(url(event)).content
    # Changed behind the services' back, as a federation's member list changes a player's
    # facts: no version of the event moves.
    Player.objects.filter(pk=people[0].pk).update(name="Renamed Player")
    assert b"Renamed Player" not in client.get(url(event)).content  # kept for the phones
    organiser = User.objects.create_superuser("boss", password="x")
    client_with_session = type(client)()
    client_with_session.force_login(organiser)
    assert b"Renamed Player" in client_with_session.get(url(event)).content
    later = selectors.time.monotonic() + selectors.KEPT_SECONDS
    monkeypatch.setattr(selectors.time, "monotonic", lambda: later)
    assert b"Renamed Player" in client.get(url(event)).content


def test_players_level_on_everything_share_their_place(client):
    event = tournament()
    round_ = Round.objects.create(event=event, number=1)
    two_identical_tables(event, round_)
    response = client.get(url(event))
    rows = [row.record for row in response.context["table"].rows]
    assert [row["place"] for row in rows] == [1, 1, 3, 3, 5, 5]
    html = response.content.decode()
    assert html.count('1=<span class="visually-hidden">') == 2


def test_the_prize_pool_is_shown_with_its_split_and_ties_share_the_money(client):
    event = tournament(entry_fee=Decimal(10), club_share=Decimal(10), prize_places=[60, 40])
    round_ = Round.objects.create(event=event, number=1, closed_at="2026-01-01T20:00Z")
    two_identical_tables(event, round_)
    response = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en")
    pool = response.context["standings"].pool
    assert (pool.collected, pool.club_amount, pool.pool) == (
        Decimal("60.00"),
        Decimal("6.00"),
        Decimal("54.00"),
    )
    assert [(s.place, s.percent, s.amount) for s in pool.shares] == [
        (1, 60, Decimal("32.40")),
        (2, 40, Decimal("21.60")),
    ]
    # A and D share 1st and 2nd: 27.00 each.
    prizes = {row.record["player"]: row.record["prize"] for row in response.context["table"].rows}
    assert prizes["A"] == prizes["D"] == Decimal("27.00")
    html = response.content.decode()
    assert "54.00" in html and "Club share (10 %)" in html and "27.00" in html


def test_without_an_entry_fee_there_is_no_prize_column(client):
    event, _people = build(6, 1, entry_fee=Decimal(0))
    response = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en")
    assert ">Prize</a>" not in response.content.decode()
    assert "No prize pool for this tournament" in response.content.decode()


def test_byes_get_a_column_when_someone_had_one(client):
    event, people = build(4, 1, table_size=2, variant="gin-rummy", options={})
    zoe = PlayerFactory(club=event.club, name="Zoé")
    Registration.objects.create(event=event, player=zoe, checked_in=True)
    give_bye(event.rounds.get(), zoe)
    response = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en")
    assert ">Byes</a>" in response.content.decode()
    zoe = next(
        row.record for row in response.context["table"].rows if row.record["player"] == "Zoé"
    )
    assert (zoe["byes"], zoe["points"]) == (1, Decimal(3))


def test_it_sorts_by_a_column_and_ignores_unknown_sorts_and_pages(client):
    event, people = build(6, 2)
    response = client.get(url(event, sort="player"))
    names = [row.record["player"] for row in response.context["table"].rows]
    assert names == sorted(names)
    assert 'aria-sort="ascending"' in response.content.decode()
    for params in ({"sort": "nonsense"}, {"page": "abc"}, {"page": "999"}, {"_export": "pdf"}):
        assert client.get(url(event, **params)).status_code == 200


def test_the_csv_export_has_a_row_per_player(client):
    event, people = build(6, 2)
    response = client.get(url(event, _export="csv"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert '"standings-tournoi-de-printemps.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    # The tie-breaks in the event's order (score, wins, opponents' points), as on the page.
    assert rows[0] == [
        "Place",
        "Player",
        "Points",
        "Games",
        "Cumulative score",
        "Games won",
        "Opponents' points (Buchholz)",
        "Prize (€)",
    ]
    assert len(rows) == 7
    assert {row[1] for row in rows[1:]} == {person.name for person in people}
    assert rows[1][0] == "1" and "<" not in "".join(rows[1])


def test_the_xlsx_export_opens_in_a_spreadsheet(client):
    event, people = build(6, 2)
    response = client.get(url(event, _export="xlsx"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = list(sheet.values)
    assert values[0][:3] == ("Place", "Player", "Points")
    assert len(values) == 7
    assert isinstance(values[1][2], int | float)


def test_the_table_polls_while_a_round_is_in_play_and_stops_after(client):
    event, _people = build(6, 2, open_last=True)
    page = client.get(url(event))
    assert 'hx-trigger="every 20s"' in page.content.decode()
    assert "HX-Request" in page["Vary"]
    partial = client.get(url(event), HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<div id="standings"')
    assert "<html" not in partial.content.decode()
    close_round(round_=event.rounds.order_by("number").last())  # the service: a new version
    partial = client.get(url(event), HTTP_HX_REQUEST="true")
    assert "hx-trigger" not in partial.content.decode()


def test_a_real_game_counts_once_finished(client):
    event = tournament()
    round_ = Round.objects.create(event=event, number=1)
    game = make_game(event, round_=round_)
    for seat in game.seats.select_related("player"):
        Registration.objects.create(event=event, player=seat.player, checked_in=True)
    play(game, "going_out", "Anne", Bruno=20, Chloé=30)
    rows = client.get(url(event)).context["table"].rows
    assert [row.record["points"] for row in rows] == [0, 0, 0]  # in play: nothing yet
    play(game, "going_out", "Anne", Bruno=10, Chloé=25)  # Chloé reaches 55: over the target
    rows = client.get(url(event)).context["table"].rows
    assert [(r.record["player"], r.record["points"]) for r in rows] == [
        ("Anne", 3),
        ("Bruno", 1),
        ("Chloé", 0),
    ]


def test_it_is_a_404_for_an_unknown_event_or_a_club_night(client):
    assert client.get(reverse("tournament:standings", args=[999])).status_code == 404
    club_night = EventFactory(kind="club_night")
    assert client.get(url(club_night)).status_code == 404


def test_only_get_is_allowed(client):
    event, _people = build(3, 1)
    assert client.post(url(event)).status_code == 405


def test_money_reads_in_euros_in_french_on_the_page_but_stays_plain_in_the_export(client):
    event = tournament(entry_fee=Decimal(10), club_share=Decimal(10), prize_places=[60, 40])
    round_ = Round.objects.create(event=event, number=1, closed_at="2026-01-01T20:00Z")
    two_identical_tables(event, round_)
    html = client.get(url(event), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<p class="pool-total">54,00\u00a0€</p>' in html
    assert "<dd>-6,00\u00a0€</dd>" in html  # the club's share, taken off
    assert "\u2212" not in html  # one sign for a negative number: the hyphen-minus
    assert '<td class="number" data-label="Gain">27,00\u00a0€</td>' in html  # A's prize
    response = client.get(url(event, _export="csv"), HTTP_ACCEPT_LANGUAGE="fr")
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    # To the cent, a number French Excel adds up, the currency said once in the header.
    assert (rows[0][-1], rows[1][-1]) == ("Gain (€)", "27,00")
    english = client.get(url(event, _export="csv"), HTTP_ACCEPT_LANGUAGE="en")
    rows = list(csv.reader(io.StringIO(english.content.decode("utf-8-sig"))))
    assert (rows[0][-1], rows[1][-1]) == ("Prize (€)", "27.00")


def test_the_xlsx_sheet_is_named_after_the_download_and_prizes_are_money(client):
    event = tournament(entry_fee=Decimal(10), club_share=Decimal(10), prize_places=[60, 40])
    round_ = Round.objects.create(event=event, number=1, closed_at="2026-01-01T20:00Z")
    two_identical_tables(event, round_)
    response = client.get(url(event, _export="xlsx"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Disposition"].endswith('"classement-tournoi-de-printemps.xlsx"')
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.title == "Classement Tournoi de printemps"
    header = [cell.value for cell in sheet[1]]
    prize = sheet.cell(row=2, column=header.index("Gain (€)") + 1)
    assert prize.value == 27 and prize.number_format == '#,##0.00 "€"'


def test_it_says_how_points_are_earned_from_the_events_scale(client):
    event, _people = build(6, 1, points_scale=[4, 2, 1], points_for_win_at_time=2, bye_points=3)
    html = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    scale = html.split('<ul class="points-scale">')[1].split("</ul>")[0]
    items = [item.split("</li>")[0] for item in scale.split("<li>")[1:]]
    assert items == [
        "Place 1: 4 points",
        "Place 2: 2 points",
        "Place 3: 1 point",
        "Any place after: 0 points",
        "A win when time is up: 2 points",
        "A bye: 3 points",
    ]


def test_the_points_scale_reads_in_french(client):
    event, _people = build(3, 1)  # 3, 1, 0; no special points at time
    html = client.get(url(event), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "<li>Place 1\u00a0: 3 points</li>" in html
    assert "<li>Place 2\u00a0: 1 point</li>" in html
    assert "<li>Place 3\u00a0: 0 point</li>" in html
    assert "Victoire au temps" not in html
    assert "<li>Exemption\u00a0: 3 points</li>" in html


@pytest.mark.parametrize(
    "tie_breaks",
    [["score", "wins", "opponents_points"], ["wins", "head_to_head"], ["opponents_points"]],
)
def test_the_tie_break_columns_follow_the_list_below_in_name_and_order(client, tie_breaks):
    event, _people = build(6, 1, tie_breaks=tie_breaks)
    response = client.get(url(event), HTTP_ACCEPT_LANGUAGE="en")
    table = response.context["table"]
    headers = [str(column.header) for column in table.columns]
    html = response.content.decode()
    listed = html.split('<ol class="tie-breaks">')[1].split("</ol>")[0]
    names = [item.split("</li>")[0] for item in listed.split("<li>")[1:]]
    names = [name.replace("&#x27;", "'") for name in names]
    assert headers[:4] == ["Place", "Player", "Points", "Games"]
    tie_headers = [header for header in headers[4:] if header not in ("Byes", "Prize")]
    if "wins" not in tie_breaks:
        assert tie_headers[0] == "Games won"  # the plain wins column, before the tie-breaks
        tie_headers = tie_headers[1:]
    assert tie_headers == names
    assert len(names) == len(tie_breaks)
