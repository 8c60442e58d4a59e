"""Requests the site itself sends (webhook deliveries): only to addresses on the Internet.

A webhook must never become a way into the venue's network or the host's own services: the
receiver's name is resolved here, every address it resolves to must be a public one (unless
the site's owner allows private ones, WEBHOOKS_ALLOW_PRIVATE), and the connection goes to
the address that was checked, so that a name answering differently the second time (DNS
rebinding) cannot slip through. Redirects are not followed.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

TIMEOUT = 5.0  # seconds for the receiver to connect and answer
ANSWER_KEPT = 500  # characters of the receiver's answer kept in the log


class Refused(Exception):
    """The address may not be reached from the site (said in English: it goes to the log)."""


@dataclass(frozen=True)
class Answer:
    status: int | None
    text: str
    error: str
    duration_ms: int

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def checked_address(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, ip) of a URL whose host resolves only to allowed addresses;
    Refused otherwise."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("only http and https addresses can receive webhooks")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise Refused(f"the name {parts.hostname} does not resolve ({error})") from None
    addresses = [str(info[4][0]) for info in found]
    if not addresses:
        raise Refused(f"the name {parts.hostname} does not resolve")
    for address in addresses:
        if not allowed(address):
            raise Refused(f"{parts.hostname} is a private or local address ({address})")
    return parts.scheme, parts.hostname, port, addresses[0]


def allowed(address: str) -> bool:
    """A public address, or any address where the site's owner allows private ones."""
    if getattr(settings, "WEBHOOKS_ALLOW_PRIVATE", False):
        return True
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST `body` to the URL (its address checked first); never raises for the receiver's
    faults: they are in the Answer."""
    started = time.monotonic()
    try:
        scheme, host, port, ip = checked_address(url)
        parts = urlsplit(url)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        connection = _connection(scheme, host, port, ip)
        try:
            connection.request("POST", path, body=body, headers={**headers, "Host": host})
            response = connection.getresponse()
            text = response.read(ANSWER_KEPT * 4).decode("utf-8", "replace")[:ANSWER_KEPT]
            return Answer(response.status, text, "", _since(started))
        finally:
            connection.close()
    except Refused as refused:
        return Answer(None, "", str(refused), _since(started))
    except (OSError, http.client.HTTPException) as error:
        return Answer(None, "", f"{type(error).__name__}: {error}"[:300], _since(started))


def _connection(scheme: str, host: str, port: int, ip: str) -> http.client.HTTPConnection:
    if scheme == "https":
        return _PinnedHTTPS(host, port, ip)
    return _PinnedHTTP(host, port, ip)


class _PinnedHTTP(http.client.HTTPConnection):
    """Connects to the checked address, whatever the name resolves to now."""

    def __init__(self, host: str, port: int, ip: str) -> None:
        super().__init__(host, port, timeout=TIMEOUT)
        self.ip = ip

    def connect(self) -> None:
        self.sock = socket.create_connection((self.ip, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """The same over TLS, the certificate checked against the receiver's name."""

    def __init__(self, host: str, port: int, ip: str) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=TIMEOUT, context=self.tls)
        self.ip = ip

    def connect(self) -> None:
        sock = socket.create_connection((self.ip, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)


def _since(started: float) -> int:
    return round((time.monotonic() - started) * 1000)
