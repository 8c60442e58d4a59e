"""The people of the permission matrices, as logged-in (or not) test clients."""

from __future__ import annotations

from django.test import Client

from tests.factories import ClubFactory, StaffFactory, UserFactory, organise


def client_for(who: str, organiser, *, table_link: str = "") -> Client:
    """A browser session for one identity: anonymous, a table link's player (who opened
    `table_link`), another club's organiser, this club's organiser, or a site admin."""
    client = Client()
    if table_link:
        client.get(table_link)
    elif who == "other_organiser":
        other = UserFactory(username="voisin")
        organise(ClubFactory(name="Club voisin"), other)
        client.force_login(other)
    elif who == "organiser":
        client.force_login(organiser)
    elif who == "admin":
        client.force_login(StaffFactory(username="root"))
    return client
