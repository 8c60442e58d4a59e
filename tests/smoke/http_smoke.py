"""HTTP smoke test of the production server on PostgreSQL, as CI runs it (.ci/run).

    .venv/bin/python tests/smoke/http_smoke.py \\
        --database-url postgres://ramiscore:ramiscore@127.0.0.1:5432/ramiscore_smoke \\
        --ports 8001,8002

1. `make serve`'s server (python -m ramiscore.venue: gunicorn, DEBUG=0, plain HTTP) on
   loopback, then over HTTP as a club would use it: health, an organiser added with
   add_organiser, login, an event, players checked in, a round seated, a hand entered from
   the table link, the public pages, the PDF score sheets (their QR codes read back), the
   event's archive downloaded, imported into a fresh database (manage.py import_event) and
   exported from there byte for byte the same, the same sheets prepared in the background
   by the worker `make serve` starts.
2. A second app host, configured as a hosted site behind a TLS proxy (the test plays the
   proxy), sharing the database: a hand entered on one is seen on the other, and the same
   hand posted to both at once is stored once.

The database is made for the run and dropped at the end; both servers are stopped and the
scratch folder removed whatever happens. Plain Python: http.client, no browser.
"""

from __future__ import annotations

import argparse
import csv
import http.client
import io
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import dj_database_url
import psycopg
from psycopg import sql

BASE_DIR = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
HOSTED_NAME = "ramiscore.example.org"
ORGANISER, PASSWORD, CLUB = "smoke", "a smoke test of the club night", "Club du test de fumée"
PLAYERS = ["Anne-Sophie Lefèvre", "Bruno Maréchal", "Chloé Dubois", "Denis Perrin"]
START_TIMEOUT = 300  # first start: migrations and collectstatic on a busy CI machine
STOP_TIMEOUT = 30


class SmokeFailure(AssertionError):
    pass


def check(condition: object, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


# --- HTTP: a minimal browser --------------------------------------------------------------


@dataclass
class Form:
    action: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)

    def names(self) -> set[str]:
        return {name for name, _value in self.fields}

    def filled(self, **values: str) -> list[tuple[str, str]]:
        """The fields as a browser would send them, with `values` typed or chosen."""
        kept = [(name, value) for name, value in self.fields if name not in values]
        return kept + list(values.items())


class FormReader(HTMLParser):
    """Every form of a page, with the values a browser sends when nothing is changed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: list[str | None] | None = None  # name, first value, chosen value
        self._textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._form = Form(a.get("action", ""), a.get("method", "get").lower())
            self.forms.append(self._form)
        elif self._form is None or (tag != "option" and not a.get("name")):
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            if kind in {"submit", "button", "image", "reset", "file"}:
                return
            if kind in {"checkbox", "radio"}:
                if "checked" in a:
                    self._form.fields.append((a["name"], a.get("value", "on")))
                return
            self._form.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select = [a["name"], None, None]
        elif tag == "option" and self._select is not None:
            if self._select[1] is None:
                self._select[1] = a.get("value", "")
            if "selected" in a:
                self._select[2] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = (a["name"], [])

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None and self._form is not None:
            name, first, chosen = self._select
            if chosen is not None or first is not None:
                self._form.fields.append((name, chosen if chosen is not None else first))
            self._select = None
        elif tag == "textarea" and self._textarea is not None and self._form is not None:
            self._form.fields.append((self._textarea[0], "".join(self._textarea[1]).lstrip("\n")))
            self._textarea = None


@dataclass
class Page:
    status: int
    headers: dict[str, str]
    body: bytes
    path: str

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def errors(self) -> str:
        """The form errors the page shows, as plain text (for failure messages)."""
        lists = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', self.text, re.S)
        return " | ".join(re.sub(r"<[^>]+>", " ", item).strip() for item in lists)

    def form(self, *, having: str = "", action: str = "") -> Form:
        """The page's first form that has a field `having`, or whose action matches the
        regular expression `action`."""
        reader = FormReader()
        reader.feed(self.text)
        for form in reader.forms:
            if (not having or having in form.names()) and re.search(action, form.action):
                return form
        raise SmokeFailure(f"{self.path}: no form with {having or action!r}")


class Browser:
    """Cookies, CSRF tokens through the forms, redirects followed: what a phone does.

    `https_proxy` plays a TLS proxy in front of a hosted app host: each request says
    X-Forwarded-Proto: https, and Secure cookies are sent back over the loopback.
    """

    def __init__(self, port: int, *, host: str = "", https_proxy: bool = False) -> None:
        self.port = port
        self.host = host or f"127.0.0.1:{port}"
        self.scheme = "https" if https_proxy else "http"
        self.cookies: dict[str, str] = {}

    def get(self, path: str, *, follow: bool = True) -> Page:
        return self.request("GET", path, follow=follow)

    def post(self, path: str, fields: list[tuple[str, str]], *, follow: bool = True) -> Page:
        return self.request("POST", path, fields, follow=follow)

    def submit(self, page: Page, form: Form, *, follow: bool = True, **values: str) -> Page:
        return self.post(form.action or page.path, form.filled(**values), follow=follow)

    def request(
        self, method: str, path: str, fields: list[tuple[str, str]] | None = None, *, follow: bool
    ) -> Page:
        for _redirect in range(10):
            headers = {"Host": self.host, "User-Agent": "ramiscore-http-smoke"}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if self.scheme == "https":
                headers["X-Forwarded-Proto"] = "https"
            body = None
            if method == "POST":
                body = urlencode(fields or []).encode()
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                headers["Origin"] = f"{self.scheme}://{self.host}"
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                connection.request(method, path, body, headers)
                response = connection.getresponse()
                page = Page(
                    response.status,
                    {name.lower(): value for name, value in response.getheaders()},
                    response.read(),
                    path,
                )
                self._keep(response.headers.get_all("Set-Cookie") or [])
            finally:
                connection.close()
            if not (follow and page.status in (301, 302, 303)):
                return page
            method, fields = "GET", None
            location = urlsplit(page.headers["location"])
            path = location.path + (f"?{location.query}" if location.query else "")
        raise SmokeFailure(f"too many redirects from {path}")

    def _keep(self, set_cookies: list[str]) -> None:
        for header in set_cookies:
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0":
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value


# --- Servers and the database --------------------------------------------------------------


class Server:
    """A server process in its own process group, its output in a log file."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], port: int, log: Path):
        self.name, self.port, self.log = name, port, log
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                command,
                cwd=BASE_DIR,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_until_healthy(self) -> None:
        """Polls /health/ until it answers 200 (a readiness wait, not a timing assertion)."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SmokeFailure(f"{self.name} exited with {self.process.returncode}")
            try:
                if Browser(self.port).get("/health/").status == 200:
                    return
            except OSError:
                pass  # not listening yet
            time.sleep(0.25)
        raise SmokeFailure(f"{self.name} did not become healthy in {START_TIMEOUT} s")

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> int:
        """Sends `sig` to the whole group (as Ctrl-C on a terminal does); kills if it hangs."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            try:
                self.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        return self.process.returncode


@contextmanager
def throwaway_database(url: str) -> Iterator[None]:
    """A new, empty PostgreSQL database at `url`, dropped afterwards."""
    config = dj_database_url.parse(url)
    check(config["ENGINE"].endswith("postgresql"), "the smoke test runs on PostgreSQL")
    server = {
        "dbname": "postgres",
        "user": config["USER"],
        "password": config["PASSWORD"],
        "host": config["HOST"],
        "port": config["PORT"] or 5432,
    }
    name = sql.Identifier(config["NAME"])

    def run(statement: sql.Composed) -> None:
        with psycopg.connect(**server, autocommit=True) as connection:
            connection.execute(statement)

    run(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
    run(sql.SQL("CREATE DATABASE {}").format(name))
    try:
        yield
    finally:
        run(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


# --- The steps -------------------------------------------------------------------------------


@dataclass
class Smoke:
    """What the steps share: the servers, the organiser's browser, what was created."""

    database_url: str
    ports: tuple[int, int]
    work: Path
    stack: ExitStack
    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(64))
    venue: Server | None = None
    hosted: Server | None = None
    organiser: Browser | None = None
    site_url: str = ""
    event_id: int = 0
    game_id: int = 0
    table_path: str = ""

    def phone(self, port: int) -> Browser:
        """A browser on the host at `port`: the hosted one is reached through its proxy."""
        if port == self.ports[1]:
            return Browser(port, host=HOSTED_NAME, https_proxy=True)
        return Browser(port)

    def venue_env(self) -> dict[str, str]:
        """`make serve`'s environment, on loopback, with this run's database and key."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SITE_"))}
        env.update(
            DATABASE_URL=self.database_url,
            SECRET_KEY=self.secret_key,
            STATIC_ROOT=str(self.work / "static"),
            # Rendered PDFs: one folder for both app hosts, as docs/deploy.md asks.
            MEDIA_ROOT=str(self.work / "media"),
            LISTEN_ADDRESS="127.0.0.1",
            PORT=str(self.ports[0]),
        )
        for name in ("DEBUG", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "PLAIN_HTTP"):
            env.pop(name, None)
        return env

    def hosted_env(self) -> dict[str, str]:
        """A hosted app host's environment (docs/deploy.md) behind a TLS proxy."""
        env = self.venue_env()
        env.update(
            DEBUG="0",
            ALLOWED_HOSTS=HOSTED_NAME,
            CSRF_TRUSTED_ORIGINS=f"https://{HOSTED_NAME}",
            SITE_URL=f"https://{HOSTED_NAME}",
            SECURE_PROXY_SSL_HEADER="1",
            PORT=str(self.ports[1]),
        )
        return env


def start_the_venue_server(smoke: Smoke) -> None:
    """`make serve` starts (gunicorn, DEBUG=0) on a new database and answers /health/"""
    smoke.venue = Server(
        "make serve",
        [PYTHON, "-m", "ramiscore.venue", "serve"],
        smoke.venue_env(),
        smoke.ports[0],
        smoke.work / "venue.log",
    )
    smoke.stack.callback(smoke.venue.stop)
    smoke.venue.wait_until_healthy()
    health = json.loads(Browser(smoke.ports[0]).get("/health/").body)
    healthy = {"status": "ok", "database": "ok", "migrations": "ok", "disk": "ok"}
    check(health == healthy, f"health: {health}")
    output = smoke.venue.output()
    joined = re.search(r"Phones join at (\S+)/\n", output)
    check(joined, "the server did not print where phones join")
    smoke.site_url = joined.group(1)
    check("No organiser can log in yet" in output, "no word on adding an organiser")


def add_an_organiser(smoke: Smoke) -> None:
    """manage.py add_organiser (through python -m ramiscore.venue), without a terminal"""
    result = subprocess.run(
        [PYTHON, "-m", "ramiscore.venue", "add_organiser", ORGANISER, "--club", CLUB],
        cwd=BASE_DIR,
        env={**smoke.venue_env(), "ORGANISER_PASSWORD": PASSWORD},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    check(result.returncode == 0, f"add_organiser failed: {result.stderr}")


def log_in(smoke: Smoke) -> None:
    """the organiser logs in"""
    browser = Browser(smoke.ports[0])
    page = browser.get("/accounts/login/")
    page = browser.submit(page, page.form(having="username"), username=ORGANISER, password=PASSWORD)
    check(page.status == 200 and page.path == "/manage/", f"login ended on {page.path}")
    check(CLUB in page.text, "the dashboard does not show the organiser's club")
    smoke.organiser = browser


def create_an_event(smoke: Smoke) -> None:
    """he creates a club night"""
    browser = smoke.organiser
    page = browser.get("/manage/events/new/")
    page = browser.submit(page, page.form(having="variant"), name="Soirée du test de fumée")
    found = re.fullmatch(r"/manage/events/(\d+)/", page.path)
    check(page.status == 200 and found, f"{page.status} on {page.path}: {page.errors()}")
    smoke.event_id = int(found.group(1))


def check_players_in(smoke: Smoke) -> None:
    """he adds four players (checked in as they arrive), checks one out and in again"""
    browser, event = smoke.organiser, f"/manage/events/{smoke.event_id}/"
    for name in PLAYERS:
        page = browser.get(event)
        page = browser.submit(page, page.form(action=f"^{event}players/$"), name=name)
        check(page.status == 200 and name in page.text, f"adding {name}")
    for action in ("check_out", "check_in"):
        page = browser.get(event)
        form = page.form(action=rf"^{event}players/\d+/$")  # the first player's buttons
        page = browser.submit(page, form, action=action)
        check(page.status == 200, f"{action}: {page.status}")
    check(page.text.count('value="check_out"') == len(PLAYERS), "not everyone is checked in")


def seat_the_players(smoke: Smoke) -> None:
    """he seats them at random: one table, with its private link"""
    browser, event = smoke.organiser, f"/manage/events/{smoke.event_id}/"
    page = browser.get(event)
    page = browser.submit(page, page.form(action=f"^{event}rounds/$"))
    link = re.search(r'value="https?://[^/"]+(/t/[\w-]+/)"', page.text)
    game = re.search(r'href="/games/(\d+)/enter/"', page.text)
    check(page.status == 200 and link and game, "no table after seating")
    smoke.table_path, smoke.game_id = link.group(1), int(game.group(1))


def show_the_join_code(smoke: Smoke) -> None:
    """his event page shows the join code for the address the server printed"""
    page = smoke.organiser.get(f"/manage/events/{smoke.event_id}/")
    join_url = f"{smoke.site_url}/events/{smoke.event_id}/"
    check(f'href="{join_url}"' in page.text and "<svg" in page.text, "no join code")
    check(f'value="{smoke.site_url}/t/' in page.text, "the table link is not at the LAN address")


# A hand as typed on the phone: the first seat went out, the others hold these points.
HAND = {"ended_by": "1", "held_2": "12", "held_3": "7", "held_4": "30"}


def enter_a_hand(smoke: Smoke, port: int, number: int) -> Page:
    """A phone at the table, on the table link, enters hand `number`."""
    phone = smoke.phone(port)
    page = phone.get(smoke.table_path)
    form = page.form(having="how")
    check(("number", str(number)) in form.fields, f"the form is not for hand {number}")
    return phone.submit(page, form, **HAND)


def enter_a_hand_from_the_table_link(smoke: Smoke) -> None:
    """a player enters hand 1 on the table link"""
    page = enter_a_hand(smoke, smoke.ports[0], 1)
    check(page.status == 200 and page.path.startswith(smoke.table_path), f"{page.path}")
    check(hands_stored(smoke, smoke.ports[0]) == 1, "hand 1 was not stored")


def read_the_public_pages(smoke: Smoke) -> None:
    """anyone reads the event's and the table's public pages"""
    visitor = Browser(smoke.ports[0])
    for path in (f"/events/{smoke.event_id}/", f"/games/{smoke.game_id}/"):
        page = visitor.get(path)
        check(page.status == 200, f"{path}: {page.status}")
        check(all(name in page.text for name in PLAYERS), f"{path} misses a player")


def download_the_pdfs(smoke: Smoke) -> None:
    """he prints the round's score sheets: their QR codes carry the printed address"""
    event = smoke.event_id
    page = smoke.organiser.get(f"/sheets/events/{event}/rounds/1/blank.pdf")
    check(page.status == 200 and page.body.startswith(b"%PDF"), f"blank sheets: {page.status}")
    check(page.headers["content-type"] == "application/pdf", "not served as a PDF")
    codes = qr_codes(page.body, smoke.work)
    expected = {f"{smoke.site_url}/games/{smoke.game_id}/", f"{smoke.site_url}{smoke.table_path}"}
    check(expected <= set(codes), f"the sheet's QR codes are {codes}")
    results = Browser(smoke.ports[0]).get(f"/sheets/events/{event}/results.pdf")
    check(results.status == 200 and results.body.startswith(b"%PDF"), "results PDF")


def move_the_event_as_an_archive(smoke: Smoke) -> None:
    """he downloads the archive: imported into a fresh database, it exports the same bytes"""
    page = smoke.organiser.get(f"/manage/events/{smoke.event_id}/archive.json")
    check(page.status == 200, f"archive: {page.status}")
    disposition = page.headers["content-disposition"]
    check(disposition.endswith('.ramiscore.json"'), f"archive named {disposition}")
    archive = smoke.work / "event.ramiscore.json"
    archive.write_bytes(page.body)
    # Another site's database: made for the step, dropped with the run's.
    config = dj_database_url.parse(smoke.database_url)
    elsewhere = smoke.database_url.rsplit("/", 1)[0] + f"/{config['NAME']}_archive"
    smoke.stack.enter_context(throwaway_database(elsewhere))
    env = {**smoke.venue_env(), "DATABASE_URL": elsewhere}

    def manage(*arguments: str) -> str:
        result = subprocess.run(
            [PYTHON, "manage.py", *arguments],
            cwd=BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT,
            check=False,
        )
        check(result.returncode == 0, f"manage.py {arguments[0]}: {result.stderr[-2000:]}")
        return result.stdout

    manage("migrate", "--no-input", "-v", "0")
    imported = re.search(r"\(event (\d+)\)", manage("import_event", str(archive)))
    check(imported, "import_event did not say which event it made")
    again = smoke.work / "again.ramiscore.json"
    manage("export_event", imported.group(1), "-o", str(again))
    check(again.read_bytes() == page.body, "the imported event exports other bytes")


def prepare_the_sheets_in_the_background(smoke: Smoke) -> None:
    """he has make serve's worker prepare the round's sheets, follows them, downloads them"""
    browser, event = smoke.organiser, smoke.event_id
    page = browser.get(f"/manage/events/{event}/")
    # The page offers the background only for a round of more tables than a request lays out
    # (views/sheets.py, IN_REQUEST_TABLES), and links to the sheets otherwise: for this round
    # of one table, what that form would send, with the page's CSRF token.
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    check(token, "the event page has no form to take a CSRF token from")
    fields = [("csrfmiddlewaretoken", token.group(1)), ("round", "1"), ("kind", "sheets")]
    page = browser.post(f"/sheets/events/{event}/prepare/", fields)
    check(page.status == 200 and 'id="printing"' in page.text, f"prepare: {page.status}")
    deadline = time.monotonic() + START_TIMEOUT
    while True:  # what the page's htmx polling does
        jobs = browser.get(f"/sheets/events/{event}/prepared/").text
        ready = re.search(r'href="(/sheets/events/\d+/prepared/\d+\.pdf)"', jobs)
        if ready:
            break
        check("pdf-job failed" not in jobs and "pdf-job stalled" not in jobs, jobs)
        check(time.monotonic() < deadline, "the worker never made the score sheets")
        time.sleep(0.5)
    pdf = browser.get(ready.group(1))
    check(pdf.status == 200 and pdf.body.startswith(b"%PDF"), f"prepared PDF: {pdf.status}")
    check(pdf.headers["cache-control"] == "private, no-store", "the prepared sheets are cached")
    expected = {f"{smoke.site_url}/games/{smoke.game_id}/", f"{smoke.site_url}{smoke.table_path}"}
    check(expected <= set(qr_codes(pdf.body, smoke.work)), "the prepared sheets' QR codes")


def start_a_second_app_host(smoke: Smoke) -> None:
    """a second app host (hosted settings, behind a TLS proxy) on the same database"""
    smoke.hosted = Server(
        "hosted gunicorn",
        [PYTHON, "-m", "gunicorn", "-c", "gunicorn.conf.py", "ramiscore.wsgi"],
        smoke.hosted_env(),
        smoke.ports[1],
        smoke.work / "hosted.log",
    )
    smoke.stack.callback(smoke.hosted.stop)
    smoke.hosted.wait_until_healthy()  # over plain HTTP by address, as a load balancer would
    direct = Browser(smoke.ports[1], host=HOSTED_NAME).get("/", follow=False)
    check(direct.status == 301, "a hosted site must send plain HTTP to HTTPS")
    secure = Browser(smoke.ports[1], host=HOSTED_NAME, https_proxy=True).get("/")
    check(secure.status == 200 and "strict-transport-security" in secure.headers, "no HSTS")


def a_hand_entered_on_one_is_seen_on_the_other(smoke: Smoke) -> None:
    """hand 2 entered on the first host is on the second host's pages"""
    enter_a_hand(smoke, smoke.ports[0], 2)
    check(hands_stored(smoke, smoke.ports[1]) == 2, "the second host does not see hand 2")


def the_same_hand_posted_to_both_is_stored_once(smoke: Smoke) -> None:
    """hand 3 posted to both hosts at the same moment is stored once"""
    barrier, statuses = threading.Barrier(2), []

    def post(port: int) -> None:
        # Each phone loads its form first; then both send together.
        phone = smoke.phone(port)
        page = phone.get(smoke.table_path)
        form = page.form(having="how")
        barrier.wait(timeout=60)
        statuses.append(phone.submit(page, form, follow=False, **HAND).status)

    threads = [threading.Thread(target=post, args=(port,)) for port in smoke.ports]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    # One saved (redirect), the other told the hand is taken (409, nothing stored).
    check(sorted(statuses) == [302, 409], f"statuses {statuses}")
    check(hands_stored(smoke, smoke.ports[0]) == 3, "hand 3 is not stored exactly once")


def stop_both_servers(smoke: Smoke) -> None:
    """Ctrl-C stops `make serve`, SIGTERM the hosted host, both cleanly"""
    for server, sig in ((smoke.venue, signal.SIGINT), (smoke.hosted, signal.SIGTERM)):
        code = server.stop(sig)
        check(code == 0, f"{server.name} ended with {code} on {sig.name}")


# The order a club night goes in.
STEPS: list[Callable[[Smoke], None]] = [
    start_the_venue_server,
    add_an_organiser,
    log_in,
    create_an_event,
    check_players_in,
    seat_the_players,
    show_the_join_code,
    enter_a_hand_from_the_table_link,
    read_the_public_pages,
    download_the_pdfs,
    move_the_event_as_an_archive,
    prepare_the_sheets_in_the_background,
    start_a_second_app_host,
    a_hand_entered_on_one_is_seen_on_the_other,
    the_same_hand_posted_to_both_is_stored_once,
    stop_both_servers,
]


def hands_stored(smoke: Smoke, port: int) -> int:
    """How many hands the table's public CSV lists, as read from the server on `port`."""
    page = smoke.phone(port).get(f"/games/{smoke.game_id}/hands.csv")
    check(page.status == 200, f"hands.csv: {page.status}")
    rows = list(csv.reader(io.StringIO(page.text.lstrip("\ufeff"))))
    return len(rows) - 1  # the header


def qr_codes(pdf: bytes, work: Path) -> list[str]:
    """What the QR codes of a PDF say (poppler-utils' pdftoppm, zbar-tools' zbarimg)."""
    for tool in ("pdftoppm", "zbarimg"):
        check(shutil.which(tool), f"{tool} is missing: apt-get install poppler-utils zbar-tools")
    folder = work / "pdf"
    folder.mkdir(exist_ok=True)
    (folder / "sheet.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "sheet.pdf", "page"], cwd=folder, check=True, timeout=120
    )
    pages = sorted(str(path) for path in folder.glob("page*.png"))
    found = subprocess.run(
        ["zbarimg", "--quiet", "--raw", *pages], capture_output=True, text=True, timeout=120
    )
    return found.stdout.split()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("SMOKE_DATABASE_URL", ""))
    parser.add_argument("--ports", default="8001,8002", help="two free ports, comma-separated")
    args = parser.parse_args()
    if not args.database_url:
        parser.error("give --database-url (a PostgreSQL database, made and dropped by the run)")
    first, second = (int(port) for port in args.ports.split(","))
    started = time.monotonic()
    with ExitStack() as stack:
        stack.enter_context(throwaway_database(args.database_url))
        work = Path(tempfile.mkdtemp(prefix="ramiscore-smoke-"))
        stack.callback(shutil.rmtree, work, ignore_errors=True)
        smoke = Smoke(args.database_url, (first, second), work, stack)
        for step in STEPS:
            began = time.monotonic()
            try:
                step(smoke)
            except Exception as error:
                print(f"FAILED: {step.__doc__}: {error}", file=sys.stderr)
                for server in (smoke.venue, smoke.hosted):
                    if server is not None:
                        print(f"--- {server.name} output ---\n{server.output()[-6000:]}")
                return 1
            print(f"ok  {step.__doc__} ({time.monotonic() - began:.1f} s)", flush=True)
    print(f"HTTP smoke test passed in {time.monotonic() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
