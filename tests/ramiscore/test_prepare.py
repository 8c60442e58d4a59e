"""`make`'s first step (ramiscore/prepare.py): pip only when the requirements changed, so that
a laptop prepared at home starts at the venue with no Internet; its words in the system's
language. Every test works on a virtual environment of its own (never the project's)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ramiscore import prepare
from tests.fresh import BASE_DIR


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder: its two requirement files, and a virtual environment with a Python."""
    (tmp_path / "requirements.txt").write_text("Django==5.2\n")
    (tmp_path / "requirements-dev.txt").write_text("-r requirements.txt\npytest==9.2.0\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("")
    return tmp_path


def prepared(project: Path, *, pip_works: bool = True) -> tuple[int, list[str], list[list[str]]]:
    """What prepare() answers, says and runs (pip succeeding or, offline, failing)."""
    said: list[str] = []
    ran: list[list[str]] = []

    def run(command: list[str]) -> int:
        ran.append(command)
        return 0 if pip_works else 1

    status = prepare.prepare(
        project, project / ".venv", python="python3.11", say=said.append, _=str, run=run
    )
    return status, said, ran


def test_the_first_run_installs_and_says_it_needs_the_internet(project: Path) -> None:
    status, said, ran = prepared(project)
    assert status == 0 and len(ran) == 1 and ran[0][1:3] == ["install", "--quiet"]
    assert "needs the Internet" in said[0] and "Prepare the laptop at home" in said[0]
    assert (project / ".venv" / ".installed").read_text().strip() == prepare.fingerprint(project)


def test_a_prepared_laptop_calls_no_pip_even_when_its_files_dates_changed(project: Path) -> None:
    prepared(project)
    # A copy of the folder or a git checkout: same content, new dates.
    for name in prepare.REQUIREMENTS:
        os.utime(project / name, (4_000_000_000, 4_000_000_000))
    assert prepared(project, pip_works=False) == (0, [], [])


def test_changed_requirements_are_installed_and_offline_it_says_what_to_do(project: Path) -> None:
    prepared(project)
    with (project / "requirements.txt").open("a") as file:
        file.write("segno==1.6.6\n")
    status, said, ran = prepared(project, pip_works=False)
    assert status == 1 and len(ran) == 1
    assert "is this computer on the Internet?" in said[-1]


def test_a_stamp_from_before_fingerprints_is_trusted_by_its_date(project: Path) -> None:
    stamp = project / ".venv" / ".installed"
    stamp.write_text("")
    os.utime(stamp, (4_000_000_000, 4_000_000_000))  # made after the requirements
    assert prepared(project, pip_works=False) == (0, [], [])
    assert stamp.read_text().strip() == prepare.fingerprint(project)
    stamp.write_text("")
    os.utime(stamp, (0, 0))  # older than the requirements: install
    assert prepared(project)[2] != []


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_BE.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr"}, "fr"),  # LANGUAGE=fr forces it
        ({"LANGUAGE": "fr:en", "LANG": "C.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "en_CA.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_follows_the_system(environ: dict, language: str) -> None:
    assert prepare.system_language(environ) == language


def test_its_words_come_from_the_projects_french_catalogue(project: Path) -> None:
    said: list[str] = []
    french = prepare.translator("fr")
    prepare.prepare(
        project, project / ".venv", python="python3.11", say=said.append, _=french, run=len
    )
    assert said[0].startswith("Installation des paquets") and "à la maison" in said[0]
    assert said[1].startswith("Les paquets n’ont pas pu être installés")


@pytest.mark.skipif(not shutil.which("unshare"), reason="needs unshare (util-linux)")
def test_with_no_network_at_all_a_prepared_laptop_gets_through(project: Path) -> None:
    """The command itself in a network namespace of its own: no interface but loopback."""
    prepared(project)
    probe = subprocess.run(["unshare", "-rn", "true"], check=False, capture_output=True)
    if probe.returncode != 0:
        pytest.skip("this machine allows no network namespace")
    code = (
        "import sys; from pathlib import Path; from ramiscore import prepare; "
        f"sys.exit(prepare.prepare(Path({str(project)!r}), Path({str(project / '.venv')!r}), "
        "python='python3.11', say=print, _=str))"
    )
    done = subprocess.run(
        ["unshare", "-rn", sys.executable, "-c", code],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "")
