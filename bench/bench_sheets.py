"""Score sheets and PDFs: a round of 200 tables, and the public PDFs served from storage.

Figures, each with its target (issue 11 §3) beside it:
- a plain one-table reference page, laid out by WeasyPrint alone (its own stylesheet): the
  seconds per page this machine gives right now, against which the sheets are measured;
- the blank sheets of a round of 200 tables laid out on every core (the background worker's
  way, and `manage.py round_sheets`): wall seconds (target ≤ 15 s; 52 s in the request before),
  seconds per page, and per page against the reference;
- the same in one process (a small round in a request), wall and CPU, against the reference
  and against WeasyPrint alone on the very HTML the service rendered (target ≤ 1.3);
- where one process's time goes (cProfile): the styles step was 28 %;
- a game's record and an event's results through the site: the first request renders, the
  next ones are served from storage (target: one render per version of the data); the
  results of 200 tables are made by the background worker (the first request answers 202
  and queues it): the worker's time is shown in the request's place.
The synthetic event lives in a throwaway test database (Django's test runner utilities) and
the PDFs in a temporary folder: the developer's data is never touched.
Run alone with `python -m bench.bench_sheets`, or with every benchmark by `make bench`.
"""

from __future__ import annotations

import cProfile
import datetime
import io
import os
import pstats
import statistics
import tempfile
import time
from pathlib import Path

import pypdf

TABLES = 200
PLAYERS_PER_TABLE = 4
RUNS = 2
REFERENCE_PAGES = 20
PROFILED = 30  # tables profiled and compared with WeasyPrint alone: shares are per page
REQUESTS = 10  # requests for one unchanged public PDF
TARGET_WALL = 15.0
BEFORE_WALL, BEFORE_PER_PAGE = 52.0, 0.26

# A plain page: one table of 20 rows and 6 columns with ruled cells, no stylesheet of ours.
REFERENCE_ROW = "<tr><th>{n}</th>" + "<td></td>" * 5 + "</tr>"
REFERENCE_PAGE = (
    "<section><h1>Table {page}</h1><table><thead><tr><th>Hand</th>"
    + "<th>Player</th>" * 5
    + "</tr></thead><tbody>{rows}</tbody></table></section>"
)
REFERENCE_STYLE = (
    "<style>@page {{ size: A4; margin: 10mm }} section {{ break-after: page }}"
    " table {{ width: 100%; border-collapse: collapse }}"
    " td, th {{ border: 0.3mm solid #000; height: 8mm }}</style>"
)


def make_round(tables: int = TABLES, players: int = PLAYERS_PER_TABLE):
    """A club night with one round of `tables` tables, created in bulk."""
    from tournaments.models import Club, Event, Game, Player, Round, Seat

    club = Club.objects.create(name="Club de rami de Montreuil")
    event = Event.objects.create(
        club=club,
        name="Grand tournoi d'hiver",
        date=datetime.date(2026, 11, 30),
        variant="rami-penalites",
        options={"target": 100},
        language="fr",
    )
    round_ = Round.objects.create(event=event, number=1)
    members = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur·se n°{n} d'Arcy-Montbazon")
        for n in range(1, tables * players + 1)
    )
    games = Game.objects.bulk_create(
        Game(event=event, round=round_, table_number=n, variant=event.variant, options={})
        for n in range(1, tables + 1)
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=members[t * players + p], position=p + 1)
        for t, game in enumerate(games)
        for p in range(players)
    )
    return round_


def _timed(function, *args, **kwargs) -> tuple[float, float, object]:
    """Wall and CPU seconds of one call; CPU time is what other processes do not disturb."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = function(*args, **kwargs)
    return time.perf_counter() - wall, time.process_time() - cpu, result


def reference_html(pages: int = REFERENCE_PAGES) -> str:
    rows = "".join(REFERENCE_ROW.format(n=n) for n in range(1, 21))
    body = "".join(REFERENCE_PAGE.format(page=page, rows=rows) for page in range(1, pages + 1))
    return f"<!doctype html><html><head>{REFERENCE_STYLE.format()}</head><body>{body}</body></html>"


def reference_seconds_per_page() -> float:
    """Wall seconds per page of the plain reference page, by WeasyPrint alone (median of 3)."""
    import weasyprint

    html = reference_html()
    walls = [_timed(weasyprint.HTML(string=html).write_pdf)[0] for _run in range(3)]
    return statistics.median(walls) / REFERENCE_PAGES


def pages_of(pdf: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


# The profile's keys (folder/file:function) of the blank sheets' work and of its stages:
# tests/test_bench.py checks that ours still name a function where the code is.
TOTAL = "sheets/pdfs.py:blank_sheets_pdf"
STAGES = {
    "sheet data and QR codes": "sheets/blank.py:blank_sheet",
    "Django templates": "sheets/render.py:render_html",
    "WeasyPrint: styles (28 % before)": "weasyprint/document.py:_build_layout_context",
    "WeasyPrint: layout": "layout/__init__.py:layout_document",
    "WeasyPrint: PDF writing": "weasyprint/document.py:write_pdf",
}


def where_the_time_goes(function) -> str:
    """The main stages of `function`, as shares of its time (cProfile, cumulative)."""
    profile = cProfile.Profile()
    profile.runcall(function)
    stats = pstats.Stats(profile, stream=io.StringIO())
    cumulative = {}
    for (filename, _line, name), (_cc, _nc, _tt, seconds, _callers) in stats.stats.items():
        key = f"{Path(filename).parent.name}/{Path(filename).name}:{name}"
        cumulative[key] = max(cumulative.get(key, 0), seconds)
    total = cumulative[TOTAL]
    return ", ".join(
        f"{label} {cumulative.get(key, 0) / total:.0%}" for label, key in STAGES.items()
    )


def measure_sheets(round_, reference: float) -> dict[str, object]:
    from django.conf import settings

    from tournaments.play.selectors.games import games_with_seats
    from tournaments.sheets import pdfs, render
    from tournaments.sheets.blank import blank_sheet

    site = "https://ramiscore.example.org"
    games = games_with_seats(round_.games.order_by("table_number"))
    processes = settings.PDF_PROCESSES
    parallel = []
    for _run in range(RUNS):
        wall, _cpu, pdf = _timed(
            pdfs.blank_sheets_pdf, round_, games=games, site=site, processes=processes
        )
        parallel.append(wall)
    pages = pages_of(pdf)
    one_wall, one_cpu, one_pdf = _timed(pdfs.blank_sheets_pdf, round_, games=games, site=site)

    some = games[:PROFILED]
    context = {
        "event": round_.event,
        "round": round_,
        "sheets": [blank_sheet(game, site=site, entry_links=True) for game in some],
    }
    html = render.render_html("sheets/blank.html", context, language=round_.event.language)
    # Alternated, the best of three each: one of each was as likely to compare a quiet
    # moment of the machine with a busy one (1.35 once, on a ratio near 1.1).
    service, alone = [], []
    for _run in range(3):
        service.append(_timed(pdfs.blank_sheets_pdf, round_, games=some, site=site)[1])
        alone.append(_timed(render.html_to_pdf, html)[1])
    service_cpu, alone_cpu = min(service), min(alone)
    where = where_the_time_goes(lambda: pdfs.blank_sheets_pdf(round_, games=some, site=site))

    wall = statistics.median(parallel)
    return {
        f"machine load, 1-minute average ({os.cpu_count()} cores)": round(os.getloadavg()[0], 1),
        "plain one-table reference page, WeasyPrint alone: s per page (wall)": round(reference, 4),
        f"blank sheets of {pages} tables on {processes} cores: s (wall; target ≤ "
        f"{TARGET_WALL:g} s, before {BEFORE_WALL:g} s in the request)": round(wall, 1),
        f"  s per page (wall; before {BEFORE_PER_PAGE})": round(wall / pages, 4),
        "  per page / the reference page (all cores)": round(wall / pages / reference, 2),
        "blank sheets in one process: s per page (wall)": round(one_wall / pages, 4),
        "  CPU s per page": round(one_cpu / pages, 4),
        "  per page / the reference page (one process)": round(one_wall / pages / reference, 2),
        f"  / WeasyPrint alone on the same HTML, CPU, {PROFILED} tables (target ≤ 1.3)": round(
            service_cpu / alone_cpu, 3
        ),
        f"  where the time goes ({PROFILED} tables, cProfile)": where,
        "PDF size, KB (one process / joined from the cores)": f"{len(one_pdf) // 1024} / "
        f"{len(pdf) // 1024}",
    }


def measure_public_pdfs(round_) -> dict[str, object]:
    """A record and the results through the site: renders counted, first and next requests."""
    from django.test import Client

    from tournaments.play.services.scoring import refresh_game
    from tournaments.sheets import render
    from tournaments.sheets.jobs import make_results

    game = round_.games.order_by("table_number").first()
    refresh_game(game)
    renders = []
    lay_out = render.html_to_pdf

    def counted(html: str, **options) -> bytes:
        renders.append(1)
        return lay_out(html, **options)

    render.html_to_pdf = counted
    results = {}
    try:
        for name, url in (
            ("a game's record", f"/sheets/games/{game.pk}/record.pdf"),
            ("the results of 200 tables", f"/sheets/events/{round_.event_id}/results.pdf"),
        ):
            renders.clear()
            client = Client()
            first, _cpu, response = _timed(client.get, url)
            made_by = "request"
            if response.status_code == 202:  # queued: what the worker does, then the page asks
                first = _timed(make_results.call, round_.event_id)[0]
                made_by = "worker"
            rest = [_timed(client.get, url)[0] for _request in range(REQUESTS - 1)]
            results[f"{name}: renders for {REQUESTS} requests (target 1; before {REQUESTS})"] = len(
                renders
            )
            results[f"  {name}: first made ms (renders) / next ones, median ms (stored)"] = (
                f"{first * 1000:.0f} (by the {made_by}) / {statistics.median(rest) * 1000:.1f}"
            )
    finally:
        render.html_to_pdf = lay_out
    return results


def main() -> dict[str, object]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    import django

    django.setup()
    from django.test.utils import override_settings, setup_databases, teardown_databases

    folder = tempfile.mkdtemp(prefix="ramiscore-bench-pdfs-")
    storages = {
        "pdfs": {
            "BACKEND": "tournaments.sheets.files.AtomicFileSystemStorage",  # the site's own
            "OPTIONS": {"location": folder, "base_url": None},
        }
    }
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        from django.conf import settings

        with override_settings(
            STORAGES={**settings.STORAGES, **storages}, ALLOWED_HOSTS=["testserver"]
        ):
            reference = reference_seconds_per_page()
            round_ = make_round()
            return measure_sheets(round_, reference) | measure_public_pdfs(round_)
    finally:
        teardown_databases(databases, verbosity=0)


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
