"""The federation's member list (CSV or XLSX: licence, name, club, birth year, category): read,
shown as a plan (what it adds, changes, leaves as it is and refuses, one line per problem),
then applied in one transaction. Each licensee becomes the federation's `Person` and a member
(`Player`) of his club, linked to him; a club's player of the same name is linked, not
duplicated. 10,000 rows apply in a few seconds (`bench/bench_federation.py`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.clubs.services.actors import Actor, account
from tournaments.models import Club, Federation, MemberImport, Person, Player
from tournaments.rules.text import escaped, unprintable
from tournaments.words.names import folded

MOST_ROWS = 50_000  # far above any federation's members; a file past it is refused at once
BATCH = 2_000
# What each column may be called in the file's first line (French or English, any case).
HEADERS = {
    "licence": (
        "licence",
        "license",
        "licence number",
        "numéro de licence",
        "n° licence",
        "licence n°",
    ),
    "name": ("name", "nom", "player", "joueur", "nom et prénom", "full name"),
    "club": ("club",),
    "birth_year": ("birth year", "année de naissance", "naissance", "year of birth"),
    "category": ("category", "catégorie", "categorie"),
}
FIELDS = ("name", "birth_year", "category")


@dataclass(frozen=True)
class MemberRow:
    line: int  # in the file, 1 = the header
    licence: str
    name: str
    club: str
    birth_year: int | None
    category: str


@dataclass
class Change:
    person: Person
    row: MemberRow
    changes: dict[str, tuple[object, object]]  # field → (now, after)
    new_club: Club | None = None  # he becomes a member of this club too


@dataclass
class MemberPlan:
    """What applying the list would do; nothing is written to make it."""

    adds: list[tuple[MemberRow, Club]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    unchanged: int = 0
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line, why)
    not_in_file: int = 0  # the federation's licensees the file does not name: left as they are

    @property
    def can_apply(self) -> bool:
        return bool(self.adds or self.changes)


def read_member_list(data: bytes, file_name: str) -> tuple[list[MemberRow], list[tuple[int, str]]]:
    """The rows of a CSV or XLSX member list, and each line it could not read."""
    if file_name.lower().endswith(".xlsx"):
        table = _xlsx_rows(data)
    else:
        table = _csv_rows(data)
    if not table:
        raise ValidationError(_("The file is empty."))
    if len(table) > MOST_ROWS + 1:
        raise ValidationError(
            _("The file has %(rows)s lines: a member list has at most %(most)s.")
            % {"rows": len(table), "most": MOST_ROWS}
        )
    columns = _columns(table[0])
    rows, problems = [], []
    for line, cells in enumerate(table[1:], start=2):
        if not any(str(cell or "").strip() for cell in cells):
            continue
        try:
            rows.append(_row(line, cells, columns))
        except ValueError as error:
            problems.append((line, str(error)))
    return rows, problems


def plan_member_list(
    *, federation: Federation, rows: list[MemberRow], problems: list[tuple[int, str]]
) -> MemberPlan:
    """What the list would do, in four queries whatever its length."""
    plan = MemberPlan(refused=list(problems))
    clubs = {folded(club.name): club for club in federation.clubs.all()}
    people = {
        p.licence: p for p in Person.objects.filter(federation=federation).exclude(licence="")
    }
    member_of = set(
        Player.objects.filter(person__federation=federation).values_list("person_id", "club_id")
    )
    seen: dict[str, int] = {}
    for row in rows:
        club = clubs.get(folded(row.club))
        if club is None:
            plan.refused.append(
                (row.line, _("no club of the federation is called %(club)s") % {"club": row.club})
            )
            continue
        if row.licence in seen:
            plan.refused.append(
                (
                    row.line,
                    _("licence %(licence)s is already on line %(first)s")
                    % {"licence": row.licence, "first": seen[row.licence]},
                )
            )
            continue
        seen[row.licence] = row.line
        person = people.get(row.licence)
        if person is None:
            plan.adds.append((row, club))
            continue
        changes = {
            name: (getattr(person, name), getattr(row, name))
            for name in FIELDS
            if getattr(row, name) not in (None, "") and getattr(row, name) != getattr(person, name)
        }
        new_club = None if (person.pk, club.pk) in member_of else club
        if changes or new_club:
            plan.changes.append(Change(person, row, changes, new_club))
        else:
            plan.unchanged += 1
    plan.not_in_file = len(set(people) - set(seen))
    plan.refused.sort()
    return plan


def apply_member_list(
    *,
    federation: Federation,
    plan: MemberPlan,
    file_name: str,
    user: Actor,
) -> MemberImport:
    """Apply a plan in one transaction: new people and their club membership, changes,
    and each one linked to his club's player of the same name (made if the club has none)."""
    with transaction.atomic():
        Federation.objects.select_for_update().get(pk=federation.pk)  # one import at a time
        made = Person.objects.bulk_create(
            [
                Person(
                    federation=federation,
                    licence=row.licence,
                    name=row.name,
                    birth_year=row.birth_year,
                    category=row.category,
                )
                for row, _club in plan.adds
            ],
            batch_size=BATCH,
        )
        changed = []
        for change in plan.changes:
            for name, (_now, after) in change.changes.items():
                setattr(change.person, name, after)
            changed.append(change.person)
        Person.objects.bulk_update(changed, FIELDS, batch_size=BATCH)
        memberships = [(person, club) for person, (_row, club) in zip(made, plan.adds, strict=True)]
        memberships += [(c.person, c.new_club) for c in plan.changes if c.new_club is not None]
        _link_to_club_players(memberships)
        record = MemberImport.objects.create(
            federation=federation,
            file_name=file_name[:200],
            added=len(plan.adds),
            changed=len(plan.changes),
            unchanged=plan.unchanged,
            refused=len(plan.refused),
            imported_by=account(user),
        )
    return record


def _link_to_club_players(memberships: list[tuple[Person, Club]]) -> None:
    """Each person becomes his club's player of the same name (any case), made if new."""
    club_ids = {club.pk for _person, club in memberships}
    players = {
        (player.club_id, player.name.lower()): player
        for player in Player.objects.filter(club_id__in=club_ids)
    }
    linked, new = [], []
    for person, club in memberships:
        player = players.get((club.pk, person.name.lower()))
        if player is None:
            player = Player(club=club, name=person.name, person=person)
            players[(club.pk, person.name.lower())] = player
            new.append(player)
        elif player.person_id is None:
            player.person = person
            linked.append(player)
    Player.objects.bulk_create(new, batch_size=BATCH)
    Player.objects.bulk_update(linked, ["person"], batch_size=BATCH)


# Reading ---------------------------------------------------------------------------------


def _csv_rows(data: bytes) -> list[list[str]]:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # cp1252 reads every byte but five
        raise ValidationError(_("The file is not text: send a CSV or an XLSX file."))
    sample = text[:4096]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def _xlsx_rows(data: bytes) -> list[list[Any]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook
        raise ValidationError(_("The file is not an XLSX workbook.")) from None
    sheet = book.worksheets[0]
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def _columns(header: list[Any]) -> dict[str, int]:
    named = [folded(str(cell or "").strip()) for cell in header]
    columns = {}
    for key, names in HEADERS.items():
        for index, cell in enumerate(named):
            if cell in {folded(name) for name in names}:
                columns[key] = index
                break
    missing = [key for key in ("licence", "name", "club") if key not in columns]
    if missing:
        raise ValidationError(
            _(
                "The first line must name the columns: licence, name, club (and, if you have "
                "them, birth year and category). Missing: %(missing)s."
            )
            % {"missing": ", ".join(missing)}
        )
    return columns


def _row(line: int, cells: list[Any], columns: dict[str, int]) -> MemberRow:
    def cell(key: str) -> str:
        index = columns.get(key)
        value = cells[index] if index is not None and index < len(cells) else None
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # a spreadsheet's 1987.0
        return " ".join(str(value if value is not None else "").split())

    licence, name, club = cell("licence"), cell("name"), cell("club")
    if not licence:
        raise ValueError(_("no licence number"))
    if not name:
        raise ValueError(_("no name"))
    if not club:
        raise ValueError(_("no club"))
    for value in (licence, name, club, cell("category")):
        if unprintable(value):
            raise ValueError(_("%(value)s holds a control character") % {"value": escaped(value)})
    if len(licence) > 20 or len(name) > 80 or len(cell("category")) > 40:
        raise ValueError(_("a value is too long (licence 20, name 80, category 40 characters)"))
    year = cell("birth_year")
    birth_year = None
    if year:
        if not year.isdigit() or not 1900 <= int(year) <= 2100:
            raise ValueError(_("%(year)s is not a birth year") % {"year": year})
        birth_year = int(year)
    return MemberRow(line, licence, name, club, birth_year, cell("category"))
