"""Python in a fresh interpreter, from the project's folder, with a changed environment: for
what is decided as Django starts (settings from variables, a database that cannot open)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


# Run to the end without a terminal: output kept as text, no input to wait for, the exit
# status left to the caller to check.
UNATTENDED = {"capture_output": True, "text": True, "check": False, "stdin": subprocess.DEVNULL}


def run_python(
    *args: str, unset: Iterable[str] = (), timeout: int = 120, **environ: str
) -> subprocess.CompletedProcess[str]:
    """`python ARGS` with this environment less `unset`, plus `environ`; never waits on input."""
    env = {key: value for key, value in os.environ.items() if key not in set(unset)}
    env.update(environ)
    return subprocess.run(
        [sys.executable, *args], cwd=BASE_DIR, env=env, timeout=timeout, **UNATTENDED
    )
