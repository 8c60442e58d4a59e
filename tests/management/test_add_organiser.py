"""`manage.py add_organiser`: an organiser's account from the command line, with or without a
terminal (`make serve` asks for one on its first start)."""

from __future__ import annotations

import io
import sys

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.factories import ClubFactory, UserFactory, organisers
from tournaments.models import Club

pytestmark = pytest.mark.django_db

PASSWORD = "a club night at the Montreuil hall"


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch) -> None:
    """These tests read the English messages, whatever the machine's language."""
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture
def password(monkeypatch) -> str:
    monkeypatch.setenv("ORGANISER_PASSWORD", PASSWORD)
    return PASSWORD


def add(*args: str) -> str:
    out = io.StringIO()
    call_command("add_organiser", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_it_makes_an_account_that_logs_in_and_organises_the_new_club(client, password) -> None:
    out = add("anne", "--club", "Club de rami de Montreuil", "--no-input")
    anne = get_user_model().objects.get(username="anne")
    club = Club.objects.get()
    assert club.name == "Club de rami de Montreuil"
    assert organisers(club) == [anne]
    assert not anne.is_staff and not anne.is_superuser
    assert "Organiser 'anne' of Club de rami de Montreuil added." in out
    assert client.login(username="anne", password=PASSWORD)


def test_a_club_of_that_name_in_any_case_is_joined_not_duplicated(password) -> None:
    club = ClubFactory(name="Club de rami de Montreuil")
    add("bruno", "--club", "club DE RAMI de montreuil")
    assert Club.objects.count() == 1
    assert "bruno" in [user.username for user in organisers(club)]


def test_without_a_club_he_makes_his_own_on_first_login(password) -> None:
    out = add("chloe")
    assert get_user_model().objects.filter(username="chloe").exists()
    assert not Club.objects.exists()
    assert "creates his club on first login" in out


def test_without_a_password_or_a_terminal_it_says_where_the_password_goes(monkeypatch) -> None:
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)
    with pytest.raises(CommandError, match="ORGANISER_PASSWORD"):
        add("anne", "--club", "Rami club")
    assert not get_user_model().objects.exists() and not Club.objects.exists()


def test_a_weak_password_is_refused_and_nothing_is_stored(monkeypatch) -> None:
    monkeypatch.setenv("ORGANISER_PASSWORD", "12345678")
    with pytest.raises(CommandError, match="too common|entirely numeric"):
        add("anne", "--club", "Rami club")
    assert not get_user_model().objects.exists() and not Club.objects.exists()


def test_a_name_with_a_space_is_refused_before_any_password(monkeypatch) -> None:
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)
    with pytest.raises(CommandError, match="letters, numbers"):
        add("Anne Marie")


def test_an_existing_account_joins_the_club_and_keeps_its_password(client, password) -> None:
    UserFactory(username="denis", password="his own password 2026")
    out = add("denis", "--club", "Rami club")
    assert "denis" in [user.username for user in organisers(Club.objects.get())]
    assert "'denis' now organises Rami club." in out
    assert client.login(username="denis", password="his own password 2026")


def test_an_existing_account_without_a_club_is_an_error(password) -> None:
    UserFactory(username="denis")
    with pytest.raises(CommandError, match="has an account already"):
        add("denis")


def test_on_a_terminal_it_asks_for_everything_until_it_is_right(monkeypatch) -> None:
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    answers = iter(["Anne Marie", "anne", "", "Rami club"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    # Typed twice each: two that differ, a common one, then a good one.
    passwords = iter(["one password here", "another one", "12345678", "12345678"] + [PASSWORD] * 2)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(passwords))
    err = io.StringIO()
    call_command("add_organiser", stdout=io.StringIO(), stderr=err)
    anne = get_user_model().objects.get(username="anne")
    assert anne.check_password(PASSWORD)
    assert anne in organisers(Club.objects.get(name="Rami club"))
    problems = err.getvalue()
    assert "letters, numbers" in problems  # the name with a space
    assert "The two passwords differ" in problems
    assert "too common" in problems


def test_an_existing_account_is_found_whatever_the_case_of_its_name(password) -> None:
    UserFactory(username="denis")
    out = add("Denis", "--club", "Rami club")
    assert get_user_model().objects.count() == 1
    assert "'denis' now organises Rami club." in out
