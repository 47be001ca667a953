"""`wordsy-tui host --headless` as a person runs it: a process, log lines, Ctrl-C."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from tests.cli.test_score import run
from tests.net.helpers import wait_until
from wordsy_tui.game.state import Phase
from wordsy_tui.referee import dictionary_hash
from wordsy_tui.session.lan import NetSession

JOIN_LINE = re.compile(rb"--connect [\d.]+:(\d+)")


async def start_host(data_home: Path, *args: str) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "wordsy_tui",
        "host",
        "--headless",
        "--no-advertise",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "XDG_DATA_HOME": str(data_home)},
    )
    assert process.stdout is not None
    async with asyncio.timeout(60):  # a guard against a hang, not a timing assertion
        while True:
            line = await process.stdout.readline()
            assert line, "the host exited before it printed its address"
            match = JOIN_LINE.search(line)
            if match:
                return process, int(match[1])
    raise AssertionError("unreachable")


async def interrupt(process: asyncio.subprocess.Process) -> tuple[int, bytes]:
    process.send_signal(signal.SIGINT)
    async with asyncio.timeout(60):
        output, _ = await process.communicate()
    return process.returncode or 0, output


async def test_headless_host_serves_stops_on_ctrl_c_and_resumes(tmp_path):
    process, port = await start_host(tmp_path, "--bots", "1", "--bot-level", "easy")
    cat = NetSession.join("127.0.0.1", port, "Cat", dictionary_hash())
    try:
        await cat.start()
        await wait_until(lambda: len(cat.state.players) == 2, timeout=60)
        assert await cat.start_game() is None
        await wait_until(lambda: cat.state.phase is Phase.WRITING)
        board = cat.state.board
    finally:
        await cat.stop()
    code, output = await interrupt(process)
    assert code == 130
    assert b"Cat sat down" in output
    assert b"Round 1:" in output
    assert b"Host stopped." in output
    logs = list((tmp_path / "wordsy-tui" / "games").glob("*.log"))
    assert len(logs) == 1

    process, port = await start_host(tmp_path, "--resume")
    watcher = NetSession.join("127.0.0.1", port, "Watcher", dictionary_hash(), spectate=True)
    try:
        await watcher.start()
        await wait_until(lambda: watcher.state.phase is Phase.WRITING, timeout=60)
        assert "Cat" in watcher.state.players
        assert watcher.state.board == board
    finally:
        await watcher.stop()
        await interrupt(process)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["host", "--seats", "9"], "from 2 to 6"),
        (["host", "--bots", "3", "--seats", "3"], "at least one seat"),
        (["host", "--timer", "2"], "from 5 to 600"),
        (["host", "--resume", "no-such-game"], "no saved game"),
        (["host", "--name", " "], "1 to 20 characters"),
        (["join", "--connect", "no-port"], "HOST:PORT"),
        (["join", "--bot", "easy"], "--bot needs --connect"),
    ],
)
def test_bad_flags_exit_2_with_a_message(capsys, monkeypatch, tmp_path, argv, message):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
