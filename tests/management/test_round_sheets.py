"""`manage.py round_sheets`: a round's blank sheets written to a file, with a progress bar."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from tests.factories import EventFactory, make_game
from tests.pdf import in_english, page_count, pages_text, qr_codes
from tournaments.sheets import pdfs

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    return in_english(event)


def run(*args: object) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("round_sheets", *[str(arg) for arg in args], stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_writes_one_page_per_table_and_shows_its_progress(event, game, tmp_path):
    for number in range(2, 13):
        make_game(event, table_number=number, players=(f"A{number}", f"B{number}"))
    target = tmp_path / "round-1.pdf"

    out, err = run(event.pk, 1, "-o", target)

    assert page_count(target.read_bytes()) == 12
    assert f"Wrote 12 sheets (one page per table) to {target}." in out
    progress = err.splitlines()
    assert "[------------------------------] 0/12 preparing" not in progress
    assert "[##############################] 12/12 preparing" in progress
    assert "[##############################] 12/12 laying out" in progress
    assert progress[-1] == "writing the PDF: done"
    # Not a terminal: a line per tenth at most, not one per table and stage.
    assert len(progress) <= 2 * 11 + 2


def test_a_large_round_is_laid_out_by_several_processes_and_joined_in_order(
    event, tmp_path, monkeypatch
):
    # Large from 12 tables here: two chunks of 6, half the pages of the real threshold's four.
    tables = 12
    monkeypatch.setattr(pdfs, "PARALLEL_FROM", tables)
    games = [
        make_game(event, table_number=number, players=(f"A{number}", f"B{number}"))
        for number in range(1, tables + 1)
    ]
    target = tmp_path / "round-1.pdf"

    out, err = run(event.pk, 1, "-o", target, "--processes", 2, "--site-url", "https://c.org")

    pdf = target.read_bytes()
    assert page_count(pdf) == tables
    texts = pages_text(pdf)
    assert all(f"Table {n}" in texts[n - 1] and f"A{n}" in texts[n - 1] for n in (1, 7, tables))
    assert qr_codes(pdf, page=tables) == {
        f"https://c.org/games/{games[-1].pk}/",
        f"https://c.org/t/{games[-1].link_token}/",
    }
    progress = err.splitlines()
    assert f"[##############################] {tables}/{tables} laying out" in progress
    assert progress[-1] == "writing the PDF: done"
    assert len(progress) <= 3 * 11


def test_the_site_url_option_goes_into_the_qr_codes(event, game, tmp_path):
    target = tmp_path / "sheets.pdf"

    run(event.pk, 1, "-o", target, "--site-url", "https://club.example.org/", "--players-copy")

    assert qr_codes(target.read_bytes()) == {f"https://club.example.org/games/{game.pk}/"}
    assert "Enter hands" not in pages_text(target.read_bytes())[0]


def test_quiet_means_no_progress(event, game, tmp_path):
    out, err = run(event.pk, 1, "-o", tmp_path / "sheets.pdf", "-v", 0)

    assert err == ""


def test_an_unknown_round_is_a_clear_error(event, game, tmp_path):
    with pytest.raises(CommandError, match=f"Event {event.pk} has no round 2"):
        run(event.pk, 2, "-o", tmp_path / "sheets.pdf")


def test_a_round_without_tables_is_a_clear_error(tmp_path):
    from tournaments.models import Round

    event = EventFactory()
    Round.objects.create(event=event, number=1)

    with pytest.raises(CommandError, match="has no table yet"):
        run(event.pk, 1, "-o", tmp_path / "sheets.pdf")


def test_an_unwritable_file_is_a_clear_error(event, game, tmp_path):
    with pytest.raises(CommandError, match="Cannot write"):
        run(event.pk, 1, "-o", tmp_path / "missing-folder" / "sheets.pdf")
