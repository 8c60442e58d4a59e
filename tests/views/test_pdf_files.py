"""A stored PDF is whole or absent: a disk that fills up while one is written leaves no file
under its final name and answers 503 "the disk is full" (not 500); a file whose size or digest
does not match what was rendered (cut short on another host, say) is never served, but
rendered again."""

from __future__ import annotations

import errno
import hashlib

import pytest
from django.core.files.base import ContentFile
from django.test import Client

from tests.factories import make_game, play
from tests.pdf import in_english
from tournaments.models import StoredPdf
from tournaments.sheets import store
from tournaments.sheets.files import AtomicFileSystemStorage

pytestmark = pytest.mark.django_db


class FillsUp(ContentFile):
    """A file whose writing meets a full disk after its first 8,192 bytes."""

    def chunks(self, chunk_size=None):
        yield b"%PDF-1.7" + b"x" * 8184
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def pdf_storage(settings, tmp_path):
    """The PDFs' storage as configured, in a folder of this test."""
    settings.STORAGES = {
        **settings.STORAGES,
        "pdfs": {**settings.STORAGES["pdfs"], "OPTIONS": {"location": tmp_path}},
    }
    return store.storage()


def test_the_configured_storage_writes_a_whole_file_or_none(pdf_storage, tmp_path):
    with pytest.raises(OSError, match="No space left"):
        pdf_storage.save("record-1-abc.pdf", FillsUp(b""))
    assert list(tmp_path.iterdir()) == []  # neither the final name nor a half-written one
    name = pdf_storage.save("record-1-abc.pdf", ContentFile(b"%PDF-1.7 whole"))
    assert (tmp_path / name).read_bytes() == b"%PDF-1.7 whole"
    assert [path.name for path in tmp_path.iterdir()] == [name]


def test_the_settings_name_the_atomic_storage():
    assert isinstance(store.storage(), AtomicFileSystemStorage)


@pytest.fixture
def game(event):
    return make_game(in_english(event))


def record_url(game) -> str:
    return f"/sheets/games/{game.pk}/record.pdf"


def test_a_pdf_met_by_a_full_disk_answers_503_and_the_next_one_is_whole(
    game, pdf_storage, tmp_path, monkeypatch
):
    play(game, "going_out", "Anne", Bruno=23, Chloé=4)
    real_save = AtomicFileSystemStorage._save

    def full(self, name, content):
        return real_save(self, name, FillsUp(b""))

    monkeypatch.setattr(AtomicFileSystemStorage, "_save", full)
    response = Client(raise_request_exception=False).get(
        record_url(game), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 503
    assert "disque" in response.content.decode() and "plein" in response.content.decode()
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()

    whole = Client().get(record_url(game))
    assert whole.status_code == 200
    pdf = whole.getvalue()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")


def test_a_file_cut_short_is_never_served_but_rendered_again(game, pdf_storage, tmp_path):
    first = Client().get(record_url(game)).getvalue()
    row = StoredPdf.objects.get(key=f"record:{game.pk}")
    assert row.size == len(first) and row.digest == hashlib.sha256(first).hexdigest()
    # Another host's copy, cut short by its full disk, under the name the row gives.
    (tmp_path / row.file).write_bytes(first[:8192])

    again = Client().get(record_url(game)).getvalue()

    assert len(again) > 8192 and again.rstrip().endswith(b"%%EOF")


def test_a_file_of_the_right_size_but_other_bytes_is_never_served(game, pdf_storage, tmp_path):
    first = Client().get(record_url(game)).getvalue()
    row = StoredPdf.objects.get(key=f"record:{game.pk}")
    (tmp_path / row.file).write_bytes(b"\0" * len(first))
    store.forget_checked()  # as a process that has not read this file yet

    again = Client().get(record_url(game)).getvalue()

    assert again.startswith(b"%PDF")
