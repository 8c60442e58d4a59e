"""URLs of the public pages."""

from __future__ import annotations

urlpatterns: list = []
