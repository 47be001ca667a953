"""Seats from the command line: a restarted `join` sits back down; the headless host's desk."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from net import protocol as p
from tests.cli.test_host import JOIN_LINE, free_port
from tests.net.helpers import wait_until
from wordsy_tui.app.lan import LanPlay
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.games.wordsy.host import wordsy_host
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.words.digest import dictionary_hash

GUARD = 60  # seconds: a guard against a hang, not a timing assertion


async def headless_host(data_home: Path, *args: str) -> tuple[asyncio.subprocess.Process, int]:
    """`host --headless` on loopback, with a pipe to its standard input."""
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "wordsy_tui", "host", "--headless", "--no-advertise"),
        *("--bind", "127.0.0.1", "--port", str(port), *args),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "XDG_DATA_HOME": str(data_home)},
    )
    await said(process, JOIN_LINE.pattern.decode())
    return process, port


async def said(process: asyncio.subprocess.Process, wanted: str) -> str:
    """The next line of the process's output that holds `wanted` (a regular expression)."""
    import re

    assert process.stdout is not None
    async with asyncio.timeout(GUARD):
        while True:
            line = (await process.stdout.readline()).decode()
            assert line, f"the process ended before it said {wanted!r}"
            if re.search(wanted, line):
                return line


async def tell(process: asyncio.subprocess.Process, line: str) -> None:
    assert process.stdin is not None
    process.stdin.write(line.encode() + b"\n")
    await process.stdin.drain()


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.kill()
    await process.wait()


async def join_bot(data_home: Path, port: int) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "wordsy_tui", "join", "--connect", f"127.0.0.1:{port}"),
        *("--name", "Bob", "--bot", "easy"),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "XDG_DATA_HOME": str(data_home)},
    )


async def test_a_killed_join_sits_back_down_with_the_same_command(tmp_path):
    host, port = await headless_host(tmp_path / "host")
    bob_home = tmp_path / "bob"
    try:
        first = await join_bot(bob_home, port)
        await said(first, "Bob .* sat down")
        await said(host, "Bob sat down")
        first.kill()  # a crash, or a closed SSH window
        await first.wait()
        again = await join_bot(bob_home, port)
        line = await said(again, "sat down|refused")
        assert "refused" not in line, line
        await tell(host, "players")
        assert "Bob (here)" in await said(host, "Seats:")
        await stop(again)
        seats = bob_home / "wordsy-tui" / "seats.json"
        assert seats.is_file()
        assert (seats.stat().st_mode & 0o777) == 0o600
    finally:
        await stop(host)


async def test_the_headless_host_removes_a_player_and_answers_a_request_for_a_seat(tmp_path):
    host, port = await headless_host(tmp_path)
    bob = WordsySeat.join("127.0.0.1", port, "Bob", dictionary_hash())
    cat = WordsySeat.join("127.0.0.1", port, "Cat", dictionary_hash())
    laptop = WordsySeat.join("127.0.0.1", port, "Cat", dictionary_hash(), reclaim=True)
    try:
        await tell(host, "help")
        assert "remove NAME" in await said(host, "Commands:")
        await bob.start()
        await cat.start()
        await wait_until(lambda: len(cat.state.players) == 2, timeout=GUARD)
        await tell(host, "remove Bob")
        await said(host, "Bob's seat is removed")
        await wait_until(lambda: bob.door.client.refusal is not None, timeout=GUARD)
        assert bob.door.client.refusal.reason == p.SEAT_REMOVED
        await wait_until(lambda: cat.state.players == ("Cat",), timeout=GUARD)
        # Cat's laptop asks for her seat; only the host's word hands it over.
        asking = asyncio.ensure_future(laptop.start())
        await said(host, "asks for Cat's seat")
        assert not asking.done()
        await tell(host, "allow Cat")
        await asking
        assert laptop.door.client.seat == "Cat"
        await tell(host, "remove Zed")
        assert "Nobody called Zed" in await said(host, "Zed")
    finally:
        for session in (laptop, cat, bob):
            await session.stop()
        await stop(host)


async def test_joining_from_the_list_or_with_connect_keeps_the_token_in_the_data_dir(tmp_path):
    host = wordsy_host(
        GameConfig(),
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "g.log",
    )
    await host.start()
    lan = LanPlay(HostOptions(None, "Bob"))
    try:
        first = lan.join("wordsy", "127.0.0.1", host.port, "Bob", None).seat
        assert first is not None
        await first.start()
        await first.stop()  # Ctrl+Q
        again = lan.join("wordsy", "127.0.0.1", host.port, "Bob", None).seat
        assert again is not None
        await again.start()
        assert again.me == "Bob"
        await again.stop()
        assert (tmp_path / "data" / "wordsy-tui" / "seats.json").is_file()
    finally:
        await host.stop()


@pytest.fixture(autouse=True)
def _no_real_data_dir(tmp_path, monkeypatch):
    # Joins in this process keep their tokens too: never in the real user's data directory.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
