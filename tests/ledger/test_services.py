"""The club's ledger (docs/ledger.md): a fee paid in one tap with who and when, its changes
asked why and kept old → new, a prize paid once, and a balance that adds up to the cent."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.prizes.support import played
from tournaments.ledger.selectors import event_ledger, money_history
from tournaments.ledger.services import (
    cancel_payout,
    pay_prize,
    record_payment,
    refund_fee,
    waive_fee,
)
from tournaments.models import EntryFee, Payout, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def field(organiser):
    return played(["Anne", "Bruno", "Chloé", "Denis"], prize_places=[50, 30, 20])


def registration_of(event, player) -> Registration:
    return Registration.objects.select_related("event", "player").get(event=event, player=player)


def test_a_fee_paid_in_one_tap_is_recorded_with_who_and_when(field, organiser):
    event, people = field
    fee = record_payment(
        registration=registration_of(event, people["Anne"]), method="cash", user=organiser
    )
    assert (fee.status, fee.method, fee.amount) == ("paid", "cash", event.entry_fee)
    assert fee.recorded_by == organiser and fee.recorded_at is not None
    again = record_payment(
        registration=registration_of(event, people["Anne"]), method="cash", user=organiser
    )
    assert again.pk == fee.pk and EntryFee.history.filter(id=fee.pk).count() == 1


def test_a_fee_waived_or_refunded_asks_why_and_the_record_keeps_it(field, organiser):
    event, people = field
    helper = registration_of(event, people["Chloé"])
    with pytest.raises(ValidationError):
        waive_fee(registration=helper, user=organiser, reason=" ")
    waive_fee(registration=helper, user=organiser, reason="elle aide à l'accueil")
    paid = registration_of(event, people["Bruno"])
    record_payment(registration=paid, method="cheque", user=organiser)
    with pytest.raises(ValidationError) as refused:
        waive_fee(registration=paid, user=organiser, reason="erreur")
    assert "refund him instead" in refused.value.messages[0]
    with pytest.raises(ValidationError):
        refund_fee(registration=paid, user=organiser, reason="")
    refund_fee(registration=paid, user=organiser, reason="parti avant la ronde 1")
    statuses = {fee.registration.player.name: fee.status for fee in EntryFee.objects.all()}
    assert statuses == {"Chloé": "waived", "Bruno": "refunded"}
    reasons = {record.reason for record in money_history(event) if record.kind == "fee"}
    assert {"elle aide à l'accueil", "parti avant la ronde 1"} <= reasons


def test_a_prize_is_paid_once_and_a_cancelled_payment_is_kept(field, organiser):
    event, _people = field
    first = event_ledger(event).prizes[0]
    player = Registration.objects.get(event=event, player_id=first.player_id).player
    payout = pay_prize(
        event=event, player=player, prize=first.key, label="1er", method="cash", user=organiser
    )
    assert payout.amount == first.amount
    with pytest.raises(ValidationError):
        pay_prize(
            event=event, player=player, prize=first.key, label="1er", method="cash", user=organiser
        )
    with pytest.raises(ValidationError):
        cancel_payout(payout=payout, user=organiser, reason="")
    cancel_payout(payout=payout, user=organiser, reason="payé deux fois")
    assert Payout.objects.get().status == "cancelled"


def test_the_balance_adds_up_to_the_cent(field, organiser):
    event, people = field
    for player in people.values():
        record_payment(registration=registration_of(event, player), method="card", user=organiser)
    balance = event_ledger(event).balance
    assert balance.fees_in == event.entry_fee * len(people)
    assert balance.club_share + balance.pool == balance.fees_in
    assert balance.club_share == (balance.fees_in * event.club_share / 100).quantize(
        Decimal("0.01")
    )
    assert balance.prizes_won == balance.pool
    assert balance.outstanding == 0 and balance.by_method["card"] == balance.fees_in
    assert sum(balance.by_method.values()) == balance.fees_in
