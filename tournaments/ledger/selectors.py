"""Reads of the club's ledger (docs/ledger.md): an event's entry fees and prizes with what was
recorded of them, its balance to the cent, the record of every change about its money, and a
season's nights for the treasurer. Each in a fixed number of queries whatever the number of
players; money is Decimal throughout.

What is due comes from the event: at a tournament, the entry fee of every player checked in
(or whose fee was recorded); at a club night, the stake of every table he sat at. What is
won comes from the standings (tournaments/prizes/) or the tables' pots.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, Sum

from tournaments.models import (
    EntryFee,
    Event,
    Method,
    Payout,
    PrizeCategory,
    Registration,
    Season,
    Seat,
)
from tournaments.prizes.selectors import REST, EventPrizes, prize_key
from tournaments.seasons.selectors.standings import season_events
from tournaments.standings.selectors import event_results, prize_pool_summary

ZERO = Decimal("0.00")
CENT = Decimal("0.01")


def cents(amount: int) -> Decimal:
    return (Decimal(amount) / 100).quantize(CENT)


@dataclass
class FeeRow:
    """A registered player's entry fee: what is due, and what was recorded."""

    registration: Registration  # with its player
    due: Decimal  # ZERO: nothing due (not checked in, or not seated yet at a club night)
    fee: EntryFee | None  # with who recorded it

    @property
    def status(self) -> str:
        """ "paid", "waived", "refunded", "due", or "none" when nothing is due."""
        if self.fee is not None and self.fee.status != EntryFee.Status.DUE:
            return self.fee.status
        return "due" if self.due else "none"

    @property
    def paid(self) -> Decimal:
        """What he paid and kept paid (refunded: nothing)."""
        return self.fee.amount if self.status == EntryFee.Status.PAID and self.fee else ZERO

    @property
    def owing(self) -> Decimal:
        """What is still to collect from him."""
        if self.status in (EntryFee.Status.WAIVED, EntryFee.Status.REFUNDED):
            return ZERO
        return max(self.due - self.paid, ZERO)


@dataclass
class PrizeRow:
    """One winner's part of one prize, and what was paid of it."""

    key: str  # the payout's `prize`
    player_id: int
    name: str
    amount: Decimal  # what he wins now
    payout: Payout | None = None  # paid (or cancelled), with who and when
    # What the prize is, for its label (ledger/display.py): a tournament's category key and
    # places (the rest of the pool: REST), or a club night's table and round.
    category: str = ""
    places: tuple[int, ...] = ()
    table: int | None = None
    round_number: int | None = None

    @property
    def paid(self) -> Decimal:
        if self.payout is not None and self.payout.status == Payout.Status.PAID:
            return self.payout.amount
        return ZERO

    @property
    def to_pay(self) -> Decimal:
        """What is left to pay; a payment of another amount (the standings moved since) says
        so on the page: the difference, either way."""
        return self.amount - self.paid


@dataclass
class Balance:
    """An event's money, to the cent."""

    fees_due: Decimal  # every fee due, waived and refunded ones aside
    fees_in: Decimal  # every payment received (refunded ones included)
    by_method: dict[str, Decimal]  # received, by how it was paid
    refunded: Decimal
    waived: int  # how many fees were waived
    outstanding: Decimal  # fees still to collect
    club_share: Decimal  # the club's part of the fees, as the event's settings make it
    pool: Decimal  # the prize pool
    prizes_won: Decimal  # every prize's money, as the standings give it now
    prizes_fixed: Decimal  # of which the club adds (fixed amounts, not from the pool)
    prizes_paid: Decimal
    prizes_to_pay: Decimal

    @property
    def balance(self) -> Decimal:
        """What the club holds now: received, minus refunds and prizes paid."""
        return self.fees_in - self.refunded - self.prizes_paid

    @property
    def settled(self) -> Decimal:
        """What the club keeps once every fee is in and every prize paid."""
        return self.fees_due - self.prizes_won


@dataclass
class EventLedger:
    event: Event
    fees: list[FeeRow]
    prizes: list[PrizeRow]
    balance: Balance
    categories: EventPrizes | None  # a tournament's, for the prizes' labels
    # Prizes paid that the standings no longer give to that player (a result corrected).
    paid_not_won: list[Payout] = field(default_factory=list)


def _fee_rows(event: Event) -> list[FeeRow]:
    """Two queries: the registrations with their fees, and at a club night the tables each
    player sat at."""
    registrations = list(
        Registration.objects.filter(event=event)
        .select_related("player", "fee__recorded_by")
        .order_by("player__name")
    )
    tables: dict[int, int] = {}
    if not event.is_tournament:
        seats = Seat.objects.filter(game__event=event).values("player_id").annotate(n=Count("id"))
        tables = {row["player_id"]: row["n"] for row in seats}
    rows = []
    for registration in registrations:
        fee = getattr(registration, "fee", None)
        if event.is_tournament:
            due = event.entry_fee if registration.checked_in or fee is not None else ZERO
        else:
            due = event.entry_fee * tables.get(registration.player_id, 0)
        rows.append(FeeRow(registration, due.quantize(CENT), fee))
    return rows


def _prize_rows(event: Event) -> tuple[list[PrizeRow], EventPrizes | None, Decimal]:
    """Each winner's part of each prize; a tournament's prizes (its pool, its categories);
    the club's fixed amounts given. A club night: one query (its tables' prizes); a
    tournament: the queries of its standings and prizes."""
    if not event.is_tournament:
        seats = (
            Seat.objects.filter(game__event=event, prize__gt=0)
            .select_related("player", "game__round")
            .order_by("game__round__number", "game__table_number", "position")
        )
        rows = [
            PrizeRow(
                f"table:{seat.game_id}",
                seat.player_id,
                seat.player.name,
                seat.prize or ZERO,
                table=seat.game.table_number,
                round_number=seat.game.round.number,
            )
            for seat in seats
        ]
        return rows, None, ZERO
    results = event_results(event)
    names = {row.record.player_id: row.record.name for row in results.rows}
    allocation = results.prizes.allocation
    rows, fixed = [], ZERO
    for award in allocation.awards:
        if not award.is_money:
            continue
        first = award.prizes[0]
        for player, share in award.shares:
            if share:
                places = tuple(prize.place for prize in award.prizes)
                key = prize_key(award.category, first.place)
                rows.append(
                    PrizeRow(key, player, names[player], cents(share), None, award.category, places)
                )
                fixed += ZERO if first.from_pool else cents(share)
    if allocation.rest and allocation.winner is not None:
        winner = allocation.winner
        rows.append(PrizeRow(REST, winner, names[winner], cents(allocation.rest), category=REST))
    return rows, results.prizes, fixed


def event_ledger(event: Event) -> EventLedger:
    """The event's fees, prizes and balance: the queries of its fees (two), its payouts (one),
    its standings and prizes at a tournament, its tables' prizes at a club night (one)."""
    fees = _fee_rows(event)
    prizes, found, fixed = _prize_rows(event)
    pool = found.pool if found is not None else ZERO
    payouts = list(
        Payout.objects.filter(event=event).select_related("player", "paid_by").order_by("paid_at")
    )
    by_key = {(payout.prize, payout.player_id): payout for payout in payouts}
    for row in prizes:
        row.payout = by_key.pop((row.key, row.player_id), None)
    paid_not_won = [p for p in by_key.values() if p.status == Payout.Status.PAID]
    club_share = ZERO
    if event.is_tournament:
        club_share = prize_pool_summary(event, found=[]).club_amount.quantize(CENT)
    balance = _balance(fees, prizes, paid_not_won, pool, fixed, club_share)
    return EventLedger(event, fees, prizes, balance, found, paid_not_won)


def _balance(
    fees: list[FeeRow],
    prizes: list[PrizeRow],
    paid_not_won: list[Payout],
    pool: Decimal,
    fixed: Decimal,
    club_share: Decimal,
) -> Balance:
    by_method: dict[str, Decimal] = dict.fromkeys(Method.values, ZERO)
    fees_in = refunded = ZERO
    for row in fees:
        if row.fee is None or row.fee.status not in (
            EntryFee.Status.PAID,
            EntryFee.Status.REFUNDED,
        ):
            continue
        fees_in += row.fee.amount
        by_method[row.fee.method] = by_method.get(row.fee.method, ZERO) + row.fee.amount
        if row.fee.status == EntryFee.Status.REFUNDED:
            refunded += row.fee.amount
    paid = sum((row.paid for row in prizes), ZERO) + sum((p.amount for p in paid_not_won), ZERO)
    return Balance(
        fees_due=sum((row.due for row in fees if row.status not in ("waived", "refunded")), ZERO),
        fees_in=fees_in,
        by_method=by_method,
        refunded=refunded,
        waived=sum(1 for row in fees if row.status == EntryFee.Status.WAIVED),
        outstanding=sum((row.owing for row in fees), ZERO),
        club_share=club_share,
        pool=pool,
        prizes_won=sum((row.amount for row in prizes), ZERO),
        prizes_fixed=fixed,
        prizes_paid=paid,
        prizes_to_pay=sum((max(row.to_pay, ZERO) for row in prizes), ZERO),
    )


def door_fees(event: Event) -> dict[int, FeeRow]:
    """Each registration's fee by its id, for the door's page; nothing when the event asks no
    entry fee (then no query; otherwise two)."""
    if not event.entry_fee:
        return {}
    return {row.registration.pk: row for row in _fee_rows(event)}


def fee_row(event: Event, registration_id: int) -> FeeRow | None:
    """One registration's fee row (the ledger's rows are few: read them all)."""
    return next((row for row in _fee_rows(event) if row.registration.pk == registration_id), None)


def prize_row(event: Event, key: str, player_id: int) -> PrizeRow | None:
    """What the standings give this player for this prize now, with its payout if any."""
    rows, _found, _fixed = _prize_rows(event)
    found = next((row for row in rows if (row.key, row.player_id) == (key, player_id)), None)
    if found is not None:
        found.payout = Payout.objects.filter(event=event, prize=key, player_id=player_id).first()
    return found


# The record of every change -------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    field: str  # the field's name
    old: Any
    new: Any


@dataclass(frozen=True)
class Record:
    """One change about an event's money: when, who, what, each value old → new, why."""

    at: datetime.datetime
    by: str
    subject: str  # "entry fee · Anne", "prize paid · Anne · Overall 1st", "category · …"
    kind: str  # "fee", "payout", "category", "settings"
    action: str  # "+" added, "~" changed, "-" removed
    changes: tuple[Change, ...]
    reason: str


FEE_FIELDS = ("status", "method", "amount")
PAYOUT_FIELDS = ("status", "method", "amount", "label")
CATEGORY_FIELDS = (
    "name",
    "kind",
    "prizes",
    "age_from",
    "age_under",
    "reference_date",
    "club_id",
    "rating_from",
    "rating_under",
    "position",
)
EVENT_FIELDS = ("entry_fee", "club_share", "prize_places", "prize_rule", "prize_ties")


def _changes(
    records: Iterable[Any], fields: tuple[str, ...]
) -> list[tuple[Any, str, tuple[Change, ...]]]:
    """Each history record with its action and its changes from the record before it (of the
    same row): records given in (row, time) order."""
    found: list[tuple[Any, str, tuple[Change, ...]]] = []
    previous: dict[int, Any] = {}
    for record in records:
        before = previous.get(record.id)
        action = record.history_type
        if before is None:
            changes = tuple(
                Change(name, None, getattr(record, name))
                for name in fields
                if getattr(record, name) not in (None, "", [])
            )
        else:
            changes = tuple(
                Change(name, getattr(before, name), getattr(record, name))
                for name in fields
                if getattr(before, name) != getattr(record, name)
            )
        previous[record.id] = record
        if action == "~" and not changes:
            continue  # nothing about money moved (an event's other settings, say)
        found.append((record, action, changes))
    return found


def money_history(event: Event) -> list[Record]:
    """Every change about the event's money, newest first: four queries (fees, payouts,
    categories, the event's money settings)."""
    records: list[Record] = []
    fees = (
        EntryFee.history.filter(registration__event=event)
        .select_related("history_user", "registration__player")
        .order_by("id", "history_date", "history_id")
    )
    for record, action, changes in _changes(fees, FEE_FIELDS):
        name = record.registration.player.name if record.registration else "?"
        records.append(_record(record, "fee", name, action, changes))
    payouts = (
        Payout.history.filter(event=event)
        .select_related("history_user", "player")
        .order_by("id", "history_date", "history_id")
    )
    for record, action, changes in _changes(payouts, PAYOUT_FIELDS):
        records.append(
            _record(record, "payout", f"{record.player.name} · {record.label}", action, changes)
        )
    categories = (
        PrizeCategory.history.filter(event_id=event.pk)
        .select_related("history_user")
        .order_by("id", "history_date", "history_id")
    )
    for record, action, changes in _changes(categories, CATEGORY_FIELDS):
        records.append(_record(record, "category", record.name, action, changes))
    settings = (
        Event.history.filter(id=event.pk)
        .select_related("history_user")
        .order_by("id", "history_date", "history_id")
    )
    for record, action, changes in _changes(settings, EVENT_FIELDS):
        records.append(_record(record, "settings", record.name, action, changes))
    records.sort(key=lambda r: r.at, reverse=True)
    return records


def _record(
    record: Any, kind: str, subject: str, action: str, changes: tuple[Change, ...]
) -> Record:
    user = record.history_user
    return Record(
        at=record.history_date,
        by=user.get_username() if user else "",
        subject=subject,
        kind=kind,
        action=action,
        changes=changes,
        reason=record.history_change_reason or "",
    )


# A season for the treasurer ---------------------------------------------------------------------


@dataclass(frozen=True)
class NightMoney:
    """One event of a season, as the treasurer reads it."""

    event: Event
    entrants: int
    fees_in: Decimal  # received, refunds taken off
    club_share: Decimal
    prizes_paid: Decimal

    @property
    def balance(self) -> Decimal:
        return self.fees_in - self.prizes_paid


@dataclass(frozen=True)
class SeasonMoney:
    season: Season
    nights: list[NightMoney]

    @property
    def fees_in(self) -> Decimal:
        return sum((night.fees_in for night in self.nights), ZERO)

    @property
    def club_share(self) -> Decimal:
        return sum((night.club_share for night in self.nights), ZERO)

    @property
    def prizes_paid(self) -> Decimal:
        return sum((night.prizes_paid for night in self.nights), ZERO)

    @property
    def balance(self) -> Decimal:
        return self.fees_in - self.prizes_paid


def season_money(season: Season) -> SeasonMoney:
    """The money of each event of the season: five queries at most, whatever the number of
    nights (the events, the entrants, the fees, the prizes paid)."""
    events = season_events(season)
    ids = [event.pk for event in events]
    entrants = dict(
        Registration.objects.filter(event_id__in=ids, checked_in=True)
        .values("event_id")
        .annotate(n=Count("id"))
        .values_list("event_id", "n")
    )
    fees: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for event_id, status, amount in (
        EntryFee.objects.filter(registration__event_id__in=ids)
        .exclude(status=EntryFee.Status.WAIVED)
        .values("registration__event_id", "status")
        .annotate(total=Sum("amount"))
        .values_list("registration__event_id", "status", "total")
    ):
        # A refunded fee came in and went back out: it counts for nothing.
        if status == EntryFee.Status.PAID:
            fees[event_id] += amount
    paid = dict(
        Payout.objects.filter(event_id__in=ids, status=Payout.Status.PAID)
        .values("event_id")
        .annotate(total=Sum("amount"))
        .values_list("event_id", "total")
    )
    nights = []
    for event in events:
        count = entrants.get(event.pk, 0)
        share = ZERO
        if event.is_tournament:
            collected = (event.entry_fee * count).quantize(CENT)
            pool = (collected * (100 - event.club_share) / 100).quantize(CENT, "ROUND_DOWN")
            share = collected - pool
        nights.append(NightMoney(event, count, fees[event.pk], share, paid.get(event.pk) or ZERO))
    return SeasonMoney(season, nights)
