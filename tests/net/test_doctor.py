from __future__ import annotations

import socket

from net.doctor import (
    IFF_MULTICAST,
    IFF_UP,
    Check,
    Interface,
    check_game_port,
    check_interfaces,
    check_multicast,
    format_report,
    multicast_routes,
    run_checks,
)

ROUTES = """Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
eth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0
eth0\t0002A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0
wg0\t0000000A\t00000000\t0001\t0\t0\t0\t000000FF\t0\t0\t0
lo\t000000E0\t00000000\t0001\t0\t0\t0\t000000F0\t0\t0\t0
"""
ETH = Interface("eth0", ("192.168.2.7/24",), IFF_UP | IFF_MULTICAST)
WG = Interface("wg0", ("10.0.0.2/24",), IFF_UP)


def test_routes_that_reach_the_mdns_group():
    assert multicast_routes(ROUTES) == {"eth0", "lo"}


def test_multicast_needs_a_flagged_and_routed_interface():
    assert check_multicast([ETH, WG], ROUTES).status == "ok"
    assert check_multicast([WG], ROUTES).status == "fail"
    no_default = "\n".join(line for line in ROUTES.splitlines() if "0102A8C0" not in line)
    assert check_multicast([ETH], no_default).status == "fail"
    assert check_multicast([ETH], None).status == "warn"


def test_interfaces_are_listed_or_their_absence_explained():
    assert "192.168.2.7/24" in check_interfaces([ETH]).detail
    assert check_interfaces([]).status == "fail"


def test_a_busy_game_port_fails_with_advice():
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        check = check_game_port(port)
    assert check.status == "fail"
    assert "different port" in check.advice
    assert check_game_port(port).status == "ok"


def test_the_report_covers_every_check_and_the_fallback():
    checks = run_checks(0)
    assert [c.name for c in checks] == ["interfaces", "multicast", "mdns port", "game port"]
    report = format_report([*checks, Check("x", "warn", "detail", "do this")], "--connect H:P")
    assert "[warn] x: detail" in report
    assert "do this" in report
    assert "--connect H:P" in report
