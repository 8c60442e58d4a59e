"""Demo data for local use (`manage.py load_demo`): `load` builds it, from the club nights
of `club_nights` and the small tournament of `tournament`, through the real services."""

from .load import (
    DEMO_CLUB,
    DEMO_PASSWORD,
    DEMO_USERNAME,
    MEMBERS,
    DemoNotAllowed,
    DemoSummary,
    load_demo,
)
from .tournament import DEMO_TOURNAMENT

__all__ = [
    "DEMO_CLUB",
    "DEMO_PASSWORD",
    "DEMO_TOURNAMENT",
    "DEMO_USERNAME",
    "MEMBERS",
    "DemoNotAllowed",
    "DemoSummary",
    "load_demo",
]
