"""The club's ledger of an event (docs/ledger.md): each player's entry fee (due, paid, waived,
refunded) and each prize paid out. Every change keeps its record (who, when, old and new
values, why) in the rows' history; nothing about money is deleted."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .clubs import Player
from .events import Event, Registration


class Method(models.TextChoices):
    """How money changed hands."""

    CASH = "cash", _("Cash")
    CHEQUE = "cheque", _("Cheque")
    TRANSFER = "transfer", _("Bank transfer")
    CARD = "card", _("Card")


class EntryFee(models.Model):
    """What a registered player paid for his entry: recorded once he pays (or is let off);
    until then the fee is due."""

    class Status(models.TextChoices):
        DUE = "due", _("Due")  # a payment recorded by mistake, taken back
        PAID = "paid", _("Paid")
        WAIVED = "waived", _("Waived")
        REFUNDED = "refunded", _("Refunded")

    registration = models.OneToOneField(Registration, on_delete=models.PROTECT, related_name="fee")
    status = models.CharField(_("status"), max_length=10, choices=Status)
    method = models.CharField(_("paid by"), max_length=10, choices=Method, blank=True)
    # What he paid (kept when it is refunded: the refund gives it back); 0 when waived.
    amount = models.DecimalField(
        _("amount"),
        max_digits=8,
        decimal_places=2,
        default=Decimal("0.00"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField()
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")

    def __str__(self) -> str:
        return f"{self.registration_id}: {self.status} {self.amount}"


class Payout(models.Model):
    """A prize paid to its winner (or the payment cancelled, kept with its record)."""

    class Status(models.TextChoices):
        PAID = "paid", _("Paid")
        CANCELLED = "cancelled", _("Cancelled")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="payouts")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # Which prize (prizes/selectors.py `prize_key`): "overall:2", "category:7:1", "rest".
    prize = models.CharField(max_length=40)
    label = models.CharField(_("prize"), max_length=200)  # as it read when paid
    amount = models.DecimalField(_("amount"), max_digits=10, decimal_places=2)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.PAID)
    method = models.CharField(_("paid by"), max_length=10, choices=Method)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    paid_at = models.DateTimeField()
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("prize paid")
        verbose_name_plural = _("prizes paid")
        ordering = ["paid_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player", "prize"], name="one_payout_per_prize_and_winner"
            )
        ]

    def __str__(self) -> str:
        return f"{self.label}: {self.amount}"
