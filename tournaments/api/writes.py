"""The API's writes, each through the service a page uses, under its lock: a hand entered at
a table (`enter` scope, as the table link would), a round seated or closed (`organise`).
Every change is attributed to the token's maker and named by the token in the history."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Router, Status
from ninja.errors import HttpError

from tournaments.api import schemas
from tournaments.api.access import TOKENS, require
from tournaments.events.services.rounds import close_round, open_round
from tournaments.models import Event, Game, Round, Scope, Seat
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import record_hand
from tournaments.rules.hands import NEVER_MELDED, Held, parse_held

router = Router(tags=["write"], auth=TOKENS)


@router.post(
    "/games/{game_id}/hands",
    response={
        201: schemas.HandStored,
        200: schemas.HandStored,
        schemas.WRITE_REFUSALS: schemas.Problem,
    },
    summary="Enter the next hand of a table",
)
def enter_hand(request: HttpRequest, game_id: int, hand: schemas.HandIn) -> object:
    """The next hand's facts, by player name; 409 if `number` is not the next one (another
    phone got there first), 400 with each problem if the rules refuse it. Sent again with the
    same `key`, an entry is stored once (200 then, 201 the first time)."""
    game = get_object_or_404(Game.objects.select_related("event"), pk=game_id)
    token = require(request, Scope.ENTER, game.event)
    seats = {
        seat.player.name: seat for seat in Seat.objects.filter(game=game).select_related("player")
    }
    facts = HandFacts(
        how=hand.how,
        ended_by=_seat(seats, hand.ended_by) if hand.ended_by else None,
        held={_seat(seats, each.player).pk: _held(each) for each in hand.held},
    )
    key = f"api:{token.pk}:{hand.key}" if hand.key else ""
    before = game.hands.filter(idempotency_key=key).exists() if key else False
    stored = record_hand(
        game=game,
        number=hand.number,
        facts=facts,
        user=token.created_by,
        device=f"api:{token.prefix}",
        idempotency_key=key,
    )
    game.refresh_from_db(fields=["version"])
    answer = {
        "game_id": game.pk,
        "number": stored.number,
        "provisional": stored.is_provisional,
        "version": game.version,
    }
    return Status(200 if before else 201, answer)


@router.post(
    "/events/{event_id}/rounds",
    response={201: schemas.RoundSummary, schemas.WRITE_REFUSALS: schemas.Problem},
    summary="Seat the next round",
)
def seat_round(request: HttpRequest, event_id: int, body: schemas.RoundIn) -> object:
    """With the event's seating method (or `method`); 400 if it cannot be seated (a round
    still open, too few players...)."""
    event = get_object_or_404(Event, pk=event_id)
    require(request, Scope.ORGANISE, event)
    round_ = open_round(event=event, method=body.method)
    return Status(201, _summary(round_))


@router.post(
    "/events/{event_id}/rounds/{number}/close",
    response={200: schemas.RoundSummary, schemas.WRITE_REFUSALS: schemas.Problem},
    summary="Close a round",
)
def close(request: HttpRequest, event_id: int, number: int) -> object:
    """Every table still in play is closed with its totals; 400 while a hand waits for
    confirmation."""
    event = get_object_or_404(Event, pk=event_id)
    require(request, Scope.ORGANISE, event)
    round_ = get_object_or_404(Round, event=event, number=number)
    if round_.is_closed:
        raise HttpError(400, _("This round is closed already."))
    return _summary(close_round(round_=round_))


def _seat(seats: dict[str, Seat], name: str) -> Seat:
    if name not in seats:
        raise HttpError(
            400,
            _("%(name)s does not sit at this table (players: %(players)s).")
            % {"name": name, "players": ", ".join(seats)},
        )
    return seats[name]


def _held(held: schemas.HeldIn) -> Held:
    if held.never_melded:
        return NEVER_MELDED
    if held.cards:
        return parse_held(held.cards)
    if held.count is None:
        raise HttpError(400, _("Say what %(name)s held: a count or cards.") % {"name": held.player})
    return held.count


def _summary(round_: Round) -> dict[str, object]:
    return {
        "number": round_.number,
        "seating_method": round_.seating_method,
        "started_at": round_.started_at,
        "closed_at": round_.closed_at,
        "tables": round_.games.count(),
    }
