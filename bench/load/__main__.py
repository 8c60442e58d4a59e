"""Run the load test: a throwaway PostgreSQL database (bench/django_db.py), the federation
event built in it, gunicorn started on it with the repository's gunicorn.conf.py and
production settings (as `make serve` runs it, here on loopback), the generator let loose for
a minute, the hands counted in the database, everything stopped and dropped.

    DATABASE_URL=postgres://user:password@127.0.0.1:5432/ramiscore python -m bench.load

LOAD_PORT (8170), LOAD_WORKERS (3, as in issue 11), LOAD_THREADS (gunicorn.conf.py's),
LOAD_PHONES (2000), LOAD_API_READERS (50), LOAD_SECONDS (60, at most 300) change the run.
Every reader comes from this machine's one address: the server's allowance of API requests
per anonymous address is raised for the run (each reader asks 6 a minute).

The server runs as docs/deploy.md sets it up for several workers: with a Redis cache shared by
them, a throwaway `redis-server` started for the run (LOAD_CACHE_URL names another; "local"
keeps each worker's own memory, as without Redis). Each answer carries the CPU its request
cost the server (REQUEST_CPU_HEADER), which the report sums by kind.

LOAD_EVENING=1 (or `python -m bench.load --evening`, or bench/bench_evening.py in `make
bench`) runs a simultaneous evening instead: LOAD_VENUES (20) venues of LOAD_VENUE_TABLES
(25) tables, a projector per venue, the ranking across venues followed by one phone in ten,
every game ending on the hand its table enters in the test; it reports how far behind the
ranking a phone ever saw it (target: 60 s).
"""

from __future__ import annotations

import bisect
import contextlib
import json
import math
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import django_db, shared_cache  # noqa: E402
from bench.load.federation import HANDS  # noqa: E402

TARGETS = {
    "poll p99 ms": 300,
    "api p95 ms": 200,
    "write p99 ms": 1000,
    "errors": 0,
    "ranking furthest behind, s": 60,
}


def main(evening: bool | None = None) -> dict[str, object]:
    if not django_db.is_postgres():
        return {"skipped": "the load test runs on PostgreSQL: set DATABASE_URL=postgres://..."}
    if evening is None:
        evening = os.environ.get("LOAD_EVENING", "") not in ("", "0")
    port = int(os.environ.get("LOAD_PORT") or 8170)
    workers = os.environ.get("LOAD_WORKERS") or "3"
    venues = int(os.environ.get("LOAD_VENUES") or 20)
    venue_tables = int(os.environ.get("LOAD_VENUE_TABLES") or 25)
    seconds = min(float(os.environ.get("LOAD_SECONDS") or 60), 300)
    database = django_db.throwaway_url()
    with (
        tempfile.TemporaryDirectory(prefix="ramiscore-load-") as folder,
        shared_cache.server(port + 1) as cache_url,
    ):
        env = _server_environment(database, port, workers, Path(folder))
        if cache_url:
            env["CACHE_URL"] = cache_url
        plan_path = Path(folder) / "plan.json"
        build = [sys.executable, "bench/load/federation.py", str(plan_path)]
        if evening:
            # Each table enters a hand a minute: its game ends on the last one of the test.
            deals = HANDS + math.ceil(seconds / 60)
            build += ["--evening", str(venues), str(venue_tables), str(deals)]
        _run(build, env)
        plan = json.loads(plan_path.read_text())
        with gunicorn(env, port, Path(folder)) as server:
            figures = _generate(plan_path, port, server.pid)
    tables = len(plan["tables"])
    stored = _hands_stored(database) - tables * HANDS
    seen = figures.pop("ranking seen", None)
    if evening:
        figures["ranking furthest behind, s"] = furthest_behind(seen or [], _finished(database))
        figures["ranking polls sampled"] = len(seen or [])
    threads = env.get("GUNICORN_THREADS") or "gunicorn.conf.py's"
    what = (
        f"a simultaneous evening: {venues} venues × {venue_tables} tables of 4"
        if evening
        else f"{tables} tables of 4"
    )
    cache = "Redis" if env.get("CACHE_URL") else "each worker's own memory"
    result: dict[str, object] = {
        "server": (
            f"gunicorn, {workers} workers × {threads} threads, PostgreSQL, cache: {cache}, loopback"
        ),
        "event": f"{what}, {HANDS} hands each before the test; built in {plan['built_in']} s",
    }
    for key, value in figures.items():
        target = TARGETS.get(key)
        result[f"{key} (target ≤ {target})" if target is not None else key] = value
    result["hands stored (must equal those acknowledged)"] = stored
    result["machine load average (1 min) at the end"] = round(os.getloadavg()[0], 1)
    return result


def _server_environment(database: str, port: int, workers: str, folder: Path) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "CACHE_URL", "DEBUG", "BENCH_DATABASE_URL"}
    }
    env.update(
        DATABASE_URL=database,
        DJANGO_SETTINGS_MODULE="ramiscore.settings",
        # Production settings over plain HTTP on loopback, as `make serve` runs them.
        DEBUG="0",
        PLAIN_HTTP="1",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        STATIC_ROOT=str(folder / "static"),
        LISTEN_ADDRESS="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY=workers,
        LOG_LEVEL="WARNING",
        # The API readers all come from loopback, one address (API_RATE_ANONYMOUS).
        API_RATE_ANONYMOUS="100000/m",
        REQUEST_CPU_HEADER="1",
    )
    if os.environ.get("LOAD_THREADS"):
        env["GUNICORN_THREADS"] = os.environ["LOAD_THREADS"]
    return env


@contextlib.contextmanager
def gunicorn(env: dict, port: int, folder: Path) -> Iterator[subprocess.Popen]:
    """The production server with `env`'s settings, its static files collected, answering
    /health/ on `port`; stopped (SIGTERM, then SIGKILL after 20 s) when the block ends.
    Its output goes to `folder`/gunicorn.log, shown if it fails to start."""
    _run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], env)
    log = folder / "gunicorn.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "ramiscore.wsgi", "-c", "gunicorn.conf.py"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_until_healthy(port, server, log)
            yield server
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def _run(command: list[str], env: dict) -> None:
    finished = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if finished.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{finished.stderr[-4000:]}")


def _wait_until_healthy(port: int, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"gunicorn did not answer /health/ within 60 s:\n{log.read_text()[-4000:]}")


def _generate(plan_path: Path, port: int, master: int) -> dict:
    seconds = os.environ.get("LOAD_SECONDS") or "60"
    phones = os.environ.get("LOAD_PHONES") or "2000"
    api_readers = os.environ.get("LOAD_API_READERS") or "50"
    finished = subprocess.run(
        [
            sys.executable,
            "bench/load/generator.py",
            str(plan_path),
            "--base",
            f"http://127.0.0.1:{port}",
            "--seconds",
            seconds,
            "--phones",
            phones,
            "--api-readers",
            api_readers,
            "--server-pid",
            str(master),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=float(seconds) + 600,
    )
    if finished.returncode != 0:
        raise RuntimeError(f"the load generator failed:\n{finished.stderr[-4000:]}")
    return json.loads(finished.stdout.strip().splitlines()[-1])


def furthest_behind(seen: list[tuple[float, int]], finished: list[float]) -> float:
    """How far behind the ranking a phone ever saw it, in seconds: at each poll (time, the
    finished games the ranking it showed counted), the age of the oldest finished game it
    did not count yet; 0 when it counted them all. `finished`: when each game ended."""
    finished = sorted(finished)
    worst = 0.0
    for moment, shown in seen:
        ended = bisect.bisect_left(finished, moment)  # games over before this poll
        if shown < ended:
            worst = max(worst, moment - finished[shown])
    return round(worst, 1)


def _finished(database: str) -> list[float]:
    """When each finished game of the test ended: the time its last hand was entered."""
    import psycopg

    with psycopg.connect(database) as connection:
        rows = connection.execute(
            "SELECT extract(epoch FROM h.entered_at) FROM tournaments_hand h "
            "JOIN tournaments_game g ON g.id = h.game_id "
            "WHERE g.finished AND h.number = g.ended_after_hand"
        ).fetchall()
    return [float(row[0]) for row in rows]


def _hands_stored(database: str) -> int:
    import psycopg

    with psycopg.connect(database) as connection:
        return connection.execute("SELECT count(*) FROM tournaments_hand").fetchone()[0]


if __name__ == "__main__":
    for name, value in main(evening=True if "--evening" in sys.argv else None).items():
        print(f"{name}: {value}")
