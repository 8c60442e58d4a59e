"""Rendered PDFs kept in storage, one file per version of their data, rendered once.

`stored_pdf(key, version, render)` gives the stored file of `key` ("record:12") if it was
rendered from this `version` of the data; otherwise one caller renders it while the others
wait for its file. That caller holds the StoredPdf row's lease, taken by a conditional UPDATE:
it works the same on SQLite and PostgreSQL, across gunicorn workers and app hosts, and holds
no lock or transaction while WeasyPrint works. The renderer renews its lease with a heartbeat
(sheets/heartbeat.py); one that dies leaves a lease that expires within LEASE, and the next
caller renders.

The files live in Django's "pdfs" storage (settings.STORAGES, under MEDIA_ROOT), not in the
cache: the default cache is each process's own memory, so every gunicorn worker would render
its own copy and no lock could be shared, and a cache may drop a large file whenever it likes.
The row in the database says which file is current, with its size and digest; a host whose
storage lacks it, or holds a copy that does not match (cut short by a full disk), renders it
again under the same lease, so the file is served even from a host that does not share the
folder (docs/deploy.md: share MEDIA_ROOT between app hosts). Files are written whole or not at
all (tournaments.sheets.files).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.models import StoredPdf

from . import heartbeat

STORAGE = "pdfs"
# A renderer renews its lease with each heartbeat while it works: a lease not renewed for
# this long belongs to a renderer that died (killed, or its host gone).
LEASE = timedelta(seconds=heartbeat.SILENT_FOR)
# Seconds a request waits for another's render before answering "try again": under the
# proxy's timeout (settings.PROXY_TIMEOUT), so that the visitor gets our page, not its 504.
PROXY_MARGIN = 10.0
FIRST_PAUSE, LONGEST_PAUSE = 0.05, 0.5

# What else the PDFs depend on besides the data: the code that lays them out and the words.
BASE_DIR = Path(settings.BASE_DIR)
LAYOUT_SOURCES = (
    "templates/sheets/*.html",
    "static/css/print*.css",
    "tournaments/sheets/*.py",
    "tournaments/sheets/*.css",
    "tournaments/words/*.py",
    "tournaments/*/display.py",
    "tournaments/*/display/*.py",
    "locale/*/LC_MESSAGES/django.mo",
)

# A callable that says whether this caller may render now: None if so, else the seconds it
# must wait (the anonymous visitors' allowance, tournaments.web.throttle).
MayRender = Callable[[], int | None]


class RenderRefused(Exception):
    """This caller may not render now (too many renders from its address)."""

    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


class StillRendering(Exception):
    """Another process has been rendering this PDF for longer than a request may wait."""


@dataclass(frozen=True)
class Stored:
    key: str
    version: str
    file: str
    rendered_at: datetime


@cache
def layout_version() -> str:
    """A digest of the templates, stylesheets, code and translations the PDFs come from: a new
    release renders every PDF again. Read once per process."""
    digest = hashlib.sha256()
    for pattern in LAYOUT_SOURCES:
        for path in sorted(BASE_DIR.glob(pattern)):
            digest.update(path.relative_to(BASE_DIR).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def version_of(kind: str, data: object, *, language: str) -> str:
    """The version of a PDF: `data` is what the selectors found it shows (a fingerprint)."""
    text = repr((layout_version(), kind, language, data))
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def storage():
    return storages[STORAGE]


def stored_pdf(
    key: str,
    version: str,
    render: Callable[[], bytes],
    *,
    may_render: MayRender | None = None,
    wait: float | None = None,
) -> Stored:
    """The stored PDF of `key` rendered from `version`, rendering it if there is none.

    Raises RenderRefused when this caller would have to render and `may_render` says no, and
    StillRendering when another caller's render takes longer than `wait` seconds (by
    default, what the proxy in front leaves: longest_wait())."""
    deadline = time.monotonic() + (longest_wait() if wait is None else wait)
    pause = FIRST_PAUSE
    holder = secrets.token_hex(8)
    while True:
        row = StoredPdf.objects.filter(key=key).first()
        if row is not None and _current(row, version):
            return _stored(row)
        if _claim(key, row, version, holder):
            return _render_holding_lease(key, version, render, may_render, holder, row)
        if time.monotonic() > deadline:
            raise StillRendering(key)
        _pause(pause)
        pause = min(pause * 2, LONGEST_PAUSE)


def longest_wait() -> float:
    """Seconds a request may wait for another's render: some seconds under the proxy's
    timeout, which ends the request otherwise."""
    return max(0.0, settings.PROXY_TIMEOUT - PROXY_MARGIN)


def _render_holding_lease(
    key: str,
    version: str,
    render: Callable[[], bytes],
    may_render: MayRender | None,
    holder: str,
    previous: StoredPdf | None,
) -> Stored:
    try:
        if may_render is not None and (retry_after := may_render()) is not None:
            raise RenderRefused(retry_after)
        with heartbeat.beating(lambda: _renew(key, holder)):
            pdf = render()
        name = storage().save(_file_name(key, version), ContentFile(pdf))
    except BaseException:
        _release(key, holder)
        raise
    now = timezone.now()
    digest = hashlib.sha256(pdf).hexdigest()
    kept = StoredPdf.objects.filter(key=key, lease_holder=holder).update(
        version=version,
        file=name,
        size=len(pdf),
        digest=digest,
        rendered_at=now,
        lease_until=None,
        lease_holder="",
    )
    if not kept:  # our lease expired and another took it: his file will be the one kept
        return Stored(key=key, version=version, file=name, rendered_at=now)
    if previous is not None and previous.file and previous.file != name:
        # Whoever is sending the old file has it open already: removing its name is safe.
        storage().delete(previous.file)
    return Stored(key=key, version=version, file=name, rendered_at=now)


def _current(row: StoredPdf, version: str) -> bool:
    return row.version == version and _intact(row)


# The files (name, digest) that this process has read whole and found as rendered: a stored
# file never changes under its name, so its size is enough afterwards.
_checked: set[tuple[str, str]] = set()


def _intact(row: StoredPdf) -> bool:
    """Whether the row's file is in this host's storage exactly as it was rendered: its size
    each time, its digest once per process. A copy cut short by a full disk, or changed, is
    not served: the caller renders it again."""
    if not row.file or row.size is None:
        return False
    try:
        if storage().size(row.file) != row.size:
            return False
        if (row.file, row.digest) in _checked:
            return True
        digest = hashlib.sha256()
        with storage().open(row.file, "rb") as file:
            for chunk in file.chunks():
                digest.update(chunk)
    except OSError:  # not in this host's storage, or gone meanwhile
        return False
    if digest.hexdigest() != row.digest:
        return False
    _checked.add((row.file, row.digest))
    return True


def forget_checked() -> None:
    """As a new process: every file's digest is read again on first use (for tests)."""
    _checked.clear()


def _stored(row: StoredPdf) -> Stored:
    assert row.rendered_at is not None  # written with the file, which every caller checked
    return Stored(key=row.key, version=row.version, file=row.file, rendered_at=row.rendered_at)


def _claim(key: str, row: StoredPdf | None, version: str, holder: str) -> bool:
    """Takes the lease of `key` to render `version`: one INSERT (no row yet) or one
    conditional UPDATE (nobody holds it, or the holder's lease expired; and it is still not
    rendered from `version`), atomic in both databases."""
    now = timezone.now()
    if row is None:
        try:
            with transaction.atomic():
                StoredPdf.objects.create(key=key, lease_until=now + LEASE, lease_holder=holder)
        except IntegrityError:
            return False  # another caller created it first: he renders
        return True
    free = StoredPdf.objects.filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now), key=key)
    if row.version == version:  # rendered, but the file is not in this host's storage
        unchanged = free.filter(version=version, file=row.file)
    else:  # and not rendered from `version` by someone else since we looked
        unchanged = free.exclude(version=version)
    return unchanged.update(lease_until=now + LEASE, lease_holder=holder) == 1


def _renew(key: str, holder: str) -> None:
    """The renderer is alive: its lease runs for LEASE from now."""
    StoredPdf.objects.filter(key=key, lease_holder=holder).update(
        lease_until=timezone.now() + LEASE
    )


def _release(key: str, holder: str) -> None:
    StoredPdf.objects.filter(key=key, lease_holder=holder).update(lease_until=None, lease_holder="")


def _pause(seconds: float) -> None:
    """Waits for another caller's render (the tests watch who waits here)."""
    time.sleep(seconds)


def _file_name(key: str, version: str) -> str:
    return f"{key.replace(':', '-')}-{version[:12]}.pdf"


def open_stored(stored: Stored):
    """The stored file, open for reading (FileResponse closes it)."""
    return storage().open(stored.file, "rb")


def current(key: str, version: str) -> Stored | None:
    """The stored PDF of `key` if it was rendered from `version`, without rendering it."""
    row = StoredPdf.objects.filter(key=key).first()
    return _stored(row) if row is not None and _current(row, version) else None


def latest(key: str) -> Stored | None:
    """The last file rendered for `key`, whatever its version (an organiser's prepared PDF)."""
    row = StoredPdf.objects.filter(key=key).exclude(file="").first()
    if row is None or not _intact(row):
        return None
    return _stored(row)
