"""`wordsy-tui doctor`: what LAN discovery depends on, checked on this machine."""

from __future__ import annotations

import argparse

from wordsy_tui.cli.options import bounded_int


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "doctor",
        help="check what finding games on the LAN needs",
        description="Check the network interfaces, multicast, the mDNS port and the game "
        "port, and say what to try when no game shows up. Sends nothing on the network.",
    )
    parser.add_argument(
        "--port",
        type=bounded_int(1, 65535, "--port"),
        default=None,
        help="the game port to test (default 47474)",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from net.doctor import format_report, run_checks
    from wordsy_tui.table.basics import DEFAULT_PORT

    port = args.port or DEFAULT_PORT
    checks = run_checks(port)
    print(format_report(checks, connect_hint=f"wordsy-tui join --connect HOST:{port}"))
    return 1 if any(check.status == "fail" for check in checks) else 0
