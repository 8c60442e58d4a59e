"""Public PDFs are rendered once per version of their data, then served from storage; visitors'
renders are counted per address (429 past the allowance)."""

from __future__ import annotations

import threading
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, make_game, play
from tests.pdf import in_english, pages_text
from tournaments.models import Player, StoredPdf
from tournaments.sheets import render, store
from tournaments.web import throttle

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    return in_english(event)


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """Every PDF WeasyPrint lays out, counted (the HTML's first words kept)."""
    made: list[str] = []
    lay_out = render.html_to_pdf

    def counted(html: str, **options) -> bytes:
        made.append(html)
        return lay_out(html, **options)

    monkeypatch.setattr(render, "html_to_pdf", counted)
    return made


def record_url(game) -> str:
    return reverse("sheets:game_record", kwargs={"game_id": game.pk})


def pdf_of(response) -> bytes:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    return response.getvalue()


def test_the_second_request_renders_nothing_and_gets_the_same_file(event, game, renders):
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)

    first = Client().get(record_url(game))
    second = Client().get(record_url(game))

    assert len(renders) == 1
    assert pdf_of(first) == pdf_of(second)
    assert first["ETag"] == second["ETag"] and first["ETag"].startswith('"')
    assert second["Last-Modified"] == first["Last-Modified"]
    assert "no-cache" in second["Cache-Control"]


def test_a_stored_pdf_costs_two_queries(event, game, renders, django_assert_num_queries):
    Client().get(record_url(game))

    with django_assert_num_queries(2):  # its fingerprint, its stored row
        pdf_of(Client().get(record_url(game)))


def test_a_browser_that_has_it_gets_a_304_for_one_query(event, game, django_assert_num_queries):
    etag = Client().get(record_url(game))["ETag"]

    with django_assert_num_queries(1):  # the fingerprint: the file is not even looked at
        response = Client().get(record_url(game), HTTP_IF_NONE_MATCH=etag)

    assert response.status_code == 304


def test_a_new_hand_makes_a_new_version(event, game, renders):
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    before = Client().get(record_url(game))
    play(game, "going_out", "Bruno", Anne=5, Chloé=8)

    after = Client().get(record_url(game))

    assert len(renders) == 2
    assert after["ETag"] != before["ETag"]
    assert "2 Bruno: went out" in pages_text(pdf_of(after))[0]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda game: rename(game, "Anne", "Annie"), id="a player renamed"),
        pytest.param(lambda game: edit_event(game, name="Soirée du vendredi"), id="event"),
        pytest.param(lambda game: edit_event(game, language="fr"), id="language"),
        pytest.param(lambda game: edit_club(game, "Club de Vincennes"), id="club renamed"),
    ],
)
def test_what_the_record_shows_makes_a_new_version_when_it_changes(event, game, renders, change):
    etag = Client().get(record_url(game))["ETag"]

    change(game)
    response = Client().get(record_url(game))

    assert response["ETag"] != etag and len(renders) == 2


def rename(game, old: str, new: str) -> None:
    player = Player.objects.get(club=game.event.club, name=old)
    player.name = new
    player.save()


def edit_event(game, **fields) -> None:
    event = game.event
    for name, value in fields.items():
        setattr(event, name, value)
    event.save()


def edit_club(game, name: str) -> None:
    club = game.event.club
    club.name = name
    club.save()


def test_the_results_and_the_seating_follow_their_tables(event, game, renders):
    results = reverse("sheets:standings", kwargs={"event_id": event.pk})
    seating = reverse("sheets:seating", kwargs={"event_id": event.pk, "number": 1})
    for url in (results, seating, results, seating):
        pdf_of(Client().get(url))
    assert len(renders) == 2

    make_game(event, table_number=2, players=("Denis", "Émile"))
    for url in (results, seating, results, seating):
        pdf_of(Client().get(url))

    assert len(renders) == 4


def test_the_previous_file_is_removed_once_a_new_version_is_stored(event, game):
    Client().get(record_url(game))
    old = StoredPdf.objects.get(key=f"record:{game.pk}").file
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)

    Client().get(record_url(game))

    new = StoredPdf.objects.get(key=f"record:{game.pk}").file
    assert new != old
    assert store.storage().exists(new) and not store.storage().exists(old)


def test_a_file_missing_from_storage_is_rendered_again(event, game, renders):
    Client().get(record_url(game))
    store.storage().delete(StoredPdf.objects.get(key=f"record:{game.pk}").file)

    pdf_of(Client().get(record_url(game)))

    assert len(renders) == 2


def test_a_lease_left_by_a_renderer_that_died_is_taken_over(event, game, renders):
    StoredPdf.objects.create(
        key=f"record:{game.pk}",
        lease_until=timezone.now() - timedelta(seconds=1),
        lease_holder="dead",
    )

    pdf_of(Client().get(record_url(game)))

    assert len(renders) == 1
    assert StoredPdf.objects.get(key=f"record:{game.pk}").lease_holder == ""


def test_a_renderer_whose_lease_was_taken_over_keeps_the_newer_file(event, game, monkeypatch):
    key = f"record:{game.pk}"
    lay_out = render.html_to_pdf

    def overtaken(html: str, **options) -> bytes:
        # Meanwhile the lease expired, and another renderer stored a newer version.
        StoredPdf.objects.filter(key=key).update(
            lease_holder="other", version="newer", file="newer.pdf"
        )
        return lay_out(html, **options)

    monkeypatch.setattr(render, "html_to_pdf", overtaken)

    pdf_of(Client().get(record_url(game)))  # this request still gets the PDF it made

    row = StoredPdf.objects.get(key=key)
    assert (row.version, row.file, row.lease_holder) == ("newer", "newer.pdf", "other")


def test_a_failed_render_releases_its_lease(event, game, monkeypatch):
    def broken(html: str, **options) -> bytes:
        raise RuntimeError("out of memory")

    monkeypatch.setattr(render, "html_to_pdf", broken)
    with pytest.raises(RuntimeError):
        Client().get(record_url(game))

    row = StoredPdf.objects.get(key=f"record:{game.pk}")
    assert (row.lease_until, row.lease_holder, row.file) == (None, "", "")


def test_someone_else_rendering_for_too_long_is_a_503_to_retry(event, game, monkeypatch, settings):
    StoredPdf.objects.create(
        key=f"record:{game.pk}",
        lease_until=timezone.now() + timedelta(seconds=60),
        lease_holder="alive",
    )
    settings.PROXY_TIMEOUT = store.PROXY_MARGIN  # nothing left to wait
    monkeypatch.setattr(store, "_pause", lambda seconds: None)

    response = Client().get(record_url(game))

    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert "This PDF is still being made" in response.content.decode()


# Visitors' allowance ----------------------------------------------------------------------


@pytest.fixture
def allowance_of_two(settings, monkeypatch):
    settings.PDF_RENDERS_PER_ADDRESS = 2
    # One window of the allowance for the whole test: the count restarts at each window (five
    # minutes on the clock), which a test running across its boundary would see.
    monkeypatch.setattr(throttle, "time", SimpleNamespace(time=lambda: 1_000_000.0))


def test_past_its_allowance_an_address_gets_a_429_saying_when_to_come_back(
    event, allowance_of_two, renders
):
    games = [make_game(event, table_number=n, players=(f"A{n}", f"B{n}")) for n in (1, 2, 3)]
    visitor = Client(REMOTE_ADDR="203.0.113.7")

    first, second, third = (visitor.get(record_url(game)) for game in games)

    assert first.status_code == second.status_code == 200
    assert third.status_code == 429
    assert 1 <= int(third["Retry-After"]) <= 300
    assert "Too many PDFs at once" in third.content.decode()
    assert len(renders) == 2


def test_pdfs_already_made_are_still_sent_past_the_allowance(event, allowance_of_two, renders):
    games = [make_game(event, table_number=n, players=(f"A{n}", f"B{n}")) for n in (1, 2)]
    visitor = Client(REMOTE_ADDR="203.0.113.7")
    for game in games:
        visitor.get(record_url(game))

    again = visitor.get(record_url(games[0]))

    assert again.status_code == 200 and len(renders) == 2


def test_the_allowance_is_per_address_and_organisers_have_none(event, organiser, allowance_of_two):
    games = [make_game(event, table_number=n, players=(f"A{n}", f"B{n}")) for n in range(1, 6)]
    for game in games[:2]:
        Client(REMOTE_ADDR="203.0.113.7").get(record_url(game))

    other = Client(REMOTE_ADDR="198.51.100.2").get(record_url(games[2]))
    logged_in = Client(REMOTE_ADDR="203.0.113.7")
    logged_in.force_login(organiser)

    assert other.status_code == 200
    assert all(logged_in.get(record_url(game)).status_code == 200 for game in games[3:])


@pytest.mark.french_default
def test_the_429_page_is_in_the_visitors_language(event, game, settings):
    settings.PDF_RENDERS_PER_ADDRESS = 0

    response = Client().get(record_url(game), HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 429
    assert "Trop de PDF à la fois" in response.content.decode()


# Two requests at once, on PostgreSQL -------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_requests_for_the_same_pdf_at_once_render_it_once(monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs real concurrent connections: runs on PostgreSQL "
            "(CI runs the suite with DATABASE_URL=postgres://...)"
        )
    game = make_game(in_english(EventFactory()))
    url = record_url(game)
    waiting = threading.Event()  # the second request waits for the first one's render
    renders, statuses, errors = [], [], []
    lay_out, pause = render.html_to_pdf, store._pause

    def slow_render(html: str, **options) -> bytes:
        renders.append(threading.get_ident())
        assert waiting.wait(timeout=30), "the other request never waited"
        return lay_out(html, **options)

    def watched_pause(seconds: float) -> None:
        waiting.set()
        pause(seconds)

    monkeypatch.setattr(render, "html_to_pdf", slow_render)
    monkeypatch.setattr(store, "_pause", watched_pause)

    def visitor() -> None:
        try:
            response = Client().get(url)
            statuses.append(response.status_code)
            response.getvalue()
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()  # each thread's own connection

    threads = [threading.Thread(target=visitor) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert statuses == [200, 200]
    assert len(renders) == 1


def test_a_request_never_waits_as_long_as_the_proxy_in_front(event, game, monkeypatch, settings):
    """A waiter gives up, with the site's own 503, before the proxy's timeout would end it
    with a 504 (settings.PROXY_TIMEOUT, nginx's proxy_read_timeout in docs/deploy.md)."""
    StoredPdf.objects.create(
        key=f"record:{game.pk}",
        lease_until=timezone.now() + timedelta(seconds=600),
        lease_holder="alive",
    )
    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(store.time, "monotonic", lambda: clock.now)
    monkeypatch.setattr(store, "_pause", lambda seconds: setattr(clock, "now", clock.now + 1))

    response = Client().get(record_url(game))

    assert response.status_code == 503
    assert clock.now < settings.PROXY_TIMEOUT


def test_the_documented_proxy_timeout_is_the_setting(settings):
    import re
    from pathlib import Path

    deploy = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text()
    documented = {int(seconds) for seconds in re.findall(r"proxy_read_timeout (\d+)s", deploy)}
    assert documented == {settings.PROXY_TIMEOUT}
