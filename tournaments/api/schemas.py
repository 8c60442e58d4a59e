"""What the API answers and accepts, one schema per thing a club talks about. The OpenAPI
document is generated from these (docs/api.md); names follow the site's words (a game is one
table's game in a round; a hand is one deal)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Literal

from ninja import Schema
from pydantic import BaseModel, Field


class Problem(Schema):
    """Why a request was refused, in the reader's language (Accept-Language)."""

    detail: str
    problems: list[str] = Field(default_factory=list)


# The refusals a read may give (a wrong token, nothing there, a malformed query, too many
# requests), and a write (also: not the right scope, refused by the rules, a hand number
# taken by another entry).
READ_REFUSALS = frozenset({401, 404, 422, 429})
WRITE_REFUSALS = frozenset({400, 401, 403, 404, 409, 422, 429})


class ClubOut(Schema):
    id: int
    name: str
    events: int = Field(
        validation_alias="event_count", description="How many events the club has on the site."
    )


class EventSummary(Schema):
    id: int
    club_id: int
    name: str
    date: datetime.date
    kind: Literal["club_night", "tournament"]
    variant: str


class RoundSummary(Schema):
    number: int
    seating_method: str
    started_at: datetime.datetime
    closed_at: datetime.datetime | None
    tables: int


class EventOut(EventSummary):
    variant_name: str
    options: dict[str, object] = Field(description="The variant's options that differ from it.")
    confirmation_required: bool
    planned_rounds: int | None
    tie_breaks: list[str]
    version: int = Field(description="Moves with every change: the ETag of this event's pages.")
    rounds: list[RoundSummary]


class SeatOut(Schema):
    player_id: int
    name: str
    seat: int
    total: int
    rank: int | None
    prize: Decimal | None
    tournament_points: Decimal


class TableOut(Schema):
    game_id: int
    table: int
    finished: bool
    closed: bool
    hands_played: int
    provisional: bool = Field(description="A hand waits for confirmation: totals may change.")
    winner: str | None
    seats: list[SeatOut]


class ByeOut(Schema):
    player_id: int
    name: str
    points: Decimal


class RoundOut(RoundSummary):
    event_id: int
    games: list[TableOut]
    byes: list[ByeOut]


class LineOut(Schema):
    name: str
    counted: int | None = Field(description="What he held, as counted; None if not counted.")
    held: str = Field(description="The cards he held, when they were entered by cards.")
    points: int
    total: int


class HandOut(Schema):
    number: int
    how: str = Field(description="How it ended: going_out, rami_sec, knock, gin or draw.")
    result: str = Field(description="The same, but undercut for a knock that lost.")
    ended_by: str | None
    winner: str | None
    provisional: bool = Field(description="Waits for another player's confirmation.")
    lines: list[LineOut]
    entered_by: str | None = Field(
        default=None, description="Who entered it: only with a read token of the club."
    )
    confirmed_by: str | None = Field(
        default=None, description="Who confirmed it: only with a read token of the club."
    )


class GameOut(TableOut):
    event_id: int
    round: int
    variant: str
    options: dict[str, object]
    version: int
    hands: list[HandOut]


class Plain(BaseModel):
    """An answer its read builds from plain values (dicts), checked by pydantic alone.
    Ninja's Schema reads every field of every row through its adapter for Django objects:
    the standings of 2,000 players took 98 ms to check that way, and take 8 ms so."""


class StandingOut(Plain):
    place: int
    tied: bool
    player_id: int
    name: str
    points: Decimal
    games: int
    wins: int
    byes: int
    tie_breaks: dict[str, object] = Field(description="Each tie-break's value, by key.")
    prize: Decimal | None
    withdrawn: bool


class TieBreakOut(Plain):
    key: str
    label: str


class StandingsOut(Plain):
    event_id: int
    rounds_closed: int
    tie_breaks: list[TieBreakOut] = Field(description="In the event's order.")
    prize_pool: Decimal
    standings: list[StandingOut]


class SeasonSummary(Schema):
    id: int
    club_id: int
    name: str
    starts_on: datetime.date
    ends_on: datetime.date


class SeasonLineOut(Schema):
    place: int
    tied: bool
    player_id: int
    name: str
    total: Decimal
    nights_played: int
    best_night: Decimal
    nights: dict[str, Decimal] = Field(description="Points by event id, every night he played.")


class SeasonOut(SeasonSummary):
    scoring: str
    best_of: int | None
    events: list[EventSummary]
    standings: list[SeasonLineOut]


class RatingPointOut(Schema):
    played_on: datetime.date
    event_id: int
    game_id: int
    place: int
    rating: int
    change: int


class PlayerOut(Schema):
    id: int
    club_id: int
    name: str
    rating: int
    rated_games: int
    provisional_rating: bool
    rating_history: list[RatingPointOut]
    events: list[EventSummary] = Field(description="The events he played, newest first.")


# Writes ------------------------------------------------------------------------------------


class HeldIn(Schema):
    player: str = Field(description="The player's name, as seated.")
    count: int | None = Field(default=None, description="What he held, counted.")
    cards: str | None = Field(default=None, description='Or his cards: "7H 8H 9H KS".')
    never_melded: bool = False


class HandIn(Schema):
    number: int = Field(description="The hand's number: the next one, or 409.")
    how: str = Field(description="going_out, rami_sec, knock, gin or draw.")
    ended_by: str | None = Field(description="The name of the player who ended it.")
    held: list[HeldIn] = Field(default_factory=list)
    key: str = Field(
        default="",
        max_length=64,
        description="Any string naming this entry: sent again (lost answer), it is stored once.",
    )


class HandStored(Schema):
    game_id: int
    number: int
    provisional: bool
    version: int


class RoundIn(Schema):
    method: str | None = Field(
        default=None, description="A seating method; the event's if left out."
    )
