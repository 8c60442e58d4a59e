"""Demo data for local use: a known organiser account, never under production settings."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-organiser"


class DemoNotAllowed(Exception):
    """Raised when demo data is asked for outside a DEBUG (local) configuration."""


@dataclass(frozen=True)
class DemoSummary:
    username: str
    password: str
    created: bool


def load_demo() -> DemoSummary:
    """Create or refresh the demo data; running it twice leaves one demo account."""
    # The account has a published password: it must never exist on a real site.
    if not settings.DEBUG:
        raise DemoNotAllowed(
            "Demo data is only for local use: it refuses to run when DEBUG is off."
        )
    with transaction.atomic():
        organiser, created = get_user_model().objects.get_or_create(
            username=DEMO_USERNAME,
            defaults={"first_name": "Demo", "last_name": "Organiser"},
        )
        # Reset every time, so the printed password always works.
        organiser.set_password(DEMO_PASSWORD)
        organiser.save()
    return DemoSummary(username=DEMO_USERNAME, password=DEMO_PASSWORD, created=created)
