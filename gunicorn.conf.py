"""gunicorn's settings for Ramiscore, read by `make serve` and by `gunicorn ramiscore.wsgi` run
from this folder. Sized for a 2-core laptop at a club night; a bigger host sets
WEB_CONCURRENCY and GUNICORN_THREADS (docs/deploy.md).

A club night is ~10 to 40 phones that poll their table's page every few seconds and post a
hand now and then (a few requests a second, each a few milliseconds), plus the odd PDF of
score sheets, which takes WeasyPrint seconds of one core.
"""

from __future__ import annotations

import gc
import importlib
import os
import queue
import signal
import threading
import time

from ramiscore.watchdog import watch_worker

# LISTEN_ADDRESS and PORT: `make serve` listens on every interface (0.0.0.0) at PORT (8000);
# behind a proxy on the same host, 127.0.0.1 keeps gunicorn out of reach from outside. (Not
# HOST: some shells set that to the machine's name.)
_address = os.environ.get("LISTEN_ADDRESS") or "127.0.0.1"
bind = [f"{_address}:{os.environ.get('PORT') or '8000'}"]

# Two processes, one per core: a PDF being laid out in one leaves the other free.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2)
# Threads in each: requests mostly wait on the database, and eight at once cover a room of
# phones polling while a hand is being saved.
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
# No request runs longer: past it, ramiscore/watchdog.py stops it (503 "took too long"), and
# restarts the worker if it cannot be stopped. A large round's score sheets take a while to
# lay out on a slow laptop; nothing else comes close to this.
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 120)
# A restart (SIGTERM, SIGHUP): requests in flight get this long to finish (and a request
# stopped by the watchdog this long to unwind).
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT") or 10)
# Phones reuse their connection between polls, which come every 10 s: kept a little longer.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE") or 15)
# WeasyPrint's memory grows with each large PDF: renew each worker now and then (the jitter
# keeps the workers from renewing at the same moment). Not too often: 2,000 phones polling
# make 200 requests a second, and a renewed worker starts with empty caches.
max_requests = 20000
max_requests_jitter = 2000

# Errors to the terminal (or the journal under systemd). Each request is logged only when
# ACCESS_LOG=1: at a club night that is every phone's poll; a proxy in front logs them anyway.
errorlog = "-"
accesslog = "-" if os.environ.get("ACCESS_LOG", "").strip() in {"1", "true", "yes"} else None
loglevel = os.environ.get("GUNICORN_LOG_LEVEL") or "info"


# gunicorn's own `timeout` restarts a worker whose main loop is stuck; a gthread worker's
# loop beats on while a thread is stuck in a request. The watchdog bounds each request.
def post_worker_init(worker) -> None:
    from django.conf import settings

    # The site's modules loaded now rather than in the first request: the watchdog counts a
    # request's time, and an import it cut short would leave a module half loaded.
    importlib.import_module(settings.ROOT_URLCONF)
    # What is loaded by now lives as long as the worker (Django, the site's modules, some
    # 200,000 objects): kept out of the garbage collector's sight, which otherwise walks them
    # all again at each full collection. Half of a request's collecting time (2.3 ms of a
    # table's page and poll, 1.0 ms frozen: December 2026).
    gc.freeze()
    worker.request_watchdog = watch_worker(worker)
    # "Booting worker" is said before the worker listens to signals; this, once it does and
    # can answer (what a script waiting for the server reads).
    worker.log.info("Worker ready (pid: %s)", worker.pid)


# gunicorn's control socket is one per user by default ($HOME/.gunicorn/gunicorn.ctl), so two
# servers on one machine would fight over it; nothing here uses it.
control_socket_disable = True

# Ctrl-C (SIGINT, then gunicorn's own SIGQUIT): a threaded worker leaves only once each of
# its threads has returned, and a thread reading a request a phone left half-sent (the Wi-Fi
# dropped mid-request) waits for the rest. The master would kill it after graceful_timeout
# and log "was sent SIGKILL! Perhaps out of memory?", which is neither true nor calm. So the
# requests being answered get STOP_GRACE seconds to finish (a hand being saved, a sheet), then
# the worker leaves at once: a request cut short has written nothing, each write being one
# transaction, and a half-sent one was never a request.
STOP_GRACE = 3
STOP_SIGNALS = (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM)
_in_flight = threading.Lock()


def pre_request(worker, req) -> None:
    worker.log.debug("%s %s", req.method, req.path)  # what gunicorn's own hook does
    with _in_flight:
        worker.requests_in_flight = getattr(worker, "requests_in_flight", 0) + 1
    if getattr(worker, "request_watchdog", None):
        worker.request_watchdog.started(f"{req.method} {req.path}")


def post_request(worker, req, environ, resp) -> None:
    if getattr(worker, "request_watchdog", None):
        worker.request_watchdog.finished()
    with _in_flight:
        worker.requests_in_flight -= 1


def post_fork(server, worker) -> None:
    stop_at_once(worker)
    # A Ctrl-C that came before the line above: a new worker answers signals with the
    # master's handler until then, which only queues them, in the worker's copy of the
    # master's queue. Lost, the worker stayed up until the master killed it ("was sent
    # SIGKILL!"): a worker forked as `make serve` was stopped, on a busy machine (CI).
    if _stop_was_queued(server):
        worker.alive = False
        worker.cfg.worker_int(worker)


def _stop_was_queued(server) -> bool:
    """Whether the worker's copy of the master's signal queue holds a stop signal. Emptying
    it is safe: the worker never reads it, and the master's own queue is not this one."""
    queued = getattr(server, "SIG_QUEUE", None)
    found = False
    while queued is not None:
        try:
            found = queued.get_nowait() in STOP_SIGNALS or found
        except queue.Empty:
            break
    return found


def stop_at_once(worker) -> None:
    """Ctrl-C and gunicorn's quick stop (SIGINT, SIGQUIT) end the worker through worker_int
    alone, from the moment it is forked. gunicorn's threaded worker first shuts its thread
    pool down, holding the pool's lock; Ctrl-C reaches the worker and then the master's
    SIGQUIT does, and a second signal arriving meanwhile ran the same handler inside the
    first, which then waited for that lock for ever, until the master killed the worker
    ("was sent SIGKILL!"): once in five stops on a busy machine. worker_int takes no lock and
    ends the process itself. gunicorn installs `worker.handle_quit` for both signals when the
    worker starts: ours, so that a worker still booting when Ctrl-C comes (`make serve` says
    it is ready once it listens, before its workers are up) leaves at once too."""

    def stop(_signal, _frame) -> None:
        worker.alive = False
        worker.cfg.worker_int(worker)

    worker.handle_quit = stop
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGQUIT, stop)


def worker_int(worker) -> None:
    # Called again by the second signal while the first waits: the same deadline.
    if not hasattr(worker, "stop_deadline"):
        worker.stop_deadline = time.monotonic() + STOP_GRACE
    while getattr(worker, "requests_in_flight", 0) and time.monotonic() < worker.stop_deadline:
        time.sleep(0.05)
    os._exit(0)
