"""Runs the mDNS cases in netns_discovery.py inside a private network namespace whose only
interface is loopback (with multicast on), so no packet can reach a real network."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.netns_discovery import ENV

HERE = Path(__file__).parent
# The same setup as shared/tools/netns-run.
SETUP = (
    "ip link set lo up && ip link set lo multicast on && "
    'ip route add 224.0.0.0/4 dev lo && exec "$@"'
)
IN_NETNS = ["unshare", "--net", "--", "bash", "-c", SETUP, "netns"]


def unshare_problem() -> str:
    try:
        probe = subprocess.run(
            ["unshare", "--net", "--", "true"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unshare is unavailable: {exc}"
    return "" if probe.returncode == 0 else f"unshare --net is not permitted: {probe.stderr}"


def run_pytest_in_private_netns(test_file: Path) -> str:
    """Run pytest on `test_file` inside a private network namespace; return its report.

    Skips the calling test where namespaces are not permitted; fails it if pytest fails."""
    problem = unshare_problem()
    if problem:
        pytest.skip(f"{problem} (discovery tests need a private network namespace)")
    run = subprocess.run(
        [*IN_NETNS, sys.executable, "-m", "pytest", str(test_file), "-q", "-rs"],
        cwd=HERE.parents[1],
        env={**os.environ, ENV: "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    return report


def test_discovery_in_a_private_network_namespace():
    assert "3 passed" in run_pytest_in_private_netns(HERE / "netns_discovery.py")
