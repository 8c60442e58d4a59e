"""The club's ledger in words and figures: the fees' and payments' labels, the balance line by
line (page, PDF, CSV and XLSX alike), the record of changes as "old → new", and the tables a
spreadsheet downloads."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.ledger.selectors import (
    Balance,
    Change,
    EventLedger,
    PrizeRow,
    Record,
    SeasonMoney,
)
from tournaments.models import EntryFee, Event, Method, Payout, PrizeCategory
from tournaments.prizes.display import category_name, prize_text
from tournaments.prizes.selectors import REST, EventPrizes
from tournaments.words.exports import SpreadsheetSafe
from tournaments.words.formats import money, ordinal

FEE_STATUS = {**dict(EntryFee.Status.choices), "none": gettext_lazy("Nothing due yet")}
METHODS = dict(Method.choices)
PAYOUT_STATUS = dict(Payout.Status.choices)


def prize_label(row: PrizeRow, prizes: EventPrizes | None) -> str:
    """What the prize is: "Best woman · 1st", "Overall · 2nd–3rd", "Table 3 · round 1"."""
    if row.table is not None:
        return _("Table %(table)s · round %(round)s") % {
            "table": row.table,
            "round": row.round_number,
        }
    if row.category == REST:
        return _("Rest of the pool")
    category = prizes.category(row.category) if prizes is not None else None
    name = category_name(category)
    if category is not None and len(category.prizes) == 1:
        return name
    first, last = row.places[0], row.places[-1]
    places = ordinal(first) if first == last else f"{ordinal(first)}–{ordinal(last)}"
    return f"{name} · {places}"


@dataclass(frozen=True)
class BalanceLine:
    label: str
    amount: Decimal
    kind: str = ""  # "total" for the lines that sum up, "detail" for those within another


def balance_lines(balance: Balance, event: Event) -> list[BalanceLine]:
    """The balance as the treasurer reads it, top to bottom."""
    lines = [
        BalanceLine(_("Entry fees due"), balance.fees_due),
        BalanceLine(_("Entry fees received"), balance.fees_in, "total"),
    ]
    lines += [
        BalanceLine(_("of which by %(method)s") % {"method": str(label).lower()}, amount, "detail")
        for method, label in METHODS.items()
        if (amount := balance.by_method.get(method))
    ]
    lines += [
        BalanceLine(_("Refunded"), -balance.refunded),
        BalanceLine(_("Fees still to collect"), balance.outstanding),
    ]
    if event.is_tournament:
        lines += [
            BalanceLine(
                _("Club share (%(share)s %%)")
                % {"share": formats.number_format(event.club_share.normalize(), use_l10n=True)},
                balance.club_share,
            ),
            BalanceLine(_("Prize pool"), balance.pool),
        ]
    lines += [
        BalanceLine(_("Prizes won"), balance.prizes_won),
    ]
    if balance.prizes_fixed:
        lines.append(
            BalanceLine(_("of which amounts the club adds"), balance.prizes_fixed, "detail")
        )
    lines += [
        BalanceLine(_("Prizes paid"), -balance.prizes_paid, "total"),
        BalanceLine(_("Prizes still to pay"), balance.prizes_to_pay),
        BalanceLine(_("Balance: what the club holds now"), balance.balance, "total"),
        BalanceLine(_("Once every fee is in and every prize paid"), balance.settled, "total"),
    ]
    return lines


# The record of changes ----------------------------------------------------------------------

FIELD_NAMES = {
    "status": gettext_lazy("status"),
    "method": gettext_lazy("paid by"),
    "amount": gettext_lazy("amount"),
    "label": gettext_lazy("prize"),
    "name": gettext_lazy("name"),
    "kind": gettext_lazy("who is in it"),
    "prizes": gettext_lazy("prizes"),
    "age_from": gettext_lazy("aged at least"),
    "age_under": gettext_lazy("aged under"),
    "reference_date": gettext_lazy("ages on"),
    "club_id": gettext_lazy("club"),
    "rating_from": gettext_lazy("rating at least"),
    "rating_under": gettext_lazy("rating under"),
    "position": gettext_lazy("order"),
    "entry_fee": gettext_lazy("entry fee"),
    "club_share": gettext_lazy("club share (%)"),
    "prize_places": gettext_lazy("prize pool by place (%)"),
    "prize_rule": gettext_lazy("prizes per player"),
    "prize_ties": gettext_lazy("players level for a prize"),
}
SUBJECTS = {
    "fee": gettext_lazy("Entry fee"),
    "payout": gettext_lazy("Prize paid"),
    "category": gettext_lazy("Prize category"),
    "settings": gettext_lazy("Event settings"),
}
ACTIONS = {"+": gettext_lazy("added"), "~": gettext_lazy("changed"), "-": gettext_lazy("removed")}


def value_text(name: str, value: Any, kind: str) -> str:
    """A recorded value as people read it."""
    if value is None or value == "":
        return "–"
    if name == "status":
        labels = FEE_STATUS if kind == "fee" else PAYOUT_STATUS
        return str(labels.get(value, value))
    if name == "method":
        return str(METHODS.get(value, value))
    if name in ("amount", "entry_fee"):
        return money(value)
    if name == "prizes":
        return ", ".join(prize_text(prize) for prize in value) or "–"
    if name == "kind":
        return str(dict(PrizeCategory.Kind.choices).get(value, value))
    if name == "prize_rule":
        return str(dict(Event.PrizeRule.choices).get(value, value))
    if name == "prize_ties":
        return str(dict(Event.PrizeTies.choices).get(value, value))
    if name == "prize_places":
        return ", ".join(str(each) for each in value)
    if isinstance(value, Decimal):
        return formats.number_format(value.normalize(), use_l10n=True)
    if hasattr(value, "isoformat"):
        return formats.date_format(value)
    return str(value)


def change_text(change: Change, kind: str) -> str:
    """ "status: due → paid"."""
    return _("%(field)s: %(old)s → %(new)s") % {
        "field": FIELD_NAMES.get(change.field, change.field),
        "old": value_text(change.field, change.old, kind),
        "new": value_text(change.field, change.new, kind),
    }


@dataclass(frozen=True)
class RecordLine:
    at: str
    by: str
    what: str
    changes: list[str]
    reason: str


# The reasons the services give on their own (tournaments/ledger/services.py,
# tournaments/prizes/services.py), kept in English in the rows and said in the reader's
# language; a reason somebody typed is shown as typed.
SERVICE_REASONS = {
    "paid": pgettext_lazy("money record", "paid"),
    "paid again": pgettext_lazy("money record", "paid again"),
    "category added": pgettext_lazy("money record", "category added"),
    "category changed": pgettext_lazy("money record", "category changed"),
    "order changed": pgettext_lazy("money record", "order changed"),
    "details changed": pgettext_lazy("money record", "details changed"),
}


def record_lines(records: list[Record]) -> list[RecordLine]:
    return [
        RecordLine(
            at=formats.date_format(timezone.localtime(record.at), "SHORT_DATETIME_FORMAT"),
            by=record.by or _("(no account)"),
            what=f"{SUBJECTS[record.kind]} · {record.subject} · {ACTIONS[record.action]}",
            changes=[change_text(change, record.kind) for change in record.changes],
            reason=str(SERVICE_REASONS.get(record.reason, record.reason)),
        )
        for record in records
    ]


# Downloads -----------------------------------------------------------------------------------


class LedgerTable(SpreadsheetSafe, tables.Table):
    """Every fee and prize of an event, then its balance: one line each, for a spreadsheet."""

    section = tables.Column(verbose_name=gettext_lazy("Section"))
    what = tables.Column(verbose_name=gettext_lazy("What"))
    player = tables.Column(verbose_name=gettext_lazy("Player"))
    status = tables.Column(verbose_name=gettext_lazy("Status"))
    method = tables.Column(verbose_name=gettext_lazy("Paid by"))
    amount_in = tables.Column(verbose_name=gettext_lazy("In"))
    amount_out = tables.Column(verbose_name=gettext_lazy("Out"))
    recorded_by = tables.Column(verbose_name=gettext_lazy("Recorded by"))
    recorded_at = tables.Column(verbose_name=gettext_lazy("Recorded at"))

    class Meta:
        orderable = False


def _when(moment: Any) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment else ""


def ledger_rows(ledger: EventLedger) -> list[dict[str, Any]]:
    """The ledger as plain rows: numbers stay numbers (the export localises them)."""
    rows: list[dict[str, Any]] = []
    fees = str(_("Entry fees"))
    for row in ledger.fees:
        fee = row.fee
        amount = fee.amount if fee and fee.status in ("paid", "refunded") else None
        rows.append(
            {
                "section": fees,
                "what": money(row.due) if row.due else "",
                "player": row.registration.player.name,
                "status": str(FEE_STATUS[row.status]),
                "method": str(METHODS.get(fee.method, "")) if fee else "",
                "amount_in": amount,
                "amount_out": amount if fee and fee.status == "refunded" else None,
                "recorded_by": fee.recorded_by.get_username() if fee and fee.recorded_by else "",
                "recorded_at": _when(fee.recorded_at) if fee else "",
            }
        )
    prizes = str(_("Prizes"))
    for prize in ledger.prizes:
        payout = prize.payout
        paid = payout is not None and payout.status == Payout.Status.PAID
        rows.append(
            {
                "section": prizes,
                "what": f"{prize_label(prize, ledger.categories)} ({money(prize.amount)})",
                "player": prize.name,
                "status": str(PAYOUT_STATUS["paid"]) if paid else str(_("To pay")),
                "method": str(METHODS.get(payout.method, "")) if paid and payout else "",
                "amount_in": None,
                "amount_out": prize.paid if paid else None,
                "recorded_by": (
                    payout.paid_by.get_username() if paid and payout and payout.paid_by else ""
                ),
                "recorded_at": _when(payout.paid_at) if paid and payout else "",
            }
        )
    for payout in ledger.paid_not_won:
        rows.append(
            {
                "section": prizes,
                "what": payout.label,
                "player": payout.player.name,
                "status": str(_("Paid, no longer won")),
                "method": str(METHODS.get(payout.method, "")),
                "amount_in": None,
                "amount_out": payout.amount,
                "recorded_by": payout.paid_by.get_username() if payout.paid_by else "",
                "recorded_at": _when(payout.paid_at),
            }
        )
    balance = str(_("Balance"))
    for line in balance_lines(ledger.balance, ledger.event):
        rows.append(
            {
                "section": balance,
                "what": line.label,
                "player": "",
                "status": "",
                "method": "",
                "amount_in": line.amount,
                "amount_out": None,
                "recorded_by": "",
                "recorded_at": "",
            }
        )
    return rows


def ledger_table(ledger: EventLedger) -> LedgerTable:
    return LedgerTable(ledger_rows(ledger))


class SeasonMoneyTable(SpreadsheetSafe, tables.Table):
    """A season's events, one line each, and their totals."""

    date = tables.Column(verbose_name=gettext_lazy("Date"))
    event = tables.Column(verbose_name=gettext_lazy("Event"))
    kind = tables.Column(verbose_name=gettext_lazy("Kind"))
    entrants = tables.Column(verbose_name=gettext_lazy("Entrants"))
    fees_in = tables.Column(verbose_name=gettext_lazy("Fees received"))
    club_share = tables.Column(verbose_name=gettext_lazy("Club share"))
    prizes_paid = tables.Column(verbose_name=gettext_lazy("Prizes paid"))
    balance = tables.Column(verbose_name=gettext_lazy("Balance"))

    class Meta:
        orderable = False


def season_rows(report: SeasonMoney) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [
        {
            "date": night.event.date.isoformat(),
            "event": night.event.name,
            "kind": night.event.get_kind_display(),
            "entrants": night.entrants,
            "fees_in": night.fees_in,
            "club_share": night.club_share,
            "prizes_paid": night.prizes_paid,
            "balance": night.balance,
        }
        for night in report.nights
    ]
    rows.append(
        {
            "date": "",
            "event": str(_("Total")),
            "kind": "",
            "entrants": sum(night.entrants for night in report.nights),
            "fees_in": report.fees_in,
            "club_share": report.club_share,
            "prizes_paid": report.prizes_paid,
            "balance": report.balance,
        }
    )
    return rows


def season_table(report: SeasonMoney) -> SeasonMoneyTable:
    return SeasonMoneyTable(season_rows(report))
