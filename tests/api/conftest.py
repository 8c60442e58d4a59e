"""What the API tests share: tokens made through the real service, and a tournament of any
size to count queries on."""

from __future__ import annotations

import pytest

from tests.factories import make_game, play


@pytest.fixture
def token_for(organiser):
    """token_for(club, "read", "enter", event=None) → the secret of a new token."""
    from tournaments.integrations.services.tokens import create_token

    def make(club, *scopes: str, event=None, days: int = 30) -> str:
        made = create_token(
            club=club,
            name="Club website",
            scopes=list(scopes),
            days=days,
            user=organiser,
            event=event,
        )
        return made.secret

    return make


def bearer(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def tables(event, count: int, *, hands: int = 2):
    """`count` tables of three in round 1, each with `hands` hands played."""
    games = []
    for table in range(1, count + 1):
        names = tuple(f"P{table}-{seat}" for seat in range(1, 4))
        game = make_game(event, players=names, table_number=table)
        for _hand in range(hands):
            play(game, "going_out", names[0], **{names[1]: 5, names[2]: 7})
        games.append(game)
    return games
