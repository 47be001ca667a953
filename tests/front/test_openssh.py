"""`host --ssh` with OpenSSH's own `ssh` client, in a real terminal (tmux), over loopback."""

from __future__ import annotations

import os
import re
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.front.fronts import HostWithFronts, SshPlayer, both_lock_in_and_the_reveal_shows
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


async def test_openssh_killed_mid_round_and_run_again_plays_on_with_its_word(host, tmp_path):
    if shutil.which("ssh") is None:
        pytest.skip("no OpenSSH client on this machine (.ci/run installs openssh-client)")
    await host.start()
    for folder in ("first", "again"):
        (tmp_path / folder).mkdir()
    first = Terminal(tmp_path / "first")
    again = Terminal(tmp_path / "again")
    eve: SshPlayer | None = None
    try:
        first.run(*ssh_command(host, tmp_path, "Dan"))
        first.wait_for("Dan (you)")
        eve = await SshPlayer.connect(host.ssh_port, "Eve")
        first.wait_for("Seats: 2 of 6")
        first.keys("Enter")  # Dan sat down first: Enter starts the game
        first.wait_for("type your word")
        first.burst("sampling")
        await eve.wait_for("written")  # Dan's word (its commitment) reached the host
        os.kill(client_of(first), signal.SIGKILL)  # the ssh client dies mid-round
        await eve.wait_for("offline")

        again.run(*ssh_command(host, tmp_path, "Dan"))
        back = again.wait_for("SAMPLING")  # back in the seat, the word in the input
        assert "Dan (you)" in back
        # Dan plays on: Enter locks the word in.
        await both_lock_in_and_the_reveal_shows(eve, "SAMPLING", lambda: again.keys("Enter"))
    finally:
        if eve is not None:
            await eve.close()
        first.close()
        again.close()


def client_of(terminal: Terminal) -> int:
    """The pid of the program a terminal runs (its pane's shell's one child)."""
    shell = int(terminal.tmux("list-panes", "-F", "#{pane_pid}").split()[0])
    children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
    return int(children[0])
