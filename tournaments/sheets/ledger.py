"""The treasurer's sheets: a prize's receipt for its winner to sign, and an event's balance
with every fee and prize. Organisers' papers, never public: rendered on request, not stored
(tournaments/views/ledger.py serves them privately). Call within the event's language."""

from __future__ import annotations

from django.utils import timezone

from tournaments.ledger.display import (
    FEE_STATUS,
    METHODS,
    balance_lines,
    prize_label,
    record_lines,
)
from tournaments.ledger.selectors import event_ledger, money_history
from tournaments.models import Event, Payout


def receipt_context(payout: Payout) -> dict:
    """A prize paid: who, what, how much, for which event, when; and room to sign."""
    return {
        "event": payout.event,
        "payout": payout,
        "method": METHODS.get(payout.method, ""),
        "paid_on": timezone.localtime(payout.paid_at),
        "cancelled": payout.status == Payout.Status.CANCELLED,
    }


def balance_context(event: Event) -> dict:
    """The event's balance, then each fee and each prize, then the record of changes."""
    ledger = event_ledger(event)
    return {
        "event": event,
        "ledger": ledger,
        "lines": balance_lines(ledger.balance, event),
        "fees": [(row, FEE_STATUS[row.status]) for row in ledger.fees],
        "prizes": [(row, prize_label(row, ledger.categories)) for row in ledger.prizes],
        "methods": METHODS,
        "records": record_lines(money_history(event)),
        "printed_at": timezone.localtime(),
    }
