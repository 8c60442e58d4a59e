"""`python -m ramiscore.venue`: a club night on the venue's network (`make serve`).

With no configuration: production settings over plain HTTP (PLAIN_HTTP), a secret key kept
in var/secret-key, the club's SQLite database var/club.sqlite3 in WAL mode (the demo's
db.sqlite3 is never used), the laptop's address on the Wi-Fi in SITE_URL (so printed QR codes
work from the phones), every address it has in ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS,
loopback too. Any of these variables set in the environment wins (DATABASE_URL, SECRET_KEY,
SITE_URL, ALLOWED_HOSTS, PORT, LISTEN_ADDRESS...). It speaks the system's language (French on
a French laptop, `LANGUAGE=fr` to force it), from the project's catalogue.

    python -m ramiscore.venue                 # migrate, then serve with gunicorn and the
                                              # background worker (large PDFs) until Ctrl-C
    python -m ramiscore.venue COMMAND [ARGS]  # any manage.py command on the same database,
                                              # e.g. add_organiser anne --club "Rami club"
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import django
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command, execute_from_command_line
from django.db import connection, connections
from django.utils import translation
from django.utils.translation import gettext as _
from gunicorn.app.base import Application

from ramiscore.lan import (
    LOOPBACK,
    Candidate,
    chosen_candidate,
    default_route_address,
    lan_address,
    lan_candidates,
    read_or_create_secret_key,
    terminal_qr,
    venue_environ,
)
from ramiscore.prepare import system_language

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = BASE_DIR / "var"
SECRET_KEY_FILE = DATA_DIR / "secret-key"
DATABASE_FILE = DATA_DIR / "club.sqlite3"
GUNICORN_CONFIG = BASE_DIR / "gunicorn.conf.py"
# What collected static files come from: our own, and the packages' (the admin's), which
# change only when `make` installs packages, which rewrites its stamp (ramiscore/prepare.py).
STATIC_SOURCES = (BASE_DIR / "static", BASE_DIR / ".venv" / ".installed")
ADD_ORGANISER = '.venv/bin/python -m ramiscore.venue add_organiser %(name)s --club "%(club)s"'


def main(argv: list[str]) -> int:
    candidates = lan_candidates()
    chosen = chosen_candidate(candidates, default_route_address())
    address = chosen.address if chosen else lan_address()
    secret_key = os.environ.get("SECRET_KEY") or read_or_create_secret_key(SECRET_KEY_FILE)
    if not os.environ.get("DATABASE_URL"):
        DATA_DIR.mkdir(exist_ok=True)
    os.environ.update(
        venue_environ(
            os.environ,
            address=address,
            secret_key=secret_key,
            database_path=DATABASE_FILE,
            others=[candidate.address for candidate in candidates],
        )
    )
    os.environ["DJANGO_SETTINGS_MODULE"] = "ramiscore.settings"
    if argv and argv[0] != "serve":
        if argv[0] not in COMMANDS_ON_ANY_SCHEMA:
            # The club's database as `make serve` would have it, even before the first
            # night: add_organiser or import_event on a new laptop just work.
            django.setup()
            call_command("migrate", interactive=False, verbosity=0)
        execute_from_command_line(["python -m ramiscore.venue", *argv])
        return 0
    try:
        prepare()
    except KeyboardInterrupt:
        print("\n" + _("Stopped."), file=sys.stderr)
        return 130
    except VenueError as error:
        print(f"\n{error}", file=sys.stderr)
        return 1
    worker = start_worker()
    ready = lambda: print(banner(address, candidates), flush=True)  # noqa: E731
    try:
        VenueServer(on_ready=ready).run()
    except SystemExit:  # gunicorn's way out on Ctrl-C
        pass
    finally:
        stop_worker(worker)
    print("\n" + stopped_message(), flush=True)
    return 0


# Commands that work on the database as it is (migrating first would defeat them).
COMMANDS_ON_ANY_SCHEMA = {"migrate", "showmigrations", "sqlmigrate", "makemigrations", "help"}


class VenueError(Exception):
    """Something that keeps the site from starting, said so that a club can act on it."""


def prepare() -> None:
    """Everything before serving, in the system's language: the database up to date, static
    files, an organiser."""
    django.setup()
    translation.activate(system_language(os.environ))
    print(_("Preparing the database…"), flush=True)
    call_command("migrate", interactive=False, verbosity=0)
    use_wal_mode()
    refuse_demo_account()
    if static_files_outdated(Path(settings.STATIC_ROOT)):
        print(_("Collecting the static files…"), flush=True)
        call_command("collectstatic", interactive=False, verbosity=0)
    ask_for_organiser(interactive=sys.stdin.isatty())
    # gunicorn's workers are forked from this process: none may inherit its connection.
    connections.close_all()


def use_wal_mode() -> None:
    """SQLite in WAL mode: phones read while a hand is written (the mode stays with the file)."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")


def refuse_demo_account() -> None:
    """The demo's password is in the README: such an account must not be on a network."""
    from tournaments.demo import DEMO_PASSWORD, DEMO_USERNAME

    demo = get_user_model().objects.filter(username=DEMO_USERNAME, is_active=True).first()
    if demo is not None and demo.check_password(DEMO_PASSWORD):
        raise VenueError(
            _(
                "This database has the demo account (%(username)s), whose password anyone can "
                "read in the README: it must not be reachable from the venue's Wi-Fi. Serve "
                "the club's own database (leave DATABASE_URL unset), or change that account's "
                "password or deactivate it first."
            )
            % {"username": DEMO_USERNAME}
        )


def static_files_outdated(static_root: Path) -> bool:
    """Whether collectstatic must run (it takes seconds): never run, or a source changed since."""
    manifest = static_root / "staticfiles.json"
    if not manifest.exists():
        return True
    return max(newest_change(source) for source in STATIC_SOURCES) > manifest.stat().st_mtime


def newest_change(path: Path) -> float:
    """The latest modification time of `path` or of anything under it (0 if missing)."""
    if not path.exists():
        return 0.0
    if path.is_file():
        return path.stat().st_mtime
    times = [child.stat().st_mtime for child in path.rglob("*")]
    return max([path.stat().st_mtime, *times])


def ask_for_organiser(*, interactive: bool) -> None:
    """First start: nobody can log in yet. Asks for an organiser on a terminal; otherwise
    says how to add one, and the site serves anyway (its public pages need nobody)."""
    from tournaments.clubs.selectors.accounts import has_organiser

    if has_organiser():
        return
    if interactive:
        try:
            call_command("add_organiser")
            return
        except CommandError as error:
            print(error, file=sys.stderr)
    command = ADD_ORGANISER % {"name": _("NAME"), "club": _("YOUR CLUB")}
    print(_("No organiser can log in yet. Add one with:") + f"\n    {command}", flush=True)


def banner(address: str, candidates: Sequence[Candidate] = ()) -> str:
    """What the terminal shows once the site is up: where phones join, as text and QR code,
    every address of the laptop with its interface, and how to choose another."""
    site = settings.SITE_URL
    port = os.environ.get("PORT") or "8000"
    lines = [
        "",
        _("Phones join at %(url)s") % {"url": f"{site}/"},
        terminal_qr(f"{site}/", colours=sys.stdout.isatty()),
        _("Organisers log in at %(url)s") % {"url": f"{site}/accounts/login/"},
    ]
    if address == LOOPBACK and not candidates:
        lines.append(
            _(
                "This computer has no network address: only its own browser can reach the "
                "site. Join the venue's Wi-Fi, then start again."
            )
        )
    if candidates:
        lines += ["", _("This computer's addresses (the QR codes carry the first):")]
        listed = sorted(candidates, key=lambda candidate: candidate.address != address)
        for candidate in listed:
            kind = _("Wi-Fi") if candidate.wireless else _("other network")
            lines.append(f"    {candidate.address:<15}  {candidate.interface} ({kind})")
        if len(candidates) > 1 or not candidates[0].wireless:
            lines.append(
                _(
                    "Phones reach the laptop only at its address on their own Wi-Fi. If it "
                    "is another one, stop with Ctrl-C and start again with it:"
                )
            )
            address_word = _("ADDRESS")
            lines.append(f"    SITE_URL=http://{address_word}:{port} make serve")
    lines.append(_("Ctrl-C stops the server."))
    return "\n".join(lines)


def stopped_message() -> str:
    """What the terminal says once everything has stopped."""
    return _(
        "Ramiscore has stopped. Everything entered is kept in var/club.sqlite3: make serve "
        "starts again where it left off."
    )


# The worker that makes large PDFs in the background (django-tasks-db): the same settings and
# database as the server, its own process group (Ctrl-C reaches it through stop_worker only, so
# that it gets one signal, finishes the PDF it is making, and stops).
WORKER_COMMAND = [
    sys.executable,
    "-m",
    "ramiscore.venue",
    "db_worker",
    "--no-startup-delay",
    "--no-reload",
]
WORKER_FINISHING = 60  # seconds the worker may take to finish its PDF once asked to stop


def start_worker() -> subprocess.Popen:
    return subprocess.Popen(WORKER_COMMAND, cwd=BASE_DIR, start_new_session=True)


def stop_worker(worker: subprocess.Popen, *, finishing: float = WORKER_FINISHING) -> int:
    """Asks the worker to stop (SIGTERM): at once if idle, after the PDF it is making
    otherwise; Ctrl-C meanwhile, or `finishing` seconds, and it is killed."""
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=2)
        except subprocess.TimeoutExpired:
            print(_("Finishing the PDF being made… (Ctrl-C to stop at once)"), flush=True)
            try:
                worker.wait(timeout=finishing)
            except (subprocess.TimeoutExpired, KeyboardInterrupt):
                worker.kill()
                worker.wait()
    return worker.returncode


class VenueServer(Application):
    """gunicorn with the project's gunicorn.conf.py; calls `on_ready` once it listens."""

    def __init__(self, on_ready: Callable[[], None]) -> None:
        self.on_ready = on_ready
        super().__init__(usage=None, prog="ramiscore")

    def init(self, parser, opts, args) -> None:
        return None  # no command line: everything comes from the configuration file

    def load_config(self) -> None:
        self.load_config_from_file(str(GUNICORN_CONFIG))
        self.cfg.set("when_ready", lambda arbiter: self.on_ready())

    def load(self):
        from ramiscore.wsgi import application

        return application


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
