"""/health/ (ramiscore/health.py): the database and its migrations, for a supervisor or a load
balancer; one query, no session, answered before the host check and the HTTPS redirect."""

from __future__ import annotations

import json

import pytest
from django.db import OperationalError, connection
from django.db.migrations.recorder import MigrationRecorder

from tests.fresh import run_python

pytestmark = pytest.mark.django_db


def assert_unavailable(client, *, database: str, migrations: str) -> None:
    """/health/ answers 503 "unavailable", with what it found of the database and migrations."""
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": database,
        "migrations": migrations,
        "disk": "ok",
    }


def test_it_answers_ok_in_one_query(client, django_assert_num_queries) -> None:
    client.get("/health/")  # the migrations on disk are read once per process
    with django_assert_num_queries(1):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "migrations": "ok",
        "disk": "ok",
    }
    assert "no-store" in response["Cache-Control"]


def test_it_does_no_session_or_login_work(client, organiser) -> None:
    client.force_login(organiser)
    response = client.get("/health/")
    assert response.status_code == 200
    assert not response.cookies  # no session saved, no CSRF or language cookie
    assert "Cookie" not in response.get("Vary", "")


def test_an_unapplied_migration_makes_it_unavailable(client) -> None:
    # As if the code had been upgraded without running `migrate`: its latest migration is new.
    latest = MigrationRecorder.Migration.objects.filter(app="tournaments").latest("id")
    latest.delete()
    assert_unavailable(client, database="ok", migrations="1 unapplied")


def test_a_database_that_refuses_connections_makes_it_unavailable(client, monkeypatch) -> None:
    def refuse() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "ensure_connection", refuse)
    assert_unavailable(client, database="unreachable", migrations="unknown")


def test_a_database_that_cannot_be_opened_gives_503_in_a_real_server(tmp_path) -> None:
    """No mock: a fresh interpreter whose database file cannot be opened."""
    code = (
        "import django; django.setup(); from django.test import Client; "
        "answer = Client().get('/health/'); print(answer.status_code, answer.content.decode())"
    )
    result = run_python(
        "-c",
        code,
        DJANGO_SETTINGS_MODULE="ramiscore.settings",
        DATABASE_URL=f"sqlite:///{tmp_path}/missing-folder/db.sqlite3",
    )
    status, body = result.stdout.strip().split(" ", 1)
    assert status == "503", result.stderr
    assert json.loads(body)["database"] == "unreachable"


def test_a_load_balancer_probing_by_ip_over_http_gets_an_answer(client, settings) -> None:
    # A hosted site: HTTPS only, one host name; the balancer knows each host by its address.
    settings.ALLOWED_HOSTS = ["ramiscore.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/health/", HTTP_HOST="10.0.0.7:8000").status_code == 200
    assert client.get("/", HTTP_HOST="10.0.0.7:8000").status_code == 400
    assert client.get("/", HTTP_HOST="ramiscore.example.org").status_code == 301


def test_only_reading_it_is_answered(client) -> None:
    assert client.post("/health/").status_code == 404
    assert client.head("/health/").status_code == 200
