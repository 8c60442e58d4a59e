"""A game's change history for its public page: who entered, corrected, deleted or confirmed
which hand, when and why; and when the organiser closed the game or changed its rules.

Told from the django-simple-history records of the game's hands, lines and the game itself
(`tournaments.play.selectors.history` loads them in three queries whatever the number of hands).
A correction lists what changed (the facts before and after), so that a player can check it
at a glance.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from tournaments.models import Seat
from tournaments.play.display.hands import display_name, held_words
from tournaments.play.selectors.history import GameHistory, HistoryRecord
from tournaments.words.formats import labelled
from tournaments.words.labels import how_label

ENTERED, CORRECTED, DELETED, CONFIRMED = "entered", "corrected", "deleted", "confirmed"
RENUMBERED = "renumbered"  # a hand before it was discarded: the next ones moved up
CLOSED, REOPENED, RULES_CHANGED = "closed", "reopened", "rules_changed"
LIMIT = 50


@dataclass
class Change:
    """One line of the change history."""

    when: datetime
    who: str
    action: str  # one of the constants above
    summary: str  # translated: "Hand 3 corrected"
    reason: str = ""
    details: list[str] = field(default_factory=list)
    # (date, kind, history id): newest first, stable on equal dates
    order: tuple[datetime, int, int] | tuple[()] = ()


def game_changes(
    history: GameHistory, seats: list[Seat], limit: int | None = LIMIT
) -> list[Change]:
    """The game's changes, newest first, at most `limit` (from `selectors.history`)."""
    names = {seat.id: seat.player.name for seat in seats}
    changes = _hand_changes(history.hands, history.lines, names) + _game_changes(history.games)
    changes.sort(key=lambda change: change.order, reverse=True)
    return changes[:limit]


def hand_changes(history: GameHistory, seats: list[Seat]) -> list[Change]:
    """One hand's changes, newest first (its correction page)."""
    return game_changes(history, seats, limit=None)


def _hand_changes(
    hand_records: list[HistoryRecord], line_records: list[HistoryRecord], names: dict[int, str]
) -> list[Change]:
    line_details = _line_details(hand_records, line_records, names)
    previous: dict[int, HistoryRecord] = {}
    changes = []
    for record in hand_records:
        before = previous.get(record.id)
        previous[record.id] = record
        action = _hand_action(record, before)
        if action is None:
            continue
        details = []
        if action == CORRECTED:
            details = _fact_details(before, record, names) + line_details.get(record.history_id, [])
        if action in (ENTERED, CORRECTED) and record.needs_confirmation and record.confirmed_at:
            # An organiser keying or correcting a hand vouches for it (docs/confirmation.md).
            details.append(_("counts as confirmed: an organiser made this change"))
        labels = {
            ENTERED: _("Hand %(number)s entered"),
            CORRECTED: _("Hand %(number)s corrected"),
            DELETED: _("Hand %(number)s deleted"),
            CONFIRMED: _("Hand %(number)s confirmed"),
            RENUMBERED: _("Hand %(before)s is now hand %(number)s"),
        }
        changes.append(
            Change(
                when=record.history_date,
                who=_who(record, action, names),
                action=action,
                summary=labels[action]
                % {"number": record.number, "before": before.number if before else ""},
                reason=(record.history_change_reason or "")
                if action in (CORRECTED, DELETED)
                else "",
                details=details,
                order=(record.history_date, 1, record.history_id),
            )
        )
    return changes


def _hand_action(record: HistoryRecord, before: HistoryRecord | None) -> str | None:
    if record.history_type == "+":
        return ENTERED
    if record.history_type == "-":
        return DELETED
    if is_confirmation(record, before):
        return CONFIRMED
    if before is not None and before.number != record.number:
        return RENUMBERED
    return CORRECTED


def is_confirmation(record: HistoryRecord, before: HistoryRecord | None) -> bool:
    """Whether a hand's history record is its confirmation (not a correction): the service
    says so as the change's reason."""
    if record.history_change_reason == "confirmed":
        return True
    # Records older than the reason: the confirmation date appeared, nothing else changed.
    return (
        before is not None
        and not record.history_change_reason
        and before.confirmed_at is None
        and record.confirmed_at is not None
    )


def _who(record: HistoryRecord, action: str, names: dict[int, str]) -> str:
    """The player named at the table, else the account that made the change; people at the
    table without one use its link."""
    seat_id = {ENTERED: record.entered_by_seat_id, CONFIRMED: record.confirmed_by_seat_id}
    if seat_id.get(action) in names:
        return names[seat_id[action]]
    user = record.history_user
    if user is None and action == ENTERED:
        user = record.entered_by
    if user is None and action == CONFIRMED:
        user = record.confirmed_by
    if user is not None:
        return display_name(user)
    if action == ENTERED and not record.entered_from:
        return _("not recorded")  # e.g. imported from a game file
    return _("table link")


def _fact_details(
    before: HistoryRecord | None, after: HistoryRecord, names: dict[int, str]
) -> list[str]:
    """How the hand ended, before and after a correction, when it changed."""
    if before is None:
        return []
    details = []
    if before.how != after.how:
        details.append(
            _("how: %(before)s → %(after)s")
            % {"before": how_label(before.how), "after": how_label(after.how)}
        )
    if before.ended_by_id != after.ended_by_id:
        details.append(
            _("ended by: %(before)s → %(after)s")
            % {
                "before": names.get(before.ended_by_id, "—"),
                "after": names.get(after.ended_by_id, "—"),
            }
        )
    return details


def _line_details(
    hand_records: list[HistoryRecord], line_records: list[HistoryRecord], names: dict[int, str]
) -> dict[int, list[str]]:
    """What each player held before and after each correction, keyed by the history id of
    the hand's correction record (the lines are saved just after their hand)."""
    corrections: dict[int, list[HistoryRecord]] = defaultdict(list)
    for record in hand_records:
        if record.history_type == "~":
            corrections[record.id].append(record)
    details: dict[int, list[str]] = defaultdict(list)
    previous: dict[int, HistoryRecord] = {}
    for line in line_records:
        before = previous.get(line.id)
        previous[line.id] = line
        if line.history_type != "~" or before is None:
            continue
        old, new = held_words(before), held_words(line)
        owner = [
            r for r in corrections.get(line.hand_id, []) if r.history_date <= line.history_date
        ]
        if old != new and owner:
            name = names.get(line.seat_id, "?")
            details[owner[-1].history_id].append(labelled(name, f"{old} → {new}"))
    return details


def _game_changes(game_records: list[HistoryRecord]) -> list[Change]:
    """Closing, reopening and rule changes; link changes stay private (the link is secret)."""
    changes = []
    for before, record in zip(game_records, game_records[1:], strict=False):
        if before.closed != record.closed:
            action = CLOSED if record.closed else REOPENED
            summary = _("Game closed by the organiser") if record.closed else _("Game reopened")
        elif (before.variant, before.options, before.pot) != (
            record.variant,
            record.options,
            record.pot,
        ):
            action, summary = RULES_CHANGED, _("Rules or pot changed")
        else:
            continue
        user = record.history_user
        changes.append(
            Change(
                when=record.history_date,
                who=display_name(user) if user else _("not recorded"),
                action=action,
                summary=summary,
                order=(record.history_date, 0, record.history_id),
            )
        )
    return changes
