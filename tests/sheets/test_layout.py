"""How the sheets are laid out quickly: lean stylesheets, the sheets' own user-agent stylesheet
(pages identical to WeasyPrint's own), and a round laid out by several processes."""

from __future__ import annotations

import io

import pypdf
import pytest
import weasyprint

from tests.factories import correct, make_game, play
from tests.fresh import run_python
from tests.pdf import in_english, page_count, pages_text, qr_codes, same_page, same_pages
from tournaments.models import Round
from tournaments.sheets import blank, parallel, pdfs, render, standings
from tournaments.sheets.pdfs import chunk_bounds
from tournaments.sheets.record import game_record

pytestmark = pytest.mark.django_db
SITE = "https://ramiscore.example.org"


@pytest.fixture
def event(event):
    return in_english(event)


def first_round(event) -> Round:
    return Round.objects.select_related("event__club").get(event=event, number=1)


def html_of(kind: str, event, game) -> str:
    round_ = first_round(event)
    if kind == "blank":
        context = {
            "event": event,
            "round": round_,
            "sheets": [blank.blank_sheet(game, site=SITE, entry_links=True)],
        }
        return render.render_html("sheets/blank.html", context, language="en")
    if kind == "record":
        return render.render_html(
            "sheets/record.html", {"record": game_record(game.pk)}, language="en"
        )
    if kind == "results":
        return render.render_html(
            "sheets/standings.html", standings.standings_context(event), language="en"
        )
    return render.render_html("sheets/seating.html", standings.seating_list(round_), language="en")


@pytest.mark.parametrize("kind", ["blank", "record", "results", "seating"])
def test_the_sheets_own_user_agent_stylesheet_prints_what_weasyprints_would(
    event, game, kind, monkeypatch
):
    hand = play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    correct(hand, "going_out", "Anne", Bruno=25, Chloé=4, reason="miscounted")
    play(game, "going_out", "Bruno", Anne=7, Chloé=12)
    html = html_of(kind, event, game)

    ours = render.html_to_pdf(html)
    monkeypatch.setattr(render, "SheetHTML", weasyprint.HTML)
    weasyprints = render.html_to_pdf(html)

    assert same_pages(ours, weasyprints)


def test_a_blank_sheet_links_only_the_common_and_the_blank_stylesheets(event, game):
    html = html_of("blank", event, game)

    assert "css/print-common.css" in html and "css/print-blank.css" in html
    assert "css/print.css" not in html


def test_the_other_sheets_link_the_common_and_their_own_stylesheets(event, game):
    html = html_of("record", event, game)

    assert "css/print-common.css" in html and "css/print.css" in html
    assert "print-blank.css" not in html


def outline_titles(pdf: bytes) -> list[str]:
    return [
        item.title
        for item in pypdf.PdfReader(io.BytesIO(pdf)).outline
        if not isinstance(item, list)
    ]


# Large from 12 tables here: two chunks of 6 for two processes, half the pages (each costs
# a layout) of the real threshold's four chunks.
LARGE = 12


def test_a_round_laid_out_by_several_processes_reads_as_one_laid_out_at_once(event, monkeypatch):
    monkeypatch.setattr(pdfs, "PARALLEL_FROM", LARGE)
    assert chunk_bounds(LARGE, 2) == [(0, LARGE // 2), (LARGE // 2, LARGE)]
    games = [
        make_game(event, table_number=number, players=(f"A{number}", f"B{number}", f"C{number}"))
        for number in range(1, LARGE + 1)
    ]
    round_ = first_round(event)
    heard = []

    parallel = pdfs.blank_sheets_pdf(
        round_, site=SITE, processes=2, progress=lambda *step: heard.append(step)
    )
    at_once = pdfs.blank_sheets_pdf(round_, site=SITE)

    assert pages_text(parallel) == pages_text(at_once)
    for page in (1, LARGE):  # the first chunk's first page, the last one's last
        assert same_page(parallel, at_once, page)
    assert outline_titles(parallel) == outline_titles(at_once)
    assert (
        pypdf.PdfReader(io.BytesIO(parallel)).metadata.title
        == "Score sheets · Soirée du jeudi · round 1"
    )
    assert qr_codes(parallel, page=LARGE) == {
        f"{SITE}/games/{games[-1].pk}/",
        f"{SITE}/t/{games[-1].link_token}/",
    }
    layout = [done for stage, done, total in heard if stage == "layout"]
    assert layout == sorted(layout) and layout[-1] == LARGE
    assert heard[-1] == ("writing", 1, 1)


def test_a_small_round_is_laid_out_in_one_piece_whatever_the_processes(event, game, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a small round needs no processes")

    monkeypatch.setattr(pdfs, "lay_out_in_parallel", refuse)

    assert page_count(pdfs.blank_sheets_pdf(first_round(event), site=SITE, processes=8)) == 1


@pytest.mark.parametrize(
    ("tables", "processes", "sizes"),
    [
        (24, 2, [6, 6, 6, 6]),
        (200, 2, [20] * 7 + [15, 12, 9, 6, 6, 6, 6]),
        (200, 8, [13, 12, 11, 11, 10, 9, 9, 8, 8, 7, 7] + [6] * 14 + [11]),
        (500, 2, [20] * 22 + [15, 12, 9, 6, 6, 6, 6]),
        (60, 4, [8, 7, 6, 6, 6, 6, 6, 6, 9]),
        (31, 4, [6, 6, 6, 6, 7]),
    ],
)
def test_chunks_are_large_while_much_is_left_and_small_at_the_end(tables, processes, sizes):
    bounds = chunk_bounds(tables, processes)
    assert [end - start for start, end in bounds] == sizes
    # Every table once, in order.
    assert [table for start, end in bounds for table in range(start, end)] == list(range(tables))


# What a layout process does, in a fresh interpreter: the fork server's preload, then start().
LAYOUT_PROCESS = """
import multiprocessing, os
if os.environ.get("EXTRA_APP"):
    import ramiscore.settings as settings
    settings.INSTALLED_APPS.append(os.environ["EXTRA_APP"])
import tournaments.sheets.layout_preload
from tournaments.sheets import layout_worker
try:
    layout_worker.start(multiprocessing.Queue(), "ramiscore.settings")
except Exception as error:
    print(type(error).__name__, error)
else:
    from django.apps import apps
    print("ready" if apps.ready else "not-ready")
"""


@pytest.mark.parametrize(
    ("environ", "told"),
    [
        ({}, "ready"),
        ({"DJANGO_SETTINGS_MODULE": "no.such.settings"}, "ModuleNotFoundError"),
        # An app that fails to load leaves Django's registry half-loaded: still the cause.
        ({"EXTRA_APP": "no_such_app"}, "ModuleNotFoundError"),
    ],
)
def test_a_layout_process_has_django_set_up_by_its_fork_server_or_says_why_not(environ, told):
    # A preload that raised would kill the fork server, and every layout process with it.
    assert "tournaments.sheets.layout_preload" in parallel.PRELOAD
    done = run_python(
        "-c", LAYOUT_PROCESS, **{"DJANGO_SETTINGS_MODULE": "ramiscore.settings", **environ}
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == told, done.stdout


def test_the_fork_server_sets_nothing_up_without_a_settings_module():
    script = (
        "import tournaments.sheets.layout_preload as preload\n"
        "from django.apps import apps\n"
        "print(apps.ready, preload.failure)"
    )
    done = run_python("-c", script, unset=["DJANGO_SETTINGS_MODULE"])
    assert done.stdout.split() == ["False", "None"], done.stderr
