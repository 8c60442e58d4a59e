"""Follow a Ramiscore event as a club website or a chat bot would: read it through the API,
then hear of each change through a webhook, checking every delivery's signature.

Python's standard library only. Run it where the site can reach it:

    python follow_event.py --site https://ramiscore.example.org --event 12 \\
        --token rms_... --listen 0.0.0.0:8765 --secret <the webhook's signing secret>

and subscribe http://<this machine>:8765/ to the club's events on the club's "API and
webhooks" page. It prints one line per thing it learns, and stops after --until (by default
"event.finished") or --timeout seconds. docs/api.md explains each part.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import queue
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE = 300  # seconds: a delivery signed longer ago than this is refused (a replay)


def api(site: str, token: str, path: str) -> dict:
    """GET one API resource as JSON."""
    request = urllib.request.Request(
        f"{site}/api/v1{path}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def signature_ok(secret: str, header: str, body: bytes, now: float) -> bool:
    """The Ramiscore-Signature header "t=<unix time>,v1=<hex>": HMAC-SHA256 of
    "<t>.<body>" with the webhook's secret, and signed recently."""
    try:
        parts = dict(item.split("=", 1) for item in header.split(","))
        signed_at = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs(now - signed_at) > TOLERANCE:
        return False
    expected = hmac.new(secret.encode(), f"{signed_at}.".encode() + body, hashlib.sha256)
    return hmac.compare_digest(expected.hexdigest(), parts.get("v1", ""))


def listen(address: str, secret: str, heard: queue.Queue) -> ThreadingHTTPServer:
    """A webhook receiver: each delivery whose signature holds goes to `heard`."""
    host, port = address.rsplit(":", 1)

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if not signature_ok(
                secret, self.headers.get("Ramiscore-Signature", ""), body, time.time()
            ):
                self.send_response(401)
                self.end_headers()
                return
            self.send_response(204)  # answer at once; the work is done beside it
            self.end_headers()
            heard.put(json.loads(body))

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer((host, int(port)), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def say(message: dict, site: str, token: str) -> str:
    """One line for a delivery, reading more from the API where the message points to it."""
    data, kind = message["data"], message["type"]
    if kind == "round.seated":
        seats = ", ".join(
            f"{name} at table {table['table']}"
            for table in data["tables"]
            for name in table["players"]
        )
        return f"Round {data['round']} is seated: {seats}."
    if kind == "hand.confirmed":
        totals = ", ".join(f"{p['name']} {p['total']}" for p in data["players"])
        return f"Table {data['table']}, hand {data['hand']}: {totals}."
    if kind == "game.finished":
        return f"Table {data['table']} is over: {data['winner']} wins."
    if kind == "standings.changed":
        standings = api(site, token, data["standings"].removeprefix("/api/v1"))
        top = standings["standings"][:3]
        return "Standings: " + ", ".join(f"{row['place']}. {row['name']}" for row in top) + "."
    if kind == "event.finished":
        return "The event is over."
    return kind


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--event", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--listen", required=True, help="host:port for the webhook receiver")
    parser.add_argument("--secret", required=True, help="the webhook's signing secret")
    parser.add_argument("--until", default="event.finished")
    parser.add_argument("--timeout", type=float, default=3600)
    options = parser.parse_args(argv)

    heard: queue.Queue = queue.Queue()
    server = listen(options.listen, options.secret, heard)
    event = api(options.site, options.token, f"/events/{options.event}")
    print(
        f"Following {event['name']} ({event['date']}): {len(event['rounds'])} round(s).", flush=True
    )
    deadline = time.monotonic() + options.timeout
    try:
        while time.monotonic() < deadline:
            try:
                message = heard.get(timeout=0.5)
            except queue.Empty:
                continue
            if message.get("event_id") != options.event:
                continue
            print(say(message, options.site, options.token), flush=True)
            if message["type"] == options.until:
                return 0
        print("Stopped: nothing more before the timeout.", file=sys.stderr)
        return 1
    finally:
        server.shutdown()


if __name__ == "__main__":
    sys.exit(main())
