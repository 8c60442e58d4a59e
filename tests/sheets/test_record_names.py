"""One name per person on the game record: who entered a hand and who corrected it read
the same (the full name when the account has one), and the record's words take the event's
language's colon."""

from __future__ import annotations

import pytest

from tests.factories import EventFactory, UserFactory, correct, make_game, organise, play
from tests.pdf import pages_text
from tournaments.sheets import pdfs

pytestmark = pytest.mark.django_db


def test_the_record_names_the_organiser_alike_as_enterer_and_as_corrector(club):
    demo = UserFactory(username="demo", first_name="Demo", last_name="Organiser")
    organise(club, demo)
    game = make_game(EventFactory(club=club, options={"target": 100}, language="en"))
    hand = play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    hand.entered_by = demo
    hand.save()
    correct(hand, "going_out", "Anne", reason="recount", user=demo, Bruno=13, Chloé=4)
    text = " ".join(pages_text(pdfs.game_record_pdf(game))[0].split())
    assert "by Demo Organiser" in text  # the correction note
    assert text.count("Demo Organiser") >= 2  # and the "Entered by" column
    assert "by demo " not in text


def test_the_french_record_writes_the_colon_the_french_way(club):
    game = make_game(EventFactory(club=club, options={"target": 100}, language="fr"))
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    text = " ".join(pages_text(pdfs.game_record_pdf(game))[0].split())
    assert "Anne : sortie" in text
