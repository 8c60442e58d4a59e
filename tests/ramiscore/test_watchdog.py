"""The request watchdog (ramiscore/watchdog.py) on its own: real threads, a clock the test
moves. tests/test_gunicorn_watchdog.py runs it inside a real gunicorn."""

from __future__ import annotations

import logging
import threading

import pytest

from ramiscore.watchdog import RequestTimeout, Watchdog

LIMIT, GRACE = 120, 10


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Request(threading.Thread):
    """A request's thread: tells the watchdog it starts, then works in Python (`busy`) or
    waits in C (a lock) until released; records how it ended."""

    def __init__(self, dog: Watchdog, *, busy: bool):
        super().__init__(daemon=True)
        self.dog, self.busy = dog, busy
        self.started_work = threading.Event()
        self.release = threading.Event()
        self.ended = ""

    def run(self) -> None:
        self.dog.started("GET /games/12/")
        self.started_work.set()
        try:
            if self.busy:
                while not self.release.is_set():
                    pass
            else:
                self.release.wait()
            self.ended = "finished"
        except RequestTimeout:
            self.ended = "stopped"
        finally:
            self.dog.finished()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def stops() -> list[str]:
    return []


@pytest.fixture
def dog(clock, stops) -> Watchdog:
    log = logging.getLogger("test.watchdog")
    return Watchdog(
        limit=LIMIT, grace=GRACE, log=log, stop_worker=lambda: stops.append("stop"), clock=clock
    )


def start(dog: Watchdog, *, busy: bool) -> Request:
    request = Request(dog, busy=busy)
    request.start()
    request.started_work.wait()
    return request


def test_a_request_within_its_time_is_left_alone(dog, clock, stops):
    request = start(dog, busy=True)
    clock.now += LIMIT - 1
    dog.check()
    request.release.set()
    request.join(timeout=30)
    assert request.ended == "finished" and stops == []
    assert dog.running == {}


def test_a_request_working_past_its_time_is_stopped_in_its_own_thread(dog, clock, stops):
    request = start(dog, busy=True)
    clock.now += LIMIT + 1
    dog.check()
    request.join(timeout=30)  # the exception ends its loop: it never sees `release`
    assert request.ended == "stopped"
    assert stops == [] and dog.running == {}


def test_a_request_stuck_in_c_past_the_grace_ends_the_worker_once(dog, clock, stops):
    request = start(dog, busy=False)
    clock.now += LIMIT + 1
    dog.check()  # asked to stop; it cannot hear it while it waits in C
    clock.now += GRACE - 1
    dog.check()
    assert stops == []
    clock.now += 2
    dog.check()
    dog.check()
    assert stops == ["stop"]
    request.release.set()
    request.join(timeout=30)
    assert request.ended == "stopped"  # once out of C, it stops
