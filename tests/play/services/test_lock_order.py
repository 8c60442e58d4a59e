"""The order of the row locks (play/services/locks.py), on PostgreSQL: a hand locks its table
only, so that hands at two tables never wait for each other; every writer that changes a
whole round or event waits for a hand in flight, then does its work, and neither fails
("deadlock detected") nor works from what the other had not yet committed.

Each test stops one side just after it took its locks (a thread waiting on an Event), starts
the other, lets it run into the lock (or not), then lets the first go on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from tests.factories import EventFactory, make_game, play
from tournaments.events.services import events as event_services
from tournaments.events.services.deletion import delete_event
from tournaments.events.services.events import change_rules, save_settings
from tournaments.events.services.rounds import close_round, reseat_round
from tournaments.federation.services import evenings
from tournaments.federation.services.evenings import close_venue_round, seat_venue
from tournaments.models import Event, Game, Hand, Round
from tournaments.play.services import entry
from tournaments.play.services.entry import reopen_game

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 30  # seconds: far more than any step takes, so that a lock waited for shows


@pytest.fixture(autouse=True)
def postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs real concurrent connections and row locks: runs on PostgreSQL")


class Side:
    """One side of the race, in a thread of its own with its own connection."""

    def __init__(self, name: str, work: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(work,), name=name)
        self.thread.start()

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self.result = work()
        except BaseException as error:  # reported by the main thread
            self.error = error
        finally:
            connection.close()

    def waits(self) -> bool:
        """Whether it is still at work a second after (waiting for a lock)."""
        self.thread.join(timeout=1)
        return self.thread.is_alive()

    def outcome(self) -> Any:
        self.thread.join(timeout=WAIT * 2)
        assert not self.thread.is_alive(), f"{self.thread.name} never finished"
        if self.error is not None:
            raise self.error
        return self.result


@contextmanager
def stopped_after(monkeypatch, module, name: str, side: str) -> Iterator[threading.Event]:
    """`module.name` waits, in the thread named `side` only, until the Event yielded is set;
    the `with` block's end sets it whatever happens."""
    reached, go_on = threading.Event(), threading.Event()
    real = getattr(module, name)

    def then_wait(*args, **kwargs):
        if threading.current_thread().name == side:
            reached.set()
            go_on.wait(timeout=WAIT)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, then_wait)
    try:
        yield reached
    finally:
        go_on.set()


def a_hand(game: Game) -> Callable[[], Hand]:
    return lambda: play(game, "going_out", "Anne", Bruno=5, Chloé=7)


def two_tables() -> tuple[Game, Game]:
    event = EventFactory(options={"target": 1000})
    return make_game(event), make_game(event, table_number=2, players=("Denis", "Elise", "Fanny"))


def test_a_hand_at_one_table_never_waits_for_a_hand_at_another(monkeypatch) -> None:
    """Failed before: the first hand held its event's row with its table's, from its start to
    its commit, and the second waited for all of it."""
    first, second = two_tables()
    with stopped_after(monkeypatch, entry, "load_facts", "table 1") as locked:
        held = Side("table 1", a_hand(first))
        assert locked.wait(WAIT)
        other = Side("table 2", lambda: play(second, "going_out", "Denis", Elise=3, Fanny=4))
        assert not other.waits()
        assert other.outcome().number == 1
    assert held.outcome().number == 1


def test_closing_a_round_waits_for_a_hand_in_flight_then_closes_its_table(monkeypatch) -> None:
    first, second = two_tables()
    with stopped_after(monkeypatch, entry, "load_facts", "table 1") as locked:
        hand = Side("table 1", a_hand(first))
        assert locked.wait(WAIT)
        closing = Side("organiser", lambda: close_round(round_=first.round))
        assert closing.waits()
    hand.outcome()
    closing.outcome()
    assert first.hands.count() == 1
    assert list(Game.objects.values_list("closed", flat=True)) == [True, True]
    assert Round.objects.get().closed_at is not None


def test_reseating_waits_for_a_hand_in_flight_then_refuses(monkeypatch) -> None:
    first, _second = two_tables()
    with stopped_after(monkeypatch, entry, "load_facts", "table 1") as locked:
        hand = Side("table 1", a_hand(first))
        assert locked.wait(WAIT)
        reseating = Side("organiser", lambda: reseat_round(round_=first.round, seed=1))
        assert reseating.waits()
    hand.outcome()
    with pytest.raises(ValidationError, match="Hands have been entered"):
        reseating.outcome()
    assert first.hands.count() == 1


def test_deleting_an_event_waits_for_a_hand_in_flight_then_deletes_it_too(monkeypatch) -> None:
    first, _second = two_tables()
    with stopped_after(monkeypatch, entry, "load_facts", "table 1") as locked:
        hand = Side("table 1", a_hand(first))
        assert locked.wait(WAIT)
        deleting = Side("organiser", lambda: delete_event(event=first.event, reason="test"))
        assert deleting.waits()
    hand.outcome()
    deleting.outcome()
    assert not Event.objects.exists()
    assert not Hand.objects.exists()


def test_a_hand_that_waited_for_a_settings_save_follows_the_settings_saved(monkeypatch) -> None:
    """The save holds the tables, then the event; the hand waiting for its table must read
    the event as saved (its confirmation rule), not as it was when the hand began."""
    first, _second = two_tables()
    with stopped_after(monkeypatch, event_services.edits, "check_unchanged", "organiser") as held:
        saving = Side(
            "organiser",
            lambda: save_settings(event=first.event, changes={"confirmation_required": True}),
        )
        assert held.wait(WAIT)
        hand = Side("table 1", a_hand(first))
        assert hand.waits()
    saving.outcome()
    assert hand.outcome().needs_confirmation is True


def test_a_table_is_not_reopened_in_a_round_being_closed(monkeypatch) -> None:
    first, second = two_tables()
    entry.close_game(game=second)
    with stopped_after(monkeypatch, entry, "refuse_pending", "organiser") as held:
        closing = Side("organiser", lambda: close_round(round_=first.round))
        assert held.wait(WAIT)
        reopening = Side("another organiser", lambda: reopen_game(game=second))
        assert reopening.waits()
    closing.outcome()
    with pytest.raises(ValidationError, match="The round is closed"):
        reopening.outcome()
    assert Game.objects.get(pk=second.pk).closed


def test_closing_a_venues_round_waits_for_a_hand_in_flight_at_it(
    monkeypatch, seated, organiser, vincennes_organiser
) -> None:
    """A simultaneous evening: Vincennes closes its round while a hand is being saved at
    its table, and Montreuil's hands go on meanwhile."""
    montreuil, vincennes = seated
    at_vincennes = Game.objects.get(venue=vincennes)
    at_montreuil = Game.objects.filter(venue=montreuil).first()
    first, *others = (seat.player.name for seat in at_vincennes.seats.order_by("position"))
    with stopped_after(monkeypatch, entry, "load_facts", "vincennes") as locked:
        hand = Side(
            "vincennes", lambda: play(at_vincennes, "going_out", first, **dict.fromkeys(others, 5))
        )
        assert locked.wait(WAIT)
        closing = Side(
            "organiser", lambda: close_venue_round(venue=vincennes, user=vincennes_organiser)
        )
        assert closing.waits()
        names = [seat.player.name for seat in at_montreuil.seats.order_by("position")]
        elsewhere = Side(
            "montreuil",
            lambda: play(at_montreuil, "going_out", names[0], **dict.fromkeys(names[1:], 5)),
        )
        assert not elsewhere.waits()
        elsewhere.outcome()
    assert hand.outcome().number == 1
    closing.outcome()
    assert Game.objects.get(pk=at_vincennes.pk).closed
    assert not Game.objects.get(pk=at_montreuil.pk).closed


def test_a_venue_seats_a_round_another_venue_is_closing(
    monkeypatch, seated, organiser, vincennes_organiser
) -> None:
    """Montreuil seats round 2 while Vincennes closes its round 2. Failed before ("deadlock
    detected"): the venue's lock, through its default order, locked the event too, then
    waited for the round that the closing held while it waited for the event."""
    montreuil, vincennes = seated
    close_venue_round(venue=montreuil, user=organiser)
    close_venue_round(venue=vincennes, user=vincennes_organiser)
    seat_venue(venue=vincennes, user=vincennes_organiser, seed=1)
    with stopped_after(monkeypatch, evenings, "refuse_pending", "vincennes") as held:
        closing = Side(
            "vincennes", lambda: close_venue_round(venue=vincennes, user=vincennes_organiser)
        )
        assert held.wait(WAIT)
        seating = Side("montreuil", lambda: seat_venue(venue=montreuil, user=organiser, seed=1))
        assert seating.waits()
    closing.outcome()
    assert seating.outcome().number == 2
    assert Game.objects.filter(venue=montreuil, round__number=2).exists()


def test_a_venue_seating_during_a_rules_change_seats_its_tables_with_the_new_rules(
    monkeypatch, seated, organiser, vincennes_organiser
) -> None:
    """Failed before: the venue's new tables took the rules the seating had read, and the
    rules' change, which could not see them, left them so."""
    montreuil, vincennes = seated
    close_venue_round(venue=montreuil, user=organiser)
    close_venue_round(venue=vincennes, user=vincennes_organiser)
    evening = montreuil.event
    with stopped_after(monkeypatch, event_services.edits, "values_of", "organiser") as held:
        changing = Side(
            "organiser",
            lambda: change_rules(event=evening, variant=evening.variant, options={"target": 80}),
        )
        assert held.wait(WAIT)
        seating = Side("montreuil", lambda: seat_venue(venue=montreuil, user=organiser, seed=1))
        assert seating.waits()
    changing.outcome()
    seating.outcome()
    tables = Game.objects.filter(venue=montreuil, round__number=2)
    assert tables.exists()
    assert {game.options["target"] for game in tables} == {80}
