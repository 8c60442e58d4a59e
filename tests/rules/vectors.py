"""The worked examples of ../shared/vectors/, and how a result matches a partial expectation."""

from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "vectors"
# The shared folder is the reference; the repository keeps a copy so that a checkout alone
# (CI) runs every vector. test_vectors checks that the copy has not drifted.
COPY = Path(__file__).resolve().parent / "vectors"
FOLDER = SHARED if SHARED.is_dir() else COPY


def load_vectors(folder: Path = FOLDER) -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))]


def one_of_each_kind(vectors: list[dict]) -> list[dict]:
    """The first vector of each kind (the letters its id starts with: T, P, GG, E…). The
    engine runs every vector (test_vectors); the layers above it (game files in the
    database, the command line) run this sample, which has every kind and every variant."""
    kinds: dict[str, dict] = {}
    for vector in vectors:
        kinds.setdefault(re.match(r"[A-Z]+", vector["id"]).group(), vector)
    return list(kinds.values())


def mismatches(expected, actual, path: str = "result") -> list[str]:
    """Where `actual` differs from the partial `expected` (see the vectors' README)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}.{key}: missing")
            else:
                found += mismatches(value, actual[key], f"{path}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        found = []
        for i, (item, actual_item) in enumerate(zip(expected, actual, strict=True)):
            found += mismatches(item, actual_item, f"{path}[{i}]")
        return found
    if isinstance(expected, bool) or isinstance(actual, bool):
        same = expected is actual  # true/false never equal 1/0
    else:
        same = expected == actual  # numbers by value; strings exactly
    return [] if same else [f"{path}: expected {expected!r}, got {actual!r}"]
