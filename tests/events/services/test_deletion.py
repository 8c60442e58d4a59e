"""Deleting an event (issue 19 §3): everything of it goes in one transaction, the club's
ratings are worked out again as if it had never been played, its seasons no longer count
it, and the deletion is recorded (who, when, what went); in a fixed number of queries."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.archive_support import played_night, row_counts
from tests.factories import ClubFactory, play
from tournaments.events.selectors.deletion import what_goes
from tournaments.events.services.deletion import delete_event
from tournaments.events.services.events import create_event, register_player
from tournaments.events.services.rounds import seat_by_hand
from tournaments.models import (
    Event,
    EventDeletion,
    Game,
    Hand,
    HandLine,
    Player,
    RatingUpdate,
    Registration,
    Season,
)
from tournaments.play.services.entry import close_game
from tournaments.ratings.services import recompute_ratings
from tournaments.seasons.selectors.standings import season_standings

pytestmark = pytest.mark.django_db

FIRST, SECOND, THIRD = (datetime.date(2026, 11, day) for day in (5, 12, 19))


def ratings(club) -> list[tuple]:
    rows = RatingUpdate.objects.filter(player__club=club).values_list(
        "player__name", "game__event__name", "mu", "sigma"
    )
    return sorted(rows)


def test_what_goes_is_counted_and_recorded_and_the_ratings_are_worked_out_again(club, organiser):
    first = played_night(club, "Soirée 1", FIRST, organiser)
    second = played_night(club, "Soirée 2", SECOND, organiser)
    third = played_night(club, "Soirée 3", THIRD, organiser)
    season = Season.objects.create(
        club=club, name="Saison", starts_on=FIRST, ends_on=datetime.date(2027, 6, 30)
    )
    goes = what_goes(second)
    assert (goes.tables, goes.hands, goes.rounds, goes.registrations) == (2, 4, 1, 6)
    assert goes.seasons == ["Saison"] and goes.rating_updates == 6
    record = delete_event(event=second, user=organiser)
    assert not Event.objects.filter(pk=second.pk).exists()
    assert not Game.objects.filter(event_id=second.pk).exists()
    assert Registration.objects.filter(event_id=second.pk).count() == 0
    assert Player.objects.filter(club=club).count() == 6  # the members stay
    # The ratings as if the second night had never been played.
    after = ratings(club)
    recompute_ratings(club=club)
    assert after == ratings(club)
    assert {name for _p, name, _m, _s in after} == {"Soirée 1", "Soirée 3"}
    assert [night.event for night in season_standings(season).nights] == [first, third]
    assert (record.event_name, record.event_date, record.deleted_by) == (
        "Soirée 2",
        SECOND,
        organiser,
    )
    assert (record.tables, record.hands, record.registrations, record.rating_updates) == (
        2,
        4,
        6,
        6,
    )
    assert record.seasons == ["Saison"] and record.event_uuid == second.uuid
    assert list(EventDeletion.objects.filter(club=club)) == [record]


def test_nothing_of_another_event_or_club_goes(club, organiser):
    kept = played_night(club, "Soirée 1", FIRST, organiser)
    elsewhere = played_night(ClubFactory(name="Ailleurs"), "Soirée 1", FIRST)
    gone = played_night(club, "Soirée 2", SECOND, organiser)
    lines = HandLine.objects.filter(hand__game__event__in=[kept, elsewhere]).count()
    delete_event(event=gone, user=organiser)
    assert HandLine.objects.filter(hand__game__event__in=[kept, elsewhere]).count() == lines
    assert HandLine.objects.count() == lines
    assert Hand.history.filter(game_id__in=gone.games.values("pk")).count() == 0


def test_deleting_costs_the_same_queries_whatever_the_size_of_the_event(club, organiser):
    def queries_to_delete(event) -> int:
        with CaptureQueriesContext(connection) as queries:
            delete_event(event=event, user=organiser)
        return len(queries)

    short = rummy_night(club, "Courte", FIRST, hands=1)
    long = rummy_night(club, "Longue", SECOND, hands=12)
    assert queries_to_delete(long) == queries_to_delete(short)
    assert row_counts()["tournaments.Hand"] == 0


def test_the_hands_seats_and_their_history_go_by_the_ids_of_the_events_games_and_seats(
    club, organiser
):
    """A subquery in these deletes let PostgreSQL, whose statistics said the tables were
    empty, run it again for each row (seconds per event; CI, December 2026)."""
    event = rummy_night(club, "Courte", FIRST, hands=2)
    with CaptureQueriesContext(connection) as queries:
        delete_event(event=event, user=organiser)
    tables = ("handline", "hand", "game", "seat", "ratingupdate", "federationrating")
    by_ids = [f'DELETE FROM "tournaments_{name}"' for name in tables[:1] + tables[3:]]
    by_ids += [f'DELETE FROM "tournaments_historical{name}"' for name in tables[:3]]
    by_ids += ['DELETE FROM "tournaments_hand" ']
    # Each table's first delete is the event's (the ratings worked out again come after).
    deletes = [next(q["sql"] for q in queries if q["sql"].startswith(each)) for each in by_ids]
    for sql in deletes:
        assert sql.count("SELECT") == 0, sql


def rummy_night(club, name: str, date: datetime.date, *, hands: int) -> Event:
    """Two tables of three playing rummy (no target) for `hands` hands, then closed: rated."""
    event = create_event(club=club, name=name, date=date, variant="rummy")
    names = ["Anne", "Bruno", "Chloé", "Denis", "Élodie", "François"]
    for player in names:
        register_player(event=event, name=player)
    players = {p.name: p for p in Player.objects.filter(club=club)}
    round_ = seat_by_hand(
        event=event, tables=[[players[n] for n in names[:3]], [players[n] for n in names[3:]]]
    )
    for game in round_.games.all():
        seated = [seat.player.name for seat in game.seats.order_by("position")]
        for _hand in range(hands):
            play(game, "going_out", seated[0], **{seated[1]: 5, seated[2]: 7})
        close_game(game=game)
    return event
