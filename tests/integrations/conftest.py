"""A webhook receiver of our own on loopback, for the delivery tests."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Receiver:
    url: str
    received: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)  # statuses to give, in order; then 200

    def bodies(self) -> list[dict]:
        return [json.loads(body) for _headers, body in self.received]


@pytest.fixture
def receiver(settings) -> Iterator[Receiver]:
    """An HTTP server on 127.0.0.1 that records every POST; private addresses allowed."""
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    found = Receiver(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            found.received.append((dict(self.headers), body))
            status = found.answers.pop(0) if found.answers else 200
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            self.wfile.write(b"thanks" if status == 200 else b"not now")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    found.url = f"http://127.0.0.1:{server.server_address[1]}/hooks/ramiscore?club=1"
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
