"""The benchmarks' own names for the code they time stay true: `make bench` profiled the
blank sheets under a name the code no longer had, and stopped with a KeyError; it scored a
game file of more hands than a game may have, and stopped with a RulesError."""

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


def test_the_rules_benchmarks_game_file_is_one_the_site_reads():
    import json
    import random

    from bench.bench_rules import long_game_file
    from tournaments.rules import read_game

    game = read_game(json.loads(long_game_file(random.Random(2026))))
    assert len(game.hands) > 100
