"""The member list: read from CSV or XLSX, planned (adds, changes, left alone, refused, one
line per problem), applied in one transaction; each licensee linked to his club's player."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from openpyxl import Workbook

from tests.factories import PlayerFactory
from tests.federation.conftest import csv_of
from tournaments.federation.services.members import (
    apply_member_list,
    plan_member_list,
    read_member_list,
)
from tournaments.models import MemberImport, Person, Player

pytestmark = pytest.mark.django_db

HEADER = "licence;nom;club;année de naissance;catégorie"


def plan(federation, data: bytes, name: str = "members.csv"):
    rows, problems = read_member_list(data, name)
    return plan_member_list(federation=federation, rows=rows, problems=problems)


def test_a_new_list_adds_each_licensee_to_his_club_linking_a_player_of_the_same_name(
    federation, club, vincennes, official
):
    anne = PlayerFactory(club=club, name="Anne Martin")
    data = csv_of(
        HEADER,
        "F001;anne martin;Club de rami de Montreuil;1961;Vétéran",
        "F002;Bruno Petit;Rami club de Vincennes;1990;Senior",
    )
    found = plan(federation, data)
    assert [row.licence for row, _club in found.adds] == ["F001", "F002"]
    assert found.refused == [] and found.changes == []
    record = apply_member_list(federation=federation, plan=found, file_name="m.csv", user=official)
    assert (record.added, record.changed, record.refused) == (2, 0, 0)
    anne.refresh_from_db()
    assert anne.person.licence == "F001" and anne.person.birth_year == 1961
    bruno = Player.objects.get(club=vincennes, name="Bruno Petit")
    assert bruno.person.licence == "F002"
    assert Player.objects.filter(club=club, name__iexact="anne martin").count() == 1


def test_a_second_list_changes_what_moved_and_leaves_the_rest(federation, official, vincennes):
    first = csv_of(
        HEADER,
        "F001;Anne Martin;Club de rami de Montreuil;1961;Senior",
        "F002;Bruno Petit;Rami club de Vincennes;1990;Senior",
    )
    apply_member_list(
        federation=federation, plan=plan(federation, first), file_name="a", user=official
    )
    second = csv_of(
        HEADER,
        "F001;Anne Martin;Club de rami de Montreuil;1961;Vétéran",
        "F003;Chloé Roux;Rami club de Vincennes;;",
    )
    found = plan(federation, second)
    assert [row.licence for row, _club in found.adds] == ["F003"]
    ((change),) = found.changes
    assert change.changes == {"category": ("Senior", "Vétéran")}
    assert found.not_in_file == 1  # Bruno: left as he is
    apply_member_list(federation=federation, plan=found, file_name="b", user=official)
    assert Person.objects.get(licence="F001").category == "Vétéran"
    assert Person.objects.get(licence="F002").name == "Bruno Petit"


def test_each_bad_line_is_refused_with_its_reason_and_the_rest_applies(federation, official):
    data = csv_of(
        HEADER,
        "F001;Anne Martin;Club de rami de Montreuil;1961;",
        ";Sans Licence;Club de rami de Montreuil;;",
        "F002;Bruno Petit;Club inconnu;;",
        "F001;Anne Again;Club de rami de Montreuil;;",
        "F004;Denis Blanc;Club de rami de Montreuil;19X1;",
        "F005;;Club de rami de Montreuil;;",
    )
    found = plan(federation, data)
    assert found.refused == [
        (3, "no licence number"),
        (4, "no club of the federation is called Club inconnu"),
        (5, "licence F001 is already on line 2"),
        (6, "19X1 is not a birth year"),
        (7, "no name"),
    ]
    record = apply_member_list(federation=federation, plan=found, file_name="m", user=official)
    assert (record.added, record.refused) == (1, 5)
    assert MemberImport.objects.get().refused == 5


def test_an_xlsx_list_reads_as_its_csv_would(federation):
    book = Workbook()
    sheet = book.active
    sheet.append(["Licence", "Name", "Club", "Birth year", "Category"])
    sheet.append(["F010", "Élodie Faure", "Club de rami de Montreuil", 1975.0, "Senior"])
    out = io.BytesIO()
    book.save(out)
    found = plan(federation, out.getvalue(), "liste.xlsx")
    ((row, club),) = found.adds
    assert (row.licence, row.name, row.birth_year, club.name) == (
        "F010",
        "Élodie Faure",
        1975,
        "Club de rami de Montreuil",
    )


@pytest.mark.parametrize(
    ("data", "name", "says"),
    [
        (b"", "m.csv", "The file is empty."),
        (b"nom;club\nAnne;X\n", "m.csv", "Missing: licence."),
        (b"not a workbook", "m.xlsx", "The file is not an XLSX workbook."),
    ],
)
def test_a_file_that_is_not_a_member_list_says_why(federation, data, name, says):
    with pytest.raises(ValidationError) as refused:
        read_member_list(data, name)
    assert says in refused.value.messages[0]


def test_planning_takes_four_queries_whatever_the_length(federation, django_assert_num_queries):
    lines = [HEADER] + [f"F{n:05};Joueur {n};Club de rami de Montreuil;;" for n in range(300)]
    rows, problems = read_member_list(csv_of(*lines), "m.csv")
    with django_assert_num_queries(3):
        found = plan_member_list(federation=federation, rows=rows, problems=problems)
    assert len(found.adds) == 300
