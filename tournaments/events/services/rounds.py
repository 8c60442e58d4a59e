"""Rounds: seat the players (by a seating method or by hand), re-seat, close at time."""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import seating
from tournaments.events.selectors.news import round_news
from tournaments.events.services.events import refuse_a_simultaneous_evening
from tournaments.models import Bye, Event, Game, Hand, Happening, Player, Round, Seat, Venue
from tournaments.models.signals import tell
from tournaments.play.services import versions
from tournaments.play.services.entry import refuse_pending, set_closed
from tournaments.play.services.locks import lock_round, lock_tables
from tournaments.ratings.selectors import current_ratings
from tournaments.rules import PRESETS
from tournaments.standings import services as standings


def seating_method_for(event: Event, chosen: str | None = None) -> str:
    """How the next round is seated: a tournament by the method chosen (its own by default),
    a club night always at random."""
    if not event.is_tournament:
        return Event.Seating.RANDOM
    return chosen or event.seating_method


def can_open_round(latest: Round | None) -> bool:
    """A new round opens once the latest one is closed (or before the first)."""
    return latest is None or latest.is_closed


def planned_rounds_played(event: Event, latest: Round | None) -> bool:
    """A tournament whose planned rounds are all played, the last one closed: it is finished,
    and a further round is only seated on purpose (`open_round(further=True)`)."""
    return bool(
        event.is_tournament
        and event.planned_rounds
        and latest is not None
        and latest.is_closed
        and latest.number >= event.planned_rounds
    )


def seating_players(event: Event) -> list[Player]:
    """Who sits down in the next round: checked in and not withdrawn."""
    return [r.player for r in event.registrations.present().select_related("player")]


def past_tables(event: Event) -> list[tuple[int, ...]]:
    """Every table of the event so far, as player ids: who has already met whom."""
    tables: dict[int, list[int]] = {}
    for game_id, player_id in Seat.objects.filter(game__event=event).values_list(
        "game_id", "player_id"
    ):
        tables.setdefault(game_id, []).append(player_id)
    return [tuple(players) for players in tables.values()]


def points_so_far(event: Event) -> dict[int, Decimal]:
    """Tournament points per player id, games and byes together: what Swiss pairs on."""
    points: dict[int, Decimal] = {}
    seats = Seat.objects.filter(game__event=event).values("player_id")
    for row in seats.annotate(points=Sum("tournament_points")):
        points[row["player_id"]] = row["points"] or Decimal(0)
    byes = Bye.objects.filter(round__event=event).values("player_id")
    for row in byes.annotate(points=Sum("points")):
        points[row["player_id"]] = points.get(row["player_id"], Decimal(0)) + row["points"]
    return points


def open_round(
    *, event: Event, method: str | None = None, seed: int | None = None, further: bool = False
) -> Round:
    """Seat the next round with the event's seating method; ValidationError if it cannot. A
    tournament's round after its planned ones is seated only when asked for (`further`): a
    second laptop showing an old page does not seat it by mistake."""
    refuse_a_simultaneous_evening(event)
    players = seating_players(event)
    method = method or seating_method_for(event)
    if seed is None:
        seed = _plan_seed(event) if method == Event.Seating.BALANCED else _new_seed()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        _refuse_while_a_round_is_open(event)
        number = (event.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
        _refuse_an_unplanned_round(event, number, further)
        found = draw_tables(event=event, players=players, method=method, number=number, seed=seed)
        round_ = Round.objects.create(event=event, number=number, seating_method=method, seed=seed)
        # The seating gives back the ids it was given.
        by_id: dict[seating.PlayerId, Player] = {p.id: p for p in players}
        create_games(
            event=event, round_=round_, tables=[[by_id[pid] for pid in t] for t in found.tables]
        )
        sitting_out = [by_id[pid] for pid in found.byes]
        Bye.objects.bulk_create(
            Bye(round=round_, player=player, points=event.bye_points) for player in sitting_out
        )
        round_seated(event, [player.id for player in sitting_out])
        tell_seated(event, round_)
    return round_


def draw_tables(
    *, event: Event, players: Sequence[Player], method: str, number: int, seed: int
) -> seating.Seating:
    """Round `number`'s tables for these players by the seating method (nothing written):
    ValidationError, in the organiser's words, when they cannot be seated. A simultaneous
    evening's venue draws its own part with it."""
    preset = PRESETS[event.variant]
    _refuse_what_cannot_be_seated(event, method, len(players), number)
    points = points_so_far(event)
    ids = [p.id for p in players]
    try:
        return seating.seat(
            method,
            ids,
            preset.table_sizes(),
            round_number=number,
            history=past_tables(event),
            standings=_standings_for_seating(event, ids, points),
            byes_so_far=list(
                Bye.objects.filter(round__event=event).values_list("player_id", flat=True)
            ),
            seed=seed,
            preferred_size=preset.preferred_table_size,
            rounds=event.planned_rounds if method == Event.Seating.BALANCED else None,
        )
    except seating.SeatingError as error:
        raise ValidationError(str(error)) from None


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def _plan_seed(event: Event) -> int:
    """Balanced mixing follows one plan for the whole event (docs/seating.md): every round
    is seated with the seed of the round before it, so the plan drawn at round 1 (or at the
    last re-seat, which draws a new one) is followed while nobody withdraws."""
    latest = event.rounds.order_by("-number").values_list("seed", flat=True).first()
    return latest or _new_seed()


def seat_by_hand(
    *, event: Event, tables: Sequence[Sequence[Player]], byes: Sequence[Player] = ()
) -> Round:
    """Open the next round with the tables the organiser chose, in seat order; the players in
    `byes` sit it out and score the event's bye points."""
    refuse_a_simultaneous_evening(event)
    preset = PRESETS[event.variant]
    if not tables:
        raise ValidationError(_("Seat at least one table."))
    for number, table in enumerate(tables, start=1):
        if not preset.min_players <= len(table) <= preset.max_players:
            raise ValidationError(_table_size_problem(event, number, len(table)))
    seen: set[int] = set()
    for player in [player for table in tables for player in table]:
        if player.id in seen:
            raise ValidationError(_("%(player)s is seated twice.") % {"player": player.name})
        seen.add(player.id)
    sitting_out: set[int] = set()
    for player in byes:
        if player.id in seen:
            raise ValidationError(
                _("%(player)s cannot both play and sit out this round.") % {"player": player.name}
            )
        if player.id in sitting_out:
            raise ValidationError(_("%(player)s sits out twice.") % {"player": player.name})
        sitting_out.add(player.id)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        _refuse_while_a_round_is_open(event)
        number = (event.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
        round_ = Round.objects.create(event=event, number=number, seating_method="")
        create_games(event=event, round_=round_, tables=tables)
        Bye.objects.bulk_create(
            Bye(round=round_, player=player, points=event.bye_points) for player in byes
        )
        round_seated(event, [player.id for player in byes])
        tell_seated(event, round_)
    return round_


def _table_size_problem(event: Event, number: int, count: int) -> str:
    """Why a table's size is refused, e.g. "Table 2 has 1 player. Gin-rummy (2 players) is
    played by exactly 2 players."."""
    preset = PRESETS[event.variant]
    has = ngettext(
        "Table %(table)s has %(count)s player.", "Table %(table)s has %(count)s players.", count
    ) % {"table": number, "count": count}
    if preset.min_players == preset.max_players:
        needs = ngettext(
            "%(variant)s is played by exactly %(count)s player.",
            "%(variant)s is played by exactly %(count)s players.",
            preset.max_players,
        ) % {"variant": event.variant_name(), "count": preset.max_players}
    else:
        needs = _("%(variant)s is played by %(low)s to %(high)s players.") % {
            "variant": event.variant_name(),
            "low": preset.min_players,
            "high": preset.max_players,
        }
    return f"{has} {needs}"


def reseat_round(*, round_: Round, seed: int | None = None) -> Round:
    """Seat a round again, allowed until its first hand is entered: one step, so that if the
    new seating is refused the old one stands."""
    with transaction.atomic():
        # The round, its tables, then the event (play/services/locks.py): a hand in flight at
        # one of them is stored first, and refuses this below.
        lock_round(round_.pk)
        lock_tables(round_.games.all())
        event = Event.objects.select_for_update().get(pk=round_.event_id)
        if Hand.objects.filter(game__round=round_).exists():
            raise ValidationError(
                _("Hands have been entered in this round: it cannot be re-seated.")
            )
        if event.rounds.filter(number__gt=round_.number).exists():
            raise ValidationError(_("Only the last round can be re-seated."))
        method = round_.seating_method or None
        sat_out = list(round_.byes.values_list("player_id", flat=True))
        Round.objects.filter(pk=round_.pk).delete()  # the caller's round stays whole if refused
        # Its byes go with it; the new seating gives its own.
        round_seated(event, sat_out)
        # A new draw: for balanced mixing, a new plan from what has been played.
        return open_round(event=event, method=method, seed=_new_seed() if seed is None else seed)


def close_round(*, round_: Round) -> Round:
    """Time is up: every unfinished game is closed with its totals as they stand (a table
    that played no hand is closed without a result), and no hand can be entered any more.
    Refused while a hand waits for confirmation: it is confirmed or discarded first."""
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        # Its tables before any is closed, which takes the event's lock (play/services/locks.py):
        # a hand in flight at one of them is stored first.
        lock_tables(round_.games.all())
        # Every table, closed ones too: nothing is final while a hand waits.
        refuse_pending(round_.games.all())
        for game in round_.games.filter(finished=False, closed=False):
            set_closed(game=game, closed=True, reason="round closed")
        round_.closed_at = timezone.now()
        round_.save(update_fields=["closed_at"])
        versions.event_changed(round_.event_id)
        event = round_.event
        # A club night ends with its round; a tournament with its last planned round (one
        # without a plan says nothing: a further round may always come).
        planned = event.planned_rounds
        if not event.is_tournament or (planned is not None and round_.number >= planned):
            tell(
                Happening.EVENT_FINISHED,
                club_id=event.club_id,
                event_id=event.pk,
                data=lambda: {"rounds": round_.number},
            )
    return round_


def create_games(
    *,
    event: Event,
    round_: Round,
    tables: Sequence[Sequence[Player]],
    venue: Venue | None = None,
    first_number: int = 1,
) -> list[Game]:
    """The round's tables as games, numbered in order from `first_number`, each player in his
    seat (at `venue`, at a simultaneous evening): two queries. (Seating a round calls it;
    tests and benchmarks build their rounds with it too.)"""
    games = Game.objects.bulk_create(
        Game(
            event=event,
            round=round_,
            venue=venue,
            table_number=number,
            variant=event.variant,
            options=event.options,
            # A club night's table plays for its own pot: each player's stake.
            pot=None
            if event.is_tournament or not event.entry_fee
            else event.entry_fee * len(table),
        )
        for number, table in enumerate(tables, start=first_number)
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=position)
        for game, table in zip(games, tables, strict=True)
        for position, player in enumerate(table, start=1)
    )
    return games


def round_seated(event: Event, byes: Sequence[int]) -> None:
    """A round seated or taken back: the bye players' sums, and the event's pages."""
    standings.players_changed(event_id=event.pk, player_ids=byes)
    versions.event_changed(event.pk)


def tell_seated(event: Event, round_: Round) -> None:
    tell(
        Happening.ROUND_SEATED,
        club_id=event.club_id,
        event_id=event.pk,
        data=lambda: round_news(round_),
    )


def _refuse_an_unplanned_round(event: Event, number: int, further: bool) -> None:
    if further or not event.is_tournament or not event.planned_rounds:
        return
    if number > event.planned_rounds:
        raise ValidationError(
            ngettext(
                "The tournament's %(planned)s planned round is played: it is finished. Seat a "
                "further round from the event's page if you really want one.",
                "The tournament's %(planned)s planned rounds are played: it is finished. Seat a "
                "further round from the event's page if you really want one.",
                event.planned_rounds,
            )
            % {"planned": event.planned_rounds}
        )


def _refuse_while_a_round_is_open(event: Event) -> None:
    open_round_ = event.rounds.open().order_by("-number").first()
    if open_round_ is not None:
        raise ValidationError(
            _("Round %(number)s is still open: close it before seating the next one.")
            % {"number": open_round_.number}
        )


def _refuse_what_cannot_be_seated(event: Event, method: str, count: int, number: int) -> None:
    """The common impossibilities, said in the organiser's language before seating starts
    (the seating module's own messages, for the rarer ones, are in English)."""
    preset = PRESETS[event.variant]
    smallest = min(preset.table_sizes())
    if count < smallest:
        raise ValidationError(
            ngettext(
                "Only %(count)s player is checked in: a table of %(variant)s needs at least "
                "%(smallest)s.",
                "Only %(count)s players are checked in: a table of %(variant)s needs at least "
                "%(smallest)s.",
                count,
            )
            % {"count": count, "variant": event.variant_name(), "smallest": smallest}
        )
    if method == Event.Seating.ROUND_ROBIN:
        if preset.table_sizes() != (2,):
            raise ValidationError(_("A round robin is for two-player tables (gin-rummy)."))
        if number > seating.round_count(count):
            raise ValidationError(
                _("A round robin of %(count)s players has %(rounds)s rounds: it is over.")
                % {"count": count, "rounds": seating.round_count(count)}
            )


def _best_first(ids: list[int], points: dict[int, Decimal]) -> list[int]:
    return sorted(ids, key=lambda pid: -points.get(pid, Decimal(0)))


def _standings_for_seating(
    event: Event, ids: list[int], points: dict[int, Decimal]
) -> dict[seating.PlayerId, Decimal | int]:
    """What the seating method ranks on: tournament points, best first. With the event's
    "seat by club rating": before anyone has points (round 1) the ratings themselves, so
    that Swiss seats players of similar rating together; afterwards players level on points
    are listed by rating (Swiss keeps that order among equals)."""
    if not event.seed_by_rating:
        return {pid: points.get(pid, Decimal(0)) for pid in _best_first(ids, points)}
    ratings = current_ratings(ids)
    if not any(points.get(pid) for pid in ids):
        return dict(sorted(ratings.items(), key=lambda item: -item[1]))
    order = sorted(ids, key=lambda pid: (-points.get(pid, Decimal(0)), -ratings[pid]))
    return {pid: points.get(pid, Decimal(0)) for pid in order}
