"""The phones and the tables of the load test, in one asyncio process (aiohttp), apart from
the server it measures. Loopback only, bounded in time and in requests:

    python bench/load/generator.py PLAN.json --base http://127.0.0.1:8170 --seconds 60

- Phones (2,000): most follow their table's page, one in ten the event's page; each polls
  the live part every 10 s as htmx does (HX-Request, If-None-Match with the ETag it has).
  Before the measured minute each phone loads its page once (the warm-up, not measured),
  at a bounded concurrency: phones arriving over a few minutes, not in one second.
- Each table's own phone (500) has its entry page open, whose live part polls every 10 s
  too (with the table's session: its own ETag, not shared with other phones), as
  static/js/table.js fetches it: without HX-Request, asking first with the ETag the entry
  page last loaded gave it.
- Tables (500): each enters one hand a minute through its table link (GET the entry page in
  the warm-up for the session and CSRF cookies, then POST the hand as static/js/offline.js
  does, asking for JSON with the entry's id, then fetch the page's live part as it does, the
  page staying where it is), at a random second of the minute.

- API readers (50: club websites, chat bots, a federation's site; issue 23): each reads one
  address of the open API every 10 s with the ETag it has, in turn the event's standings,
  round 1's seating and totals, and one table's game.

At a simultaneous evening (the plan has "venues"), the phones that would follow the event's
page follow the ranking across venues instead, and each venue has a projector polling its
screen (`?venue=N`); every ranking poll notes what the phone then shows (the finished games
the ranking counts, `data-finished-games`) and when, for bench/load/__main__.py to tell how
far behind the ranking ever was.

Prints one JSON line: requests, requests/s, p50/p99 of polls and of writes, errors, hands
acknowledged, the generator's own CPU time (it must not be the bottleneck), and the server's
CPU by kind of request and answer (each answer's X-Request-CPU-Ms, which the server adds
under the benchmark: REQUEST_CPU_HEADER).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import secrets
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp

POLL_EVERY = 10.0
API_KINDS = ("api standings", "api round", "api game")
EVENT_WATCHERS_EVERY = 10  # one phone in ten follows the event's page
WARM_UP_CONCURRENCY = 8
# Long enough that a queued request is still answered (and counted) rather than dropped.
TIMEOUT = aiohttp.ClientTimeout(total=60)
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
# The server's own measure of each answer's CPU (ramiscore.middleware.RequestCpuMiddleware).
CPU_HEADER = "X-Request-CPU-Ms"
FINISHED_GAMES = re.compile(rb'data-finished-games="(\d+)"')
PAGE_ETAG = re.compile(rb'id="table-live"[^>]* data-etag="([^"]*)"')


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    acknowledged: int = 0
    # The server's CPU ms for each answer (X-Request-CPU-Ms), by kind and status.
    cpu: dict[str, list[float]] = field(default_factory=dict)
    # (wall-clock time, finished games the ranking showed then): one per ranking poll.
    ranking_seen: list[tuple[float, int]] = field(default_factory=list)

    def record(
        self, kind: str, seconds: float, status: int | str, ok: bool, cpu: str | None = None
    ) -> None:
        self.latencies.setdefault(kind, []).append(seconds)
        if cpu:
            self.cpu.setdefault(f"{kind} {status}", []).append(float(cpu))
        self.statuses[f"{kind} {status}"] += 1
        if not ok:
            self.errors[f"{kind} {status}"] += 1


@dataclass
class Phone:
    url: str
    kind: str  # "table poll", "entry poll", "event poll"... or one of API_KINDS
    etag: str = ""
    shown: int | None = None  # a ranking's phone: the finished games it shows
    # The table's own phone (an entry poll): its session and CSRF cookies, the table's.
    cookies: dict[str, str] | None = None


@dataclass
class Table:
    id: int
    token: str
    next: int
    cookies: dict[str, str] = field(default_factory=dict)
    # Its entry page's live part, polled (an entry poll): it asks with the ETag of the
    # entry page last loaded, as static/js/table.js does.
    live: Phone | None = None

    def loaded(self, page: bytes) -> None:
        """The entry page was loaded: its live part asks with the page's own ETag next."""
        found = PAGE_ETAG.search(page)
        if found and self.live is not None:
            self.live.etag = html.unescape(found.group(1).decode())


def _cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{name}={value}" for name, value in cookies.items())


async def poll(session: aiohttp.ClientSession, phone: Phone, stats: Stats | None) -> None:
    """One poll of the live part; `stats` None in the warm-up."""
    if phone.kind in API_KINDS:
        headers = {"Accept": "application/json"}
    elif phone.kind in ("entry poll", "live part after a save"):  # table.js's fetch, not htmx
        headers = {"Accept-Language": "fr"}
    else:
        headers = {"HX-Request": "true", "Accept-Language": "fr"}
    if phone.cookies:
        headers["Cookie"] = _cookie_header(phone.cookies)
    if phone.etag:
        headers["If-None-Match"] = phone.etag
    started = time.perf_counter()
    cpu = None
    try:
        async with session.get(phone.url, headers=headers, allow_redirects=False) as response:
            body = await response.read()
            status = response.status
            if status == 200:  # a page without an ETag (one to ask again) drops the old one
                phone.etag = response.headers.get("ETag", "")
            cpu = response.headers.get(CPU_HEADER)
    except (TimeoutError, aiohttp.ClientError) as error:
        status = type(error).__name__
    if phone.kind == "ranking poll" and status == 200:
        found = FINISHED_GAMES.search(body)
        phone.shown = int(found.group(1)) if found else phone.shown
    if stats is not None:
        ok = status in (200, 304)
        stats.record(phone.kind, time.perf_counter() - started, status, ok, cpu)
        if phone.kind == "ranking poll" and phone.shown is not None:
            stats.ranking_seen.append((time.time(), phone.shown))


async def open_entry_page(session: aiohttp.ClientSession, base: str, table: Table) -> bool:
    """The table's phone opens its entry page: its session (device) and CSRF cookies."""
    headers = {"Accept-Language": "fr", "Cookie": _cookie_header(table.cookies)}
    async with session.get(f"{base}/t/{table.token}/", headers=headers) as response:
        table.loaded(await response.read())
        table.cookies.update({k: v.value for k, v in response.cookies.items()})
        return response.status == 200 and "csrftoken" in table.cookies


async def enter_hand(
    session: aiohttp.ClientSession, base: str, table: Table, stats: Stats, rng: random.Random
) -> None:
    """POST the table's next hand (a count for each player who did not end it) as the page's
    sender does, then fetch the page's live part, as it does once the hand is saved."""
    ended_by = rng.randint(1, 4)
    data = {
        "csrfmiddlewaretoken": table.cookies.get("csrftoken", ""),
        "idempotency_key": secrets.token_hex(16),
        "number": str(table.next),
        "mode": "counts",
        "how": "going_out",
        "ended_by": str(ended_by),
        # A loser holds at least one card, worth at least 1 (a 0 is refused, rules S11).
        **{f"held_{p}": str(rng.randint(1, 40)) for p in range(1, 5) if p != ended_by},
    }
    address = f"{base}/t/{table.token}/"
    headers = {
        "Accept": "application/json",
        "Accept-Language": "fr",
        "Cookie": _cookie_header(table.cookies),
    }
    started = time.perf_counter()
    answer: dict = {}
    cpu = None
    try:
        async with session.post(
            address, data=data, headers=headers, allow_redirects=False
        ) as response:
            status = response.status
            if status == 200:
                answer = await response.json()
            cpu = response.headers.get(CPU_HEADER)
    except (TimeoutError, aiohttp.ClientError, ValueError) as error:
        status = type(error).__name__
    saved = status == 200 and answer.get("saved") == table.next
    stats.record("write", time.perf_counter() - started, status, saved, cpu)
    if not saved:
        return
    stats.acknowledged += 1
    table.next += 1
    if table.live is not None:  # the page's live part, with the ETag the page holds
        after = Phone(
            table.live.url, "live part after a save", etag=table.live.etag, cookies=table.cookies
        )
        await poll(session, after, stats)
        table.live.etag = after.etag


async def at(moment: float) -> None:
    delay = moment - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)


async def phone_loop(session, phone: Phone, start: float, end: float, stats: Stats) -> None:
    moment = start
    while moment < end:
        await at(moment)
        await poll(session, phone, stats)
        moment += POLL_EVERY


async def table_loop(session, base, table, start, end, stats, rng) -> None:
    moment = start
    while moment < end:
        await at(moment)
        await enter_hand(session, base, table, stats, rng)
        moment += 60.0


async def bounded(concurrency: int, jobs) -> list:
    gate = asyncio.Semaphore(concurrency)

    async def one(job):
        async with gate:
            return await job

    return await asyncio.gather(*(one(job) for job in jobs))


def server_cpu(master: int | None) -> float:
    """CPU seconds used so far by the server's workers (the children of gunicorn's master),
    from /proc: what the server costs, whatever else the machine is running."""
    if not master:
        return 0.0
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    except OSError:
        return 0.0
    ticks = 0
    for child in children:
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


async def run(
    base: str,
    plan: dict,
    *,
    phones: int,
    seconds: float,
    seed: int,
    master: int | None = None,
    api_readers: int = 0,
) -> dict:
    rng = random.Random(seed)
    tables = [Table(t["id"], t["token"], t["next"]) for t in plan["tables"]]
    watchers = []
    evening = plan.get("venues")
    for number in evening or []:
        screen = f"{base}/events/{plan['event']}/screen/?venue={number}"
        watchers.append(Phone(screen, "projector poll"))
    for i in range(phones):
        if i % EVENT_WATCHERS_EVERY == 0 and evening:
            watchers.append(Phone(f"{base}/events/{plan['event']}/ranking/", "ranking poll"))
        elif i % EVENT_WATCHERS_EVERY == 0:
            watchers.append(Phone(f"{base}/events/{plan['event']}/", "event poll"))
        else:
            table = tables[i % len(tables)]
            watchers.append(Phone(f"{base}/games/{table.id}/", "table poll"))
    # Each table's own phone, its entry page open, follows the table too (issue 25).
    for table in tables:
        table.live = Phone(f"{base}/t/{table.token}/live/", "entry poll", cookies=table.cookies)
        watchers.append(table.live)
    event_api = f"{base}/api/v1/events/{plan['event']}"
    for i in range(api_readers):
        kind = API_KINDS[i % len(API_KINDS)]
        address = {
            "api standings": f"{event_api}/standings",
            "api round": f"{event_api}/rounds/1",
            "api game": f"{base}/api/v1/games/{tables[i % len(tables)].id}",
        }[kind]
        watchers.append(Phone(address, kind))
    connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=15)
    async with aiohttp.ClientSession(connector=connector, timeout=TIMEOUT) as session:
        warm_started = time.monotonic()
        opened = await bounded(
            WARM_UP_CONCURRENCY, [open_entry_page(session, base, t) for t in tables]
        )
        await bounded(WARM_UP_CONCURRENCY, [poll(session, p, None) for p in watchers])
        warm_up = time.monotonic() - warm_started
        stats = Stats()
        cpu, served = time.process_time(), server_cpu(master)
        start = time.monotonic() + 0.5
        end = start + seconds
        jobs = [
            phone_loop(session, p, start + rng.uniform(0, POLL_EVERY), end, stats) for p in watchers
        ]
        jobs += [
            table_loop(session, base, t, start + rng.uniform(0, 60.0), end, stats, rng)
            for t in tables
        ]
        await asyncio.gather(*jobs)
        elapsed = time.monotonic() - start
        cpu, served = time.process_time() - cpu, server_cpu(master) - served
    figures = report(stats, elapsed, cpu, warm_up, sum(opened), len(tables))
    if master:
        figures["server CPU s (gunicorn's workers)"] = round(served, 1)
        figures["server CPU ms per request"] = round(served * 1000 / max(1, figures["requests"]), 2)
    return figures


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def report(stats: Stats, elapsed: float, cpu: float, warm_up: float, opened, tables) -> dict:
    def ms(values: list[float], share: float) -> float:
        return round(percentile(values, share) * 1000, 1) if values else 0.0

    polls = [
        value
        for kind in ("table poll", "entry poll", "event poll", "ranking poll", "projector poll")
        for value in stats.latencies.get(kind, [])
    ]
    writes = stats.latencies.get("write", [])
    api = [value for kind in API_KINDS for value in stats.latencies.get(kind, [])]
    total = sum(len(v) for v in stats.latencies.values())
    figures = {
        "warm-up (each phone's first load, each table's entry page), s": round(warm_up, 1),
        "entry pages opened in the warm-up": f"{opened}/{tables}",
        "measured, s": round(elapsed, 1),
        "requests": total,
        "requests/s": round(total / elapsed, 1),
        "polls": len(polls),
        "polls answered 304": sum(
            n for key, n in stats.statuses.items() if key.endswith("poll 304")
        ),
        "poll p50 ms": ms(polls, 0.50),
        "poll p99 ms": ms(polls, 0.99),
        "writes": len(writes),
        "write p50 ms": ms(writes, 0.50),
        "write p99 ms": ms(writes, 0.99),
        "api reads": len(api),
        "api p50 ms": ms(api, 0.50),
        "api p95 ms": ms(api, 0.95),
        "errors": sum(stats.errors.values()),
        "hands acknowledged": stats.acknowledged,
        "generator CPU s (its share of the machine)": round(cpu, 1),
    }
    for kind in (
        "table poll",
        "entry poll",
        "event poll",
        "ranking poll",
        "projector poll",
        "live part after a save",
        *API_KINDS,
    ):
        values = stats.latencies.get(kind, [])
        if values or kind in ("table poll", "event poll"):
            figures[f"{kind}: n, p50, p99 ms"] = [len(values), ms(values, 0.5), ms(values, 0.99)]
    if stats.ranking_seen:
        figures["ranking seen"] = stats.ranking_seen
    if stats.errors:
        figures["errors by kind"] = dict(stats.errors)
    if polls:
        figures["poll mean ms"] = round(statistics.mean(polls) * 1000, 1)
    if stats.cpu:
        # What each kind costs the server (its thread's CPU, in Django), and its share.
        spent = sum(sum(values) for values in stats.cpu.values()) or 1.0
        figures["server CPU by kind: n, mean ms, share %"] = {
            key: [len(values), round(statistics.mean(values), 2), round(100 * sum(values) / spent)]
            for key, values in sorted(stats.cpu.items(), key=lambda kv: -sum(kv[1]))
        }
    return figures


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan")
    parser.add_argument("--base", required=True)
    parser.add_argument("--phones", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--server-pid", type=int, help="gunicorn's master, for its CPU time")
    parser.add_argument("--api-readers", type=int, default=50)
    args = parser.parse_args(argv)
    if urlsplit(args.base).hostname not in LOOPBACK:
        raise SystemExit("The load test only sends traffic to this machine (loopback).")
    plan = json.loads(Path(args.plan).read_text())
    figures = asyncio.run(
        run(
            args.base,
            plan,
            phones=args.phones,
            seconds=min(args.seconds, 300),
            seed=args.seed,
            master=args.server_pid,
            api_readers=args.api_readers,
        )
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main(sys.argv[1:])
