"""Numbers on the organiser's forms in the organiser's language ("2,50" in French), and the
note saying where prize percentages under 100 go."""

from __future__ import annotations

import html
from decimal import Decimal

import pytest

from tests.factories import EventFactory
from tests.views.organiser_support import seen_now
from tests.views.test_organiser_events import event_post
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def french(client, organiser):
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    return client


def test_french_forms_show_decimals_with_a_comma(french, club, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        response = french.get("/manage/events/new/")
    page = response.content.decode()
    assert "Par défaut\u00a0: 0,75." in page and "0.75" not in page
    assert 'name="entry_fee" value="0,00"' in page
    # Text boxes (a number box refuses "2,50"), with the phone's number keyboard.
    assert 'type="text" name="entry_fee" value="0,00" inputmode="decimal"' in page
    assert 'type="text" name="opt-prize_winner_share" value="0,75" inputmode="decimal"' in page


def test_a_french_organiser_types_amounts_with_a_comma(french, club):
    data = event_post(club, variant="rami-traditionnel", entry_fee="2,50", club_share="12,5")
    data["opt-prize_winner_share"] = "0,8"
    response = french.post("/manage/events/new/", data)
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.entry_fee == Decimal("2.50") and event.club_share == Decimal("12.5")
    assert event.options == {"prize_winner_share": "0.8"}
    # The stored option comes back the French way on the rules page.
    page = french.get(f"/manage/events/{event.id}/rules/").content.decode()
    assert 'name="opt-prize_winner_share" value="0,8"' in page


def test_the_settings_page_takes_a_comma_in_french(french, event):
    data = {**event_post(event.club, entry_fee="2,50"), **seen_now(event)}
    data.pop("variant")
    assert french.post(f"/manage/events/{event.id}/settings/", data).status_code == 302
    event.refresh_from_db()
    assert event.entry_fee == Decimal("2.50")
    page = french.get(f"/manage/events/{event.id}/").content.decode()
    assert "mise 2,50\u00a0€" in page  # the one money format, no-break space included


def test_english_keeps_the_point(client, club, organiser):
    client.force_login(organiser)
    page = client.get("/manage/events/new/").content.decode()
    assert "Default: 0.75." in page and 'name="entry_fee" value="0.00"' in page
    response = client.post("/manage/events/new/", event_post(club, entry_fee="2.50"))
    assert response.status_code == 302 and Event.objects.get().entry_fee == Decimal("2.50")


@pytest.mark.parametrize("places, shown", [([60, 30], True), ([50, 30, 20], False)])
def test_a_tournament_says_where_unused_percentages_go(
    places, shown, client, club, organiser, django_assert_max_num_queries
):
    event = EventFactory(club=club, kind="tournament", prize_places=places)
    client.force_login(organiser)
    note = "90 % of the prize pool is shared by place; the remaining 10 % goes to the winner."
    with django_assert_max_num_queries(11):
        page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert (note in page) is shown
    page = client.get(f"/manage/events/{event.id}/settings/").content.decode()
    assert (note in page) is shown


def test_saving_percentages_under_100_is_accepted_and_then_explained(client, club, organiser):
    event = EventFactory(club=club, kind="tournament")
    client.force_login(organiser)
    data = {**event_post(club, kind="tournament", prize_places="60, 30"), **seen_now(event)}
    data.pop("variant")
    response = client.post(f"/manage/events/{event.id}/settings/", data, follow=True)
    assert response.redirect_chain[-1][0] == f"/manage/events/{event.id}/"
    event.refresh_from_db()
    assert event.prize_places == [60, 30]
    page = response.content.decode()
    assert '<p class="prize-note">90 % of the prize pool' in page
    assert f'href="/manage/events/{event.id}/settings/"' in page.split("prize-note")[1]


@pytest.mark.parametrize(
    "fee, options, note",
    [
        (5, {"prize_places": [70, 20]}, True),
        (0, {"prize_places": [70, 20]}, False),  # no pot at the tables
        (5, {"prize_places": [70, 20], "prize_rule": "traditionnel"}, False),
        (5, {}, False),  # the preset gives the whole pot by place: 100
    ],
    ids=["pot by place under 100", "no stake", "winner collects", "default"],
)
def test_a_club_night_says_where_the_rest_of_each_pot_goes(
    fee, options, note, client, club, organiser
):
    event = EventFactory(club=club, entry_fee=fee, options=options)
    client.force_login(organiser)
    page = html.unescape(client.get(f"/manage/events/{event.id}/").content.decode())
    text = "90 % of each table's pot is shared by place; the remaining 10 % goes to the table's"
    assert (text in page) is note
    if note:
        assert f'href="/manage/events/{event.id}/rules/"' in page.split("prize-note")[1]


def test_the_note_is_in_french_too(french, club):
    event = EventFactory(club=club, kind="tournament", prize_places=[60, 30])
    page = french.get(f"/manage/events/{event.id}/").content.decode()
    assert (
        "90\u00a0% de la cagnotte sont répartis par place\u202f; "
        "les 10\u00a0% restants vont au gagnant." in page
    )
