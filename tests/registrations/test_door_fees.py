"""The entry fee at the door (docs/ledger.md, docs/registration.md): a player checked in whose fee
is due pays it in one tap (cash, or the method of the button), recorded by the ledger's one
service with who and when; the rest of the money (waivers, refunds, prizes, the balance) stays
the treasurer's; an event without an entry fee shows nothing about money at the door."""

from __future__ import annotations

import html
import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import UserFactory, organise
from tournaments.events.services.events import register_player
from tournaments.ledger.services import record_payment
from tournaments.models import EntryFee, Registration, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def volunteer(club):
    user = UserFactory(username="portier")
    organise(club, user, Role.DOOR)
    return user


@pytest.fixture
def door(volunteer):
    client = Client()
    client.force_login(volunteer)
    return client


@pytest.fixture
def tournament(event):
    """A tournament with a 12.50 entry fee per player checked in."""
    event.kind = "tournament"
    event.entry_fee = Decimal("12.50")
    event.save()
    return event


def door_url(event) -> str:
    return reverse("door", kwargs={"event_id": event.id})


def fee_url(event, registration) -> str:
    return reverse(
        "ledger:record_fee", kwargs={"event_id": event.id, "registration_id": registration.id}
    )


def test_the_door_records_a_checked_in_players_fee_in_one_tap(door, volunteer, tournament):
    anne = register_player(event=tournament, name="Anne")
    page = door.get(door_url(tournament), {"q": "Anne"}).content.decode()
    assert "Entry fee: 12,50" in page or "Entry fee: 12.50" in page
    assert f'action="{fee_url(tournament, anne)}"' in page
    assert "Paid in cash" in page
    response = door.post(fee_url(tournament, anne), {"method": "cash", "back": "door", "q": "Anne"})
    assert response.status_code == 302
    assert response.url == door_url(tournament) + "?q=Anne"
    fee = EntryFee.objects.get(registration=anne)
    assert (fee.status, fee.method, fee.amount) == ("paid", "cash", Decimal("12.50"))
    assert fee.recorded_by == volunteer and fee.recorded_at is not None
    assert fee.history.get().history_user == volunteer
    page = door.get(response.url).content.decode()
    assert "Anne paid 12,50" in page or "Anne paid 12.50" in page
    assert f'action="{fee_url(tournament, anne)}"' not in page


@pytest.mark.parametrize("method", ["cheque", "transfer", "card"])
def test_the_door_records_the_other_methods_too(door, tournament, method):
    anne = register_player(event=tournament, name="Anne")
    door.post(fee_url(tournament, anne), {"method": method, "back": "door"})
    assert EntryFee.objects.get(registration=anne).method == method


def test_the_camera_card_offers_the_fee_after_the_check_in_and_says_it_is_paid(
    door, tournament, django_assert_max_num_queries
):
    anne = register_player(event=tournament, name="Anne", checked_in=False)
    card = door.post(
        reverse("door_check_in", kwargs={"event_id": tournament.id, "registration_id": anne.id}),
        HTTP_X_DOOR="1",
    ).content.decode()
    assert "Anne is in." in card and "data-fee" in card
    with django_assert_max_num_queries(12):
        answer = door.post(
            fee_url(tournament, anne), {"method": "cash", "back": "door"}, HTTP_X_DOOR="1"
        )
    assert answer.status_code == 200
    assert 'data-result="paid"' in answer.content.decode()
    code = f"https://club.example.org/r/{anne.token}/"
    scanned = door.get(reverse("door_scanned", kwargs={"event_id": tournament.id}), {"code": code})
    assert "data-fee" not in scanned.content.decode()


def test_a_fee_not_yet_due_shows_no_button(door, tournament):
    register_player(event=tournament, name="Anne", checked_in=False)
    page = door.get(door_url(tournament), {"q": "Anne"}).content.decode()
    assert "data-fee" not in page and "Entry fee" not in page


def test_an_event_without_an_entry_fee_shows_nothing_about_money_at_the_door(door, tournament):
    tournament.entry_fee = Decimal("0.00")
    tournament.save()
    register_player(event=tournament, name="Anne")
    page = door.get(door_url(tournament), {"q": "Anne"}).content.decode()
    assert "data-fee" not in page and "Entry fee" not in page and "€" not in page
    assert "/money/" not in page


def test_the_door_page_reads_the_fees_in_a_fixed_number_of_queries(
    door, tournament, django_assert_num_queries
):
    for name in ("Anne", "Bruno"):
        register_player(event=tournament, name=name)
    with CaptureQueriesContext(connection) as few:
        door.get(door_url(tournament))
    for number in range(20):
        register_player(event=tournament, name=f"Joueur {number}")
    with django_assert_num_queries(len(few.captured_queries)):
        door.get(door_url(tournament))


def test_the_door_does_not_change_a_recorded_fee(door, organiser, tournament):
    """A payment recorded, a waiver, a refund: changing them asks why, on the treasurer's
    page; the door's one tap changes nothing."""
    anne = register_player(event=tournament, name="Anne")
    record_payment(registration=anne, method="cash", user=organiser)
    response = door.post(fee_url(tournament, anne), {"method": "card", "back": "door"})
    assert response.status_code == 302
    fee = EntryFee.objects.get(registration=anne)
    assert (fee.method, fee.recorded_by) == ("cash", organiser)
    assert "Say why the recorded payment changes" in door.get(response.url).content.decode()


def test_the_door_neither_waives_refunds_pays_prizes_nor_sees_the_balance(door, tournament):
    anne = register_player(event=tournament, name="Anne")
    money = {"event_id": tournament.id}
    change = reverse("ledger:fee", kwargs={**money, "registration_id": anne.id})
    assert door.post(change, {"action": "waive", "reason": "aide"}).status_code == 403
    assert door.post(reverse("ledger:pay", kwargs=money), {"method": "cash"}).status_code == 403
    for name in ("event", "balance", "balance_pdf", "history"):
        assert door.get(reverse(f"ledger:{name}", kwargs=money)).status_code == 403, name
    assert not EntryFee.objects.exists()


def test_a_scorer_cannot_take_a_fee(club, tournament):
    scorer = UserFactory(username="marqueur")
    organise(club, scorer, Role.SCORER)
    client = Client()
    client.force_login(scorer)
    anne = register_player(event=tournament, name="Anne")
    assert client.post(fee_url(tournament, anne), {"method": "cash"}).status_code == 403
    assert not EntryFee.objects.filter(registration__in=Registration.objects.all()).exists()


@pytest.mark.parametrize(
    ("language", "takes_fees", "the_rest"),
    [
        ("en", "record an entry fee paid", "waive and refund entry fees, pay prizes"),
        ("fr", "enregistrer un droit d’inscription payé", "exonérer et rembourser"),
    ],
)
def test_the_roles_page_says_the_door_takes_fees_and_the_treasurer_the_rest(
    organiser_client, club, language, takes_fees, the_rest
):
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/manage/clubs/{club.id}/people/").content.decode()
    roles = page[page.index('class="role-table"') :]
    actions = [html.unescape(dd) for dd in re.findall(r"<dd>(.*?)</dd>", roles)]
    said = dict(zip(list(Role), actions, strict=False))
    assert takes_fees in said[Role.DOOR] and the_rest not in said[Role.DOOR]
    assert takes_fees in said[Role.TREASURER] and the_rest in said[Role.TREASURER]
    assert takes_fees not in said[Role.SCORER]
