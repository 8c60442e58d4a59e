"""What an organiser sends is refused with a sentence, never stored to fail later (issue 26,
part 5): a control character in an event's name (the archive's own rule), a club name already
taken, a hidden field tampered with, a hand sent to a game that is over; and the files that
hold every hand are never kept by a browser's or a proxy's cache."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.archive_support import export, rich_event
from tests.factories import ClubFactory, UserFactory, play
from tests.views.entry_support import hand
from tests.views.organiser_support import seen_now, snapshot
from tests.views.test_organiser_events import event_post
from tournaments.archive.services.read import parse_archive_text, read_archive
from tournaments.models import Club, Event
from tournaments.play.services.entry import close_game

pytestmark = pytest.mark.django_db

# Control characters an event's name may be pasted with: each refused by the archive reader.
PASTED = ["Soirée\x1b[31m", "Soirée\tdu jeudi", "Soirée\x00", "Soirée\u2028jeudi"]


def browser() -> Client:
    return Client(raise_request_exception=False)


@pytest.mark.parametrize("name", PASTED)
def test_an_event_name_with_a_control_character_is_refused_by_the_new_event_form(
    name, organiser_client, club
):
    response = organiser_client.post("/manage/events/new/", event_post(club, name=name))
    assert response.status_code == 400
    if "\x00" not in name:  # a NUL is refused before any view (ramiscore/middleware.py)
        (error,) = response.context["form"].errors["name"]
        assert error.endswith("holds a control character: a name is plain text.")
        assert "\\" in error  # the character shown escaped, never as itself
    assert not Event.objects.exists()


def test_and_by_the_settings_form(organiser_client, event):
    data = {**event_post(event.club, name="Soirée\x1b[31m"), **seen_now(event)}
    data.pop("variant")
    response = organiser_client.post(f"/manage/events/{event.id}/settings/", data)
    assert response.status_code == 400
    assert "holds a control character" in response.context["form"].errors["name"][0]
    event.refresh_from_db()
    assert event.name == "Soirée du jeudi"


def test_every_event_the_forms_accept_makes_an_archive_that_imports(organiser_client, club):
    """The same rule as the archive reader: what the form took, the archive takes back."""
    accepted = ["Soirée « jeudi » — 3ᵉ", "Ünïcödé 🂡 night", "  spaces   inside  "]
    for name in accepted:
        assert (
            organiser_client.post("/manage/events/new/", event_post(club, name=name)).status_code
            == 302
        )
    for event in Event.objects.all():
        read_archive(parse_archive_text(export(event)))  # raises on any problem


def test_a_club_name_already_taken_is_refused_whatever_its_case(client, club):
    newcomer = UserFactory(username="newcomer")
    client.force_login(newcomer)
    response = client.post("/manage/clubs/new/", {"name": "  club de RAMI de montreuil "})
    assert response.status_code == 400
    assert "There is already a club named" in response.content.decode()
    assert Club.objects.count() == 1
    assert not newcomer.clubs.exists()


def test_two_clubs_of_one_name_cannot_be_stored_even_at_once(club):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        ClubFactory(name="CLUB DE RAMI DE MONTREUIL")


# 400s with a sentence ---------------------------------------------------------------------------


def test_a_tampered_hidden_club_field_is_refused_with_a_sentence(club, organiser):
    ClubFactory(name="Club voisin")
    autumn = rich_event(club, organiser)
    client = browser()
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    page = client.get("/manage/events/import/").content.decode()
    assert 'type="hidden" name="club"' in page  # one club: the field is hidden
    archive = SimpleUploadedFile("a.ramiscore.json", export(autumn).encode(), "application/json")
    before = snapshot()
    response = client.post(
        "/manage/events/import/", {"file": archive, "club": "999999", "rename": "Copie"}
    )
    assert response.status_code == 400
    assert "n’est pas l’un de vos clubs" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("ended", ["finished", "closed"])
@pytest.mark.parametrize("sent", [{"how": ""}, {"held_2": "x"}], ids=["no how", "bad count"])
def test_a_hand_sent_to_a_game_that_is_over_is_refused_with_a_sentence(ended, sent, game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=20)
    if ended == "finished":
        play(game, "going_out", "Anne", Bruno=45, Chloé=20)
    else:
        close_game(game=game)
    phone = browser()
    phone.get(f"/t/{game.link_token}/")
    number = game.hands.count() + 1
    response = phone.post(
        f"/t/{game.link_token}/", {**hand(number, held_2="7", held_3="9"), **sent}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert 'class="form-errors" role="alert"' in page
    sentence = {
        "finished": "This game is over: no more hands can be added to it.",
        "closed": "This game was closed by the organiser: reopen it to add hands.",
    }[ended]
    assert sentence in page


# Files holding every hand ----------------------------------------------------------------------


def test_the_game_file_and_the_archive_are_never_kept_by_a_cache(organiser_client, game):
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    for url in (f"/games/{game.id}/export.json", f"/manage/events/{game.event_id}/archive.json"):
        response = organiser_client.get(url)
        assert response.status_code == 200
        assert response["Cache-Control"] == "private, no-store", url


# Table links of events long over ----------------------------------------------------------------


@pytest.fixture
def last_month(game):
    """The game's event was played a month ago."""
    import datetime

    from django.utils import timezone

    Event.objects.filter(pk=game.event_id).update(
        date=timezone.localdate() - datetime.timedelta(days=30)
    )
    game.refresh_from_db()
    return game


def test_a_table_link_stops_taking_hands_days_after_its_event_and_says_so(last_month, settings):
    settings.TABLE_LINK_DAYS = 3
    phone = browser()
    page = phone.get(f"/t/{last_month.link_token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 404
    assert "no longer takes hands" in page.content.decode()
    sent = phone.post(f"/t/{last_month.link_token}/", hand(1, held_2="7", held_3="9"))
    assert sent.status_code == 404
    assert not last_month.hands.exists()


def test_how_many_days_a_link_lasts_is_a_setting(last_month, settings):
    settings.TABLE_LINK_DAYS = 45
    assert browser().get(f"/t/{last_month.link_token}/").status_code == 200


def test_an_organiser_reopens_a_link_that_stopped(last_month, settings, organiser_client):
    settings.TABLE_LINK_DAYS = 3
    card = organiser_client.get(f"/manage/events/{last_month.event_id}/").content.decode()
    assert "stopped taking hands" in card and "Reopen the link" in card
    reopen = organiser_client.post(
        f"/manage/events/{last_month.event_id}/tables/{last_month.id}/link/", {"enabled": "1"}
    )
    assert reopen.status_code == 302
    phone = browser()
    assert phone.get(f"/t/{last_month.link_token}/").status_code == 200
    assert (
        phone.post(f"/t/{last_month.link_token}/", hand(1, held_2="7", held_3="9")).status_code
        == 302
    )
