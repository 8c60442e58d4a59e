"""A heartbeat for long work (a PDF being laid out): while it runs, a thread writes "still
alive" every EVERY seconds, so that the row it holds (a stored PDF's lease, a prepared PDF's
job) tells within seconds, not minutes, that the process doing it has died.

The thread has its own database connection, closed when it stops; a beat that fails (the
database busy for a moment) is skipped: the next one tries again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connection

logger = logging.getLogger(__name__)

EVERY = 10.0  # seconds between beats
# Silent for this long, the work's process has died: three beats missed.
SILENT_FOR = 3 * EVERY


@contextmanager
def beating(beat: Callable[[], None]) -> Iterator[None]:
    """Calls `beat` every EVERY seconds, from another thread, while the block runs."""
    stop = threading.Event()

    def run() -> None:
        try:
            while not stop.wait(EVERY):
                try:
                    beat()
                except DatabaseError as error:
                    logger.warning("A heartbeat was missed: %s", error)
        finally:
            connection.close()  # this thread's own

    thread = threading.Thread(target=run, name="heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
