"""Reads about people's accounts."""

from __future__ import annotations

from django.contrib.auth import get_user_model


def has_organiser() -> bool:
    """Whether anyone can log in to run events (one query).

    Players need no account here: an account belongs to a club's organiser or volunteer, and
    one without a club yet creates his own from the dashboard.
    """
    return get_user_model().objects.filter(is_active=True).exists()
