"""Score sheets: the blank sheets of a round of 200 tables as one PDF (issue 5).

Figures: seconds per page through `blank_sheets_pdf` (queries, QR codes, templates, layout),
the same for WeasyPrint alone on the very HTML string the service rendered (the limit), their
ratio (target ≤ 1.3; in CPU time, which other processes on the machine do not disturb), the
cost of the progress bar (pages counted from WeasyPrint's progress log) against the other way
to report progress (laying out chunks of tables, then joining their pages), and where the time
goes (cProfile). The synthetic event lives in a throwaway test database (Django's test
runner utilities): the developer's db.sqlite3 is never touched.
Run alone with `python bench/bench_sheets.py`, or with every benchmark by `make bench`.
"""

from __future__ import annotations

import cProfile
import datetime
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

import pypdf

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TABLES = 200
PLAYERS_PER_TABLE = 4
RUNS = 3
CHUNK = 25  # tables laid out at a time in the chunked alternative
PROFILED = 50  # tables profiled: the shares are per page, the same for 200


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


def chunked_pdf(round_, games, site: str, chunk: int = CHUNK) -> bytes:
    """The alternative to measure: lay out `chunk` tables at a time (progress between
    chunks), then write the pages of every chunk as one PDF."""
    import weasyprint

    from tournaments.sheets import render
    from tournaments.sheets.blank import blank_sheet

    fonts = weasyprint.text.fonts.FontConfiguration()
    documents = []
    for start in range(0, len(games), chunk):
        sheets = [blank_sheet(g, site=site, entry_links=True) for g in games[start : start + chunk]]
        context = {"event": round_.event, "round": round_, "sheets": sheets}
        html = render.render_html("sheets/blank.html", context, language=round_.event.language)
        document = weasyprint.HTML(
            string=html, base_url=render.BASE_URL, url_fetcher=render.StaticFilesFetcher()
        )
        documents.append(document.render(font_config=fonts))
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()


def where_the_time_goes(function) -> str:
    """The main stages of `function`, as shares of its time (cProfile, cumulative)."""
    profile = cProfile.Profile()
    profile.runcall(function)
    stats = pstats.Stats(profile, stream=io.StringIO())
    cumulative = {}
    for (filename, _line, name), (_cc, _nc, _tt, seconds, _callers) in stats.stats.items():
        key = f"{Path(filename).parent.name}/{Path(filename).name}:{name}"
        cumulative[key] = max(cumulative.get(key, 0), seconds)
    total = cumulative["sheets/__init__.py:blank_sheets_pdf"]
    stages = {
        "queries": "selectors/games.py:games_with_seats",
        "sheet data and QR codes": "sheets/blank.py:blank_sheet",
        "of which QR codes": "sheets/render.py:qr_svg",
        "Django templates": "sheets/render.py:render_html",
        "WeasyPrint: styles": "weasyprint/document.py:_build_layout_context",
        "WeasyPrint: layout": "layout/__init__.py:layout_document",
        "WeasyPrint: PDF writing": "weasyprint/document.py:write_pdf",
    }
    return ", ".join(
        f"{label} {cumulative.get(key, 0) / total:.1%}" for label, key in stages.items()
    )


def measure(round_) -> dict[str, object]:
    from tournaments import sheets
    from tournaments.selectors.games import games_with_seats
    from tournaments.sheets import render
    from tournaments.sheets.blank import blank_sheet

    games = games_with_seats(round_.games.order_by("table_number"))
    site = "https://ramiscore.example.org"
    context = {
        "event": round_.event,
        "round": round_,
        "sheets": [blank_sheet(game, site=site, entry_links=True) for game in games],
    }
    html = render.render_html("sheets/blank.html", context, language=round_.event.language)

    service, limit = [], []
    for _run in range(RUNS):  # alternated, so that a busy machine slows both alike
        wall, cpu, pdf = _timed(sheets.blank_sheets_pdf, round_, site=site)
        service.append((wall, cpu))
        wall, cpu, _pdf = _timed(render.html_to_pdf, html)
        limit.append((wall, cpu))
    _wall, progress_cpu, _pdf = _timed(
        sheets.blank_sheets_pdf, round_, site=site, progress=lambda *step: None
    )
    _wall, chunked_cpu, _pdf = _timed(chunked_pdf, round_, games, site)
    pages = len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
    service_wall, service_cpu = (statistics.median(t) for t in zip(*service, strict=True))
    limit_wall, limit_cpu = (statistics.median(t) for t in zip(*limit, strict=True))
    where = where_the_time_goes(
        lambda: sheets.blank_sheets_pdf(round_, games=games[:PROFILED], site=site)
    )
    return {
        "tables (pages in the PDF)": pages,
        "blank sheets of the round, one PDF: median s (wall)": round(service_wall, 2),
        "blank sheets: s per page (wall)": round(service_wall / pages, 4),
        "blank sheets: CPU s per page": round(service_cpu / pages, 4),
        "WeasyPrint alone on the same HTML: median s (wall)": round(limit_wall, 2),
        "WeasyPrint alone: CPU s per page": round(limit_cpu / pages, 4),
        "ratio to WeasyPrint alone, CPU time (target ≤ 1.3)": round(service_cpu / limit_cpu, 3),
        "ratio to WeasyPrint alone, wall time": round(service_wall / limit_wall, 3),
        "with the progress bar (pages heard from WeasyPrint) / without, CPU": round(
            progress_cpu / service_cpu, 3
        ),
        f"laid out by chunks of {CHUNK} tables, pages joined / one document, CPU": round(
            chunked_cpu / service_cpu, 3
        ),
        "PDF size, KB": round(len(pdf) / 1024),
        f"where the time goes ({PROFILED} tables, cProfile)": where,
    }


def main() -> dict[str, object]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    import django

    django.setup()
    from django.test.utils import setup_databases, teardown_databases

    databases = setup_databases(verbosity=0, interactive=False)
    try:
        return measure(make_round())
    finally:
        teardown_databases(databases, verbosity=0)


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
