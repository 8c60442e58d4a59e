"""The printed sheets (tournaments.sheets): what each PDF must say, page by page."""

from __future__ import annotations

import base64
import io
import re
import shutil
from pathlib import Path

import pytest
import segno
from django.core.management import call_command
from django.templatetags.static import static
from django.test import RequestFactory, override_settings
from django.utils import translation

from tests.factories import (
    EventFactory,
    PlayerFactory,
    correct,
    facts,
    make_game,
    play,
)
from tests.pdf import (
    dark_share,
    in_english,
    is_landscape,
    lines,
    page_count,
    page_png,
    pages_text,
    qr_codes,
    squashed,
    without_layout,
)
from tests.views.tournament_data import build
from tournaments.models import Bye, Round
from tournaments.play.services.entry import confirm_hand, record_hand
from tournaments.sheets import pdfs
from tournaments.sheets.blank import blank_sheet, column_width, grid, name_size
from tournaments.sheets.render import QR_PIXELS, StaticFilesFetcher, qr_svg, site_url
from tournaments.sheets.standings import standings_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    return in_english(event)


SITE = "https://ramiscore.example.org"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LONG_NAME = "Marie-Ségolène d'Arcy de la Tour-Montbazon"


def first_round(event) -> Round:
    return Round.objects.select_related("event__club").get(event=event, number=1)


# Blank sheets ------------------------------------------------------------------------------


def test_a_round_prints_one_page_per_table_with_its_players_in_seat_order(event):
    make_game(event, players=("Anne", "Bruno", "Chloé"))
    make_game(event, table_number=2, players=("Denis", LONG_NAME, "Émile", "Fanny"))
    make_game(event, table_number=3, players=("Gaston", "Hélène"))

    pdf = pdfs.blank_sheets_pdf(first_round(event), site=SITE)

    assert page_count(pdf) == 3
    first, second, third = pages_text(pdf)
    assert "Table 1" in first and "Table 2" in second and "Table 3" in third
    assert "Soirée du jeudi" in first and "Club de rami de Montreuil" in first
    heads = squashed(second)
    assert heads.index("Denis") < heads.index(squashed(LONG_NAME)) < heads.index("Émile")
    assert "Gaston" in third and "Anne" not in third


def test_the_sheet_gives_the_rules_in_one_line_and_marks_the_target(event, game):
    text = pages_text(pdfs.blank_sheets_pdf(first_round(event), site=SITE))[0]

    assert "target 100 points" in " ".join(text.split())
    assert "going rummy: others' counts + 25" in " ".join(text.split())
    assert "TARGET" in text and "\n100" in text
    rows = lines(text)
    numbers = [row for row in rows if row.isdigit()]
    assert numbers == ["100"] + [str(n) for n in range(1, 17)]  # the target, then the hands
    assert "Total after hand 4 / 100" in rows and "Total after hand 16 / 100" in rows
    assert "Carry on on the back, from hand 17" in " ".join(text.split())


@pytest.mark.parametrize(
    ("variant", "options", "hands", "words"),
    [
        ("rami-jokers", {}, 5, ["5 deals", "opening minimum 40", "never melded 100"]),
        ("gin-rami", {}, 1, ["1 deal", "knock at 9 or less", "undercut +25"]),
        ("gin-rummy", {}, 16, ["gin bonus 25", "undercut bonus 20", "knock at 10 or less"]),
        ("rami-traditionnel", {"target": 500}, 16, ["target 500 points", "going rummy +25"]),
    ],
)
def test_each_variant_gets_its_rows_and_key_options(variant, options, hands, words):
    event = EventFactory(variant=variant, options=options, language="en")
    players = ("Anne", "Bruno") if variant == "gin-rummy" else ("Anne", "Bruno", "Chloé")
    make_game(event, players=players)

    pdf = pdfs.blank_sheets_pdf(first_round(event), site=SITE)
    page = pages_text(pdf)[0]

    assert page_count(pdf) == 1
    for word in words:
        assert word in " ".join(page.split())
    numbers = [row for row in lines(page) if row.isdigit()]
    assert numbers[-1] == str(hands)


def test_a_gin_rummy_match_has_a_block_per_game_with_its_bonuses():
    event = EventFactory(variant="gin-rummy", options={"mode": "multi_game"}, language="en")
    make_game(event, players=("Anne", "Bruno"))
    rows, continued = grid(event.games.get().rules())

    pdf = pdfs.blank_sheets_pdf(first_round(event), site=SITE)
    text = pages_text(pdf)[0]

    assert page_count(pdf) == 1
    assert [row.label for row in rows if row.kind == "game"] == ["Game 1", "Game 2", "Game 3"]
    assert "Score of game 3 / 100" in lines(text)
    assert "Grand total" in lines(text)
    assert "Bonuses: line, game, shutout" in text
    assert continued == ""


def test_the_qr_codes_open_the_public_page_and_the_table_link(event, game):
    codes = qr_codes(pdfs.blank_sheets_pdf(first_round(event), site=SITE))

    assert codes == {f"{SITE}/games/{game.pk}/", f"{SITE}/t/{game.link_token}/"}


def test_the_players_copy_and_a_disabled_link_print_the_public_qr_code_only(event, game):
    second = make_game(event, table_number=2, players=("Denis", "Émile"), link_enabled=False)
    round_ = first_round(event)

    players_copy = pdfs.blank_sheets_pdf(round_, site=SITE, entry_links=False)
    organiser_copy = pdfs.blank_sheets_pdf(round_, site=SITE)

    assert qr_codes(players_copy, page=1) == {f"{SITE}/games/{game.pk}/"}
    assert qr_codes(organiser_copy, page=2) == {f"{SITE}/games/{second.pk}/"}
    assert "Enter hands" not in pages_text(players_copy)[0]


def test_the_qr_code_is_segnos_code_of_the_url_in_square_pixels(event, game):
    sheet = blank_sheet(game, site=SITE, entry_links=True)

    assert sheet.public_url == f"{SITE}/games/{game.pk}/"
    assert sheet.entry_url == f"{SITE}/t/{game.link_token}/"
    expected = segno.make(sheet.public_url, error="m")
    image = qr_pixels(sheet.public_qr)
    assert image.size == expected.symbol_size(scale=QR_PIXELS, border=0)
    side = QR_PIXELS  # each module a square of that many pixels, all of its colour
    for y, row in enumerate(expected.matrix):
        for x, module in enumerate(row):
            square = image.crop((x * side, y * side, (x + 1) * side, (y + 1) * side))
            assert square.getextrema() == ((0, 0) if module else (255, 255)), (x, y)


def qr_pixels(tag):
    """The image of an <img> tag's PNG data: URI, in shades of grey."""
    from PIL import Image  # WeasyPrint's own dependency

    match = re.fullmatch(r'<img src="data:image/png;base64,([^"]+)" alt="">', str(tag))
    assert match, tag
    return Image.open(io.BytesIO(base64.b64decode(match[1]))).convert("L")


@pytest.mark.parametrize("players", [2, 5, 6, 8])
def test_a_table_of_long_names_still_fits_one_page(players):
    event = EventFactory(language="en", options={"target": 100})
    make_game(event, players=[f"{LONG_NAME} {n}" for n in range(players)])

    pdf = pdfs.blank_sheets_pdf(first_round(event), site=SITE)

    assert page_count(pdf) == 1
    assert squashed(f"{LONG_NAME} {players - 1}") in squashed(pages_text(pdf)[0])


def test_twenty_deals_are_set_tighter_and_fit_one_page():
    event = EventFactory(language="en", variant="rami-jokers", options={"number_of_deals": 20})
    make_game(event, players=("Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny"))

    pdf = pdfs.blank_sheets_pdf(first_round(event), site=SITE)

    assert page_count(pdf) == 1
    assert "Total after hand 20" in pages_text(pdf)[0]


def test_names_are_printed_as_text_never_as_markup(event):
    make_game(event, players=("<b>Anne</b> & Co", "Bruno"))

    text = pages_text(pdfs.blank_sheets_pdf(first_round(event), site=SITE))[0]

    assert "<b>Anne</b> & Co" in text


def test_long_names_shrink_more_at_crowded_tables():
    assert name_size(LONG_NAME, column_width(3)) == "name-normal"  # three lines
    assert name_size(LONG_NAME, column_width(4)) == "name-tiny"
    assert name_size(LONG_NAME, column_width(8)) == "name-mini"
    assert name_size("Hélène", column_width(6)) == "name-normal"
    assert name_size("Hélène", column_width(8)) == "name-small"  # 6 letters in 16 mm


def test_the_first_page_is_drawn_not_blank(event, game):
    pdf = pdfs.blank_sheets_pdf(first_round(event), site=SITE)

    png = page_png(pdf)
    ink = dark_share(png)

    assert 0.01 < ink < 0.5
    ARTIFACTS.mkdir(exist_ok=True)  # for a person to look at (gitignored)
    shutil.copy(png, ARTIFACTS / "sheets-blank-test.png")


def test_the_sheet_follows_the_events_language(club):
    french = EventFactory(club=club, language="fr", date="2026-11-30")
    english = EventFactory(club=club, language="en", date="2026-11-30")
    make_game(french)
    make_game(english)

    assert "30 novembre 2026" in pages_text(pdfs.blank_sheets_pdf(first_round(french)))[0]
    assert "Nov. 30, 2026" in pages_text(pdfs.blank_sheets_pdf(first_round(english)))[0]


def test_progress_is_reported_for_each_table_and_each_page(event, game):
    make_game(event, table_number=2, players=("Denis", "Émile"))
    heard = []

    pdfs.blank_sheets_pdf(first_round(event), progress=lambda *step: heard.append(step))

    assert [s for s in heard if s[0] == "pages"] == [("pages", 1, 2), ("pages", 2, 2)]
    assert [s for s in heard if s[0] == "layout"] == [("layout", 1, 2), ("layout", 2, 2)]
    assert heard[-1] == ("writing", 1, 1)


def test_the_sheets_of_a_round_take_the_same_queries_for_2_or_20_tables(
    event, django_assert_num_queries, monkeypatch
):
    html = without_layout(monkeypatch)

    def queries_for(tables: int) -> int:
        other = EventFactory(club=event.club)
        for number in range(1, tables + 1):
            make_game(other, table_number=number, players=(f"A{number}", f"B{number}"))
        round_ = first_round(other)
        with django_assert_num_queries(2) as context:  # the games, their seats and players
            pdfs.blank_sheets_pdf(round_, site=SITE)
        assert html.pop().count('class="page blank-sheet') == tables
        return len(context.captured_queries)

    assert queries_for(2) == queries_for(20)


# Where the QR codes point, and the static files ---------------------------------------------


@override_settings(SITE_URL="https://club.example.org")
def test_the_site_url_setting_wins():
    assert site_url(RequestFactory().get("/")) == "https://club.example.org"


@override_settings(SITE_URL="", DEBUG=True)
def test_without_the_setting_the_requests_host_is_used_or_a_local_default():
    request = RequestFactory().get("/", HTTP_HOST="localhost:8000")

    assert site_url(request) == "http://localhost:8000"
    assert site_url() == "http://127.0.0.1:8000"


@override_settings(SITE_URL="", DEBUG=False, ALLOWED_HOSTS=["ramiscore.example.org"])
def test_in_production_the_command_uses_the_first_allowed_host():
    assert site_url() == "https://ramiscore.example.org"


def test_the_fetcher_reads_static_files_from_disk_and_nothing_else():
    fetcher = StaticFilesFetcher()

    css = fetcher.fetch("file:///static/css/print-common.css")

    assert b"@page" in css.read()
    for url in (
        "http://127.0.0.1:8000/static/css/print-common.css",
        "file:///etc/passwd",
        "file:///static/../../etc/passwd",
        "file:///static/css/missing.css",
    ):
        with pytest.raises(ValueError):
            fetcher.fetch(url)


def test_collected_static_files_with_hashed_names_are_read_from_disk(tmp_path, settings):
    # Production: the stylesheet's URL names the collected copy, print-common.<hash>.css.
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--no-input", verbosity=0)
    url = static("css/print-common.css")

    css = StaticFilesFetcher().fetch("file://" + url)

    assert url != "/static/css/print-common.css"
    assert css.url.startswith(tmp_path.as_uri())
    assert b"@page" in css.read()


def test_qr_svg_has_no_size_of_its_own():
    svg = str(qr_svg("https://example.org/games/1/"))

    assert "viewBox" in svg and "width=" not in svg


# Filled records ----------------------------------------------------------------------------


def test_the_record_lists_every_hand_with_points_totals_winner_and_prizes(event, game):
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    play(game, "rami_sec", "Anne", Bruno=29, Chloé=27)
    play(game, "going_out", "Bruno", Anne=10, Chloé=5)
    play(game, "going_out", "Chloé", Anne=16, Bruno=17)
    play(game, "going_out", "Anne", Bruno=27, Chloé=8)

    text = pages_text(pdfs.game_record_pdf(game))[0]
    rows = lines(text)

    assert "1 Anne: went out 0 0 23 23 4 4 —" in rows
    assert "2 Anne: went rummy 0 0 54 (29) 77 52 (27) 56 —" in rows
    assert "5 Anne: went out 0 26 27 121 8 69 —" in rows
    assert "Finished after hand 5 · pot 15.00 €" in " ".join(text.split())
    assert "1 Anne 26 3 15.00 €" in rows
    assert "Winner" in text and "limit 100" in text  # the chart's target line


def test_the_record_marks_corrections_and_says_who_entered_and_confirmed(club, organiser):
    event = EventFactory(
        club=club, options={"target": 100}, confirmation_required=True, language="en"
    )
    game = make_game(event)
    bruno, chloe = game.seats.get(position=2), game.seats.get(position=3)
    hand = record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=23, Chloé=4),
        device="phone-of-bruno",
        entered_by_seat=bruno,
    )
    confirm_hand(hand=hand, device="phone-of-chloe", confirmed_by_seat=chloe)
    first = lines(pages_text(pdfs.game_record_pdf(game))[0])
    assert "1 Anne: went out 0 0 23 23 4 4 Bruno Chloé" in first
    correct(
        hand,
        "going_out",
        "Anne",
        reason="Bruno avait compté deux fois le roi",
        user=organiser,
        Bruno=13,
        Chloé=4,
    )

    text = pages_text(pdfs.game_record_pdf(game))[0]

    # The organiser who corrected it vouches for it: confirmed in his name.
    assert "1* Anne: went out 0 0 13 13 4 4 Bruno organiser" in lines(text)
    assert "Bruno avait compté deux fois le roi" in " ".join(text.split())
    assert "Bruno: 23 → 13" in " ".join(text.split())


def test_the_record_of_a_game_with_a_waiting_hand_says_provisional_and_crowns_nobody(club):
    event = EventFactory(
        club=club, options={"target": 100}, confirmation_required=True, language="en"
    )
    game = make_game(event, pot=15)
    record_hand(
        game=game,
        number=1,
        facts=facts(game, "going_out", "Anne", Bruno=100, Chloé=4),
        device="phone-of-bruno",
        entered_by_seat=game.seats.get(position=2),
    )

    text = pages_text(pdfs.game_record_pdf(game))[0]

    assert "Awaiting confirmation provisional totals after hand 1" in " ".join(text.split())
    assert "1 Anne: went out (provisional) 0 0 100 100 4 4 Bruno not yet" in lines(text)
    assert "Winner" not in text
    assert text.count("€") == 1  # the pot; no prize while a hand waits


def test_a_gin_rummy_match_record_shows_each_games_bonuses_from_the_engine():
    event = EventFactory(
        variant="gin-rummy",
        options={"mode": "multi_game", "target": 10, "number_of_games": 2},
        language="en",
    )
    game = make_game(event, players=("Anne", "Bruno"), pot=10)
    play(game, "gin", "Anne", Anne=0, Bruno=15)  # Anne 25 + 15: game 1, a shutout
    play(game, "gin", "Bruno", Anne=5, Bruno=0)  # Bruno 25 + 5: game 2

    rows = lines(pages_text(pdfs.game_record_pdf(game))[0])

    assert "Game 1 (winner: Anne) 40 0" in rows
    assert "bonuses: line + game + shutout 25 + 100 + 100 0 + 0 + 0" in rows
    assert "Game 2 (winner: Bruno) 0 30" in rows
    assert "Grand total 265 255" in rows
    assert "Game 2" in rows  # the heading before hand 2 in the hands' table


def test_a_record_before_the_first_hand_says_so(event, game):
    text = pages_text(pdfs.game_record_pdf(game))[0]

    assert "No hand entered yet." in text
    assert "Not started" in text


def test_a_record_of_eight_players_turns_landscape():
    event = EventFactory(language="en")
    game = make_game(event, players=[f"Joueur {n}" for n in range(1, 9)])

    assert is_landscape(pdfs.game_record_pdf(game))


def test_the_record_takes_the_same_queries_for_2_or_20_hands(
    event, django_assert_num_queries, monkeypatch
):
    without_layout(monkeypatch)

    def queries_for(hands: int) -> int:
        game = make_game(event, table_number=hands, pot=15)
        for _ in range(hands):
            play(game, "going_out", "Anne", Bruno=1, Chloé=1)
        # The game, seats, hands, lines; the hands' history (corrections) and the change
        # history (hands, lines, game): as many queries whatever the number of hands.
        with django_assert_num_queries(8) as context:
            pdfs.game_record_pdf(game)
        return len(context.captured_queries)

    assert queries_for(2) == queries_for(20)


# Standings and seating ---------------------------------------------------------------------


def test_a_club_nights_results_give_each_tables_winner_and_prizes(event, game):
    for _ in range(4):
        play(game, "going_out", "Anne", Bruno=25, Chloé=5)
    make_game(event, table_number=2, players=("Denis", "Émile"), pot=10)

    rows = lines(pages_text(pdfs.standings_pdf(event))[0])

    assert "Table 1 · Finished · pot 15.00 €" in rows
    assert "1 Anne WINNER 0 15.00 €" in rows
    assert "3 Bruno 100" in rows
    assert "Table 2 · Not started · pot 10.00 €" in rows


def test_a_tournaments_standings_come_from_standings_rows():
    event, _people = build(6, 2, language="en")

    with translation.override("en"):
        standings = standings_rows(event)
    text = " ".join(pages_text(pdfs.standings_pdf(event))[0].split())

    assert standings.columns == ["cumulative score", "games won", "opponents' points (Buchholz)"]
    assert len(standings.lines) == 6
    best = standings.lines[0]
    assert f"{best.place} {best.player} {best.points} {' '.join(best.tie_breaks)}" in text
    assert best.prize and " ".join(best.prize.split()) in text  # its no-break space, read
    assert "Prize pool 60.00 € from 6 entrants" in text


def test_the_results_take_the_same_queries_for_2_or_20_tables(
    django_assert_num_queries, monkeypatch
):
    without_layout(monkeypatch)

    def queries_for(tables: int) -> int:
        event = EventFactory(language="en")
        for number in range(1, tables + 1):
            make_game(event, table_number=number, players=(f"A{number}", f"B{number}"))
        # The rounds, the seats, and who may still gain points (a hand waiting, say).
        with django_assert_num_queries(3) as context:
            pdfs.standings_pdf(event)
        return len(context.captured_queries)

    assert queries_for(2) == queries_for(20)


def test_the_seating_list_gives_each_table_and_everyone_by_name(event, game):
    make_game(event, table_number=2, players=("Denis", "Émile", "Fanny"))
    round_ = first_round(event)
    Bye.objects.create(round=round_, player=PlayerFactory(club=event.club, name="Zoé"))

    pdf = pdfs.seating_pdf(round_)
    by_table, by_name = pages_text(pdf)

    assert "1 Anne Bruno Chloé" in lines(by_table)
    assert "2 Denis Émile Fanny" in lines(by_table)
    assert "Sitting out this round (bye): Zoé" in " ".join(by_table.split())
    names = [row for row in lines(by_name) if "seat" in row]
    assert names[0] == "Anne table 1, seat 1"
    assert "Émile table 2, seat 2" in " ".join(by_name.split())


def test_a_seating_list_with_tables_of_five_is_landscape(event):
    make_game(event, players=("Anne", "Bruno", "Chloé", "Denis", "Émile"))

    assert is_landscape(pdfs.seating_pdf(first_round(event)))
    assert not is_landscape(pdfs.seating_pdf(first_round(event)), page=1)
