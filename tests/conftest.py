"""Fixtures shared by every test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.utils import translation

from tests.factories import ClubFactory, StaffFactory, UserFactory, organise


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("CACHE_URL") and getattr(config.option, "numprocesses", None):
        # Each test empties the cache (below): on one shared Redis, another process's too.
        raise pytest.UsageError("With CACHE_URL the tests share one cache: run them with -n 0.")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, each test process's database is a file of its own rather than Django's
    default in-memory one. An in-memory database is one connection, which the live server's
    request threads would share with the test and with each other: two requests at once (a
    phone sending its kept hands while the page polls) then began a transaction inside
    another's ("cannot start a transaction within a transaction") or read a half-written
    one, and CI's browser tests failed one run in two. A file lets every thread have its own
    connection, as under `make serve`; not syncing it to disk keeps it as fast."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(
            tmp_path_factory.mktemp("database") / "test.sqlite3"
        )
        database.setdefault("OPTIONS", {})["init_command"] = "PRAGMA synchronous=OFF"


@pytest.fixture(autouse=True)
def english_by_default(request, settings):
    """Tests read English, the language of the msgids. The site's own French default is
    tested by the tests marked `french_default`, and by those asking for French."""
    if request.node.get_closest_marker("french_default"):
        yield
        return
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hash test passwords cheaply: PBKDF2's deliberate slowness costs ~0.3 s per user."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def pdf_folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pdfs")


@pytest.fixture(autouse=True)
def pdfs_and_tasks_of_the_test(settings, pdf_folder):
    """Rendered PDFs go to a scratch folder; background tasks run at once, in the test (the
    real worker, `manage.py db_worker`, is started by `make serve`); each test starts with an
    empty cache (pages rendered for one test's data are not served to the next one's, and the
    renders counted per address start from nothing)."""
    settings.STORAGES = {
        **settings.STORAGES,
        "pdfs": {
            **settings.STORAGES["pdfs"],  # the site's own backend
            "OPTIONS": {"location": pdf_folder, "base_url": None},
        },
    }
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    cache.clear()


@pytest.fixture(autouse=True)
def pages_that_follow_each_change(settings):
    """An event-wide page or API read made for phones without a session is shared for a
    couple of seconds (web/polling.py): a test reads it again at once after a change, and
    must see it, unless it sets POLL_COALESCE_SECONDS itself (tests/web/test_coalescing.py)."""
    settings.POLL_COALESCE_SECONDS = 0


@pytest.fixture(autouse=True)
def table_links_that_stay_open(settings):
    """The tests' events have fixed dates, soon in the past: their table links take hands
    whatever today's date, unless a test sets TABLE_LINK_DAYS itself."""
    settings.TABLE_LINK_DAYS = 100 * 365


@pytest.fixture
def organiser(db: None) -> AbstractBaseUser:
    """An ordinary organiser account (not staff)."""
    return UserFactory(username="organiser")


@pytest.fixture
def staff(db: None) -> AbstractBaseUser:
    """A club administrator with access to the admin."""
    return StaffFactory(username="admin")


@pytest.fixture
def club(organiser):
    """The organiser's club."""
    from tests.factories import ClubFactory

    club = ClubFactory(name="Club de rami de Montreuil")
    organise(club, organiser)
    return club


@pytest.fixture
def event(club):
    """A club night of rami à pénalités (target 100) with a 5.00 stake."""
    from tests.factories import EventFactory

    return EventFactory(
        club=club,
        name="Soirée du jeudi",
        variant="rami-penalites",
        options={"target": 100},
        entry_fee=5,
    )


@pytest.fixture
def game(event):
    """Table 1 of the event's first round: Anne, Bruno, Chloé; no hand yet."""
    from tests.factories import make_game

    return make_game(event, pot=15)


@pytest.fixture
def hands_confirmed(event):
    """The `event` fixture with its hands confirmed by a second player (docs/confirmation.md)."""
    event.confirmation_required = True
    event.save()
    return event


@pytest.fixture
def organiser_client(organiser):
    """A browser session of the club's organiser, logged in."""
    from django.test import Client

    client = Client()
    client.force_login(organiser)
    return client


# A federation of two clubs, Montreuil and Vincennes, and its official.


@pytest.fixture
def official(db):
    return UserFactory(username="officiel")


@pytest.fixture
def federation(official, club):
    from tournaments.models import Federation

    federation = Federation.objects.create(name="Fédération française de rami")
    federation.officials.add(official)
    club.federation = federation
    club.save()
    ClubFactory(name="Rami club de Vincennes", federation=federation)
    return federation


@pytest.fixture
def vincennes(federation):
    return federation.clubs.get(name="Rami club de Vincennes")


# A simultaneous evening of the federation: venue 1 at Montreuil (the `organiser`'s club),
# venue 2 at Vincennes (whose organiser is `vincennes_organiser`).


@pytest.fixture
def vincennes_organiser(vincennes):
    user = UserFactory(username="vincennes")
    organise(vincennes, user)
    return user


@pytest.fixture
def evening(federation, vincennes, official):
    import datetime

    from tournaments.federation.services.evenings import create_evening

    return create_evening(
        federation=federation,
        clubs=[vincennes, federation.clubs.exclude(pk=vincennes.pk).get()],
        name="Simultané de décembre",
        date=datetime.date(2026, 12, 4),
        variant="rami-penalites",
        options={"target": 50},
        seating_method="swiss",
        created_by=official,
    )


@pytest.fixture
def seated(evening, organiser, vincennes_organiser):
    """The `evening`'s two venues, Montreuil (4 players) and Vincennes (3), each seated by its
    own organiser: (montreuil, vincennes)."""
    from tournaments.federation.services.evenings import register_at_venue, seat_venue

    montreuil, vincennes = evening.venues.order_by("number")
    register_at_venue(venue=montreuil, names=["Anne", "Bruno", "Chloé", "Denis"], user=organiser)
    register_at_venue(venue=vincennes, names=["Ivan", "Jeanne", "Karim"], user=vincennes_organiser)
    seat_venue(venue=montreuil, user=organiser, seed=1)
    seat_venue(venue=vincennes, user=vincennes_organiser, seed=1)
    return montreuil, vincennes
