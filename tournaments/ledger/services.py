"""Writes of the club's ledger (docs/ledger.md): entry fees paid, waived, refunded or taken back,
and prizes paid or their payment cancelled.

Each is one transaction under the row's lock (two phones at the door cannot record a fee
twice: the same payment again changes nothing), checked first (ValidationError, a sentence
per problem), and kept in the rows' history with who, when, the values before and after, and
why. A first payment needs no reason; every other change of money asks for one.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.ledger.selectors import fee_row, prize_row
from tournaments.models import EntryFee, Event, Method, Payout, Player, Registration

Status = EntryFee.Status


def _who(row: Any, user: Any, reason: str) -> None:
    row._change_reason = reason
    if getattr(user, "is_authenticated", False):
        row._history_user = user


def _user(user: Any) -> Any:
    return user if getattr(user, "is_authenticated", False) else None


def _method(method: str) -> None:
    if method not in Method.values:
        raise ValidationError(_("Say how it was paid: cash, cheque, transfer or card."))


def _reason(reason: str, asked: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError(asked)
    return reason[:200]


def _locked_fee(registration: Registration) -> tuple[Registration, EntryFee | None]:
    """The registration and its fee, locked: what another phone writes waits for us."""
    locked = Registration.objects.select_for_update().get(pk=registration.pk)
    return locked, EntryFee.objects.select_for_update().filter(registration=locked).first()


def record_payment(
    *,
    registration: Registration,
    method: str,
    amount: Decimal | None = None,
    user: Any = None,
    reason: str = "",
) -> EntryFee:
    """A player paid his entry fee (by default, what is due from him): one tap at the door.
    The same payment recorded again changes nothing; changing a recorded one asks why."""
    _method(method)
    event = registration.event
    with transaction.atomic():
        locked, fee = _locked_fee(registration)
        row = fee_row(event, locked.pk)
        due = row.due if row is not None else event.entry_fee
        amount = due if amount is None else amount
        if amount <= 0:
            raise ValidationError(
                _("Nothing is due from %(player)s yet: there is no fee to record.")
                % {"player": locked.player.name}
            )
        if amount != amount.quantize(Decimal("0.01")) or amount > Decimal("99999.99"):
            raise ValidationError(_("Give the amount to the cent."))
        if fee is not None and fee.status == Status.PAID:
            if (fee.method, fee.amount) == (method, amount):
                return fee  # the same tap again, or from a second phone
        first = fee is None or fee.status == Status.DUE
        if not first:
            reason = _reason(reason, _("Say why the recorded payment changes: it is kept."))
        fee = fee or EntryFee(registration=locked)
        fee.status, fee.method, fee.amount = Status.PAID, method, amount
        fee.recorded_by, fee.recorded_at = _user(user), timezone.now()
        _who(fee, user, reason or "paid")
        fee.save()
    return fee


def waive_fee(*, registration: Registration, user: Any = None, reason: str) -> EntryFee:
    """The club lets a player off his fee (a guest, a helper): why is asked."""
    reason = _reason(reason, _("Say why the fee is waived: it is kept."))
    with transaction.atomic():
        locked, fee = _locked_fee(registration)
        if fee is not None and fee.status == Status.PAID:
            raise ValidationError(
                _("%(player)s has paid: refund him instead.") % {"player": locked.player.name}
            )
        fee = fee or EntryFee(registration=locked)
        fee.status, fee.method, fee.amount = Status.WAIVED, "", Decimal("0.00")
        fee.recorded_by, fee.recorded_at = _user(user), timezone.now()
        _who(fee, user, reason)
        fee.save()
    return fee


def refund_fee(*, registration: Registration, user: Any = None, reason: str) -> EntryFee:
    """A paid fee given back (he withdrew before playing, say): why is asked. The amount
    stays on the row: it came in, and went out."""
    reason = _reason(reason, _("Say why the fee is refunded: it is kept."))
    with transaction.atomic():
        locked, fee = _locked_fee(registration)
        if fee is None or fee.status != Status.PAID:
            raise ValidationError(
                _("%(player)s has not paid: there is nothing to refund.")
                % {"player": locked.player.name}
            )
        fee.status = Status.REFUNDED
        fee.recorded_by, fee.recorded_at = _user(user), timezone.now()
        _who(fee, user, reason)
        fee.save()
    return fee


def take_back_fee(*, registration: Registration, user: Any = None, reason: str) -> EntryFee:
    """A payment, waiver or refund recorded by mistake: the fee is due again, and the record
    keeps what was there, and why."""
    reason = _reason(reason, _("Say why the record is taken back: it is kept."))
    with transaction.atomic():
        locked, fee = _locked_fee(registration)
        if fee is None or fee.status == Status.DUE:
            raise ValidationError(
                _("Nothing is recorded for %(player)s.") % {"player": locked.player.name}
            )
        fee.status, fee.method, fee.amount = Status.DUE, "", Decimal("0.00")
        fee.recorded_by, fee.recorded_at = _user(user), timezone.now()
        _who(fee, user, reason)
        fee.save()
    return fee


def pay_prize(
    *,
    event: Event,
    player: Player,
    prize: str,
    label: str,
    method: str,
    user: Any = None,
) -> Payout:
    """A prize handed to its winner: what the standings give him for it now, by `method`.
    Paid already: refused, with when and by whom. `label` is how the prize reads today,
    kept with the payment (a receipt prints it)."""
    _method(method)
    with transaction.atomic():
        # The event's row, locked: two phones paying the same prize wait for each other.
        Event.objects.select_for_update().filter(pk=event.pk).first()
        row = prize_row(event, prize, player.pk)
        if row is None or row.amount <= 0:
            raise ValidationError(
                _("%(player)s does not win this prize (any more): nothing to pay.")
                % {"player": player.name}
            )
        payout = row.payout
        if payout is not None and payout.status == Payout.Status.PAID:
            raise ValidationError(
                _("This prize was paid to %(player)s on %(when)s by %(who)s.")
                % {
                    "player": player.name,
                    "when": timezone.localtime(payout.paid_at).strftime("%d/%m/%Y %H:%M"),
                    "who": payout.paid_by.get_username() if payout.paid_by else "?",
                }
            )
        payout = payout or Payout(event=event, player=player, prize=prize)
        again = payout.pk is not None
        payout.label, payout.amount, payout.method = label[:200], row.amount, method
        payout.status = Payout.Status.PAID
        payout.paid_by, payout.paid_at = _user(user), timezone.now()
        _who(payout, user, "paid again" if again else "paid")
        payout.save()
    return payout


def cancel_payout(*, payout: Payout, user: Any = None, reason: str) -> Payout:
    """A payment recorded by mistake (or the money handed back): cancelled, kept, with why."""
    reason = _reason(reason, _("Say why the payment is cancelled: it is kept."))
    with transaction.atomic():
        locked = Payout.objects.select_for_update().get(pk=payout.pk)
        if locked.status != Payout.Status.PAID:
            raise ValidationError(_("This payment is already cancelled."))
        locked.status = Payout.Status.CANCELLED
        _who(locked, user, reason)
        locked.save()
    return locked
