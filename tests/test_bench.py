"""The benchmarks' own names for the code they time stay true: `make bench` profiled the
blank sheets under a name the code no longer had, and stopped with a KeyError."""

from __future__ import annotations

import importlib

from bench.bench_sheets import STAGES, TOTAL


def test_the_sheets_benchmark_names_functions_that_exist():
    for key in [TOTAL, *STAGES.values()]:
        where, name = key.split(":")
        if not where.startswith("sheets/"):
            continue  # WeasyPrint's own
        module = importlib.import_module(
            "tournaments." + where.removesuffix(".py").replace("/", ".")
        )
        assert callable(getattr(module, name, None)), key
