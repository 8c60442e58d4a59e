"""What each printed PDF depends on, read in one query: its fingerprint.

A PDF is rendered again only when its fingerprint changes (tournaments.sheets.store hashes it
with the layout's own version and the language). Each fingerprint gathers the last change of
everything the PDF shows: the games' rescoring (`updated_at`, which every hand ends with),
their own edits (pot, rules, table link: the game's history), the event's, the round's and the
club's edits, the players' names and the registrations (their histories). The names of the
accounts that entered hands are not followed: an account renamed shows on the next hand.
"""

from __future__ import annotations

from django.db.models import F, Func, OuterRef, QuerySet, Subquery

from tournaments.models import (
    Bye,
    Club,
    Event,
    Game,
    Hand,
    Player,
    PrizeCategory,
    Registration,
    Round,
    Season,
    Seat,
)


def _one(queryset: QuerySet, function: str, field: str) -> Subquery:
    """MAX or COUNT of a field over `queryset`, as a subquery giving one value."""
    value = Func(F(field), function=function)
    return Subquery(queryset.order_by().annotate(value=value).values("value")[:1])


def _last_edit(queryset: QuerySet) -> Subquery:
    """When the rows of a history queryset last changed."""
    return _one(queryset, "MAX", "history_date")


def _fingerprint(rows: QuerySet, changes: dict[str, Subquery], *shown: str) -> dict | None:
    """The first of `rows` as its `changes` (each named once) and the `shown` fields."""
    return rows.annotate(**changes).values(*changes, *shown).first()


def _around(players: QuerySet, event: OuterRef, club: OuterRef) -> dict[str, Subquery]:
    """The last edit of what every sheet prints around its games: the players' names, the
    event and the club."""
    return {
        "players_edited": _last_edit(Player.history.filter(id__in=players)),
        "event_edited": _last_edit(Event.history.filter(id=event)),
        "club_edited": _last_edit(Club.history.filter(id=club)),
    }


def tents_fingerprint(event_id: int) -> dict | None:
    """An event's table tents: its name, language and club (and the tables, given apart)."""
    changes = {
        "event_edited": _last_edit(Event.history.filter(id=OuterRef("pk"))),
        "club_edited": _last_edit(Club.history.filter(id=OuterRef("club_id"))),
    }
    return _fingerprint(Event.objects.filter(pk=event_id), changes, "name", "language")


def record_fingerprint(game_id: int) -> dict | None:
    """A game's record (and its blank sheet): the game, its players, event, round and club."""
    players = Seat.objects.filter(game_id=OuterRef(OuterRef("pk"))).values("player_id")
    changes = {
        # How long it is: a long game's record is made in the background (sheets/queue.py).
        "hand_count": _one(Hand.objects.filter(game_id=OuterRef("pk")), "COUNT", "id"),
        "game_edited": _last_edit(Game.history.filter(id=OuterRef("pk"))),
        "round_edited": _last_edit(Round.history.filter(id=OuterRef("round_id"))),
        **_around(players, OuterRef("event_id"), OuterRef("event__club_id")),
    }
    shown = ("updated_at", "event_id", "table_number", "event__name", "event__language")
    return _fingerprint(Game.objects.filter(pk=game_id), changes, *shown)


def _games_of(**scope) -> dict:
    """The last rescoring, the number and the last edit of the games in `scope`."""
    games = Game.objects.filter(**scope)
    return {
        "games_scored": _one(games, "MAX", "updated_at"),
        "tables": _one(games, "COUNT", "id"),
        "games_edited": _last_edit(Game.history.filter(**scope)),
    }


def results_fingerprint(event_id: int) -> dict | None:
    """An event's results: every game, round, registration and player of the event, and its
    prize categories (with what they read of the registered players)."""
    event = OuterRef("pk")
    players = Seat.objects.filter(game__event_id=OuterRef(event)).values("player_id")
    registered = Registration.objects.filter(event_id=OuterRef(event)).values("player_id")
    changes = {
        **_games_of(event_id=event),
        "rounds_edited": _last_edit(Round.history.filter(event_id=event)),
        "registrations_edited": _last_edit(Registration.history.filter(event_id=event)),
        "registered": _one(Registration.objects.filter(event_id=event), "COUNT", "id"),
        "seat_count": _one(Seat.objects.filter(game__event_id=event), "COUNT", "id"),
        "categories_edited": _last_edit(PrizeCategory.history.filter(event_id=event)),
        "registered_edited": _last_edit(Player.history.filter(id__in=registered)),
        **_around(players, event, OuterRef("club_id")),
    }
    return _fingerprint(Event.objects.filter(pk=event_id), changes, "name", "language")


def round_fingerprint(event_id: int, number: int) -> dict | None:
    """A round's seating list and blank sheets: its games, players, byes and links."""
    round_ = OuterRef("pk")
    players = Seat.objects.filter(game__round_id=OuterRef(round_)).values("player_id")
    byes = Bye.objects.filter(round_id=OuterRef(round_)).values("player_id")
    changes = {
        **_games_of(round_id=round_),
        "round_edited": _last_edit(Round.history.filter(id=round_)),
        "bye_count": _one(Bye.objects.filter(round_id=round_), "COUNT", "id"),
        "byes_edited": _last_edit(Player.history.filter(id__in=byes)),
        **_around(players, OuterRef("event_id"), OuterRef("event__club_id")),
    }
    rows = Round.objects.filter(event_id=event_id, number=number)
    return _fingerprint(rows, changes, "id", "event__name", "event__language")


def season_fingerprint(season_id: int) -> dict | None:
    """A season's standings: the season, and every event, game and player of its club (a
    change anywhere in the club renders it again, which is rare and always right)."""
    club = OuterRef("club_id")
    changes = {
        **_games_of(event__club_id=club),
        "season_edited": _last_edit(Season.history.filter(id=OuterRef("pk"))),
        "events_edited": _last_edit(Event.history.filter(club_id=club)),
        "rounds_edited": _last_edit(Round.history.filter(event__club_id=club)),
        "players_edited": _last_edit(Player.history.filter(club_id=club)),
        "club_edited": _last_edit(Club.history.filter(id=club)),
    }
    return _fingerprint(Season.objects.filter(pk=season_id), changes, "name")
