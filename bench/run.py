"""Run every benchmark: import each bench/bench_*.py module and call its main().

A benchmark's main() takes no arguments and returns a mapping of result names to numbers
(or None); this runner prints them. A benchmark that needs Django calls django.setup()
itself; DJANGO_SETTINGS_MODULE is already set.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent


def discover() -> list[str]:
    """Names of the benchmark modules, in a stable order."""
    return sorted(path.stem for path in BENCH_DIR.glob("bench_*.py"))


def main() -> int:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    names = discover()
    if not names:
        print("No benchmarks found in bench/.")
        return 0
    for name in names:
        module = importlib.import_module(f"bench.{name}")
        started = time.perf_counter()
        results = module.main() or {}
        elapsed = time.perf_counter() - started
        print(f"{name} ({elapsed:.2f} s)")
        for key, value in results.items():
            print(f"  {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
