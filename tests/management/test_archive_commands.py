"""`manage.py export_event` and `import_event` (issue 10 §3): the archive to a file or to
standard output; imported into the archive's club or --club, renamed with --rename; a
refused archive prints one line per problem, exits 2 and stores nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from tests.archive_support import export, rich_event, row_counts
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club, organiser):
    return rich_event(club, organiser)


def test_export_event_writes_the_archive_to_a_file_or_to_standard_output(event, tmp_path):
    target = tmp_path / "soiree.ramiscore.json"
    call_command("export_event", str(event.pk), "-o", str(target), stderr=io.StringIO())
    out = io.StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    assert target.read_bytes() == export(event).encode() == out.getvalue().encode()


def test_export_event_names_an_unknown_event():
    with pytest.raises(CommandError, match="There is no event 999"):
        call_command("export_event", "999")


def test_import_event_recreates_it_in_the_club_given_and_exports_the_same_bytes(event, tmp_path):
    source = tmp_path / "archive.json"
    source.write_text(export(event), encoding="utf-8")
    out = io.StringIO()
    call_command("import_event", str(source), "--club", "Club voisin", stdout=out)
    copy = Event.objects.get(club__name="Club voisin")
    assert "Imported Tournoi d’automne into Club voisin" in out.getvalue()
    moved = export(copy).replace('"club": "Club voisin"', f'"club": "{event.club.name}"')
    assert moved == source.read_text(encoding="utf-8")


def test_import_event_uses_the_archives_club_and_renames_on_request(event, tmp_path):
    source = tmp_path / "archive.json"
    source.write_text(export(event), encoding="utf-8")
    call_command(
        "import_event",
        str(source),
        "--rename",
        "Tournoi bis",
        "--existing",
        "apart",
        stdout=io.StringIO(),
    )
    assert Event.objects.get(name="Tournoi bis").club == event.club
    assert Club.objects.count() == 1


def test_a_refused_archive_exits_2_with_one_line_per_problem_and_stores_nothing(event, tmp_path):
    source = tmp_path / "archive.json"
    # Another event of the same name: the same one is asked about (below).
    other = export(event).replace(str(event.uuid), "0b9f6f3e-1d2c-4c5b-8a7e-6f5d4c3b2a19")
    source.write_text(other, encoding="utf-8")
    before = row_counts()
    err = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(source), stderr=err, stdout=io.StringIO())
    assert refused.value.returncode == 2
    assert err.getvalue().splitlines() == [
        "The club Club de rami de Montreuil already has an event named Tournoi d’automne: "
        "import the archive under another name."
    ]
    assert row_counts() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ('{"format": "ramiscore-event/2"}', "its format must be ramiscore-event/1"),
        ("[" * 10_000 + "]" * 10_000, "nested too deep"),
    ],
)
def test_what_is_no_archive_exits_2_without_a_traceback(text, message, tmp_path):
    source = tmp_path / "archive.json"
    source.write_text(text, encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(source), stderr=err)
    assert refused.value.returncode == 2
    assert message in err.getvalue()
    assert Event.objects.count() == 0


def test_a_missing_file_exits_2(tmp_path):
    with pytest.raises(CommandError, match="cannot read") as refused:
        call_command("import_event", str(tmp_path / "none.json"))
    assert refused.value.returncode == 2


def test_the_same_event_again_needs_to_be_told_to_replace_it_or_keep_it_apart(event, tmp_path):
    source = tmp_path / "archive.json"
    source.write_text(export(event), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(source), "--rename", "Bis", stderr=err)
    assert refused.value.returncode == 2
    assert "already has this event" in err.getvalue()
    assert "--existing replace or --existing apart" in err.getvalue()
    out = io.StringIO()
    call_command("import_event", str(source), "--rename", "Bis", "--existing", "apart", stdout=out)
    assert not Event.objects.get(name="Bis").counted
    assert "Kept apart: it counts in no season and no rating." in out.getvalue()
