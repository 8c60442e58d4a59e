"""How often one address used something limited (password-reset e-mails, PDFs rendered for
visitors) in one window of time: kept in the database, which every process and host shares
(tournaments.views.throttle). No fact: rows of past windows are deleted as new ones come."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Allowance(models.Model):
    kind = models.CharField(max_length=32)  # "password-resets", "pdf-renders"
    address = models.CharField(max_length=64)  # the visitor's IP address
    window = models.BigIntegerField()  # the window's number: seconds since 1970 // its length
    uses = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("use counted per address")
        verbose_name_plural = _("uses counted per address")
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "address", "window"], name="one_count_per_address_and_window"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.address} ({self.uses})"
