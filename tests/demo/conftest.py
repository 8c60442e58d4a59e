"""The demo loaded once per test module (`manage.py load_demo` takes seconds: every hand goes
through the services), in a transaction rolled back after the module's last test. Each test
runs in a savepoint inside it, as usual, so what one test changes is gone for the next."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings

from tournaments.demo import DEMO_CLUB, DEMO_TOURNAMENT
from tournaments.demo.club_nights import GIN_NIGHT, RAMI_NIGHT
from tournaments.models import Event


@dataclass(frozen=True)
class LoadedDemo:
    printed: str  # what the command said
    events: list[Event]  # tonight's rami and gin nights, then the tournament


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker) -> Iterator[LoadedDemo]:
    out = io.StringIO()
    fast_hashing = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # as in tests/conftest
    with (
        django_db_blocker.unblock(),
        override_settings(DEBUG=True, PASSWORD_HASHERS=fast_hashing),
        transaction.atomic(),
    ):
        call_command("load_demo", stdout=out)
        names = (RAMI_NIGHT, GIN_NIGHT, DEMO_TOURNAMENT)
        events = [Event.objects.get(club__name=DEMO_CLUB, name=name) for name in names]
        yield LoadedDemo(out.getvalue(), events)
        transaction.set_rollback(True)
