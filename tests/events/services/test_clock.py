"""The round clock's services: start, pause, resume and extend, each recorded with who and
when, refused when it means nothing; at a fixed `now`, never by waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError

from tests.factories import make_game, play
from tournaments.events.selectors.clock import round_clock, tables_in_play
from tournaments.events.services.clock import extend_clock, pause_clock, resume_clock, start_clock
from tournaments.events.services.rounds import close_round
from tournaments.models import ClockChange, Game
from tournaments.play.selectors.versions import event_version, game_version
from tournaments.rules.clock import PAUSED, RUNNING, TIME_UP

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


@pytest.fixture
def round_(game):
    return game.round


def test_starting_the_clock_records_who_and_when(round_, organiser):
    clock = start_clock(round_=round_, minutes=45, user=organiser, now=T0)
    assert clock.state == RUNNING and clock.deadline == at(45)
    change = ClockChange.objects.get()
    assert (change.action, change.minutes, change.at, change.by) == ("start", 45, T0, organiser)
    assert round_clock(round_, at(15)).left == timedelta(minutes=30)


def test_pause_resume_and_extend_move_the_deadline(round_, organiser):
    start_clock(round_=round_, minutes=45, user=organiser, now=T0)
    paused = pause_clock(round_=round_, user=organiser, now=at(10))
    assert paused.state == PAUSED and paused.left == timedelta(minutes=35)
    resumed = resume_clock(round_=round_, user=organiser, now=at(13))
    assert resumed.state == RUNNING and resumed.deadline == at(48)
    extended = extend_clock(round_=round_, minutes=5, user=organiser, now=at(40))
    assert extended.deadline == at(53) and extended.minutes == 50
    assert list(ClockChange.objects.values_list("action", "at")) == [
        ("start", T0),
        ("pause", at(10)),
        ("resume", at(13)),
        ("extend", at(40)),
    ]
    assert round_clock(round_, at(53)).state == TIME_UP


def test_extra_time_after_time_is_up_counts_from_then(round_):
    start_clock(round_=round_, minutes=45, now=T0)
    assert round_clock(round_, at(50)).state == TIME_UP
    clock = extend_clock(round_=round_, minutes=5, now=at(50))
    assert clock.state == RUNNING and clock.deadline == at(55)


def test_a_visitor_without_an_account_is_recorded_as_nobody(round_):
    start_clock(round_=round_, minutes=45, user=None, now=T0)
    assert ClockChange.objects.get().by is None


@pytest.mark.parametrize(
    ("steps", "refused", "message"),
    [
        ([], "pause", "Start the clock of round 1 first."),
        ([], "extend", "Start the clock of round 1 first."),
        ([("start", 0)], "start", "The clock of round 1 is already started."),
        ([("start", 0)], "resume", "The clock of round 1 is not paused."),
        ([("start", 0), ("pause", 1)], "pause", "The clock of round 1 is already paused."),
        ([("start", 0)], "pause@50", "Time is up in round 1: there is nothing left to pause."),
    ],
)
def test_it_refuses_what_means_nothing_in_the_clock_s_state(round_, steps, refused, message):
    actions = {
        "start": lambda now: start_clock(round_=round_, minutes=45, now=now),
        "pause": lambda now: pause_clock(round_=round_, now=now),
        "resume": lambda now: resume_clock(round_=round_, now=now),
        "extend": lambda now: extend_clock(round_=round_, minutes=5, now=now),
    }
    for action, minute in steps:
        actions[action](at(minute))
    action, _, minute = refused.partition("@")
    count = ClockChange.objects.count()
    with pytest.raises(ValidationError) as error:
        actions[action](at(float(minute or 2)))
    assert error.value.messages == [message]
    assert ClockChange.objects.count() == count


@pytest.mark.parametrize("minutes", [0, 601])
def test_the_round_time_must_be_sensible(round_, minutes):
    with pytest.raises(ValidationError, match="from 1 to 600"):
        start_clock(round_=round_, minutes=minutes, now=T0)


@pytest.mark.parametrize("minutes", [0, 121])
def test_the_extra_time_must_be_sensible(round_, minutes):
    start_clock(round_=round_, minutes=45, now=T0)
    with pytest.raises(ValidationError, match="from 1 to 120"):
        extend_clock(round_=round_, minutes=minutes, now=at(1))


def test_a_closed_round_s_clock_cannot_change(round_):
    start_clock(round_=round_, minutes=45, now=T0)
    close_round(round_=round_)
    with pytest.raises(ValidationError, match="Round 1 is closed"):
        extend_clock(round_=round_, minutes=5, now=at(50))


def test_each_change_of_the_clock_is_seen_by_the_polls(event, game, round_):
    """The event page, its tables' pages, the projector and the phones' clock poll with
    ETags: a pause must change them, or the phones would keep counting down."""
    other = make_game(event, table_number=2, players=("Denis", "Élise"))
    start_clock(round_=round_, minutes=45, now=T0)
    before = (event_version(event.pk), game_version(game.pk), game_version(other.pk))
    pause_clock(round_=round_, now=at(10))
    after = (event_version(event.pk), game_version(game.pk), game_version(other.pk))
    assert all(now != then for now, then in zip(after, before, strict=True))


def test_closing_at_time_ends_the_tables_still_in_play(event, game, round_):
    """What the time-up page closes: rules.md §1, a game closed by the organiser ends with
    its totals as they stand."""
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    done = make_game(event, table_number=2, players=("Denis", "Élise"))
    play(done, "going_out", "Denis", Élise=60)
    play(done, "going_out", "Denis", Élise=60)  # Élise passes 100: finished
    idle = make_game(event, table_number=3, players=("Fanny", "Gilles"))
    start_clock(round_=round_, minutes=45, now=T0)
    assert [g.table_number for g in tables_in_play(round_)] == [1, 3]
    close_round(round_=round_)
    game.refresh_from_db()
    assert game.closed and game.finished and game.winner.name == "Anne"
    assert Game.objects.get(pk=idle.pk).closed
    assert tables_in_play(round_) == []
