"""Season pages: the standings (sortable, CSV, XLSX, PDF), a club member's page, and the
organiser's season form."""

from __future__ import annotations

import datetime
import io
import random
import re

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import ClubFactory, EventFactory, PlayerFactory, UserFactory, organise
from tests.page import parse, table_rows
from tests.pdf import dark_share, lines, page_png, pages_text
from tests.views.organiser_support import seen_now
from tests.views.tournament_data import build, seat_tables
from tournaments.models import Round, Season
from tournaments.ratings.services import recompute_ratings
from tournaments.seasons.selectors.players import club_player
from tournaments.seasons.services import save_season

pytestmark = pytest.mark.django_db

SEASON_QUERIES = 8  # season, chosen events, events by date, seats, byes, registrations, rounds
PLAYER_QUERIES = 11


def season_with(club, nights: int, players: int, *, tournament: bool = False, **fields) -> Season:
    """`nights` weekly club nights of `players` members at tables of 3 or 4, every game
    finished (first seat wins); a tournament too if asked; ratings computed."""
    people = [PlayerFactory(club=club, name=f"Membre {i:02}") for i in range(players)]
    rng = random.Random(nights * 100 + players)
    start = datetime.date(2026, 9, 3)
    for number in range(nights):
        event = EventFactory(
            club=club, name=f"Soirée {number + 1}", date=start + datetime.timedelta(weeks=number)
        )
        round_ = Round.objects.create(event=event, number=1, closed_at=timezone.now())
        order = people[:]
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, len(order), 4)]
        seat_tables(event, round_, tables)
    if tournament:
        build(6, 2, club=club, date=start + datetime.timedelta(days=2))
    recompute_ratings(club=club)
    values = {
        "club": club,
        "name": "Championnat",
        "starts_on": start,
        "ends_on": start + datetime.timedelta(weeks=60),
        "scoring": "places",
        "points_scale": [10, 8, 6, 5],
        "best_of": None,
    }
    return save_season(**{**values, **fields})


def url(season) -> str:
    return reverse("season:standings", args=[season.id])


def test_the_season_page_shows_the_standings_the_nights_and_the_rule(client, club):
    season = season_with(club, 3, 8, best_of=2)
    html = client.get(url(season)).content.decode()
    page = parse(html)
    rows = table_rows(page.find("table", "season-standings"))
    assert rows[0][:5] == ["Place", "Player", "Points", "Nights", "Best night"]
    assert len(rows[0]) == 5 + 3  # one column per night
    assert len(rows) == 1 + 8
    assert "best 2 nights count" in html
    assert "At a club night, the place is the place at your table" in html
    assert "then by their best single night" in html
    assert reverse("season:player", args=[season.club.players.first().id]) in html
    assert reverse("season:pdf", args=[season.id]) in html
    # A night left out by "best 2" is shown in brackets, marked for screen readers.
    assert 'class="dropped">(' in html and "not counted" in html


def test_two_events_of_one_day_get_distinct_columns(client, club):
    season = season_with(club, 2, 8)
    first = club.events.order_by("date").first()
    second = EventFactory(club=club, name="Tournoi du soir", date=first.date)
    round_ = Round.objects.create(event=second, number=1, closed_at=timezone.now())
    seat_tables(second, round_, [list(club.players.order_by("name")[:4])])
    html = client.get(url(season), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    header = table_rows(parse(html).find("table", "season-standings"))[0][5:]
    day = first.date.strftime("%d/%m")
    assert len(header) == 3 and len(set(header)) == 3
    assert header[:2] == [f"{day} (1)", f"{day} (2)"]


def test_the_standings_sort_by_a_column(client, club):
    season = season_with(club, 2, 8)
    page = parse(client.get(url(season) + "?sort=player").content)
    names = [row[1] for row in table_rows(page.find("table", "season-standings"))[1:]]
    assert names == sorted(names)


@pytest.mark.parametrize(("nights", "players"), [(2, 6), (12, 24)])
def test_the_season_page_takes_the_same_queries_whatever_the_size(
    client, club, nights, players, django_assert_max_num_queries
):
    season = season_with(club, nights, players, tournament=True)
    with django_assert_max_num_queries(SEASON_QUERIES):
        response = client.get(url(season))
    assert response.status_code == 200
    assert len(response.context["standings"].nights) == nights + 1


def test_the_standings_download_as_csv_and_xlsx(client, club):
    season = season_with(club, 2, 6)
    csv = client.get(url(season) + "?_export=csv")
    assert csv["Content-Disposition"].endswith('"standings-championnat.csv"')
    header, first, *_rest = csv.content.decode("utf-8-sig").splitlines()
    assert header.startswith("Place,Player,Points,Nights,Best night,")
    assert first.startswith("1,")
    xlsx = client.get(url(season) + "?_export=xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet.cell(1, 2).value == "Player" and sheet.max_row == 7


def test_the_season_pdf_prints_the_standings_and_the_rule(client, club):
    season = season_with(club, 3, 6)
    response = client.get(reverse("season:pdf", args=[season.id]))
    assert response["Content-Type"] == "application/pdf"
    pdf = response.getvalue()  # a stored file, streamed
    (text,) = pages_text(pdf)
    assert "Championnat" in text and "Season standings" in text
    assert any(line.startswith("1 Membre") for line in lines(text))
    assert "Each night gives season points by place" in text
    assert dark_share(page_png(pdf)) > 0.01  # something is printed


def test_the_season_pdf_is_in_the_readers_language(client, club):
    season = season_with(club, 1, 6)
    response = client.get(reverse("season:pdf", args=[season.id]), HTTP_ACCEPT_LANGUAGE="fr")
    (text,) = pages_text(response.getvalue())
    assert "Classement de la saison" in text


def test_a_member_page_shows_his_rating_his_seasons_and_his_nights(client, club):
    season = season_with(club, 3, 8)
    member = club.players.get(name="Membre 00")
    html = client.get(reverse("season:player", args=[member.id])).content.decode()
    assert "<h1>Membre 00" in html
    assert 'class="rating-chart"' in html and "<script" not in html.split("<main")[1]
    assert "What this number means" in html and "99.7 %" in html
    assert reverse("season:standings", args=[season.id]) in html
    assert html.count('class="round-card"') == 3
    assert " of 4 at table " in html or " of 3 at table " in html


def test_each_night_on_a_member_page_says_the_season_points_it_gave_him(client, club):
    season = season_with(club, 3, 8, best_of=2)
    member = club.players.get(name="Membre 03")
    html = client.get(reverse("season:player", args=[member.id])).content.decode()
    given = [item.text() for item in parse(html).find_all("ul", "night-seasons")]
    (line,) = [s.line for s in club_player(member).seasons if s.season == season]
    nights = club.events.order_by("-date", "-id")  # as the page lists them, newest first
    expected = []
    for night in nights:
        text = f"Championnat: {line.points[night.pk]} season points"
        expected.append(text if night.pk in line.counted else f"{text} not counted")
    assert given == expected
    assert sum(line.points[pk] for pk in line.counted) == line.total


def test_a_rating_lost_reads_with_the_sites_one_minus_sign(client, club):
    season_with(club, 3, 8)
    pages = [
        client.get(reverse("season:player", args=[member.id])).content.decode()
        for member in club.players.all()
    ]
    assert any(re.search(r'<td class="number">-\d+</td>', page) for page in pages)
    assert not any("\u2212" in page for page in pages)


def test_a_tournament_night_shows_the_final_place(client, club):
    event, people = build(6, 2, club=club)
    html = client.get(reverse("season:player", args=[people[0].id])).content.decode()
    assert reverse("tournament:player", args=[event.id, people[0].id]) in html
    assert " of 6" in html


@pytest.mark.parametrize(("nights", "players"), [(2, 6), (12, 24)])
def test_a_member_page_takes_the_same_queries_whatever_the_size(
    client, club, nights, players, django_assert_max_num_queries
):
    season_with(club, nights, players, tournament=True)
    save_season(
        club=club,
        name="Deuxième",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 10, 1),
        scoring="tournament_points",
        points_scale=None,
        best_of=3,
    )
    member = club.players.get(name="Membre 00")
    with django_assert_max_num_queries(PLAYER_QUERIES):
        response = client.get(reverse("season:player", args=[member.id]))
    assert response.status_code == 200
    assert len(response.context["card"].nights) == nights
    assert len(response.context["card"].seasons) == 2


def test_a_member_who_never_played_starts_at_1000(client, club):
    member = PlayerFactory(club=club, name="Nouveau")
    html = client.get(reverse("season:player", args=[member.id])).content.decode()
    assert ">1000<" in html and "provisional" in html


# The organiser's form ------------------------------------------------------------------------


def form_data(**changes) -> dict:
    data = {
        "name": "Championnat d'hiver",
        "starts_on": "2026-12-01",
        "ends_on": "2027-03-31",
        "scoring": "places",
        "points_scale": "10, 8, 6, 5",
        "best_of": "",
    }
    return {**data, **changes}


def test_an_organiser_creates_a_season_of_his_club(client, club, organiser):
    client.force_login(organiser)
    new = reverse("season:new", args=[club.id])
    assert client.get(new).status_code == 200
    response = client.post(new, form_data(best_of="8"))
    season = Season.objects.get()
    assert response.status_code == 302 and response["Location"] == url(season)
    assert (season.club, season.best_of, season.points_scale) == (club, 8, [10, 8, 6, 5])


def test_the_form_says_what_is_wrong_next_to_the_field(client, club, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("season:new", args=[club.id]),
        form_data(ends_on="2026-11-01", points_scale="10, -2"),
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "comes before the first day" in html
    assert "Give the season points for 1st" in html
    assert not Season.objects.exists()


def test_an_organiser_changes_his_season_and_its_events(client, club, organiser):
    season = season_with(club, 2, 6)
    night = club.events.order_by("date").first()
    client.force_login(organiser)
    edit = reverse("season:edit", args=[season.id])
    assert "Soirée 1" in client.get(edit).content.decode()
    changes = {"starts_on": "2026-09-01", "events": [night.id], "scoring": "tournament_points"}
    response = client.post(edit, form_data(**changes, **seen_now(season, "season")))
    assert response.status_code == 302
    season.refresh_from_db()
    assert list(season.events.all()) == [night]
    assert season.scoring == "tournament_points"
    assert season.points_scale == [10, 8, 6, 5]


def test_visitors_are_sent_to_log_in_and_other_clubs_organisers_refused(client, club):
    season = season_with(club, 1, 6)
    edit = reverse("season:edit", args=[season.id])
    response = client.get(edit)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    stranger = UserFactory(username="stranger")
    organise(ClubFactory(), stranger)
    client.force_login(stranger)
    assert client.get(edit).status_code == 403
    assert client.post(edit, form_data()).status_code == 403
    assert client.post(reverse("season:new", args=[club.id]), form_data()).status_code == 403
    season.refresh_from_db()
    assert season.name == "Championnat"


def test_the_change_button_shows_to_the_clubs_organisers_only(client, club, organiser):
    season = season_with(club, 1, 6)
    edit = reverse("season:edit", args=[season.id])
    assert edit not in client.get(url(season)).content.decode()
    client.force_login(organiser)
    assert edit in client.get(url(season)).content.decode()


def test_the_dashboard_lists_the_seasons_and_offers_a_new_one(client, club, organiser):
    season = season_with(club, 1, 6)
    client.force_login(organiser)
    html = client.get(reverse("organiser:dashboard")).content.decode()
    assert url(season) in html and reverse("season:new", args=[club.id]) in html


def test_the_home_page_lists_the_current_seasons(client, club):
    today = timezone.localdate()
    season = save_season(
        club=club,
        name="En cours",
        starts_on=today - datetime.timedelta(days=10),
        ends_on=today + datetime.timedelta(days=10),
        scoring="places",
        points_scale=[3, 2, 1],
        best_of=None,
    )
    assert url(season) in client.get(reverse("home")).content.decode()
