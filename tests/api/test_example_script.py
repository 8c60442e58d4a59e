"""The example of docs/api.md runs: a script that follows an event through the API and its
webhooks, as a club website or a chat bot would, against a live server."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.factories import PlayerFactory, play
from tournaments.events.services.rounds import close_round, open_round
from tournaments.integrations.services import tokens, webhooks
from tournaments.models import Happening, Registration

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "follow_event.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.django_db(transaction=True)
def test_the_documented_example_follows_an_event_through_the_api_and_its_webhooks(
    live_server, settings, club, event, organiser
):
    settings.WEBHOOKS_ALLOW_PRIVATE = True  # the example listens on this machine
    event.options = {"target": 10}
    event.save()
    for name in ("Anne", "Bruno", "Chloé"):
        Registration.objects.create(
            event=event, player=PlayerFactory(club=club, name=name), checked_in=True
        )
    token = tokens.create_token(club=club, name="Bot", scopes=["read"], days=1, user=organiser)
    port = free_port()
    hook = webhooks.subscribe(
        club=club,
        url=f"http://127.0.0.1:{port}/",
        happenings=list(Happening.values),
        user=organiser,
    )
    follower = subprocess.Popen(
        [
            sys.executable,
            str(SCRIPT),
            "--site",
            live_server.url,
            "--event",
            str(event.pk),
            "--token",
            token.secret,
            "--listen",
            f"127.0.0.1:{port}",
            "--secret",
            hook.secret,
            "--timeout",
            "60",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert follower.stdout is not None
        first_line = follower.stdout.readline()
        assert first_line.startswith("Following Soirée du jeudi"), follower.stderr.read()
        round_ = open_round(event=event)
        game = round_.games.get()
        first, second, third = (seat.player.name for seat in game.seats.order_by("position"))
        play(game, "going_out", first, **{second: 6, third: 12})
        close_round(round_=round_)
        out, err = follower.communicate(timeout=60)
    finally:
        follower.kill()
    lines = out.splitlines()
    assert follower.returncode == 0, err
    assert lines[0].startswith("Round 1 is seated: ")
    assert f"Table 1, hand 1: {first} 0, {second} 6, {third} 12." in lines
    assert f"Table 1 is over: {first} wins." in lines
    assert any(line.startswith("Standings: 1. ") for line in lines)
    assert lines[-1] == "The event is over."
