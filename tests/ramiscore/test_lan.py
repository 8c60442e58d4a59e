"""The venue's network helpers (ramiscore/lan.py): the LAN address, the kept secret key, the
environment `make serve` runs with, and the terminal's QR code. No database, no Django."""

from __future__ import annotations

import ipaddress
import stat
from pathlib import Path

import pytest
import segno

from ramiscore.env import MIN_SECRET_KEY_LENGTH
from ramiscore.lan import (
    HALF_BLOCKS,
    Candidate,
    chosen_candidate,
    is_lan_address,
    is_wireless,
    lan_address,
    lan_candidates,
    read_or_create_secret_key,
    terminal_qr,
    venue_environ,
)


def test_the_lan_address_is_the_one_of_the_default_route() -> None:
    address = lan_address(route_address=lambda: "192.168.1.23", host_addresses=lambda: ["10.0.0.9"])
    assert address == "192.168.1.23"


@pytest.mark.parametrize("route", [None, "127.0.0.1"])
def test_without_a_default_route_the_hosts_own_addresses_are_tried(route) -> None:
    addresses = ["127.0.1.1", "169.254.3.4", "10.42.0.1"]
    assert lan_address(route_address=lambda: route, host_addresses=lambda: addresses) == "10.42.0.1"


def test_with_no_network_at_all_it_falls_back_to_loopback() -> None:
    address = lan_address(route_address=lambda: None, host_addresses=lambda: ["127.0.1.1"])
    assert address == "127.0.0.1"


def test_this_machines_lan_address_is_an_ipv4_address() -> None:
    assert ipaddress.ip_address(lan_address()).version == 4


@pytest.mark.parametrize(
    ("address", "reachable"),
    [
        ("192.168.1.23", True),
        ("10.0.0.5", True),
        ("172.20.10.2", True),  # a phone's hotspot
        ("127.0.0.1", False),
        ("169.254.10.20", False),  # link-local: no DHCP answered
        ("0.0.0.0", False),
        ("fe80::1", False),
        ("not an address", False),
    ],
)
def test_only_addresses_other_machines_can_reach_count(address: str, reachable: bool) -> None:
    assert is_lan_address(address) is reachable


def test_the_secret_key_is_made_once_kept_private_and_reused(tmp_path: Path) -> None:
    path = tmp_path / "var" / "secret-key"
    key = read_or_create_secret_key(path)
    assert len(key) >= MIN_SECRET_KEY_LENGTH
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_or_create_secret_key(path) == key
    assert path.read_text().strip() == key
    assert list(path.parent.iterdir()) == [path]  # no draft left behind


@pytest.mark.parametrize("content", ["", "too-short\n"])
def test_an_empty_or_short_secret_key_file_is_replaced(tmp_path: Path, content: str) -> None:
    path = tmp_path / "secret-key"
    path.write_text(content)
    key = read_or_create_secret_key(path)
    assert len(key) >= MIN_SECRET_KEY_LENGTH and path.read_text().strip() == key


def venue(environ: dict[str, str]) -> dict[str, str]:
    return venue_environ(
        environ,
        address="192.168.1.23",
        secret_key="k" * 60,
        database_path=Path("/srv/club/var/club.sqlite3"),
    )


def test_with_no_configuration_the_venue_runs_production_over_plain_http() -> None:
    environ = venue({})
    assert environ["DEBUG"] == "0" and environ["PLAIN_HTTP"] == "1"
    assert environ["SECRET_KEY"] == "k" * 60
    assert environ["DATABASE_URL"] == "sqlite:////srv/club/var/club.sqlite3"
    assert (environ["LISTEN_ADDRESS"], environ["PORT"]) == ("0.0.0.0", "8000")
    assert environ["GUNICORN_LOG_LEVEL"] == "warning"  # the banner speaks, not gunicorn


def test_the_lan_address_goes_into_the_sites_address_hosts_and_origins() -> None:
    environ = venue({})
    assert environ["SITE_URL"] == "http://192.168.1.23:8000"
    assert environ["ALLOWED_HOSTS"].split(",") == [
        "192.168.1.23",
        "127.0.0.1",
        "localhost",
        "[::1]",
    ]
    assert environ["CSRF_TRUSTED_ORIGINS"].split(",") == [
        "http://192.168.1.23:8000",
        "http://127.0.0.1:8000",
    ]


def test_the_port_follows_port() -> None:
    environ = venue({"PORT": "8110"})
    assert environ["PORT"] == "8110" and environ["SITE_URL"] == "http://192.168.1.23:8110"
    assert "http://127.0.0.1:8110" in environ["CSRF_TRUSTED_ORIGINS"].split(",")


def test_whatever_the_environment_sets_is_kept() -> None:
    given = {
        "SECRET_KEY": "s" * 60,
        "DATABASE_URL": "postgres://club@127.0.0.1/ramiscore",
        "ALLOWED_HOSTS": "scores.club.example",
        "CSRF_TRUSTED_ORIGINS": "https://scores.club.example",
        "SITE_URL": "https://scores.club.example/",
        "PLAIN_HTTP": "0",
        "LISTEN_ADDRESS": "127.0.0.1",
    }
    environ = venue(given)
    assert environ["SITE_URL"] == "https://scores.club.example"
    for name in ("SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"):
        assert environ[name] == given[name]
    assert (environ["PLAIN_HTTP"], environ["LISTEN_ADDRESS"]) == ("0", "127.0.0.1")


def test_a_given_site_address_is_also_an_allowed_host() -> None:
    environ = venue({"SITE_URL": "http://ramiscore.local:8000"})
    assert environ["ALLOWED_HOSTS"].split(",")[:2] == ["ramiscore.local", "192.168.1.23"]
    assert environ["CSRF_TRUSTED_ORIGINS"].split(",")[0] == "http://ramiscore.local:8000"


def read_back(drawing: str) -> list[list[bool]]:
    """The modules a terminal QR code shows: each character is two rows."""
    halves = {char: pair for pair, char in HALF_BLOCKS.items()}
    rows: list[list[bool]] = []
    for line in drawing.splitlines():
        pairs = [halves[char] for char in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    return rows


def test_the_terminal_qr_code_draws_every_module_of_the_address() -> None:
    url = "http://192.168.1.23:8000/"
    expected = [[bool(m) for m in row] for row in segno.make(url, error="m").matrix_iter(border=4)]
    rows = read_back(terminal_qr(url, colours=False))
    assert rows[: len(expected)] == expected
    assert not any(any(row) for row in rows[len(expected) :])  # the padding row is blank


def test_on_a_terminal_the_code_is_black_on_white_whatever_its_theme() -> None:
    lines = terminal_qr("http://192.168.1.23:8000/", colours=True).splitlines()
    assert all(line.startswith("\x1b[30;107m") and line.endswith("\x1b[0m") for line in lines)


# A laptop on the venue's Wi-Fi and, at once, on a cable and a VPN (its default route).
FOUND = [
    ("lo", "127.0.0.1"),
    ("enp0s31f6", "10.1.0.7"),
    ("tun0", "10.8.0.2"),
    ("docker0", "172.17.0.1"),
    ("wlp2s0", "192.168.1.23"),
    ("wlp2s0", "169.254.7.7"),
]


def test_every_reachable_address_is_a_candidate_wifi_first() -> None:
    candidates = lan_candidates(FOUND, wireless=lambda name: name == "wlp2s0")
    assert candidates == [
        Candidate("wlp2s0", "192.168.1.23", True),
        Candidate("enp0s31f6", "10.1.0.7", False),
        Candidate("tun0", "10.8.0.2", False),
    ]


def test_the_wifi_address_is_chosen_over_the_default_route() -> None:
    candidates = lan_candidates(FOUND, wireless=lambda name: name == "wlp2s0")
    assert chosen_candidate(candidates, route="10.8.0.2").address == "192.168.1.23"


def test_without_wifi_the_default_routes_address_is_chosen() -> None:
    candidates = lan_candidates(FOUND[:4], wireless=lambda name: False)
    assert chosen_candidate(candidates, route="10.8.0.2").interface == "tun0"
    assert chosen_candidate(candidates, route=None).interface == "enp0s31f6"
    assert chosen_candidate([], route=None) is None


def test_wifi_is_told_by_the_system_or_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "wlan0").mkdir()
    (tmp_path / "eth1" / "phy80211").mkdir(parents=True)  # a USB Wi-Fi stick named eth1
    (tmp_path / "eth0").mkdir()
    assert is_wireless("eth1", sys_net=tmp_path)
    assert is_wireless("wlan0", sys_net=tmp_path)  # by its name
    assert not is_wireless("eth0", sys_net=tmp_path)


def test_every_address_of_the_laptop_is_an_allowed_host() -> None:
    environ = venue_environ(
        {},
        address="192.168.1.23",
        secret_key="k" * 60,
        database_path=Path("/srv/club/var/club.sqlite3"),
        others=["192.168.1.23", "10.1.0.7"],
    )
    assert environ["SITE_URL"] == "http://192.168.1.23:8000"
    assert environ["ALLOWED_HOSTS"].split(",")[:3] == ["192.168.1.23", "10.1.0.7", "127.0.0.1"]
    assert "http://10.1.0.7:8000" in environ["CSRF_TRUSTED_ORIGINS"].split(",")
