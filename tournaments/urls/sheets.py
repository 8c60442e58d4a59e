"""URLs of the sheets pages."""

from __future__ import annotations

urlpatterns: list = []
