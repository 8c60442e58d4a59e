"""No request outlives its time under gunicorn's threaded workers (issue 26 §1): a real
gunicorn, with gunicorn.conf.py and a 2-second limit, serves tests/slow_site. A request that
works for ever in Python is stopped and answered 503; one stuck in C has its worker
replaced, and the server goes on answering."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.fresh import BASE_DIR

# A real gunicorn, as a process of its own: `make test-browser`.
pytestmark = pytest.mark.server

LIMIT = 2  # GUNICORN_TIMEOUT, seconds
GRACE = 5  # GUNICORN_GRACEFUL_TIMEOUT: the 503 page is made within it, on a busy machine too
WAIT = 60  # the longest any answer may take here: a hang fails the test, never blocks it


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, address: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request("GET", address, headers={"Accept-Language": "en"})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def wait_until_it_answers(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        assert server.poll() is None, server.stderr.read()
        try:
            status, page = get(port, "/slow/fine/")
        except OSError:
            time.sleep(0.1)  # not listening yet: nothing to wait on but the clock
            continue
        assert status == 200, page
        return
    raise AssertionError("gunicorn did not answer")


@pytest.fixture
def server(tmp_path) -> Iterator[tuple[int, subprocess.Popen]]:
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.slow_site.settings",
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": "a-test-secret-key-long-enough-for-django-checks-0123456789",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "LISTEN_ADDRESS": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "GUNICORN_THREADS": "2",
        "GUNICORN_TIMEOUT": str(LIMIT),
        "GUNICORN_GRACEFUL_TIMEOUT": str(GRACE),
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "ramiscore.wsgi"],
        cwd=BASE_DIR,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        wait_until_it_answers(port, server)
        yield port, server
    finally:
        stop(server)


def stop(server: subprocess.Popen) -> str:
    """gunicorn stopped (its workers with it); what it logged."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        return server.communicate(timeout=WAIT)[1] or ""
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        return server.communicate()[1] or ""


def test_a_request_working_for_ever_is_stopped_with_a_503(server):
    port, process = server
    status, page = get(port, "/slow/busy/")
    assert status == 503
    assert "This page took too long" in page
    assert get(port, "/slow/fine/") == (200, "fine")  # the same worker goes on


def test_a_request_stuck_in_c_has_its_worker_replaced_and_the_site_answers(server):
    port, process = server
    with pytest.raises((http.client.RemoteDisconnected, ConnectionResetError)):
        get(port, "/slow/stuck/")
    wait_until_it_answers(port, process)
    log = stop(process)
    assert "GET /slow/stuck/ ran for more than 2 s: stopped (RequestTimeout)." in log
    assert "this worker ends after its other requests" in log
