"""The program in a real terminal (tmux), keys in one burst as paste and SSH send them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.terminal import ROOT, Terminal


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(tmp_path)
    try:
        yield term
    finally:
        term.close()


def test_a_solo_word_sent_in_one_burst_is_the_word_revealed(terminal: Terminal) -> None:
    terminal.start("solo", "--no-bell")
    terminal.wait_for("Round 1")
    terminal.wait_for("type your word")
    terminal.burst("BREATHTAKINGLY\r")
    screen = terminal.wait_for(lambda s: "Next round" in s or "no word" in s)
    assert "no word this round" not in screen
    assert "BREATHTAKINGLY" in screen


def test_a_join_nobody_answers_ends_with_status_1_and_the_reason(terminal: Terminal) -> None:
    # Nothing listens on this port: the refused connection is the answer, at once.
    terminal.start("join", "--name", "Bob", "--connect", "127.0.0.1:9")
    screen = terminal.wait_for(lambda s: re.search(r"\[exited \d+\]", s) is not None)
    assert "[exited 1]" in screen
    assert "Nothing answers at 127.0.0.1:9 (the connection was refused)" in screen


def test_a_join_the_host_refuses_ends_with_status_1_and_the_reason(
    terminal: Terminal, tmp_path: Path
) -> None:
    host = subprocess.Popen(
        [
            *(sys.executable, "-m", "wordsy_tui", "host", "--headless", "--no-advertise"),
            *("--bind", "127.0.0.1", "--port", "0", "--pin", "4711"),
        ],
        cwd=ROOT,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "host")},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        port = None
        while port is None:
            line = host.stdout.readline()
            assert line, "the host ended before saying where to join"
            found = re.search(r"--connect \S+:(\d+)", line)
            port = found and found.group(1)
        terminal.start("join", "--name", "Bob", "--pin", "0000", "--connect", f"127.0.0.1:{port}")
        terminal.wait_for("Wrong PIN. The game's PIN:")  # asked again; Esc gives up
        terminal.keys("Escape")
        screen = terminal.wait_for(lambda s: re.search(r"\[exited \d+\]", s) is not None)
        assert "[exited 1]" in screen
        assert "PIN" in screen
    finally:
        host.terminate()
        host.wait(timeout=30)
