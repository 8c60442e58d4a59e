"""What a page did, kept for a browser test's failure message: its requests and their
answers, the clicks and form submits it received, what its console said, each with the time
since it was opened. A tap that "did nothing" in CI then says whether it reached the page, was
sent, or was never answered."""

from __future__ import annotations

import time

from playwright.sync_api import Page, Request

# Seen by the page itself, before its own scripts (capture phase): what was hit, and whether
# a form was submitted.
WATCH_INPUT = """
document.addEventListener("click", function (event) {
  const target = event.target;
  const text = (target.textContent || "").trim().slice(0, 40);
  console.log("click on <" + target.tagName.toLowerCase() + "> " + text +
    (target.disabled ? " (disabled)" : "") + " at " + event.clientX + "," + event.clientY);
}, true);
document.addEventListener("submit", function (event) {
  console.log("submit " + event.target.getAttribute("action"));
}, true);
"""


class Journal:
    """Lines of what `page` did, the last ones at hand (`tail`)."""

    def __init__(self, page: Page) -> None:
        self.lines: list[str] = []
        self.opened = time.monotonic()
        page.add_init_script(WATCH_INPUT)
        page.on("request", lambda request: self.note("→", request))
        page.on("requestfinished", lambda request: self.note("←", request))
        page.on("requestfailed", lambda request: self.note(f"✗ {request.failure}", request))
        page.on("console", lambda message: self.add(f"page: {message.text}"))

    def add(self, line: str) -> None:
        self.lines.append(f"{time.monotonic() - self.opened:7.2f} s  {line}")

    def note(self, what: str, request: Request) -> None:
        if request.resource_type in {"fetch", "xhr", "document"}:
            self.add(f"{what} {request.method} {request.url.split('?')[0]}")

    def tail(self, count: int = 40) -> str:
        return "\n".join(self.lines[-count:])
