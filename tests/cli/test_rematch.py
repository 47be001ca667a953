"""`rematch` typed into a headless host: the same table plays again, and the host goes on."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from pathlib import Path

from tests.net.helpers import wait_until
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.cli.serve import serve_headless
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.words.digest import dictionary_hash


async def test_rematch_on_a_headless_hosts_input_plays_again(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    reading, typing = os.pipe()
    commands, keyboard = os.fdopen(reading), os.fdopen(typing, "w")
    options = HostOptions(
        GameConfig(timer_seconds=30), None, port=0, bind="127.0.0.1", advertise=False
    )
    serving = asyncio.create_task(serve_headless(options, commands))
    said: list[str] = []

    def heard(pattern: str) -> re.Match[str] | None:
        said.append(capsys.readouterr().out)
        return re.search(pattern, "".join(said))

    def answers() -> int:
        """How many times the host has answered 'end' so far."""
        heard("")
        return len(re.findall(r"Ended now|Nothing is waiting", "".join(said)))

    def type_in(line: str) -> None:
        keyboard.write(line + "\n")
        keyboard.flush()

    seated: list[WordsySeat] = []
    try:
        await wait_until(lambda: heard(r"--connect \S+:(\d+)") is not None, timeout=60)
        found = heard(r"--connect \S+:(\d+)")
        assert found is not None
        port = int(found.group(1))
        bob, cat = seated[:] = [
            WordsySeat.join("127.0.0.1", port, name, dictionary_hash()) for name in ("Bob", "Cat")
        ]
        for session in seated:
            await session.start()
        await wait_until(lambda: bob.state.players == ("Bob", "Cat"))
        type_in("rematch")
        await wait_until(lambda: heard("The game is not over yet") is not None)
        assert await bob.start_game() is None
        while bob.state.phase is not Phase.OVER:  # the host ends every phase, as its clock would
            before = answers()
            type_in("end")
            await wait_until(lambda n=before: answers() > n)
        await wait_until(lambda: heard("Type 'rematch' within") is not None)
        first_game = bob.door.client.game

        type_in("rematch")

        await wait_until(lambda: heard("Rematch: the same table is back in the lobby") is not None)
        await wait_until(lambda: bob.state.phase is Phase.LOBBY and cat.state.phase is Phase.LOBBY)
        assert bob.state.players == ("Bob", "Cat")
        assert bob.door.client.game != first_game
        logs = {path.stem for path in (tmp_path / "wordsy-tui" / "games").glob("*.log")}
        assert logs == {first_game, bob.door.client.game}, "a new log, the last one kept"
        assert not serving.done(), "the host goes on"
        assert await bob.start_game() is None
        await wait_until(lambda: cat.state.round == 1)
    finally:
        for session in seated:
            await session.stop()
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        keyboard.close()
