from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from pytest_django import Settings

from tournaments.demo import DEMO_PASSWORD, DEMO_USERNAME

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db
# The first test needs an empty database: the others share the demo loaded once for them
# (tests/demo/conftest.py), which stays until the module's end.


def test_load_demo_refuses_when_debug_is_off(settings: Settings) -> None:
    settings.DEBUG = False
    with pytest.raises(CommandError, match="only for local use"):
        call_command("load_demo")
    assert not get_user_model().objects.filter(username=DEMO_USERNAME).exists()


def test_load_demo_creates_the_demo_organiser_and_says_how_to_log_in(demo) -> None:
    organiser = authenticate(username=DEMO_USERNAME, password=DEMO_PASSWORD)
    assert organiser is not None
    assert not organiser.is_staff
    assert "http://127.0.0.1:8000/accounts/login/" in demo.printed
    assert f"'{DEMO_USERNAME}'" in demo.printed and f"'{DEMO_PASSWORD}'" in demo.printed


def test_load_demo_twice_keeps_one_account_with_the_known_password(demo) -> None:
    get_user_model().objects.filter(username=DEMO_USERNAME).update(password="changed")
    call_command("load_demo")
    assert get_user_model().objects.filter(username=DEMO_USERNAME).count() == 1
    assert authenticate(username=DEMO_USERNAME, password=DEMO_PASSWORD) is not None


def test_load_demo_exits_non_zero_under_production_settings() -> None:
    environ = dict(
        os.environ,
        DEBUG="0",
        SECRET_KEY="p" * 30 + "0123456789abcdefghijklmnopqrstuvwxyz",
        ALLOWED_HOSTS="ramiscore.example.org",
        # Points nowhere real: the command must refuse before touching any database.
        DATABASE_URL="sqlite:////nonexistent/ramiscore.sqlite3",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "load_demo"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "only for local use" in result.stderr
