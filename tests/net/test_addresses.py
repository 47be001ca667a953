"""The LAN addresses a host shows and advertises: Linux's own listing agrees with ifaddr's
(which the other systems use), and reading it loads no ctypes."""

from __future__ import annotations

import json
import subprocess
import sys

import ifaddr
import pytest

from net.discovery import lan_addresses
from tests.net.test_discovery import unshare_problem

LINUX_ONLY = pytest.mark.skipif(sys.platform != "linux", reason="the ioctl listing is Linux's")

COMPARE = """
import json
import ifaddr
from net.discovery import lan_addresses
theirs = [str(ip.ip) for a in ifaddr.get_adapters() for ip in a.ips if ip.is_IPv4]
print(json.dumps([sorted(lan_addresses()), sorted(a for a in theirs if not a.startswith("127."))]))
"""


def ifaddrs_lan() -> list[str]:
    found = [str(ip.ip) for a in ifaddr.get_adapters() for ip in a.ips if ip.is_IPv4]
    return sorted(a for a in found if not a.startswith("127."))


def test_this_machines_addresses_are_ifaddrs() -> None:
    assert sorted(lan_addresses()) == ifaddrs_lan()


@LINUX_ONLY
def test_every_address_of_a_private_network_is_listed() -> None:
    # Several addresses on one interface, and loopback's left out; no packet is sent.
    problem = unshare_problem()
    if problem:
        pytest.skip(problem)
    setup = (
        "ip link set lo up && ip addr add 10.9.9.9/32 dev lo && "
        'ip addr add 10.9.9.10/32 dev lo && exec "$@"'
    )
    run = subprocess.run(
        ["unshare", "--net", "--", "bash", "-c", setup, "netns", sys.executable, "-c", COMPARE],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    ours, theirs = json.loads(run.stdout)
    assert ours == theirs == ["10.9.9.10", "10.9.9.9"]


@LINUX_ONLY
def test_listing_the_addresses_loads_no_ctypes() -> None:
    program = (
        "import sys\nfrom net.discovery import lan_addresses\nlan_addresses()\n"
        "print(*sorted(sys.modules), sep='\\n')\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", program], check=True, capture_output=True, text=True, timeout=60
    ).stdout.split()
    assert [m for m in loaded if m.split(".")[0] in ("ctypes", "ifaddr")] == []
