"""Hand entry: record, preview, correct, delete, confirm, discard — each a checked, atomic
write under the game's lock.

Nothing is stored when the rules engine refuses a hand: the RulesError it raises names the
hand and the player, and the page shows it beside the field concerned.

Confirmation (the event's option, see docs/confirmation.md): a hand entered at the table waits
until another player of the table confirms it; a hand an organiser enters or corrects counts
as confirmed by him, and an organiser may confirm any waiting hand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TypeGuard

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournaments import rules
from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import may_on_game
from tournaments.clubs.services.actors import Actor
from tournaments.models import Event, Game, Hand, HandLine, Happening, Seat
from tournaments.models.games import START
from tournaments.models.signals import tell
from tournaments.play.facts import HandFacts, engine_game, hold_lines, load_facts
from tournaments.play.selectors.news import hand_news
from tournaments.play.services.locks import lock_round, lock_table
from tournaments.play.services.scoring import derive_hand, refresh_game
from tournaments.rules.cards import format_cards
from tournaments.rules.hands import NEVER_MELDED, Held, count_hand
from tournaments.rules.scoring import HandResult, score_hand


class HandConflict(Exception):
    """Someone else stored this hand number first (two devices at one table)."""

    def __init__(self, stored: Hand | None, expected: int) -> None:
        self.stored, self.expected = stored, expected
        super().__init__(f"hand {expected} is the next one to enter")


class StaleHand(HandConflict):
    """The hand was typed after a hand that is no longer the game's last (deleted, replaced,
    or kept on a phone and never stored): the table moved on, nothing is stored."""


@dataclass(frozen=True)
class Preview:
    """The points a hand would give, and the totals after it, before anything is stored."""

    scored: HandResult
    totals_after: dict[str, int]


def preview_hand(
    *,
    game: Game,
    facts: HandFacts,
    number: int | None = None,
    loaded: tuple[list[Seat], list[Hand]] | None = None,
) -> Preview:
    """Score the hand as hand `number` (default: the next one) without storing anything;
    RulesError if the rules refuse it. `loaded`: the game's facts (load_facts), when the
    caller holds them already."""
    seats, hands = loaded or load_facts(game)
    facts_game = engine_game(game, seats, hands, closed=False)
    played = list(facts_game.hands)
    number = number or len(played) + 1
    played[number - 1 : number] = [facts.for_engine(seats)]
    result = rules.score_game(replace(facts_game, hands=tuple(played)))
    return Preview(result.hands[number - 1], result.running_totals[number - 1])


def preview_single(*, game: Game, facts: HandFacts, number: int) -> HandResult:
    """The points of one hand alone (for a correction's preview)."""
    seats = list(game.seats.select_related("player"))
    variant, players = game.rules(), tuple(s.player.name for s in seats)
    hand = facts.for_engine(seats)
    counted = count_hand(variant, players, hand, number)
    return score_hand(variant, players, hand, counted, number)


def record_hand(
    *,
    game: Game,
    number: int,
    facts: HandFacts,
    user: Actor = None,
    device: str = "",
    entered_by_seat: Seat | None = None,
    idempotency_key: str = "",
    after: str = "",
    reason: str = "",
    seats_read: list[Seat] | None = None,
) -> Hand:
    """Store hand `number` of the game and rescore it; HandConflict if that number is taken.
    `entered_by_seat` is the player of the table who says he entered it.

    `idempotency_key` names the entry: a phone sends the same one again when the answer was
    lost, and an entry already stored returns its hand. `after` is the hand's base, the hand
    it was typed after (`Hand.ref`, a kept entry's, or START): StaleHand when the game's
    last hand is another one now; "" when not known (a game file), checked by number only.
    `reason` goes to the hand's history. `seats_read`: the game's seats (with players) as
    the caller read them with `game` (to check the form): not read again if the game has not
    changed since.
    """
    try:
        with transaction.atomic():
            # One writer per game at a time (PostgreSQL row lock; SQLite's IMMEDIATE
            # transactions serialise writers already).
            seen, event_read = game.version, game.event
            # Its table's row only (play/services/locks.py): hands at other tables go on.
            game = lock_table(game.pk)
            if game.version == seen:
                # Unchanged since the caller read it with its event: no writer of the event's
                # settings came between (each moves every table's version, under its lock).
                game.event = event_read
            else:
                game.event = Event.objects.get(pk=game.event_id)  # as committed since
            # Read once under the lock: checked, scored, then rescored without reading back
            # (a hand entered is the busiest write of a night: two reads in all). A seat's
            # only change after seating (its total) moves the game's version: the seats the
            # caller read with the same version are the seats as they are.
            unchanged = seats_read is not None and game.version == seen
            seats, hands = load_facts(game, seats_read if unchanged else None)
            # This entry sent again (its answer was lost): the hand it stored, as it is now
            # (closed, corrected or followed by others since), and nothing written.
            if idempotency_key:
                stored = next((h for h in hands if h.idempotency_key == idempotency_key), None)
                if stored is not None:
                    return stored
            last_hand = hands[-1] if hands else None
            last = last_hand.number if last_hand else 0
            if number != last + 1:
                taken = next((h for h in hands if h.number == number), None)
                raise HandConflict(taken, last + 1)
            if after and not (last_hand.is_base(after) if last_hand else after == START):
                raise StaleHand(None, last + 1)
            _refuse_past_the_most_hands(number)
            _refuse_if_closed(game)
            _refuse_other_tables_seat(game, entered_by_seat)
            # Nothing is written if the rules refuse it.
            preview = preview_hand(game=game, facts=facts, loaded=(seats, hands))
            hand = Hand(
                game=game,
                number=number,
                how=facts.how,
                ended_by=facts.ended_by,
                entered_by=user if _is_person(user) else None,
                entered_from=device,
                entered_by_seat=entered_by_seat,
                needs_confirmation=game.event.confirmation_required,
                idempotency_key=idempotency_key,
            )
            _confirmed_by_organiser(hand, game, user)
            _attribute(hand, user, reason)
            lines = _new_lines(hand, seats, facts, user=user)
            # Stored with what the engine gives them: the rescoring rewrites none of it.
            derive_hand(seats, hand, lines, preview.scored, preview.totals_after)
            hand.save()
            for line in lines.values():
                line.hand = hand  # its id, now that the hand has one
            bulk_create_with_history(list(lines.values()), HandLine)
            refresh_game(game, (seats, [*hands, hold_lines(hand, list(lines.values()))]))
            if not hand.is_provisional:
                _tell_hand_counts(hand, game)
            return hand
    except IntegrityError:
        # The unique (game, number) constraint caught a race the lock did not.
        stored = Hand.objects.filter(game=game, number=number).first()
        if stored is None:
            raise
        raise HandConflict(stored, number + 1) from None


class HandChanged(ValidationError):
    """Refused: the hand was corrected or confirmed since the organiser's page showed it."""


def hand_fingerprint(hand: Hand, lines: Iterable[HandLine | None]) -> str:
    """What a page shows of a stored hand (its facts, whether and when it was confirmed), in
    a few characters: a correction made on a page that saw another is refused."""
    facts: list[object] = [hand.how, hand.ended_by_id, hand.needs_confirmation]
    facts.append(str(hand.confirmed_at))
    facts += sorted(
        (line.seat_id, line.held_count, line.held_cards, line.never_melded)
        for line in lines
        if line is not None
    )
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:16]


def correct_hand(
    *,
    hand: Hand,
    facts: HandFacts,
    reason: str,
    user: Actor = None,
    device: str = "",
    seen: str | None = None,
) -> Hand:
    """Replace a hand's facts, keeping the old ones in its history with who and why. With
    `seen` (the hand_fingerprint of the organiser's page), refused with HandChanged if the
    hand changed since."""
    _require_reason(reason)
    with transaction.atomic():
        # Its table's row only (play/services/locks.py); the event read under it, as it is.
        game = lock_table(hand.game_id)
        hand = Hand.objects.get(pk=hand.pk)
        if seen is not None and hand_fingerprint(hand, hand.lines.all()) != seen:
            raise HandChanged(
                _(
                    "Hand %(number)s was changed while you were correcting it: nothing of "
                    "yours was saved. Check it as stored now (and its changes below), then "
                    "save your correction again if it still stands."
                )
                % {"number": hand.number},
                code="hand_changed",
            )
        preview_hand(game=game, facts=facts, number=hand.number)
        hand.how, hand.ended_by = facts.how, facts.ended_by
        if game.event.confirmation_required:
            # A corrected hand is a new claim: confirmed again, by the organiser who made it
            # or by another player of the table.
            hand.needs_confirmation, hand.confirmed_by, hand.confirmed_at = True, None, None
            hand.confirmed_from, hand.confirmed_by_seat = "", None
            _confirmed_by_organiser(hand, game, user)
        _attribute(hand, user, reason)
        hand.save()
        _write_lines(hand, game, facts, reason=reason, user=user)
        refresh_game(game)
        return hand


def delete_last_hand(
    *,
    game: Game,
    reason: str,
    user: Actor = None,
    number: int | None = None,
    hand_id: int | None = None,
) -> None:
    """Delete the game's last hand (its history keeps it, with who and why).

    With `number` (and `hand_id`), only if that hand is still the last: another device may
    have added one since the organiser looked, and the check is made under the game's lock.
    """
    _require_reason(reason)
    with transaction.atomic():
        game = lock_table(game.pk)
        hand = game.hands.order_by("-number").first()
        if hand is None:
            raise ValidationError(_("There is no hand to delete."))
        if hand_id is not None and hand.pk != hand_id:
            raise ValidationError(_("Only the last hand entered can be taken back."))
        if number is not None and hand.number != number:
            raise ValidationError(
                _("The last hand is now hand %(number)s: check it before deleting it.")
                % {"number": hand.number}
            )
        _delete(hand, user, reason)
        refresh_game(game)


def discard_hand(*, hand: Hand, reason: str, user: Actor = None) -> None:
    """Discard a hand still waiting for confirmation (its history keeps it, with who and
    why); the hands after it move up one number."""
    _require_reason(reason)
    with transaction.atomic():
        game = lock_table(hand.game_id)
        stored = game.hands.filter(pk=hand.pk).first()
        if stored is None:
            raise ValidationError(_("This hand has been deleted since."))
        hand = stored
        if not hand.is_provisional:
            raise ValidationError(
                _("Hand %(number)s is confirmed: correct it instead of discarding it.")
                % {"number": hand.number}
            )
        _delete(hand, user, reason)
        # One at a time, upwards: each number is free when the next hand takes it.
        for later in game.hands.filter(number__gt=hand.number).order_by("number"):
            later.number -= 1
            _attribute(later, user, RENUMBERED)
            later.save(update_fields=["number"])
        refresh_game(game)


RENUMBERED = "renumbered"  # the history's reason when a discarded hand moves the next ones up


def _delete(hand: Hand, user: Actor, reason: str) -> None:
    _attribute(hand, user, reason)
    for line in hand.lines.all():
        _attribute(line, user, reason)
        line.delete()
    hand.delete()


def confirm_hand(
    *, hand: Hand, user: Actor = None, device: str = "", confirmed_by_seat: Seat | None = None
) -> Hand:
    """Confirm a hand waiting for it: an organiser of the event as himself; anyone else
    names the player of the table who confirms (`confirmed_by_seat`), who cannot be the one
    named as entering it, from another phone or account than the one it was entered from."""
    with transaction.atomic():
        # Its table's row only (play/services/locks.py); the event read under it, as it is.
        game = lock_table(hand.game_id)
        hand = Hand.objects.get(pk=hand.pk)
        if not hand.is_provisional:
            raise ValidationError(_("This hand does not need confirming."))
        if may_on_game(user, Can.KEEP_SCORE, game):
            confirmed_by_seat = None
        else:
            _refuse_as_confirmer(game, hand, confirmed_by_seat, user, device)
        hand.confirmed_by = user if _is_person(user) else None
        hand.confirmed_from = device
        hand.confirmed_by_seat = confirmed_by_seat
        hand.confirmed_at = timezone.now()
        _attribute(hand, user, "confirmed")
        hand.save()
        refresh_game(game)
        _tell_hand_counts(hand, game)
        return hand


def _tell_hand_counts(hand: Hand, game: Game) -> None:
    """Webhooks hear of a hand once it counts: entered, or confirmed where it waits."""
    hand.game = game
    tell(
        Happening.HAND_CONFIRMED,
        club_id=game.event.club_id,
        event_id=game.event_id,
        data=lambda: hand_news(hand),
    )


def _refuse_as_confirmer(
    game: Game, hand: Hand, seat: Seat | None, user: Actor, device: str
) -> None:
    """The real check is the names (confirmer ≠ entrant); the phone or account that entered
    the hand is refused too, against slips (see docs/confirmation.md)."""
    if is_same_person(hand, user, device):
        raise PermissionDenied(_("A different person must confirm the hand."))
    if seat is None:
        raise ValidationError(_("Say who confirms the hand."))
    _refuse_other_tables_seat(game, seat)
    if seat.pk == hand.entered_by_seat_id:
        raise PermissionDenied(
            _("%(player)s entered this hand: another player of the table must confirm it.")
            % {"player": seat.player.name}
        )


def may_confirm(hand: Hand, user: Actor, device: str, *, organiser: bool) -> bool:
    """Whether the page offers this person to confirm the hand (the service decides)."""
    return hand.is_provisional and (organiser or not is_same_person(hand, user, device))


def is_same_person(hand: Hand, user: Actor, device: str) -> bool:
    """Whether this user, or this device of a table link, entered the hand."""
    if _is_person(user) and hand.entered_by_id == user.pk:
        return True
    if not _is_person(user) and device and device == hand.entered_from:
        return True
    return not _is_person(user) and not device


def pending_hands(games: Iterable[Game]) -> list[Hand]:
    """The hands of these games still waiting for confirmation, table by table: one query."""
    return list(
        Hand.objects.filter(game__in=games, needs_confirmation=True, confirmed_at__isnull=True)
        .select_related("game")
        .order_by("game__table_number", "number")
    )


def refuse_pending(games: Iterable[Game]) -> None:
    """Nothing is final while a hand waits: closing is refused until each is confirmed or
    discarded."""
    waiting = pending_hands(games)
    if waiting:
        raise ValidationError(
            _("Hands wait for confirmation (%(hands)s): confirm or discard them before closing.")
            % {"hands": ", ".join(_table_and_hand(hand) for hand in waiting)}
        )


def _table_and_hand(hand: Hand) -> str:
    return _("table %(table)s, hand %(number)s") % {
        "table": hand.game.table_number,
        "number": hand.number,
    }


def close_game(*, game: Game, user: Actor = None) -> None:
    """End a game early (a round's time is up): its totals stand, the winner follows."""
    set_closed(game=game, closed=True, user=user)


def reopen_game(*, game: Game, user: Actor = None) -> None:
    set_closed(game=game, closed=False, user=user)


def set_closed(*, game: Game, closed: bool, user: Actor = None, reason: str = "") -> Game:
    """Close or reopen a game and rescore it; the history says who and why ("closed",
    "reopened" or the reason given, e.g. "round closed")."""
    with transaction.atomic():
        # The round first (play/services/locks.py): a table is not reopened in a round being
        # closed, and closing a round (which holds it) takes its tables after it.
        round_ = lock_round(game.round_id)
        game = lock_table(game.pk)
        game.round = round_
        if closed:
            refuse_pending([game])
        elif game.round.is_closed:
            raise ValidationError(_("The round is closed: its tables cannot be reopened."))
        game.closed = closed
        _attribute(game, user, reason or ("closed" if closed else "reopened"))
        game.save(update_fields=["closed"])
        refresh_game(game)
    return game


def _new_lines(
    hand: Hand, seats: list[Seat], facts: HandFacts, user: Actor = None
) -> dict[int, HandLine]:
    """A new hand's line for each seat, by seat id: stored with their history in two
    inserts whatever the table's size (a hand entered is the busiest write of a night)."""
    lines = {}
    for seat in seats:
        line = HandLine(hand=hand, seat=seat)
        set_held(line, facts.held.get(seat.id))
        _attribute(line, user)
        lines[seat.id] = line
    return lines


def _write_lines(
    hand: Hand, game: Game, facts: HandFacts, reason: str = "", user: Actor = None
) -> None:
    existing = {line.seat_id: line for line in hand.lines.all()}
    for seat in game.seats.all():
        line = existing.get(seat.id) or HandLine(hand=hand, seat=seat)
        set_held(line, facts.held.get(seat.id))
        _attribute(line, user, reason)
        line.save()


def _attribute(instance: Game | Hand | HandLine, user: Actor, reason: str = "") -> None:
    """Who and why, for the history: outside a web request (commands, imports) the history
    middleware cannot tell who made the change, so the service says it."""
    if _is_person(user):
        instance._history_user = user
    if reason:
        instance._change_reason = reason


def set_held(line: HandLine, value: Held | None) -> None:
    """Store a held value in a line: a count, cards (as codes), never melded, or nothing."""
    line.held_count = value if isinstance(value, int) else None
    line.held_cards = format_cards(value) if isinstance(value, tuple) else ""
    line.never_melded = value == NEVER_MELDED


def rules_cards_text(value: Held | None) -> str:
    """Cards as the codes stored in a line ("KD 7S"), or "" for a count."""
    if isinstance(value, tuple):
        return format_cards(value)
    if isinstance(value, str) and value != NEVER_MELDED:
        return value  # kept as typed: the engine reports the bad code
    return ""


def _refuse_past_the_most_hands(number: int) -> None:
    most = rules.variants.MAX_HANDS  # read here: the rule book's, never a copy
    if number > most:
        raise ValidationError(
            _(
                "A game has at most %(most)s hands: this table has played them all. Close "
                "the table, and start a new game if the players go on."
            )
            % {"most": most}
        )


def _confirmed_by_organiser(hand: Hand, game: Game, user: Actor) -> None:
    """An organiser keying a hand (from the paper sheet) or correcting one vouches for it."""
    if (
        hand.needs_confirmation
        and isinstance(user, User)
        and may_on_game(user, Can.KEEP_SCORE, game)
    ):
        hand.confirmed_by, hand.confirmed_at = user, timezone.now()


def _refuse_other_tables_seat(game: Game, seat: Seat | None) -> None:
    if seat is not None and seat.game_id != game.pk:
        raise ValidationError(
            _("%(player)s does not play at this table.") % {"player": seat.player.name}
        )


def _refuse_if_closed(game: Game) -> None:
    if game.closed:
        raise ValidationError(why_no_more_hands(game))


def why_no_more_hands(game: Game) -> str:
    """Why a hand cannot be added to this game ("" while it is in play)."""
    if game.closed:
        return _("This game was closed by the organiser: reopen it to add hands.")
    if game.finished:
        return _("This game is over: no more hands can be added to it.")
    return ""


def _require_reason(reason: str) -> None:
    if not reason or not reason.strip():
        raise ValidationError(_("Say why: the reason is kept with the change."))


def _is_person(user: Actor) -> TypeGuard[User]:
    return user is not None and user.is_authenticated
