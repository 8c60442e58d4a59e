"""URLs of the tournament pages."""

from __future__ import annotations

urlpatterns: list = []
