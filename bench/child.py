"""Run a benchmark's measurements in a child process: Django is set up there, on its own
throwaway database (bench/django_db.py), whatever the benchmarks before it did in the
runner's process. The child prints its figures as one JSON line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULT_MARK = "BENCH-RESULT "


def run(module: str) -> dict:
    """Run `python -m module --child` and return the figures it printed."""
    finished = subprocess.run(
        [sys.executable, "-m", module, "--child"],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "ramiscore.settings"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if finished.returncode != 0:
        raise RuntimeError(f"{module} failed:\n{finished.stderr}")
    line = next(x for x in finished.stdout.splitlines() if x.startswith(RESULT_MARK))
    return json.loads(line[len(RESULT_MARK) :])


def report(figures: dict) -> None:
    """What the child prints for its parent."""
    print(RESULT_MARK + json.dumps(figures))


def run_as_script(measure: Callable[[], dict], main: Callable[[], dict]) -> None:
    """A benchmark run as `python -m bench.NAME`: with --child it measures for its parent
    (run); alone it prints its figures."""
    if "--child" in sys.argv:
        report(measure())
    else:
        for key, value in main().items():
            print(f"{key}: {value}")
