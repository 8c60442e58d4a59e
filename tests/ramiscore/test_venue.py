"""`make serve` (ramiscore/venue.py): what it does before serving, what it prints, and the
gunicorn it runs."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.utils import translation

from ramiscore import venue
from tests.factories import UserFactory
from tests.fresh import BASE_DIR, run_python
from tournaments.demo import DEMO_PASSWORD, DEMO_USERNAME

# `make serve`, gunicorn and manage.py run as processes of their own: `make test-browser`.
pytestmark = pytest.mark.server


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch) -> None:
    """These tests read the English messages, whatever the machine's language."""
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.mark.django_db
def test_it_refuses_a_database_with_the_demo_account() -> None:
    UserFactory(username=DEMO_USERNAME, password=DEMO_PASSWORD)
    with pytest.raises(venue.VenueError, match="demo account"):
        venue.refuse_demo_account()


@pytest.mark.django_db
def test_a_demo_account_whose_password_was_changed_is_no_danger() -> None:
    UserFactory(username=DEMO_USERNAME, password="changed by the club 2026")
    venue.refuse_demo_account()


@pytest.mark.django_db
def test_with_no_organiser_and_no_terminal_it_says_how_to_add_one(capsys) -> None:
    venue.ask_for_organiser(interactive=False)
    out = capsys.readouterr().out
    assert "No organiser can log in yet" in out
    assert "python -m ramiscore.venue add_organiser NAME --club" in out


@pytest.mark.django_db
def test_once_there_is_an_organiser_it_asks_nothing(capsys, organiser) -> None:
    venue.ask_for_organiser(interactive=True)
    assert capsys.readouterr().out == ""


def test_static_files_are_collected_until_the_manifest_is_newer_than_them(tmp_path) -> None:
    assert venue.static_files_outdated(tmp_path)  # never collected
    manifest = tmp_path / "staticfiles.json"
    manifest.write_text("{}")
    newest = max(venue.newest_change(source) for source in venue.STATIC_SOURCES)
    os.utime(manifest, (newest + 60, newest + 60))
    assert not venue.static_files_outdated(tmp_path)
    os.utime(manifest, (newest - 60, newest - 60))
    assert venue.static_files_outdated(tmp_path)


def test_the_banner_gives_the_join_address_and_its_qr_code(settings) -> None:
    settings.SITE_URL = "http://192.168.1.23:8000"
    text = venue.banner("192.168.1.23")
    assert "Phones join at http://192.168.1.23:8000/" in text
    assert "Organisers log in at http://192.168.1.23:8000/accounts/login/" in text
    assert text.count("\n") > 15 and "▀" in text  # the QR code's lines
    assert "no network address" not in text


def test_the_banner_lists_every_address_and_says_how_to_choose_another(settings) -> None:
    settings.SITE_URL = "http://192.168.1.23:8000"
    candidates = [
        venue.Candidate("enp0s31f6", "10.1.0.7", False),
        venue.Candidate("wlp2s0", "192.168.1.23", True),
    ]
    lines = venue.banner("192.168.1.23", candidates).splitlines()
    listed = lines[lines.index("This computer's addresses (the QR codes carry the first):") :]
    assert listed[1].split() == ["192.168.1.23", "wlp2s0", "(Wi-Fi)"]
    assert listed[2].split() == ["10.1.0.7", "enp0s31f6", "(other", "network)"]
    assert "    SITE_URL=http://ADDRESS:8000 make serve" in lines


def test_the_banner_reads_in_french(settings) -> None:
    settings.SITE_URL = "http://192.168.1.23:8000"
    with translation.override("fr"):
        text = venue.banner("192.168.1.23", [venue.Candidate("wlp2s0", "192.168.1.23", True)])
    assert "Les téléphones se connectent à http://192.168.1.23:8000/" in text
    assert "wlp2s0 (Wi-Fi)" in text and "Ctrl-C arrête le serveur." in text


def test_without_a_network_the_banner_says_so(settings) -> None:
    settings.SITE_URL = "http://127.0.0.1:8000"
    assert "no network address" in venue.banner("127.0.0.1")


def test_gunicorn_runs_with_the_projects_configuration(monkeypatch) -> None:
    for name in ("WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_TIMEOUT", "ACCESS_LOG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LISTEN_ADDRESS", "0.0.0.0")
    monkeypatch.setenv("PORT", "8110")
    config = venue.VenueServer(on_ready=lambda: None).cfg
    assert config.bind == ["0.0.0.0:8110"]
    # Sized for a 2-core laptop: see gunicorn.conf.py.
    assert (config.workers, config.worker_class_str, config.threads) == (2, "gthread", 4)
    assert (config.timeout, config.graceful_timeout) == (120, 10)
    assert config.control_socket_disable is True
    assert config.accesslog is None


def test_it_says_so_once_gunicorn_listens() -> None:
    said = []
    server = venue.VenueServer(on_ready=lambda: said.append("ready"))
    server.cfg.when_ready(None)
    assert said == ["ready"]


def test_manage_commands_run_on_the_venues_database(tmp_path: Path) -> None:
    """`python -m ramiscore.venue COMMAND`: production settings, the same database."""
    database = tmp_path / "club.sqlite3"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return run_python(
            "-m",
            "ramiscore.venue",
            *args,
            unset={"DEBUG", "ALLOWED_HOSTS", "SITE_URL", "PLAIN_HTTP"},
            DATABASE_URL=f"sqlite:///{database}",
            SECRET_KEY="s" * 60,  # given: var/secret-key is left alone
            ORGANISER_PASSWORD="a club night at the Montreuil hall",
        )

    # A new laptop: the first command brings the club's database up to date itself.
    added = run("add_organiser", "anne", "--club", "Rami club", "--no-input")
    assert added.returncode == 0, added.stderr
    assert "Organiser 'anne' of Rami club added." in added.stdout
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT username FROM auth_user").fetchall() == [("anne",)]


def test_the_background_worker_runs_manage_db_worker_on_the_venues_settings() -> None:
    command = venue.WORKER_COMMAND
    assert command[1:4] == ["-m", "ramiscore.venue", "db_worker"]
    assert "--no-reload" in command  # production: no code reloading under a running task


VENUE_VARIABLES = (
    "DEBUG",
    "PLAIN_HTTP",
    "SECRET_KEY",
    "DATABASE_URL",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SITE_URL",
    "LISTEN_ADDRESS",
    "PORT",
    "GUNICORN_LOG_LEVEL",
)


def test_the_worker_is_started_with_the_server_and_stopped_with_it(monkeypatch) -> None:
    said = []

    class Worker:
        pass

    worker = Worker()
    monkeypatch.setattr(venue, "lan_candidates", lambda: [])
    monkeypatch.setattr(venue, "default_route_address", lambda: None)
    monkeypatch.setattr(venue, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(venue, "read_or_create_secret_key", lambda path: "k" * 60)
    monkeypatch.setattr(venue, "prepare", lambda: said.append("prepare"))
    monkeypatch.setattr(venue, "start_worker", lambda: said.append("worker started") or worker)
    monkeypatch.setattr(venue, "stop_worker", lambda w: said.append(("stopped", w is worker)))

    def serve(self) -> None:
        said.append("serve")
        raise SystemExit(0)  # what gunicorn does on Ctrl-C

    monkeypatch.setattr(venue.VenueServer, "run", serve)
    # main() writes the venue's variables into the environment: this test's only.
    for name in (*VENUE_VARIABLES, "DJANGO_SETTINGS_MODULE"):
        monkeypatch.setenv(name, os.environ.get(name, "restored afterwards"))
        if name not in ("DJANGO_SETTINGS_MODULE", "SECRET_KEY"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DATABASE_URL", "sqlite:///:memory:")

    assert venue.main(["serve"]) == 0

    assert said == ["prepare", "worker started", "serve", ("stopped", True)]


def python_child(code: str) -> subprocess.Popen:
    """A child that says "ready" once its signal handlers are in place."""
    import sys

    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    return child


def test_stopping_an_idle_worker_asks_it_once() -> None:
    child = python_child(
        "import signal, sys, threading\n"
        "signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))\n"
        "print('ready', flush=True)\n"
        "threading.Event().wait()\n"
    )

    assert venue.stop_worker(child) == 0


def test_a_worker_that_does_not_stop_is_killed(capsys) -> None:
    child = python_child(
        "import signal, threading\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "print('ready', flush=True)\n"
        "threading.Event().wait()\n"
    )

    assert venue.stop_worker(child, finishing=0.1) == -9
    assert "Finishing the PDF being made" in capsys.readouterr().out


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_ctrl_c_stops_gunicorn_calmly_even_with_a_phone_half_way_through_a_request(
    tmp_path: Path,
) -> None:
    """The real gunicorn with the project's configuration, a phone whose next request was cut
    half-way (the Wi-Fi dropped), then Ctrl-C: every process leaves by itself, none is killed
    (gunicorn would then say "was sent SIGKILL! Perhaps out of memory?")."""
    port = free_port()
    environ = {
        **os.environ,
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": "s" * 60,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "LISTEN_ADDRESS": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": "2",
        "GUNICORN_LOG_LEVEL": "info",  # says when each worker is up
    }
    command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "ramiscore.wsgi"]
    # Its own process group, as on a terminal: Ctrl-C reaches the master and its workers.
    server = subprocess.Popen(
        command,
        cwd=BASE_DIR,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    said = []
    try:
        for line in server.stdout:
            said.append(line)
            # Ready, not only booting: a worker signalled before it listens to signals
            # would be left for the master to kill.
            if sum("Worker ready" in each for each in said) == 2:
                break
        with socket.create_connection(("127.0.0.1", port), timeout=30) as phone:
            phone.sendall(b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert phone.recv(64).startswith(b"HTTP/1.1 ")
            phone.sendall(b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
            # Nothing outside the worker tells when one of its threads is reading this: the
            # only wait in these tests, ample for a socket on this machine.
            time.sleep(0.5)
            os.killpg(server.pid, signal.SIGINT)
            rest, _ = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    said.append(rest)
    assert server.returncode == 0
    assert "SIGKILL" not in "".join(said), "".join(said)


# A worker as gunicorn's threaded worker stands when a second stop signal comes: forked
# (gunicorn.conf.py's post_fork run), its signals set up by gunicorn itself, and the first
# signal's handler in the middle of shutting the thread pool down (the pool's lock held).
# The second signal must still end it, by itself and at once.
LOADED_WORKER = """
import gc, os, runpy, types

import django

django.setup()
conf = runpy.run_path("gunicorn.conf.py")
quiet = types.SimpleNamespace(info=lambda *args: None)
worker = types.SimpleNamespace(cfg=types.SimpleNamespace(timeout=0), log=quiet, pid=os.getpid())
assert gc.get_freeze_count() == 0
conf["post_worker_init"](worker)
import tournaments.urls
print(gc.get_freeze_count(), len(gc.get_objects()))
"""


def test_a_worker_keeps_what_it_loaded_out_of_the_garbage_collectors_sight() -> None:
    """Django and the site's modules, loaded before the first request, live as long as the
    worker: a full collection need not walk them again."""
    done = run_python("-c", LOADED_WORKER, DJANGO_SETTINGS_MODULE="ramiscore.settings")
    assert done.returncode == 0, done.stderr
    frozen, watched = (int(each) for each in done.stdout.split())
    assert frozen > 50_000 and watched < frozen / 10


SECOND_SIGNAL = """
import os, runpy, signal, time, types
from concurrent import futures

from gunicorn.workers.base import Worker
from gunicorn.workers.gthread import ThreadWorker

conf = runpy.run_path("gunicorn.conf.py")
nothing = lambda *args: None
pipe = os.pipe()
os.set_blocking(pipe[1], False)
worker = types.SimpleNamespace(
    alive=True, requests_in_flight=0, tpool=futures.ThreadPoolExecutor(max_workers=2),
    cfg=types.SimpleNamespace(worker_int=conf["worker_int"]), SIGNALS=Worker.SIGNALS,
    PIPE=pipe, handle_exit=nothing, handle_winch=nothing, handle_usr1=nothing,
    handle_abort=nothing,
)
worker.handle_quit = types.MethodType(ThreadWorker.handle_quit, worker)  # gunicorn's own
conf["post_fork"](None, worker)
Worker.init_signals(worker)
worker.tpool._shutdown_lock.acquire()
os.kill(os.getpid(), signal.SIG{name})
time.sleep(30)
raise SystemExit(3)
"""


@pytest.mark.parametrize("name", ["INT", "QUIT"])
def test_a_second_stop_signal_ends_a_worker_stopping_its_threads(name: str) -> None:
    """Ctrl-C reaches each worker, then the master's SIGQUIT does: gunicorn's own handler,
    run again inside the first, waited for ever for the lock the first held (the master then
    killed the worker, "was sent SIGKILL!", once in five stops on a busy machine)."""
    stopped = subprocess.run(
        [sys.executable, "-c", SECOND_SIGNAL.replace("{name}", name)],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert stopped.returncode == 0, stopped.stderr


# A worker just forked, as Ctrl-C reaches it: until gunicorn.conf.py's post_fork sets its
# own handlers it has the master's, which only queue the signal (in the worker's copy of the
# master's queue). post_fork must still end it.
SIGNAL_BEFORE_POST_FORK = """
import os, queue, runpy, signal, time, types

from gunicorn.arbiter import Arbiter

conf = runpy.run_path("gunicorn.conf.py")
server = types.SimpleNamespace(SIG_QUEUE=queue.SimpleQueue())
signal.signal(signal.SIG{name}, types.MethodType(Arbiter.signal, server))  # the master's
worker = types.SimpleNamespace(
    alive=True, requests_in_flight=0, cfg=types.SimpleNamespace(worker_int=conf["worker_int"])
)
os.kill(os.getpid(), signal.SIG{name})
conf["post_fork"](server, worker)
time.sleep(30)
raise SystemExit(3)
"""


@pytest.mark.parametrize("name", ["INT", "QUIT", "TERM"])
def test_a_worker_stopped_before_its_handlers_are_set_leaves_at_once(name: str) -> None:
    """CI: `make serve` stopped while a worker was being forked, and that worker stayed up
    until the master killed it ("was sent SIGKILL!")."""
    stopped = subprocess.run(
        [sys.executable, "-c", SIGNAL_BEFORE_POST_FORK.replace("{name}", name)],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert stopped.returncode == 0, stopped.stderr


def test_make_serve_speaks_french_on_a_french_laptop_and_stops_calmly(tmp_path: Path) -> None:
    """`python -m ramiscore.venue serve` (what `make serve` runs) on a French system, from a
    new club database to the banner, then Ctrl-C."""
    environ = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DEBUG", "ALLOWED_HOSTS", "SITE_URL", "PLAIN_HTTP", "CSRF_TRUSTED_ORIGINS"}
    }
    environ |= {
        "LANGUAGE": "fr",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "SECRET_KEY": "s" * 60,
        "STATIC_ROOT": str(tmp_path / "static"),
        "MEDIA_ROOT": str(tmp_path / "media"),
        "LISTEN_ADDRESS": "127.0.0.1",
        "PORT": str(free_port()),
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "ramiscore.venue", "serve"],
        cwd=BASE_DIR,
        env=environ,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    said = []
    try:
        for line in server.stdout:
            said.append(line)
            if "Ctrl-C arrête le serveur." in line:
                break
        os.killpg(server.pid, signal.SIGINT)
        rest, _ = server.communicate(timeout=90)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    terminal = "".join(said) + rest
    assert "Préparation de la base de données…" in terminal
    assert "Aucun organisateur ne peut encore se connecter. Ajoutez-en un avec" in terminal
    assert "Les téléphones se connectent à http://" in terminal
    assert "Ctrl-C arrête le serveur." in terminal
    assert terminal.rstrip().endswith("make serve reprend là où il s’est arrêté.")
    assert "SIGKILL" not in terminal and server.returncode == 0
