"""Reads of the club ratings: a player's history, everyone's current rating for seating, and
the rating each player brought to an event (its rating-band prizes)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from tournaments.models import Event, Player, RatingUpdate
from tournaments.ranking.ratings import PROVISIONAL_GAMES, START, shown_rating


@dataclass(frozen=True)
class RatingPoint:
    """The player's rating right after one game."""

    played_on: datetime.date
    event_id: int
    event_name: str
    game_id: int
    table_number: int
    place: int
    rating: int
    change: int


@dataclass
class PlayerRating:
    games: int = 0
    history: list[RatingPoint] = field(default_factory=list)

    @property
    def rating(self) -> int:
        return self.history[-1].rating if self.history else shown_rating(*START)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def provisional_games(self) -> int:
        return PROVISIONAL_GAMES


def player_rating(player: Player) -> PlayerRating:
    """His rating game by game, oldest first: one query."""
    rows = (
        RatingUpdate.objects.filter(player=player)
        .in_game_order()
        .values_list(
            "played_on",
            "game__event_id",
            "game__event__name",
            "game_id",
            "game__table_number",
            "place",
            "mu",
            "sigma",
        )
    )
    found = PlayerRating()
    previous = shown_rating(*START)
    for played_on, event_id, name, game_id, table, place, mu, sigma in rows:
        rating = shown_rating(mu, sigma)
        found.history.append(
            RatingPoint(played_on, event_id, name, game_id, table, place, rating, rating - previous)
        )
        previous = rating
    found.games = len(found.history)
    return found


def current_ratings(player_ids: Iterable[int]) -> dict[int, int]:
    """The rating shown for each player (a newcomer's for those never rated): one query."""
    ids = list(player_ids)
    ratings = dict.fromkeys(ids, shown_rating(*START))
    rows = RatingUpdate.objects.filter(player_id__in=ids).in_game_order()
    for player_id, mu, sigma in rows.values_list("player_id", "mu", "sigma"):
        ratings[player_id] = shown_rating(mu, sigma)
    return ratings


def ratings_before(event: Event, player_ids: Iterable[int]) -> dict[int, int]:
    """The rating each player brought to the event: after his last game rated before it (in
    the rating order: earlier days, then earlier events of the same day), a newcomer's for
    those never rated before: one query."""
    ids = list(player_ids)
    ratings = dict.fromkeys(ids, shown_rating(*START))
    earlier = Q(played_on__lt=event.date) | Q(played_on=event.date, game__event_id__lt=event.pk)
    rows = RatingUpdate.objects.filter(earlier, player_id__in=ids).in_game_order()
    for player_id, mu, sigma in rows.values_list("player_id", "mu", "sigma"):
        ratings[player_id] = shown_rating(mu, sigma)
    return ratings
