"""Pure helpers for serving on a venue's network (`make serve`): the laptop's addresses on the
local networks and the one phones should use, a secret key kept in a file, the environment
that turns those into settings, and the join address as a QR code for the terminal. No Django
settings: these run before the settings are read.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import ifaddr
import segno

from ramiscore.env import MIN_SECRET_KEY_LENGTH, env_list

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = "8000"
# Any address outside this machine: connecting a UDP socket to it sends nothing, it only
# asks the system which of its addresses would carry the traffic (TEST-NET-1, RFC 5737).
ROUTE_PROBE = "192.0.2.1"


@dataclass(frozen=True)
class Candidate:
    """An address of this machine that phones on its network could reach, with its
    interface's name ("wlp2s0") and whether that interface is Wi-Fi."""

    interface: str
    address: str
    wireless: bool


# Interfaces of this machine's own making (containers, virtual machines): no phone is there.
VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxc", "lxd", "cni")
# Wi-Fi by its name where the system does not say: wlan0, wlp2s0, wlo1 (Linux's names).
WIRELESS_PREFIXES = ("wl",)
SYS_NET = Path("/sys/class/net")


def is_wireless(interface: str, *, sys_net: Path = SYS_NET) -> bool:
    """Whether the interface is Wi-Fi: Linux says so in /sys (a `wireless` or `phy80211`
    entry); elsewhere, its name tells."""
    folder = sys_net / interface
    if (folder / "wireless").exists() or (folder / "phy80211").exists():
        return True
    return interface.startswith(WIRELESS_PREFIXES)


def interface_addresses() -> list[tuple[str, str]]:
    """Each (interface, IPv4 address) of this machine (ifaddr: getifaddrs, any system)."""
    return [
        (adapter.nice_name, str(ip.ip))
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if ip.is_IPv4
    ]


def lan_candidates(
    found: Iterable[tuple[str, str]] | None = None,
    *,
    wireless: Callable[[str], bool] = is_wireless,
) -> list[Candidate]:
    """The addresses phones could reach this machine at, one per interface that has one,
    Wi-Fi first; loopback, link-local and virtual interfaces left out."""
    candidates = [
        Candidate(interface, address, wireless(interface))
        for interface, address in (interface_addresses() if found is None else found)
        if is_lan_address(address) and not interface.startswith(VIRTUAL_PREFIXES)
    ]
    return sorted(candidates, key=lambda candidate: not candidate.wireless)


def chosen_candidate(candidates: list[Candidate], route: str | None) -> Candidate | None:
    """The address to print and put in the QR codes: the Wi-Fi's, which is where the phones
    are, when it can be told; else the default route's; else the first."""
    for candidate in candidates:
        if candidate.wireless:
            return candidate
    for candidate in candidates:
        if candidate.address == route:
            return candidate
    return candidates[0] if candidates else None


def lan_address(
    *,
    route_address: Callable[[], str | None] | None = None,
    host_addresses: Callable[[], Iterable[str]] | None = None,
) -> str:
    """This machine's IPv4 address on the local network, the one phones on the same Wi-Fi
    reach it at; 127.0.0.1 when it has none (no network: only this machine can connect)."""
    route = (route_address or default_route_address)()
    if route and is_lan_address(route):
        return route
    # No default route (a venue router with no Internet may give none): any address the
    # machine's name resolves to will do.
    for address in (host_addresses or hostname_addresses)():
        if is_lan_address(address):
            return address
    return LOOPBACK


def is_lan_address(address: str) -> bool:
    """Whether other machines could reach us at `address`: IPv4, not loopback nor link-local."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback and not ip.is_link_local and not ip.is_unspecified


def default_route_address() -> str | None:
    """The address of the interface that carries the default route, if there is one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((ROUTE_PROBE, 9))
        except OSError:
            return None
        return probe.getsockname()[0]


def hostname_addresses() -> list[str]:
    """The IPv4 addresses this machine's name resolves to (often only 127.0.1.1)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in found]


def read_or_create_secret_key(path: Path) -> str:
    """The secret key kept in `path`, made on first use (readable by its owner only).

    Kept rather than made at each start: a new key would log every organiser out and void
    every form open on a phone.
    """
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if len(key) >= MIN_SECRET_KEY_LENGTH:
        return key
    key = secrets.token_urlsafe(64)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written aside then renamed: a half-written key is never read back.
    draft = path.with_name(path.name + ".new")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(key + "\n")
    os.replace(draft, path)
    return key


def venue_environ(
    environ: Mapping[str, str],
    *,
    address: str,
    secret_key: str,
    database_path: Path,
    others: Iterable[str] = (),
) -> dict[str, str]:
    """The variables `make serve` runs with: production settings over plain HTTP, reachable
    at `address`, at the machine's `others` addresses and on loopback. Whatever `environ`
    sets already is kept."""
    port = environ.get("PORT", "").strip() or DEFAULT_PORT
    site_url = environ.get("SITE_URL", "").strip().rstrip("/") or f"http://{address}:{port}"
    site_host = urlsplit(site_url).hostname or address
    hosts = env_list(environ, "ALLOWED_HOSTS") or _unique(
        [site_host, address, *others, LOOPBACK, "localhost", "[::1]"]
    )
    origins = env_list(environ, "CSRF_TRUSTED_ORIGINS") or _unique(
        [
            site_url,
            f"http://{address}:{port}",
            *(f"http://{other}:{port}" for other in others),
            f"http://{LOOPBACK}:{port}",
        ]
    )
    return {
        "DEBUG": "0",
        # A venue's network has no TLS: see PLAIN_HTTP in ramiscore/settings.py.
        "PLAIN_HTTP": environ.get("PLAIN_HTTP", "").strip() or "1",
        "SECRET_KEY": environ.get("SECRET_KEY", "") or secret_key,
        "DATABASE_URL": environ.get("DATABASE_URL", "") or f"sqlite:///{database_path}",
        "ALLOWED_HOSTS": ",".join(hosts),
        "CSRF_TRUSTED_ORIGINS": ",".join(origins),
        "SITE_URL": site_url,
        # Every interface: the phones come in over the Wi-Fi.
        "LISTEN_ADDRESS": environ.get("LISTEN_ADDRESS", "").strip() or "0.0.0.0",
        "PORT": port,
        # The terminal is the organiser's: gunicorn says only what goes wrong (in English),
        # and the banner says the rest in his language.
        "GUNICORN_LOG_LEVEL": environ.get("GUNICORN_LOG_LEVEL", "").strip() or "warning",
    }


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


# Half blocks: one character holds two rows of modules, so the code fits a laptop's terminal.
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
# Black on bright white whatever the terminal's own colours: a reader wants dark modules.
ANSI_COLOURS, ANSI_RESET = "\x1b[30;107m", "\x1b[0m"


def terminal_qr(text: str, *, colours: bool) -> str:
    """A QR code of `text` drawn with characters, dark modules as ink, in its quiet zone.

    Without `colours` (a log file), dark modules are drawn in the text's colour, which reads
    right on a light background only.
    """
    rows = [
        [bool(module) for module in row]
        for row in segno.make(text, error="m").matrix_iter(border=4)
    ]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        line = "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True))
        lines.append(f"{ANSI_COLOURS}{line}{ANSI_RESET}" if colours else line)
    return "\n".join(lines)
