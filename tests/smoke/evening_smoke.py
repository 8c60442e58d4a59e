"""Smoke test of a simultaneous evening on several machines, as CI runs it (.ci/run):

    .venv/bin/python tests/smoke/evening_smoke.py \\
        --database-url postgres://ramiscore:ramiscore@127.0.0.1:5432/ramiscore_evening_smoke \\
        --ports 8001,8002

Two app hosts (gunicorn, production settings over plain HTTP) and two background workers
(`manage.py db_worker`) on loopback, all on one PostgreSQL database, as docs/deploy.md's
"Several machines" lays them out. A federation's simultaneous evening (three clubs, two tables
at each, built by bench/load/federation.py) has its tables' last hands entered over HTTP on
both hosts; each finished game queues its federation rating. The test holds the federation's
row lock meanwhile, so that each worker is seen running a rating (the tasks are spread over
both), then kills one worker with SIGKILL in the middle of its job and lets go. The other
worker queues the lost task again (ramiscore/worker.py) and runs it; then the federation's
ranking that both hosts serve is the one a rebuild from scratch gives (`rebuild_ranking`), row
for row, and both serve the same combined ranking of the evening.

The database is made for the run and dropped at the end; the hosts and workers are stopped and
the scratch folder removed whatever happens. Plain Python: http.client and psycopg.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any

import dj_database_url
import psycopg

# Run as a script: its sibling http_smoke.py and the project are imported from their folders.
sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]
from http_smoke import (  # noqa: E402
    BASE_DIR,
    PYTHON,
    START_TIMEOUT,
    STOP_TIMEOUT,
    Browser,
    Server,
    SmokeFailure,
    check,
    throwaway_database,
)

from ramiscore.venue import static_files_outdated  # noqa: E402

VENUES, TABLES, HANDS = 3, 2, 10  # bench/load/federation.py enters HANDS hands at each table
WAIT = 90  # seconds any one wait-for may take on a busy CI machine before the test fails
WORKERS = ("worker-a", "worker-b")
# The hand that ends a table's game (its last deal): the first seat went out.
LAST_HAND = {"how": "going_out", "ended_by": "1", "held_2": "12", "held_3": "7", "held_4": "30"}
RATE_GAME = "tournaments.federation.services.ranking.rate_game"


def wait_for(what: str, found: Callable[[], Any]) -> Any:
    """Polls `found` until it returns something true (a readiness wait, not a timing test)."""
    deadline = time.monotonic() + WAIT
    while not (value := found()):
        check(time.monotonic() < deadline, f"waited {WAIT} s for {what}")
        time.sleep(0.2)
    return value


@dataclass
class Evening:
    database_url: str
    ports: tuple[int, int]
    work: Path
    stack: ExitStack
    static_root: Path
    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(64))
    hosts: list[Server] = field(default_factory=list)
    workers: dict[str, Server] = field(default_factory=dict)
    event_id: int = 0
    federation_id: int = 0
    tokens: list[str] = field(default_factory=list)
    lock: psycopg.Connection | None = None
    killed_task: str = ""
    served: list[list[str]] = field(default_factory=list)

    def env(self, **more: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SITE_"))}
        for name in ("DEBUG", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "CACHE_URL"):
            env.pop(name, None)
        env.update(
            DATABASE_URL=self.database_url,
            SECRET_KEY=self.secret_key,
            DEBUG="0",
            PLAIN_HTTP="1",
            ALLOWED_HOSTS="127.0.0.1",
            STATIC_ROOT=str(self.static_root),
            MEDIA_ROOT=str(self.work / "media"),
            LISTEN_ADDRESS="127.0.0.1",
            WEB_CONCURRENCY="1",  # two cores for two hosts, two workers and PostgreSQL
            # A worker sees within a second that another one died (ten in production).
            WORKER_RECOVERY_SECONDS="1",
        )
        env.update(more)
        return env

    def query(self, statement: str, *parameters: object) -> list[tuple]:
        with psycopg.connect(self.database_url, autocommit=True) as connection:
            return connection.execute(statement, parameters).fetchall()

    def rate_tasks(self) -> list[tuple[str, str, list[str]]]:
        """(id, status, worker ids) of every federation rating task."""
        rows = self.query(
            "SELECT id::text, status, worker_ids FROM django_tasks_database_dbtaskresult"
            " WHERE task_path = %s ORDER BY enqueued_at",
            RATE_GAME,
        )
        return [(task, status, list(workers)) for task, status, workers in rows]


def manage(evening: Evening, *arguments: str) -> str:
    result = subprocess.run(
        [PYTHON, *arguments],
        cwd=BASE_DIR,
        env=evening.env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
        check=False,
    )
    check(result.returncode == 0, f"{' '.join(arguments[:2])}: {result.stderr[-3000:]}")
    return result.stdout


def build_the_evening(evening: Evening) -> None:
    """a federation's evening: three clubs, two tables each, one deal left at every table"""
    plan_file = evening.work / "plan.json"
    deals = str(HANDS + 1)
    collecting = None
    if static_files_outdated(evening.static_root):  # a minute and more: kept between runs
        collecting = subprocess.Popen(
            [PYTHON, "manage.py", "collectstatic", "--no-input", "-v", "0"],
            cwd=BASE_DIR,
            env=evening.env(),
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        evening.stack.callback(collecting.kill)
    build = [str(plan_file), "--evening", str(VENUES), str(TABLES), deals]
    manage(evening, "bench/load/federation.py", *build)
    if collecting is not None:
        check(collecting.wait(START_TIMEOUT) == 0, "collectstatic failed")
    plan = json.loads(plan_file.read_text())
    evening.event_id = plan["event"]
    evening.tokens = [table["token"] for table in plan["tables"]]
    check(len(evening.tokens) == VENUES * TABLES, f"{len(evening.tokens)} tables")
    found = evening.query(
        "SELECT federation_id FROM tournaments_club WHERE federation_id IS NOT NULL LIMIT 1"
    )
    evening.federation_id = found[0][0]


def start_two_app_hosts_and_two_workers(evening: Evening) -> None:
    """two app hosts (gunicorn) and two workers (manage.py db_worker) on one database"""
    for number, port in enumerate(evening.ports, start=1):
        host = Server(
            f"app host {number}",
            [PYTHON, "-m", "gunicorn", "-c", "gunicorn.conf.py", "ramiscore.wsgi"],
            evening.env(PORT=str(port)),
            port,
            evening.work / f"host-{number}.log",
        )
        evening.stack.callback(host.stop)
        evening.hosts.append(host)
    for name in WORKERS:
        command = [PYTHON, "manage.py", "db_worker", "--no-reload", "--no-startup-delay"]
        command += ["--interval", "0.2", "--worker-id", name]
        worker = Server(name, command, evening.env(), 0, evening.work / f"{name}.log")
        evening.stack.callback(worker.stop)
        evening.workers[name] = worker
    for host in evening.hosts:
        host.wait_until_healthy()
    page = Browser(evening.ports[0]).get(f"/events/{evening.event_id}/ranking/")
    check(page.status == 200, f"the evening's ranking: {page.status}")


def end_a_game(evening: Evening, table: int, port: int) -> None:
    """A phone at `table` (its link) enters the last hand through the host at `port`."""
    phone = Browser(port)
    page = phone.get(f"/t/{evening.tokens[table]}/")
    form = page.form(having="how")
    check(("number", str(HANDS + 1)) in form.fields, f"table {table}: not the last hand")
    page = phone.submit(page, form, follow=False, **LAST_HAND)
    check(page.status == 302, f"table {table}: {page.status} {page.errors()}")


def each_worker_takes_a_rating(evening: Evening) -> None:
    """two tables end, one on each host: each worker is running one of their ratings"""
    # The ratings wait for the federation's row lock (taken by each rating, as a long rebuild
    # would hold it): both workers are then seen in the middle of a job. NO KEY: the hands
    # entered meanwhile only check the row exists (their foreign keys), which must not wait.
    evening.lock = psycopg.connect(evening.database_url)
    evening.stack.callback(evening.lock.close)
    evening.lock.execute(
        "SELECT id FROM tournaments_federation WHERE id = %s FOR NO KEY UPDATE",
        (evening.federation_id,),
    )
    end_a_game(evening, 0, evening.ports[0])
    end_a_game(evening, 1, evening.ports[1])

    def running() -> dict[str, str]:
        return {ids[-1]: task for task, status, ids in evening.rate_tasks() if status == "RUNNING"}

    def both() -> dict[str, str]:
        now = running()
        return now if len(now) == 2 else {}

    by_worker = wait_for("both workers to run a rating", both)
    check(set(by_worker) == set(WORKERS), f"running on {sorted(by_worker)}")
    evening.killed_task = by_worker[WORKERS[0]]


def one_worker_is_killed_mid_job(evening: Evening) -> None:
    """the first worker is killed (SIGKILL) in the middle of its rating; the evening goes on"""
    worker = evening.workers[WORKERS[0]]
    os.killpg(worker.process.pid, signal.SIGKILL)
    check(worker.process.wait(STOP_TIMEOUT) == -signal.SIGKILL, "the worker was not killed")
    assert evening.lock is not None
    evening.lock.rollback()  # the ratings may go on
    for table in range(2, VENUES * TABLES):  # the other tables end, on both hosts in turn
        end_a_game(evening, table, evening.ports[table % 2])


def every_game_is_rated(evening: Evening) -> None:
    """the other worker runs the lost rating again: every game's rating has run"""

    def done() -> bool:
        tasks = evening.rate_tasks()
        failed = [task for task, status, _ids in tasks if status == "FAILED"]
        check(not failed, f"ratings failed: {failed}")
        return len(tasks) == VENUES * TABLES and all(s == "SUCCESSFUL" for _t, s, _i in tasks)

    try:
        wait_for("every rating to run", done)
    except SmokeFailure:
        left = [(task, status, ids) for task, status, ids in evening.rate_tasks()]
        raise SmokeFailure(f"ratings left: {[t for t in left if t[1] != 'SUCCESSFUL']}") from None
    by_id = {task: ids for task, _status, ids in evening.rate_tasks()}
    check(by_id[evening.killed_task] == list(WORKERS), f"the lost rating: {by_id}")
    check({ids[-1] for ids in by_id.values()} >= {WORKERS[1]}, "no rating ran on the survivor")


# Run once the evening is over: each rating as the workers wrote it, the ranking rebuilt from
# scratch, and the ranking then (what a page shows), as JSON.
REBUILD = """
import json
from tournaments.federation.selectors import federation_ranking
from tournaments.federation.services.ranking import rebuild_ranking
from tournaments.models import Federation, FederationRating

federation = Federation.objects.get(pk={federation_id})
columns = ("person_id", "game_id", "place", "mu", "sigma", "rating", "change")
def rows():
    return sorted(FederationRating.objects.filter(federation=federation).values_list(*columns))
written = rows()
rebuild_ranking(federation=federation)
ranked = [
    [str(line.place), line.name, line.clubs, str(line.rating), str(line.games)]
    for line in federation_ranking(federation)
]
print(json.dumps({{"same": written == rows(), "rows": len(written), "ranked": ranked}}))
"""


def the_ranking_served_is_the_one_rebuilt_from_scratch(evening: Evening) -> None:
    """both hosts serve the ranking that a rebuild from scratch gives"""
    path = f"/federations/{evening.federation_id}/ranking/"
    served = [ranking_rows(Browser(port).get(path).text) for port in evening.ports]
    check(served[0] == served[1], "the two hosts serve different rankings")
    script = REBUILD.format(federation_id=evening.federation_id)
    said = manage(evening, "manage.py", "shell", "-c", script)
    rebuilt = json.loads(said.strip().splitlines()[-1])  # the script's last word
    players = VENUES * TABLES * 4
    check(rebuilt["rows"] == players, f"{rebuilt['rows']} ratings for {players} players' games")
    check(rebuilt["same"], "the ratings the workers wrote are not the ones a rebuild writes")
    check(served[0] == rebuilt["ranked"], f"served {served[0]}\nrebuilt {rebuilt['ranked']}")
    evening.served = served[0]


def both_hosts_serve_the_same_evening(evening: Evening) -> None:
    """both hosts serve the evening's combined ranking, every player in it"""
    path = f"/events/{evening.event_id}/ranking/"
    # Each host shares the ranking it made with the visitors of the next POLL_COALESCE_SECONDS
    # (2): one may still show the one it made before the last table ended, for that long.
    until = time.monotonic() + 6
    while True:
        pages = [Browser(port).get(path) for port in evening.ports]
        check(all(page.status == 200 for page in pages), "the evening's ranking")
        lines = [ranking_rows(page.text) for page in pages]
        if lines[0] == lines[1] or time.monotonic() > until:
            break
        time.sleep(0.5)
    check(lines[0] == lines[1], "the two hosts serve different evening rankings")
    check(len(lines[0]) == VENUES * TABLES * 4, f"{len(lines[0])} players in the ranking")


def stop_everything(evening: Evening) -> None:
    """the hosts and the surviving worker stop cleanly (SIGTERM)"""
    for server in [*evening.hosts, evening.workers[WORKERS[1]]]:
        code = server.stop(signal.SIGTERM)
        check(code == 0, f"{server.name} ended with {code}")


STEPS: list[Callable[[Evening], None]] = [
    build_the_evening,
    start_two_app_hosts_and_two_workers,
    each_worker_takes_a_rating,
    one_worker_is_killed_mid_job,
    every_game_is_rated,
    the_ranking_served_is_the_one_rebuilt_from_scratch,
    both_hosts_serve_the_same_evening,
    stop_everything,
]


def ranking_rows(html: str) -> list[list[str]]:
    """The rows of a page's ranking table, each cell as plain text."""
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S)
    check(body, "no ranking table")
    rows = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
    cells = [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S) for row in rows]
    return [[unescape(re.sub(r"<[^>]+>|\s+", " ", cell)).strip() for cell in row] for row in cells]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("SMOKE_DATABASE_URL", ""))
    parser.add_argument("--ports", default="8001,8002", help="two free ports, comma-separated")
    parser.add_argument(
        "--static-root",
        default=str(BASE_DIR / "staticfiles"),
        help="the collected static files, kept: collected again only when a source changed",
    )
    args = parser.parse_args()
    if not args.database_url:
        parser.error("give --database-url (a PostgreSQL database, made and dropped by the run)")
    check(dj_database_url.parse(args.database_url)["NAME"], "name the database")
    first, second = (int(port) for port in args.ports.split(","))
    started = time.monotonic()
    with ExitStack() as stack:
        stack.enter_context(throwaway_database(args.database_url))
        work = Path(tempfile.mkdtemp(prefix="ramiscore-evening-"))
        stack.callback(shutil.rmtree, work, ignore_errors=True)
        static_root = Path(args.static_root).resolve()
        evening = Evening(args.database_url, (first, second), work, stack, static_root)
        for step in STEPS:
            began = time.monotonic()
            try:
                step(evening)
            except Exception as error:
                print(f"FAILED: {step.__doc__}: {error}", file=sys.stderr)
                for server in [*evening.hosts, *evening.workers.values()]:
                    print(f"--- {server.name} output ---\n{server.output()[-4000:]}")
                return 1
            print(f"ok  {step.__doc__} ({time.monotonic() - began:.1f} s)", flush=True)
    print(f"Evening smoke test passed in {time.monotonic() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
