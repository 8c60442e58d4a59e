"""What the federation tests share (its fixtures are in tests/conftest.py)."""

from __future__ import annotations


def csv_of(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode()
