"""A hand kept on a phone that the table had moved past when it was sent: set aside, never
counted, until the player sends it as the next hand or discards it (docs/offline.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .games import Game


class SetAsideHand(models.Model):
    """A kept hand refused because its number was taken or the hand it was typed after is no
    longer the game's last (an undo, a correction, another phone): what was typed, and what
    the player then did with it. A fact of the table's history, never of its totals."""

    class Decision(models.TextChoices):
        WAITING = "", _("waiting for the player")
        SENT = "sent", _("sent as the next hand")
        DISCARDED = "discarded", _("discarded")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="set_aside_hands")
    # The entry's id (the phone's, as for Hand.idempotency_key): one record per kept hand.
    idempotency_key = models.CharField(max_length=64)
    number = models.PositiveIntegerField(_("typed as hand"))
    # What the phone sent, as the form names it: {"how", "ended_by": seat position,
    # "held": {seat position: count, card codes or "never_melded"}}.
    typed = models.JSONField(default=dict)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_from = models.CharField(max_length=64, blank=True)
    set_aside_at = models.DateTimeField(auto_now_add=True)
    decision = models.CharField(max_length=10, choices=Decision, default="", blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    # The number it was sent as (the hand is found by its entry id, idempotency_key; no
    # foreign key: deleting a hand stays one query lighter).
    sent_as = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("hand set aside")
        verbose_name_plural = _("hands set aside")
        ordering = ["set_aside_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "idempotency_key"], name="one_set_aside_hand_per_entry"
            )
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s set aside") % {"number": self.number}
