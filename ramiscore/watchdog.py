"""A watchdog for gunicorn's threaded workers: no request runs longer than its time.

gunicorn's `timeout` restarts a *silent worker*; a gthread worker's main loop keeps telling
gunicorn it is alive while one of its threads is stuck in a request, so a runaway request
(an archive too large, a page of 45,000 hands) would hold its thread, then all of them, for
ever (issue 26). gunicorn.conf.py's hooks tell the watchdog when each request starts and
ends, and a thread of each worker looks every second:

1. A request running past `limit` seconds gets RequestTimeout raised in its thread (an
   asynchronous exception, which Python delivers between two steps of the request's own
   code): the view stops where it is, its transaction rolls back, and the visitor gets the
   503 page "this page took too long" (ramiscore.views.server_error).
2. A request still running `grace` seconds later (gunicorn's graceful_timeout: far more
   than a request's own code takes to unwind) is stuck where no exception reaches, a call
   into C that does not return: the worker stops taking requests, lets its other threads
   finish theirs (graceful_timeout again), then ends; gunicorn starts a new one. The stuck
   request's connection is closed.

Plain Python (no Django): gunicorn.conf.py imports it before the application.
"""

from __future__ import annotations

import ctypes
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

CHECK_EVERY = 1.0  # seconds between two looks


class RequestTimeout(Exception):
    """Raised inside a request that ran past its time."""


@dataclass
class _Running:
    what: str  # "GET /games/12/", for the log
    started: float
    interrupted: float | None = None


class Watchdog:
    """The requests running in one worker, and what to do with one that runs too long."""

    def __init__(
        self,
        *,
        limit: float,
        grace: float,
        log,
        stop_worker: Callable[[], None],
        clock: Callable[[], float] = time.monotonic,
    ):
        self.limit, self.grace, self.log = limit, grace, log
        self.stop_worker = stop_worker
        self.clock = clock
        self.running: dict[int, _Running] = {}  # by thread id
        self.lock = threading.Lock()
        self.stopping = False

    def started(self, what: str) -> None:
        """Called in the request's thread as it starts."""
        with self.lock:
            self.running[threading.get_ident()] = _Running(what, self.clock())

    def finished(self) -> None:
        """Called in the request's thread as it ends: an interruption asked for too late
        (the request ended meanwhile) is taken back, never raised in the next request."""
        thread = threading.get_ident()
        with self.lock:
            running = self.running.pop(thread, None)
            if running is not None and running.interrupted is not None:
                _raise_in(thread, None)

    def check(self) -> None:
        """One look at the running requests."""
        now = self.clock()
        with self.lock:
            for thread, running in self.running.items():
                if running.interrupted is None and now - running.started > self.limit:
                    running.interrupted = now
                    self.log.error(
                        "%s ran for more than %s s: stopped (RequestTimeout).",
                        running.what,
                        self.limit,
                    )
                    _raise_in(thread, RequestTimeout)
                elif (
                    running.interrupted is not None
                    and now - running.interrupted > self.grace
                    and not self.stopping
                ):
                    self.stopping = True
                    self.log.critical(
                        "%s is still running %s s after it was stopped (stuck outside "
                        "Python): this worker ends after its other requests.",
                        running.what,
                        self.grace,
                    )
                    self.stop_worker()

    def watch(self) -> None:
        """Look every CHECK_EVERY seconds, for ever (a daemon thread)."""
        while True:
            time.sleep(CHECK_EVERY)
            self.check()


def _raise_in(thread: int, exception: type[BaseException] | None) -> None:
    """Raise `exception` in the thread at its next step of Python code (None: take back one
    not yet raised)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), ctypes.py_object(exception) if exception else None
    )


def watch_worker(worker) -> Watchdog | None:
    """Start the watchdog of a gunicorn worker (gunicorn.conf.py's post_worker_init): its
    requests are bounded by the worker's `timeout` (0: not bounded, no watchdog)."""
    cfg = worker.cfg
    if not cfg.timeout:
        return None

    def stop_worker() -> None:
        worker.alive = False  # takes no more requests; lets the others finish
        # Its stuck thread would keep the process alive for ever: ended once the others
        # had their graceful time.
        ender = threading.Timer(cfg.graceful_timeout + CHECK_EVERY, os._exit, args=(1,))
        ender.daemon = True
        ender.start()

    dog = Watchdog(
        limit=cfg.timeout, grace=cfg.graceful_timeout, log=worker.log, stop_worker=stop_worker
    )
    threading.Thread(target=dog.watch, name="request-watchdog", daemon=True).start()
    return dog
