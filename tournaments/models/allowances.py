"""How often one address used something limited (password-reset e-mails, PDFs rendered for
visitors) in one period of time: kept in the database, which every process and host shares
(tournaments.web.throttle). No fact: rows of past periods are deleted as new ones come."""

from __future__ import annotations

from django.db import connection, models
from django.utils.translation import gettext_lazy as _


class AllowanceQuerySet(models.QuerySet):
    def count_use(self, *, kind: str, address: str, period: int) -> int:
        """Counts one use and returns the uses of this address in this period, this one
        included: one statement (an upsert), atomic on SQLite and PostgreSQL alike, so two
        processes counting at once each get their own number."""
        table = connection.ops.quote_name(self.model._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} (kind, address, period, uses) VALUES (%s, %s, %s, 1) "
                f"ON CONFLICT (kind, address, period) DO UPDATE SET uses = {table}.uses + 1 "
                "RETURNING uses",
                [kind, address, period],
            )
            (uses,) = cursor.fetchone()
        self.filter(kind=kind, period__lt=period).delete()  # periods gone by
        return uses


class Allowance(models.Model):
    kind = models.CharField(max_length=32)  # "password-resets", "pdf-renders"
    address = models.CharField(max_length=64)  # the visitor's IP address
    period = models.BigIntegerField()  # seconds since 1970 // the period's length
    uses = models.PositiveIntegerField(default=0)

    objects = AllowanceQuerySet.as_manager()

    class Meta:
        verbose_name = _("use counted per address")
        verbose_name_plural = _("uses counted per address")
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "address", "period"], name="one_count_per_address_and_period"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.address} ({self.uses})"
