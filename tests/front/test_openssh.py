"""`host --ssh` with OpenSSH's own `ssh` client, in a real terminal (tmux), over loopback."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.front.fronts import HostWithFronts
from tests.terminal import Terminal
from wordsy_tui.front.ssh import host_key_path, load_host_key


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    if shutil.which("ssh") is None:
        pytest.skip("no OpenSSH client on this machine (.ci/run installs openssh-client)")
    term = Terminal(tmp_path)
    try:
        yield term
    finally:
        term.close()


def ssh_command(host: HostWithFronts, tmp_path: Path, user: str, *extra: str) -> list[str]:
    """`ssh -p PORT USER@127.0.0.1`, trusting only the host's own key, as a friend's
    known_hosts would once they checked the fingerprint the host shows."""
    key = load_host_key(host_key_path(host.data_home / "wordsy-tui"))
    known = tmp_path / "known_hosts"
    public = key.export_public_key().decode().split()
    known.write_text(f"[127.0.0.1]:{host.ssh_port} {public[0]} {public[1]}\n")
    return [
        *("ssh", "-F", "/dev/null", "-p", str(host.ssh_port)),
        *("-o", f"UserKnownHostsFile={known}", "-o", "StrictHostKeyChecking=yes"),
        *("-o", "PubkeyAuthentication=no", "-o", "LogLevel=ERROR", *extra),
        f"{user}@127.0.0.1",
    ]


async def test_openssh_reaches_the_lobby_and_a_resize_redraws_it(host, terminal, tmp_path):
    await host.start()
    terminal.run(*ssh_command(host, tmp_path, "Ann"))
    lobby = terminal.wait_for("Ann (you)")
    assert "Lobby" in lobby
    assert max(len(line) for line in lobby.splitlines()) <= 80
    terminal.resize(100, 30)
    # The seats' box is drawn across the new width.
    wider = terminal.wait_for(lambda s: any(len(line.rstrip()) > 90 for line in s.splitlines()))
    assert "Ann (you)" in wider
    terminal.keys("C-q")  # leave: the question, then the program ends and so does ssh
    terminal.wait_for("Leave")
    terminal.keys("y")
    ended = terminal.wait_for(lambda s: re.search(r"\[exited \d+\]", s) is not None)
    assert "[exited 0]" in ended


async def test_openssh_without_a_terminal_is_told_why(host, terminal, tmp_path):
    await host.start()
    terminal.run(*ssh_command(host, tmp_path, "Ann", "-T"))
    screen = terminal.wait_for(lambda s: re.search(r"\[exited \d+\]", s) is not None)
    assert "needs a terminal" in screen
    assert "[exited 1]" in screen
