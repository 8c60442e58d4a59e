"""Until a hand is confirmed, every place that shows totals says they are provisional, and
nothing says "final" (issue 9 §2): the table's entry and public pages, the event page, the
tournament overview and standings (page, CSV, PDF), the results and record sheets, a
season."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import EventFactory, facts, make_game
from tests.pdf import pages_text
from tournaments.models import Game, Player, Registration, Season
from tournaments.play.services.entry import record_hand
from tournaments.sheets import pdfs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("hands_confirmed")]


def waiting_hand(game, **held):
    """Hand 1 entered on a phone at the table (Anne went out), waiting for another player."""
    held = {"Bruno": 12, "Chloé": 30} | held
    return record_hand(
        game=game, number=1, facts=facts(game, "going_out", "Anne", **held), device="phone"
    )


@pytest.fixture
def tournament(club):
    return EventFactory(
        club=club,
        kind="tournament",
        options={"target": 100},
        confirmation_required=True,
        language="en",
    )


def test_the_table_page_marks_the_totals_provisional_and_names_no_winner(game):
    waiting_hand(game, Bruno=100)  # would end the game, and Anne would win
    page = Client().get(f"/games/{game.id}/").content.decode()
    assert "badge-provisional" in page and "No winner and no prize" in page
    assert "Awaiting confirmation" in page
    assert "Winner:" not in page and "Prize split" not in page


def test_the_event_page_marks_the_tables_card(event, game):
    waiting_hand(game)
    page = Client().get(f"/events/{event.id}/").content.decode()
    assert "provisional totals" in page and "a hand waits for confirmation" in page


def test_a_closed_table_with_a_waiting_hand_never_says_the_totals_stand(
    client, organiser, event, game
):
    waiting_hand(game)
    # Closed before this rule (or by an older version): the pages must not say "final".
    Game.objects.filter(pk=game.pk).update(closed=True)
    client.force_login(organiser)
    page = client.get(f"/games/{game.id}/enter/").content.decode()
    assert "the totals stand" not in page and "Game over" not in page
    assert "Provisional: hands wait for confirmation" in page
    public = Client().get(f"/games/{game.id}/").content.decode()
    assert "the totals stand as they were" not in public


def test_the_french_entry_page_of_a_closed_table_says_provisional_not_final(
    client, organiser, event, game
):
    waiting_hand(game)
    Game.objects.filter(pk=game.pk).update(closed=True)
    client.force_login(organiser)
    page = client.get(f"/games/{game.id}/enter/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "définitifs" not in page


def test_the_standings_say_which_tables_wait_and_the_csv_marks_the_players(
    tournament, django_assert_max_num_queries
):
    game = make_game(tournament)
    make_game(tournament, players=("Denis", "Emma", "Fanny"), table_number=2)
    for player in Player.objects.all():
        Registration.objects.create(event=tournament, player=player, checked_in=True)
    waiting_hand(game)
    url = f"/events/{tournament.id}/standings/"
    with django_assert_max_num_queries(12):
        page = Client().get(url).content.decode()
    assert "A hand waits for confirmation at table 1" in page
    rows = list(csv.reader(io.StringIO(Client().get(url + "?_export=csv").content.decode())))
    header = rows[0]
    assert header[-1] == "Provisional"
    marked = {row[header.index("Player")]: row[-1] for row in rows[1:]}
    assert marked["Anne"] == "yes" and marked["Denis"] == "yes"


def test_the_standings_export_has_no_provisional_column_once_everything_is_decided(
    tournament, organiser
):
    game = make_game(tournament)
    record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=100, Chloé=30),
        user=organiser,
    )
    tournament.rounds.update(closed_at=timezone.now())
    url = f"/events/{tournament.id}/standings/?_export=csv"
    header = next(csv.reader(io.StringIO(Client().get(url).content.decode())))
    assert "Provisional" not in header


def test_the_results_sheet_is_not_final_while_a_hand_waits(tournament):
    game = make_game(tournament)
    waiting_hand(game, Bruno=100)
    tournament.rounds.update(closed_at=timezone.now())  # closed before this rule
    text = " ".join(pages_text(pdfs.standings_pdf(tournament))[0].split())
    assert "provisional: hands wait for confirmation (tables 1)" in text
    assert "final" not in text


def test_a_season_night_with_a_waiting_hand_is_still_in_play(club, event, game):
    waiting_hand(game)
    Game.objects.filter(pk=game.pk).update(closed=True)
    season = Season.objects.create(
        club=club, name="Saison", starts_on=event.date, ends_on=event.date
    )
    page = Client().get(f"/seasons/{season.id}/").content.decode()
    assert "Still in play:" in page


def test_a_players_tournament_page_marks_a_game_with_a_waiting_hand(tournament):
    game = make_game(tournament)
    waiting_hand(game)
    anne = Player.objects.get(name="Anne")
    page = Client().get(f"/events/{tournament.id}/players/{anne.id}/").content.decode()
    assert "provisional totals" in page
