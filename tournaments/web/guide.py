"""The organiser's guide (docs/guide-organisateur.md) as HTML: the one text, kept in docs/
with the project's other pages and shown by the site as it is written."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import markdown
from django.conf import settings
from django.utils.safestring import SafeString, mark_safe

GUIDE = Path(settings.BASE_DIR) / "docs" / "guide-organisateur.md"


@cache
def guide_html(path: Path = GUIDE) -> SafeString:
    """The guide rendered once per process: the project's own file, so its HTML is trusted
    (no raw HTML in it, no style attribute for the Content-Security-Policy to refuse)."""
    text = path.read_text(encoding="utf-8")
    return mark_safe(markdown.markdown(text, extensions=["sane_lists"], output_format="html"))  # noqa: S308
