"""What LAN discovery depends on, checked without sending a single packet.

`run_checks(port)` looks at interfaces and addresses, whether any of them can do multicast
(interface flags and routes), whether the mDNS port can be shared and whether the game's
TCP port can be bound; `format_report(checks)` turns that into advice for people.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import ifaddr

Status = Literal["ok", "warn", "fail"]
MDNS_PORT = 5353
# Linux interface flags (include/uapi/linux/if.h)
IFF_UP = 0x1
IFF_LOOPBACK = 0x8
IFF_MULTICAST = 0x1000


@dataclass(frozen=True)
class Check:
    name: str
    status: Status
    detail: str
    advice: str = ""


@dataclass(frozen=True)
class Interface:
    name: str
    addresses: tuple[str, ...]
    flags: int | None  # None where the platform does not tell us


def interfaces(sys_net: Path = Path("/sys/class/net")) -> list[Interface]:
    """Non-loopback interfaces that have an IPv4 address."""
    found = []
    for adapter in ifaddr.get_adapters():
        addresses = tuple(
            f"{ip.ip}/{ip.network_prefix}"
            for ip in adapter.ips
            if ip.is_IPv4 and not str(ip.ip).startswith("127.")
        )
        if addresses:
            flags_file = sys_net / adapter.name / "flags"
            flags = int(flags_file.read_text(), 16) if flags_file.exists() else None
            found.append(Interface(adapter.name, addresses, flags))
    return found


def multicast_routes(route_table: str) -> set[str]:
    """Interfaces with a route that covers 224.0.0.251 (a default or a multicast route),
    from the text of /proc/net/route."""
    names = set()
    for line in route_table.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 8:
            continue
        name, destination, mask = fields[0], int(fields[1], 16), int(fields[7], 16)
        # /proc/net/route prints addresses in host (little-endian) byte order.
        mdns_group = int.from_bytes(socket.inet_aton("224.0.0.251"), "little")
        if mdns_group & mask == destination & mask:
            names.add(name)
    return names


def check_interfaces(found: Sequence[Interface]) -> Check:
    if not found:
        return Check(
            "interfaces",
            "fail",
            "no network address besides loopback",
            "Connect this machine to the same network (Wi-Fi or cable) as the other players.",
        )
    listing = "; ".join(f"{i.name} {', '.join(i.addresses)}" for i in found)
    return Check("interfaces", "ok", listing)


def check_multicast(found: Sequence[Interface], route_table: str | None) -> Check:
    flagged = [i for i in found if i.flags is not None]
    if not flagged or route_table is None:
        return Check(
            "multicast",
            "warn",
            "cannot read interface flags or routes on this system",
            "If no game shows up, connect by address instead.",
        )
    routed = multicast_routes(route_table)
    usable = [
        i.name
        for i in flagged
        if i.flags is not None
        and i.flags & IFF_UP
        and i.flags & IFF_MULTICAST
        and not i.flags & IFF_LOOPBACK
        and i.name in routed
    ]
    if usable:
        return Check("multicast", "ok", f"multicast-capable and routed: {', '.join(usable)}")
    return Check(
        "multicast",
        "fail",
        "no interface is up, multicast-capable and routed for 224.0.0.251",
        "mDNS cannot work here (VPNs and some containers do this); connect by address.",
    )


def _bind_error(kind: socket.SocketKind, address: tuple[str, int], share: bool) -> str:
    """Why binding `address` fails ("" if it works). Binding sends nothing."""
    with socket.socket(socket.AF_INET, kind) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if share and hasattr(socket, "SO_REUSEPORT"):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            return exc.strerror or str(exc)
    return ""


def check_mdns_port() -> Check:
    # Tells whether another program keeps UDP 5353 to itself (mDNS responders share it).
    error = _bind_error(socket.SOCK_DGRAM, ("", MDNS_PORT), share=True)
    if error:
        return Check(
            "mdns port",
            "warn",
            f"cannot share UDP port {MDNS_PORT}: {error}",
            "Another mDNS program holds the port exclusively; discovery may fail.",
        )
    return Check("mdns port", "ok", f"UDP port {MDNS_PORT} can be shared")


def check_game_port(port: int) -> Check:
    error = _bind_error(socket.SOCK_STREAM, ("0.0.0.0", port), share=False)
    if error:
        return Check(
            "game port",
            "fail",
            f"TCP port {port} cannot be bound: {error}",
            "Another program (or another game) uses it; host on a different port.",
        )
    return Check("game port", "ok", f"TCP port {port} is free")


def run_checks(port: int) -> list[Check]:
    found = interfaces()
    route_file = Path("/proc/net/route")
    route_table = route_file.read_text() if route_file.exists() else None
    return [
        check_interfaces(found),
        check_multicast(found, route_table),
        check_mdns_port(),
        check_game_port(port),
    ]


def format_report(checks: Sequence[Check], connect_hint: str = "--connect HOST:PORT") -> str:
    lines = []
    for check in checks:
        lines.append(f"[{check.status:>4}] {check.name}: {check.detail}")
        if check.advice:
            lines.append(f"       {check.advice}")
    lines += [
        "",
        "If no game shows up:",
        "  - all machines must be on the same network (guest Wi-Fi often isolates devices);",
        f"  - the host shows its address and port: join with {connect_hint};",
        "  - allow UDP 5353 (mDNS) and the game's TCP port through the firewall;",
        "  - with several networks (VPN, Docker), limit discovery to the LAN's interface.",
    ]
    return "\n".join(lines)
