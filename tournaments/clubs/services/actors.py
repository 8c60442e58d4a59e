"""Who makes a change: a person logged in, a visitor (a table link's phone), or a command; and
the account a change is attributed to."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

Actor = User | AnonymousUser | None


def account(user: Actor) -> User | None:
    """The account a change is attributed to: the person logged in, else nobody (a table
    link's phone, a command)."""
    return user if user is not None and user.is_authenticated else None
