"""The API's reads: everything the public pages show, each in a fixed number of queries
whatever the event's size (tests/api/test_reads.py counts them). Event and game reads answer
304 while their version holds, as the pages do. A read token of the club adds who entered
and confirmed each hand; nothing private (e-mail, phone, table links, devices) ever appears.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Router, Schema
from ninja.pagination import LimitOffsetPagination, paginate
from pydantic import Field

from tournaments.api import schemas
from tournaments.api.access import (
    KEPT_FOR,
    coalesced,
    etag,
    reads_privately,
    unchanged,
    versioned,
)
from tournaments.models import (
    Bye,
    Club,
    Event,
    Game,
    Player,
    Round,
    Season,
    Seat,
)
from tournaments.play.display.hands import confirmed_by, entered_by
from tournaments.play.selectors.games import game_sheet, games_with_seats
from tournaments.ratings.selectors import player_rating
from tournaments.seasons.selectors.standings import season_standings
from tournaments.standings.selectors import event_standings_page

router = Router(tags=["read"])


class Pages(LimitOffsetPagination):
    """Lists come by pages of at most 100; an offset past any database's integers is a 422,
    not an error of the database."""

    class Input(Schema):
        limit: int = Field(50, ge=1, le=100)
        offset: int = Field(0, ge=0, le=10**9)


# Reads need no token (what a token of the club adds is said on each field): the document
# says so, a token or nothing.
OPTIONAL_TOKEN: dict[str, Any] = {"security": [{"TokenAuth": []}, {}]}


@router.get(
    "/clubs",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: list[schemas.ClubOut], schemas.READ_REFUSALS: schemas.Problem},
    summary="Clubs",
)
@paginate(Pages)
def clubs(request: HttpRequest) -> object:
    """Every club on the site, by name."""
    return Club.objects.annotate(event_count=Count("events")).order_by("name", "id")


@router.get(
    "/clubs/{club_id}",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.ClubOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="A club",
)
def club(request: HttpRequest, club_id: int) -> object:
    return get_object_or_404(Club.objects.annotate(event_count=Count("events")), pk=club_id)


@router.get(
    "/clubs/{club_id}/events",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: list[schemas.EventSummary], schemas.READ_REFUSALS: schemas.Problem},
    summary="A club's events",
)
@paginate(Pages)
def club_events(request: HttpRequest, club_id: int) -> object:
    """Newest first."""
    get_object_or_404(Club, pk=club_id)
    return Event.objects.filter(club_id=club_id).order_by("-date", "-id")


@router.get(
    "/clubs/{club_id}/seasons",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: list[schemas.SeasonSummary], schemas.READ_REFUSALS: schemas.Problem},
    summary="A club's seasons",
)
def club_seasons(request: HttpRequest, club_id: int) -> object:
    get_object_or_404(Club, pk=club_id)
    return list(Season.objects.filter(club_id=club_id).order_by("-starts_on", "-id"))


@router.get(
    "/events/{event_id}",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.EventOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="An event",
)
@coalesced
def event(request: HttpRequest, event_id: int, response: HttpResponse) -> object:
    """Its rules and its rounds (the tables of each: `/events/{id}/rounds/{number}`)."""
    found = get_object_or_404(Event, pk=event_id)
    tag = etag(request, found.version)
    if (answer := unchanged(request, tag)) is not None:
        return answer
    versioned(response, tag)
    counted = found.rounds.annotate(tables=Count("games")).order_by("number")
    rounds = [(round_, int(getattr(round_, "tables"))) for round_ in counted]  # noqa: B009
    return {
        **_event_summary(found),
        "variant_name": found.variant_name(),
        "options": found.options,
        "confirmation_required": found.confirmation_required,
        "planned_rounds": found.planned_rounds,
        "tie_breaks": found.tie_breaks,
        "version": found.version,
        "rounds": [_round_summary(round_, tables) for round_, tables in rounds],
    }


@router.get(
    "/events/{event_id}/rounds/{number}",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.RoundOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="A round: who sits where, and each table's totals",
)
@coalesced
def event_round(request: HttpRequest, event_id: int, number: int, response: HttpResponse) -> object:
    found = get_object_or_404(Event, pk=event_id)
    tag = etag(request, found.version)
    if (answer := unchanged(request, tag)) is not None:
        return answer
    versioned(response, tag)
    round_ = get_object_or_404(Round, event=found, number=number)
    tables = _tables(list(round_.games.order_by("table_number").values_list("id", "version")))
    byes = Bye.objects.filter(round=round_).select_related("player").order_by("player__name")
    # Built from parts already checked against the document: Ninja writes it out as it is.
    summary: dict[str, Any] = _round_summary(round_, len(tables))
    return schemas.RoundOut.model_construct(
        **summary,
        event_id=found.pk,
        games=tables,
        byes=[
            schemas.ByeOut.model_validate(
                {"player_id": bye.player_id, "name": bye.player.name, "points": bye.points}
            )
            for bye in byes
        ],
    )


@router.get(
    "/events/{event_id}/standings",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.StandingsOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="Standings",
)
@coalesced
def standings(request: HttpRequest, event_id: int, response: HttpResponse) -> object:
    """Places, tournament points, tie-breaks in the event's order and prizes."""
    found = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    tag = etag(request, found.version)
    if (answer := unchanged(request, tag)) is not None:
        return answer
    versioned(response, tag)
    page = event_standings_page(found)
    sharing = Counter(row.place for row in page.rows)  # how many players hold each place
    keys = [key for key, _label in page.tie_breaks]
    return {
        "event_id": found.pk,
        "rounds_closed": page.rounds_closed,
        "tie_breaks": [{"key": key, "label": label} for key, label in page.tie_breaks],
        "prize_pool": page.pool.pool,
        "standings": [
            {
                "place": row.place,
                "tied": sharing[row.place] > 1,
                "player_id": row.record.player_id,
                "name": row.record.name,
                "points": row.record.points,
                "games": row.record.games,
                "wins": row.record.wins,
                "byes": row.record.byes,
                "tie_breaks": dict(zip(keys, row.tie_breaks, strict=True)),
                "prize": row.prize,
                "withdrawn": row.record.player_id in page.withdrawn,
            }
            for row in page.rows
        ],
    }


@router.get(
    "/games/{game_id}",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.GameOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="A table's game, hand by hand",
)
def game(request: HttpRequest, game_id: int, response: HttpResponse) -> object:
    """Its seats with totals, ranks and prizes, and every hand; a hand waiting for
    confirmation is `provisional`, as the table's page marks it."""
    found = get_object_or_404(Game.objects.select_related("event"), pk=game_id)
    tag = etag(request, found.version)
    if (answer := unchanged(request, tag)) is not None:
        return answer
    versioned(response, tag)
    sheet = game_sheet(found.pk)
    private = reads_privately(request, found.event)
    names = sheet.players
    seats_by_id = {seat.pk: seat for seat in sheet.seats}
    hands = []
    for row in sheet.rows:
        hand = row.hand
        hands.append(
            {
                "number": hand.number,
                "how": hand.how,
                "result": hand.result or hand.how,
                "ended_by": hand.ended_by.player.name if hand.ended_by else None,
                "winner": hand.winner.player.name if hand.winner else None,
                "provisional": hand.is_provisional,
                "lines": [
                    {
                        "name": name,
                        "counted": line.counted if line else None,
                        "held": line.held_cards if line else "",
                        "points": line.points if line else 0,
                        "total": line.running_total if line else 0,
                    }
                    for name, line in zip(names, row.lines, strict=True)
                ],
                "entered_by": entered_by(hand, seats_by_id) if private else None,
                "confirmed_by": (confirmed_by(hand, seats_by_id) or None) if private else None,
            }
        )
    table = _table(sheet.game, seats=sheet.seats)
    return {
        **table,
        "event_id": sheet.game.event_id,
        "round": sheet.game.round.number,
        "variant": sheet.game.variant,
        "options": sheet.game.options,
        "version": sheet.game.version,
        "hands": hands,
    }


@router.get(
    "/seasons/{season_id}",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.SeasonOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="A season's standings",
)
def season(request: HttpRequest, season_id: int) -> object:
    found = get_object_or_404(Season, pk=season_id)
    standings_ = season_standings(found)
    return {
        "id": found.pk,
        "club_id": found.club_id,
        "name": found.name,
        "starts_on": found.starts_on,
        "ends_on": found.ends_on,
        "scoring": found.scoring,
        "best_of": found.best_of,
        "events": [_event_summary(night.event) for night in standings_.nights],
        "standings": [
            {
                "place": line.place,
                "tied": line.tied,
                "player_id": line.player,
                "name": standings_.names.get(line.player, ""),
                "total": line.total,
                "nights_played": line.nights_played,
                "best_night": line.best_night,
                "nights": {str(key): value for key, value in line.points.items()},
            }
            for line in standings_.lines
        ],
    }


@router.get(
    "/players/{player_id}",
    openapi_extra=OPTIONAL_TOKEN,
    response={200: schemas.PlayerOut, schemas.READ_REFUSALS: schemas.Problem},
    summary="A club member",
)
def player(request: HttpRequest, player_id: int) -> object:
    """His club rating game by game, and the events he played."""
    found = get_object_or_404(Player, pk=player_id)
    rating = player_rating(found)
    played = (
        Event.objects.filter(Q(games__seats__player=found) | Q(registrations__player=found))
        .distinct()
        .order_by("-date", "-id")
    )
    return {
        "id": found.pk,
        "club_id": found.club_id,
        "name": found.name,
        "rating": rating.rating,
        "rated_games": rating.games,
        "provisional_rating": rating.provisional,
        "rating_history": [
            {
                "played_on": point.played_on,
                "event_id": point.event_id,
                "game_id": point.game_id,
                "place": point.place,
                "rating": point.rating,
                "change": point.change,
            }
            for point in rating.history
        ],
        "events": [_event_summary(each) for each in played],
    }


def _event_summary(event: Event) -> dict[str, object]:
    return {
        "id": event.pk,
        "club_id": event.club_id,
        "name": event.name,
        "date": event.date,
        "kind": event.kind,
        "variant": event.variant,
    }


def _round_summary(round_: Round, tables: int) -> dict[str, object]:
    return {
        "number": round_.number,
        "seating_method": round_.seating_method,
        "started_at": round_.started_at,
        "closed_at": round_.closed_at,
        "tables": tables,
    }


def _tables(games: list[tuple[int, int]]) -> list[schemas.TableOut]:
    """The tables (game id, version) as the API gives them, each made once per version of
    its game and kept, as the event page's cards are (web/fragments.py): a round of 500
    tables read again costs the tables that changed since, two queries for all of them."""
    keys = {game_id: f"api-table:{game_id}:{version}" for game_id, version in games}
    found = cache.get_many(list(keys.values()))
    missing = [game_id for game_id, key in keys.items() if key not in found]
    if missing:
        made = {
            keys[game.pk]: schemas.TableOut.model_validate(_table(game))
            for game in games_with_seats(Game.objects.filter(pk__in=missing))
        }
        cache.set_many(made, KEPT_FOR)
        found.update(made)
    # A game deleted between the two reads is left out, as a read a moment later would.
    return [found[keys[game_id]] for game_id, _version in games if keys[game_id] in found]


def _table(game: Game, seats: list[Seat] | None = None) -> dict[str, object]:
    seats = list(game.seats.all()) if seats is None else seats
    winner = next((seat.player.name for seat in seats if seat.player_id == game.winner_id), None)
    return {
        "game_id": game.pk,
        "table": game.table_number,
        "finished": game.finished,
        "closed": game.closed,
        "hands_played": game.hands_played,
        "provisional": game.has_provisional_hands,
        "winner": winner,
        "seats": [
            {
                "player_id": seat.player_id,
                "name": seat.player.name,
                "seat": seat.position,
                "total": seat.total,
                "rank": seat.rank,
                "prize": seat.prize,
                "tournament_points": seat.tournament_points,
            }
            for seat in seats
        ],
    }
