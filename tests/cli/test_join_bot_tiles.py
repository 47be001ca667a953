"""`wordsy-tui join --bot LEVEL --connect HOST:PORT` at a tile game's host: a tile computer
player (the host's own `TileBot`) takes the seat, not Wordsy's bot."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.net.helpers import wait_until
from wordsy_tui.cli import build_parser
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.host import tile_game_host
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.words.digest import dictionary_hash


async def test_a_joined_bot_sits_at_a_tile_host_plays_its_turns_and_stops_with_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    server = tile_game_host(
        TileGameConfig(GameName.WORDFEUD),
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "wordfeud.log",
        bot_pace=0,
    )
    await server.start()
    port = server.port
    args = build_parser().parse_args(
        ["join", "--bot", "easy", "--connect", f"127.0.0.1:{port}", "--name", "Cy"]
    )
    # The command runs its own event loop, as it does from a shell.
    joining = asyncio.ensure_future(asyncio.to_thread(args.run, args, args.parser))
    try:
        await wait_until(lambda: "Cy" in server.state.players, timeout=60)
        await server.add_bot(Level.EASY)
        assert await server.start_game() is None
        # Cy sat down first: in Wordfeud the first person plays first.
        await wait_until(lambda: any(t.player == "Cy" for t in server.state.turns), timeout=60)
        assert server.state.phase is Phase.PLAYING
        assert "Cy" not in server.state.bots  # a seat of the joiner's, like Wordsy's --bot
    finally:
        await server.stop()
    assert await joining == 0
    said = capsys.readouterr().out
    assert f"Cy (easy) sat down at Wordfeud at 127.0.0.1:{port}" in said
    assert "The game ended:" in said
