"""Reads about organisers' accounts."""

from __future__ import annotations

from django.contrib.auth import get_user_model


def has_organiser() -> bool:
    """Whether anyone can log in to run events (one query).

    Players have no account here: every account is an organiser's, one without a club yet
    creates his own from the dashboard.
    """
    return get_user_model().objects.filter(is_active=True).exists()
