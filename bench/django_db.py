"""A throwaway database for the benchmarks that need Django: never the developer's own.

`setup()` points Django at a fresh SQLite file in a temporary folder (or at BENCH_DATABASE_URL,
e.g. a PostgreSQL database made for the purpose), runs the migrations once, and returns.
Every benchmark module calls it; the first call does the work.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_ready = False


def setup() -> None:
    global _ready
    if _ready:
        return
    sys.path.insert(0, str(ROOT))
    if os.environ.get("BENCH_DATABASE_URL"):
        os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    else:
        folder = tempfile.mkdtemp(prefix="ramiscore-bench-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    os.environ.setdefault("DEBUG", "1")

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    _ready = True
