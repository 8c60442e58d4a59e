"""Every worked example of ../shared/vectors/ is one test case, named by its id."""

from __future__ import annotations

import json

import pytest

from tournaments.rules import RulesError, read_game, score_game, write_result

from .vectors import COPY, SHARED, load_vectors, mismatches

VECTORS = load_vectors()


def result_document(game_file: dict) -> dict:
    game = read_game(game_file)
    # Through JSON, as score_game prints it: tuples become lists, keys stay strings.
    return json.loads(json.dumps(write_result(game, score_game(game))))


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_the_engine_gives_the_vectors_result(vector):
    if vector.get("expected_error"):
        with pytest.raises(RulesError) as error:
            result_document(vector["game"])
        assert error.value.problems, "an invalid game must say what is wrong"
    else:
        assert mismatches(vector["expected"], result_document(vector["game"])) == []


def test_there_are_vectors_of_every_kind():
    prefixes = {v["id"].rstrip("0123456789") for v in VECTORS}
    assert {"T", "P", "H", "J", "M", "W", "L", "C", "K", "D", "E", "PT", "PG", "PP"} <= prefixes
    assert len(VECTORS) >= 60


@pytest.mark.skipif(
    not SHARED.is_dir(), reason="the shared vectors folder is not beside this checkout"
)
def test_the_repository_copy_of_the_vectors_is_up_to_date():
    shared = {p.name: p.read_bytes() for p in SHARED.glob("*")}
    copy = {p.name: p.read_bytes() for p in COPY.glob("*")}
    assert copy == shared, "run `make vectors` to refresh tests/rules/vectors/"


def test_mismatches_treats_booleans_apart_from_numbers():
    assert mismatches({"finished": True}, {"finished": 1}) != []
    assert mismatches({"a": 1}, {"a": 1.0}) == []
    assert mismatches({"a": [1, 2]}, {"a": [1]}) != []
    assert mismatches({"a": {"b": 1}}, {"a": {"b": 1, "c": 2}}) == []
    assert mismatches({"p": "75.00"}, {"p": "75.0"}) != []
