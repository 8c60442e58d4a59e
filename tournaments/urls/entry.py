"""URLs of the entry pages."""

from __future__ import annotations

urlpatterns: list = []
