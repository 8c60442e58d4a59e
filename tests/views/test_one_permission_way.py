"""Views say who may act in one way: the decorators of web/permissions.py."""

from __future__ import annotations

from pathlib import Path

VIEWS = Path(__file__).resolve().parents[2] / "tournaments" / "views"


def test_no_view_module_but_permissions_refuses_a_visitor_itself():
    for path in VIEWS.glob("*.py"):
        if path.name == "permissions.py":
            continue
        text = path.read_text()
        for own_check in ("redirect_to_login(", "raise PermissionDenied"):
            assert own_check not in text, f"views/{path.name} checks the user itself"
