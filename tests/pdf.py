"""Reading PDFs in tests: text by page (pypdf), pages as PNG (poppler's pdftoppm), QR codes
(zbar's zbarimg). Debian packages poppler-utils and zbar-tools; .ci/run installs both."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdf
import pytest


def without_layout(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Sheets built and rendered to HTML as usual, but not laid out: a blank one-page PDF
    stands for WeasyPrint's work (a second or more per sheet, and never a query). For the
    tests that count a sheet's queries; the sheets' own tests lay them out for real.
    Returns the HTML of every sheet asked for, in order."""
    from tournaments.sheets import render

    seen: list[str] = []

    def stand_in(html: str, **options) -> bytes:
        seen.append(html)
        return blank_pdf()

    monkeypatch.setattr(render, "html_to_pdf", stand_in)
    return seen


def blank_pdf() -> bytes:
    writer = pypdf.PdfWriter()
    writer.add_blank_page(width=595, height=842)  # A4 in points
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def in_english(event):
    """The event printed in English: for the tests that read a sheet's words."""
    event.language = "en"
    event.save(update_fields=["language"])
    return event


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def page_count(pdf: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def is_landscape(pdf: bytes, page: int = 0) -> bool:
    box = pypdf.PdfReader(io.BytesIO(pdf)).pages[page].mediabox
    return box.width > box.height


def squashed(text: str) -> str:
    """Text without white space: a long name wrapped over two lines still reads whole."""
    return re.sub(r"\s+", "", text)


def lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines()]


def _tool(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: apt-get install {package}")
        pytest.skip(f"{name} is not installed (apt-get install {package})")
    return found


def page_png(pdf: bytes, *, page: int = 1, dpi: int = 60) -> Path:
    """One page rendered by pdftoppm, as a PNG file (deleted with the test's tmp folder)."""
    pdftoppm = _tool("pdftoppm", "poppler-utils")
    folder = Path(tempfile.mkdtemp(prefix="sheet-"))
    source = folder / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [pdftoppm, "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
        + [str(source), str(folder / "page")],
        check=True,
        capture_output=True,
    )
    return folder / "page.png"


def dark_share(png: Path) -> float:
    """The share of the page's pixels that are dark (ink), 0 for a blank page."""
    from PIL import Image  # WeasyPrint's own dependency

    with Image.open(png) as image:
        grey = image.convert("L")
        histogram = grey.histogram()
        return sum(histogram[:128]) / (grey.width * grey.height)


def qr_codes(pdf: bytes, *, page: int = 1) -> set[str]:
    """What every QR code on the page says, decoded from the printed image by zbarimg."""
    zbarimg = _tool("zbarimg", "zbar-tools")
    png = page_png(pdf, page=page, dpi=150)
    found = subprocess.run(
        [zbarimg, "--raw", "-q", "-Sdisable", "-Sqrcode.enable", str(png)],
        capture_output=True,
        text=True,
    )
    return {line for line in found.stdout.splitlines() if line}


def same_page(first: bytes, second: bytes, number: int) -> bool:
    """Page `number` of both PDFs drawn alike, pixel for pixel (pdftoppm, 60 dpi)."""
    from PIL import Image, ImageChops  # WeasyPrint's own dependency

    with Image.open(page_png(first, page=number)) as one:
        with Image.open(page_png(second, page=number)) as other:
            return not ImageChops.difference(one.convert("L"), other.convert("L")).getbbox()


def same_pages(first: bytes, second: bytes) -> bool:
    """Every page of both PDFs drawn alike."""
    pages = page_count(first)
    return pages == page_count(second) and all(
        same_page(first, second, number) for number in range(1, pages + 1)
    )
