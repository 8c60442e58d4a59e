"""URLs of the organiser pages."""

from __future__ import annotations

urlpatterns: list = []
