"""The public table page: hands, totals, progress, chart, result, changes; live while in play."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, UserFactory, facts, make_game, play
from tests.page import parse, table_rows
from tournaments.models import Seat
from tournaments.play.services.entry import (
    close_game,
    confirm_hand,
    correct_hand,
    delete_last_hand,
)
from tournaments.play.services.kept import discard_kept_hand, set_aside_hand

pytestmark = pytest.mark.django_db

# The page's queries (its heading's game, then for its live part the game, seats, hands,
# lines, four for the change history (hands, lines, the game, the hands a phone set
# aside), the round's clock while the table plays), whatever the number of hands; a
# logged-in organiser adds the session, the user and the club check. The live part made
# once per version, every other visitor costs 2 (test_public_bounded.py).
ANONYMOUS_QUERIES = 11  # 10 for the page, 1 for its ETag
ORGANISER_QUERIES = 14


@pytest.fixture
def client() -> Client:
    """A visitor reading in English (the French wording may change with the translation)."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def url(game) -> str:
    return reverse("game", kwargs={"game_id": game.pk})


def finish(game):
    """Two hands of the fixture game: Bruno passes 100, Chloé wins with the lowest total."""
    play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    play(game, "going_out", "Chloé", Anne=20, Bruno=45)


def test_it_shows_the_table_to_anyone(client, game, django_assert_max_num_queries):
    play(game, "going_out", "Anne", Bruno=30, Chloé="KD 7S 3H")
    with django_assert_max_num_queries(ANONYMOUS_QUERIES):
        response = client.get(url(game))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Table 1" in page and "Soirée du jeudi" in page
    assert "Rami à pénalités (penalty points)" in page and "ends at 100 points" in page
    assert "pot 15.00\u00a0€" in page
    for name in ("Anne", "Bruno", "Chloé"):
        assert name in page
    assert "In play" in page and "1 hand played" in page


def test_the_hand_history_shows_who_ended_each_hand_how_and_each_count(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé="KD 7S 3H")
    play(game, "rami_sec", "Bruno", Anne=4, Chloé=2)
    rows = hand_rows(client.get(url(game)))
    assert rows[0] == ["1", "Anne went out", "0", "30 (30)", "20 (20)"]
    # Rami sec: each other player scores his count + 25 (R10).
    assert rows[1] == ["2", "Bruno went rummy", "29 (4)", "0", "27 (2)"]
    assert rows[-1] == ["Total", "29", "30", "47"]


def test_an_english_page_says_rami_sec_in_english(client, game):
    """ "Rami sec" is the French name: the English page says "went rummy"."""
    play(game, "rami_sec", "Bruno", Anne=4, Chloé=2)
    page = client.get(url(game), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "went rummy" in page
    assert "rami sec" not in page.lower()


def test_progress_bars_go_towards_the_limit(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    page = client.get(url(game)).content.decode()
    assert "Towards the 100 limit" in page
    assert 'value="30" max="100"' in page and 'value="45" max="100"' in page
    assert 'aria-label="Chloé: 45 of 100"' in page


def test_the_leader_is_named_while_in_play(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    page = client.get(url(game)).content.decode()
    assert "Leader: Anne" in page


def test_the_chart_is_inline_svg_with_a_line_per_player(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    play(game, "going_out", "Bruno", Anne=10, Chloé=5)
    page = client.get(url(game)).content.decode()
    start = page.index("<svg")
    svg = ET.fromstring(page[start : page.index("</svg>", start) + len("</svg>")])
    lines = svg.findall(".//{http://www.w3.org/2000/svg}polyline")
    assert len(lines) == 3
    assert all(len(line.get("points").split()) == 3 for line in lines)
    assert svg.find(".//{http://www.w3.org/2000/svg}line[@class='target']") is not None


def test_a_finished_game_shows_the_winner_and_the_prize_split(client, game):
    finish(game)
    page = client.get(url(game)).content.decode()
    assert "Finished" in page
    assert "Winner: <strong>Chloé</strong>" in page
    assert "Prize split" in page
    seats = {
        s.player.name: s.prize for s in Seat.objects.filter(game=game).select_related("player")
    }
    assert sum(seats.values()) == Decimal("15.00")
    assert f"{seats['Chloé']:.2f}\u00a0€" in page


def test_a_game_closed_early_says_so(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    close_game(game=game)
    page = client.get(url(game)).content.decode()
    assert "Closed by the organiser" in page
    assert "closed this game before its end" in page
    assert "Winner: <strong>Anne</strong>" in page
    assert "Game closed by the organiser" in page  # in the change history


def test_provisional_hands_are_marked_and_the_game_awaits_confirmation(client, club):
    event = EventFactory(club=club, variant="rami-penalites", confirmation_required=True)
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=60, Chloé=10)
    play(game, "going_out", "Anne", Bruno=50, Chloé=10)
    response = client.get(url(game))
    page = response.content.decode()
    assert "Awaiting confirmation" in page and "provisional" in page
    # Bruno passed the limit but nobody won yet: the hand still needs a second person.
    assert "Winner:" not in page
    assert 'hx-trigger="every 10s"' in page


def test_it_polls_while_in_play_and_stops_when_finished(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    assert 'hx-trigger="every 10s"' in client.get(url(game)).content.decode()
    play(game, "going_out", "Chloé", Anne=20, Bruno=75)
    page = client.get(url(game)).content.decode()
    assert "Finished" in page
    assert "hx-trigger" not in page and "hx-get" not in page


def test_htmx_gets_only_the_live_fragment(client, game, django_assert_max_num_queries):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    with django_assert_max_num_queries(ANONYMOUS_QUERIES):
        response = client.get(url(game), headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="game-live"')
    assert "<html" not in page and "site-header" not in page
    assert f'hx-get="{url(game)}"' in page and 'hx-trigger="every 10s"' in page
    assert hand_rows(response)[0] == ["1", "Anne went out", "0", "30 (30)", "45 (45)"]
    assert "HX-Request" in response["Vary"]


def test_the_htmx_fragment_of_a_finished_game_stops_polling(client, game):
    finish(game)
    page = client.get(url(game), headers={"HX-Request": "true"}).content.decode()
    assert page.lstrip().startswith('<div id="game-live"')
    assert "hx-trigger" not in page and "Winner" in page


def test_the_query_count_does_not_grow_with_the_hands(client, event, django_assert_max_num_queries):
    short = make_game(event, table_number=2, players=("Anne", "Bruno"))
    long = make_game(event, table_number=3, players=("Chloé", "Denis"), options={"target": 10_000})
    for _ in range(2):
        play(short, "going_out", "Anne", Bruno=5)
    for number in range(30):
        if number % 2:
            play(long, "going_out", "Chloé", Denis=7)
        else:
            play(long, "going_out", "Denis", Chloé=7)
    correct_hand(
        hand=long.hands.get(number=3),
        facts=facts(long, "going_out", "Denis", Chloé=9),
        reason="miscounted",
    )
    for game in (short, long):
        with django_assert_max_num_queries(ANONYMOUS_QUERIES):
            assert client.get(url(game)).status_code == 200
    long_page = client.get(url(long)).content.decode()
    assert "30 hands played" in long_page


def test_organisers_get_a_link_to_hand_entry(
    client, game, organiser, django_assert_max_num_queries
):
    client.force_login(organiser)
    with django_assert_max_num_queries(ORGANISER_QUERIES):
        page = client.get(url(game)).content.decode()
    assert reverse("entry:enter", kwargs={"game_id": game.pk}) in page


def test_visitors_and_other_clubs_organisers_get_no_entry_link(client, game):
    entry = reverse("entry:enter", kwargs={"game_id": game.pk})
    assert entry not in client.get(url(game)).content.decode()
    client.force_login(UserFactory(username="someone-else"))
    assert entry not in client.get(url(game)).content.decode()


def test_an_unknown_table_is_a_404(client, game):
    assert client.get(reverse("game", kwargs={"game_id": game.pk + 1000})).status_code == 404
    csv_url = reverse("game_hands_csv", kwargs={"game_id": game.pk + 1000})
    assert client.get(csv_url).status_code == 404


def test_it_only_answers_get(client, game):
    assert client.post(url(game)).status_code == 405


def test_a_game_without_hands_shows_empty_history_and_chart(client, game):
    page = client.get(url(game)).content.decode()
    assert "Not started" in page and "No hand played yet" in page
    assert "No change yet." in page


# The CSV export.


def read_csv(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_hands_export_as_csv(client, game, django_assert_max_num_queries):
    play(game, "going_out", "Anne", Bruno=30, Chloé="KD 7S 3H")
    play(game, "rami_sec", "Bruno", Anne=4, Chloé=2)
    with django_assert_max_num_queries(5):  # its ETag's version, then 4
        response = client.get(reverse("game_hands_csv", kwargs={"game_id": game.pk}))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    disposition = response["Content-Disposition"]
    assert disposition == 'attachment; filename="hands-soiree-du-jeudi-table-1.csv"'
    header, first, second = read_csv(response)
    assert header[:5] == ["Hand", "Ended by", "How", "Won by", "Provisional"]
    assert header[5:8] == ["Anne counted", "Anne points", "Anne total"]
    assert header[-3:] == ["Chloé counted", "Chloé points", "Chloé total"]
    # "Won by" names every hand's winner, the player who went out included.
    assert first == [
        "1",
        "Anne",
        "went out",
        "Anne",
        "",
        "",
        "0",
        "0",
        "30",
        "30",
        "30",
        "20",
        "20",
        "20",
    ]
    assert second[:4] == ["2", "Bruno", "went rummy", "Bruno"]
    assert second[5:] == ["4", "29", "29", "", "0", "30", "2", "27", "47"]


def test_the_csv_of_a_gin_game_names_the_undercutter(client, club):
    event = EventFactory(club=club, variant="gin-rummy")
    game = make_game(event, players=("Anne", "Bruno"))
    play(game, "knock", "Anne", Anne=8, Bruno=5)
    rows = read_csv(client.get(reverse("game_hands_csv", kwargs={"game_id": game.pk})))
    assert rows[1][:4] == ["1", "Anne", "undercut", "Bruno"]


def test_an_empty_game_exports_only_the_header(client, game):
    rows = read_csv(client.get(reverse("game_hands_csv", kwargs={"game_id": game.pk})))
    assert len(rows) == 1 and rows[0][0] == "Hand"


# The change history (audit).


def changes(response) -> list[str]:
    """The change history's entries, newest first, as plain text."""
    return [item.text() for item in parse(response.content).find_all("li", "change")]


def test_corrections_and_deletions_appear_with_who_when_and_why(client, game, organiser):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    play(game, "going_out", "Bruno", Anne=12, Chloé=8)
    correct_hand(
        hand=game.hands.get(number=1),
        facts=facts(game, "going_out", "Anne", Bruno=35, Chloé=45),
        reason="Bruno recounted his cards",
        user=organiser,
    )
    delete_last_hand(game=game, reason="entered twice", user=organiser)
    lines = changes(client.get(url(game)))
    assert len(lines) == 4
    assert lines[0].startswith("Hand 2 deleted") and "Why: entered twice" in lines[0]
    assert lines[1].startswith("Hand 1 corrected")
    assert "Why: Bruno recounted his cards" in lines[1] and "Bruno: 30 → 35" in lines[1]
    assert "Chloé" not in lines[1].split("Why")[1]  # unchanged lines are not listed
    assert lines[2].startswith("Hand 2 entered") and lines[3].startswith("Hand 1 entered")
    # Totals follow the correction and the deletion.
    assert hand_rows(client.get(url(game)))[-1] == ["Total", "0", "35", "45"]


def test_a_correction_of_how_the_hand_ended_is_listed(client, game):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    correct_hand(
        hand=game.hands.get(number=1),
        facts=facts(game, "rami_sec", "Chloé", Anne=4, Bruno=30),
        reason="it was Chloé",
    )
    newest = changes(client.get(url(game)))[0]
    assert "how: went out → went rummy" in newest and "ended by: Anne → Chloé" in newest
    assert "Anne: — → 4" in newest and "Chloé: 45 → —" in newest


def test_who_is_the_account_or_the_table_link(client, game, organiser):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)  # no account, no device: not recorded
    play(game, "going_out", "Bruno", user=organiser, Anne=1, Chloé=2)
    play(game, "going_out", "Bruno", device="phone-at-table-1", Anne=1, Chloé=2)
    lines = changes(client.get(url(game)))
    assert "table link" in lines[0]
    assert "organiser" in lines[1]
    assert "not recorded" in lines[2]


def test_a_confirmation_is_listed_with_who_confirmed(client, club, organiser):
    event = EventFactory(club=club, variant="rami-penalites", confirmation_required=True)
    game = make_game(event)
    hand = play(game, "going_out", "Anne", Bruno=10, Chloé=10)
    confirm_hand(hand=hand, user=organiser)
    lines = changes(client.get(url(game)))
    assert lines[0].startswith("Hand 1 confirmed") and "organiser" in lines[0]
    assert "Why" not in lines[0]


def test_a_hand_set_aside_and_what_the_player_did_with_it_are_listed(client, game):
    """A hand kept on a phone that the table had moved past (docs/offline.md): recorded with
    what was typed, then sent as the next hand or discarded (issue 18 §1)."""
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    typed = {"how": "going_out", "ended_by": "2", "held": {"1": "12", "2": "", "3": "KD 7S"}}
    set_aside_hand(game=game, key="k" * 32, number=1, typed=typed, device="phone-1")
    discard_kept_hand(game=game, key="k" * 32, number=1, typed=typed, device="phone-1")
    set_aside_hand(game=game, key="m" * 32, number=1, typed=typed, device="phone-1")
    lines = changes(client.get(url(game)))
    assert lines[0].startswith("Hand 1 kept on a phone set aside: the table had moved on")
    assert "Bruno · Went out · Anne: 12, Chloé: KD 7S" in lines[0]
    assert lines[1].startswith("Hand 1 set aside on a phone: discarded by the player")
    assert lines[2].startswith("Hand 1 kept on a phone set aside")
    assert "table link" in lines[2]


def test_the_history_shows_the_last_50_changes_in_constant_queries(
    client, event, django_assert_max_num_queries
):
    game = make_game(event, table_number=4, players=("Anne", "Bruno"), options={"target": 10_000})
    for _ in range(30):
        play(game, "going_out", "Anne", Bruno=3)
    for number in range(1, 26):
        correct_hand(
            hand=game.hands.get(number=number),
            facts=facts(game, "going_out", "Anne", Bruno=4),
            reason=f"fix {number}",
        )
    with django_assert_max_num_queries(ANONYMOUS_QUERIES):
        response = client.get(url(game))
    lines = changes(response)
    assert len(lines) == 50
    assert lines[0].startswith("Hand 25 corrected") and "Bruno: 3 → 4" in lines[0]


def test_player_names_are_escaped(client, club):
    event = EventFactory(club=club)
    PlayerFactory(club=club, name="O'Brien <b>")
    game = make_game(event, players=("Anne", "O'Brien <b>"))
    play(game, "going_out", "Anne", **{"O'Brien <b>": 5})
    for page_url in (url(game), reverse("event", kwargs={"event_id": event.pk})):
        page = client.get(page_url).content.decode()
        assert "<b>" not in page
        assert "O&#x27;Brien &lt;b&gt;" in page


def hand_rows(response) -> list[list[str]]:
    """The hands table's rows after the header (hands, then the total) as cell texts."""
    return table_rows(parse(response.content).find("table", "hands"))[1:]


def test_a_change_made_in_an_organisers_request_names_him(client, game, organiser, rf):
    """In a request, django-simple-history's middleware records the account that changed it."""
    from simple_history.models import HistoricalRecords

    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    request = rf.post("/")
    request.user = organiser
    HistoricalRecords.context.request = request
    try:
        delete_last_hand(game=game, reason="wrong table", user=organiser)
    finally:
        del HistoricalRecords.context.request
    newest = changes(client.get(url(game)))[0]
    assert newest.startswith("Hand 1 deleted") and "organiser" in newest
    assert "table link" not in newest


def test_a_gin_game_shows_knocks_undercuts_gins_and_draws(client, club):
    event = EventFactory(club=club, variant="gin-rummy")
    game = make_game(event, players=("Anne", "Bruno"))
    play(game, "knock", "Anne", Anne=3, Bruno=20)
    play(game, "knock", "Bruno", Anne=4, Bruno=9)
    play(game, "gin", "Anne", Anne=0, Bruno=12)
    play(game, "draw")
    rows = hand_rows(client.get(url(game)))
    assert rows[0] == ["1", "Anne knocked", "17 (3)", "0 (20)"]
    # Undercut: Anne scores the 20 bonus + the difference of 5 (rules.md, gin-rummy).
    assert rows[1] == ["2", "Bruno undercut won by Anne", "25 (4)", "0 (9)"]
    assert rows[2] == ["3", "Anne gin", "37 (0)", "0 (12)"]
    assert rows[3] == ["4", "— draw", "0", "0"]
    assert rows[4] == ["Total", "79", "0"]


def test_a_phone_polling_an_unchanged_table_gets_a_304_for_one_query(
    game, client, django_assert_max_num_queries
):
    play(game, "going_out", "Anne", Bruno=5, Chloé=7)
    first = client.get(url(game), HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    with django_assert_max_num_queries(1):
        again = client.get(url(game), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    changed = client.get(url(game), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_the_page_and_its_fragment_have_different_versions(game, client):
    page = client.get(url(game))
    fragment = client.get(url(game), HTTP_HX_REQUEST="true")
    assert page["ETag"] != fragment["ETag"]
