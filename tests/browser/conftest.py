"""Real-browser tests: pytest-playwright driving Debian's Chromium (never `playwright install`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Playwright's sync API runs an event loop in this thread, which makes Django refuse
# database access from "async context" in live_server set-up; the access is in fact sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium with flags that keep it off the (closed) network."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {CHROMIUM} is missing: install Debian's chromium package.")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium); CI requires it.")
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A French-speaking phone, the site's main audience."""
    return {**browser_context_args, "locale": "fr-FR", "viewport": {"width": 390, "height": 844}}


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots a person can look at (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
