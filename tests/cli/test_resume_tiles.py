"""`wordsy-tui host --game scrabble|wwf|wordfeud --resume [GAME] [--salvage]`: which saved
game it finds, what it refuses, and the hosting player back in their own seat."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest

from net.log import GameLog
from tests.cli.test_host import damage_the_middle
from tests.cli.test_score import run
from tests.net.helpers import wait_until
from tests.session.test_tile_lan import act, join, tile_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.seat import TileSeat


def games_of(data_home: Path) -> Path:
    return data_home / "wordsy-tui" / "games"


def write_log(path: Path, created: dict[str, Any], age: float) -> None:
    """A log whose first event creates a game (what tells the games apart), `age` s old."""
    path.parent.mkdir(parents=True, exist_ok=True)
    log, _, _ = GameLog.open(path)
    log.append([{"k": "event", "seq": 1, "body": created}])
    log.close()
    when = time.time() - age
    os.utime(path, (when, when))


def created_logs(games: Path) -> None:
    from wordsy_tui.engine.codec import encode
    from wordsy_tui.games.tiles.rules import events as tiles
    from wordsy_tui.games.tiles.rules.codec import encode as encode_tiles
    from wordsy_tui.games.tiles.rules.config import TileGameConfig
    from wordsy_tui.games.wordsy.rules import events as wordsy
    from wordsy_tui.games.wordsy.rules.config import GameConfig

    write_log(games / "old-scrabble.log", encode_tiles(tiles.GameCreated(TileGameConfig())), 300)
    write_log(games / "wordsy.log", encode(wordsy.GameCreated(GameConfig())), 200)
    wwf = TileGameConfig(GameName.WWF)
    write_log(games / "scrabble-less.log", encode_tiles(tiles.GameCreated(wwf)), 100)
    (games / "empty.log").touch()  # newest of all, and holds no game


def test_resume_without_a_game_finds_the_latest_of_its_own_kind(tmp_path, monkeypatch):
    from wordsy_tui.cli.host import resolve_log

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    games = games_of(tmp_path)
    created_logs(games)
    assert resolve_log("latest", "scrabble") == games / "old-scrabble.log"
    assert resolve_log("latest", "wwf") == games / "scrabble-less.log"
    assert resolve_log("latest", "wordsy") == games / "wordsy.log"
    with pytest.raises(FileNotFoundError, match="no saved Wordfeud game 'latest'"):
        resolve_log("latest", "wordfeud")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["host", "--game", "scrabble", "--resume", "wordsy"],
            "wordsy is a Wordsy game, not Scrabble: resume it with --game wordsy",
        ),
        (
            ["host", "--resume", "old-scrabble"],
            "old-scrabble is a Scrabble game, not Wordsy: resume it with --game scrabble",
        ),
        (
            ["host", "--game", "wordfeud", "--resume", "scrabble-less"],
            "is a Words with Friends game, not Wordfeud: resume it with --game wwf",
        ),
    ],
)
def test_a_saved_game_of_another_kind_is_refused_with_the_flag_that_resumes_it(
    tmp_path, monkeypatch, capsys, argv, message
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    games = games_of(tmp_path)
    created_logs(games)
    before = {path: path.read_bytes() for path in games.iterdir()}
    code, _, err = run(capsys, *argv, "--headless")
    assert code == 2
    assert message in err
    assert {path: path.read_bytes() for path in games.iterdir()} == before


async def save_a_tile_game(data_home: Path) -> TileGameState:
    """Ann hosts Words with Friends with Bob and a computer player; after a few moves, on a
    person's turn, she stops her host. The log is `game`."""
    games = games_of(data_home)
    server = tile_host(games, GameName.WWF)
    ann = TileSeat.host("Ann", server, [Level.EASY])
    await ann.start()
    bob = join(server, "Bob")
    try:
        await bob.start()
        await wait_until(lambda: len(server.state.players) == 3)
        assert await ann.start_game() is None
        exchanged: set[str] = set()
        while len(server.state.turns) < 3:
            await wait_until(lambda: any(s.state.turn == s.me for s in (ann, bob)), timeout=60)
            for session in (ann, bob):
                await act(session, server, exchanged)
        await wait_until(lambda: server.state.turn in ("Ann", "Bob"), timeout=60)
        state = server.state
    finally:
        await bob.stop()
        await ann.stop()
    for saved in games.glob("wwf.*"):
        saved.rename(saved.with_name("game" + saved.name.removeprefix("wwf")))
    return state


@pytest.fixture
def saved_tile_game(tmp_path, monkeypatch) -> TileGameState:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return asyncio.run(save_a_tile_game(tmp_path))


def test_resume_sits_the_hosting_player_in_their_own_tile_seat(
    saved_tile_game, tmp_path, monkeypatch, capsys
):
    from wordsy_tui.cli import serve

    seen: list[object] = []

    async def sit(options: serve.HostOptions) -> None:
        server = serve.make_server(options)
        assert options.name is not None
        session = TileSeat.host(options.name, server, [options.bot_level] * options.bots)
        await session.start()
        try:
            await wait_until(lambda: session.state.phase is Phase.PLAYING)
            seen.extend([options.name, session.state, server.state, sorted(server.bots)])
        finally:
            await session.stop()

    def play(options: serve.HostOptions) -> int:
        asyncio.run(sit(options))
        return 0

    monkeypatch.setattr(serve, "serve_with_app", play)
    argv = ("host", "--game", "wwf", "--resume", "--bots", "2", "--no-advertise")
    code, _, err = run(capsys, *argv, "--bind", "127.0.0.1", "--port", "0")
    assert code == 0, err
    name, view, state, bots = seen
    assert name == "Ann"
    assert view.rack("Ann") == saved_tile_game.rack("Ann")
    assert state == saved_tile_game  # and no more bots than the game had (not --bots 2)
    assert bots == sorted(saved_tile_game.bots)
    assert (games_of(tmp_path) / "game.log").stat().st_mode & 0o777 == 0o600


def test_a_damaged_tile_log_is_salvaged_only_when_asked(saved_tile_game, monkeypatch, capsys):
    from wordsy_tui.cli import serve

    log = games_of(Path(os.environ["XDG_DATA_HOME"])) / "game.log"
    damaged, _, _ = damage_the_middle(log)
    before = log.read_bytes()
    resumed: list[int] = []

    async def serve_a_moment(options: serve.HostOptions) -> int:
        server = serve.make_server(options)
        await server.start()
        resumed.append(server.host.seq)
        await server.stop()
        return 0

    monkeypatch.setattr(serve, "serve_headless", serve_a_moment)
    argv = ("host", "--game", "wwf", "--resume", "game", "--headless", "--no-advertise")
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert "wordsy-tui host --game wwf --resume game --salvage" in err
    assert log.read_bytes() == before
    assert resumed == []
    code, out, err = run(capsys, *argv, "--salvage", "--bind", "127.0.0.1", "--port", "0")
    assert code == 0, err
    assert "salvaged" in out
    (kept,) = log.parent.glob("game.log.damaged-*")
    assert kept.read_bytes() == before
    assert kept.stat().st_mode & 0o777 == 0o600  # the racks are in it too
    assert log.stat().st_mode & 0o777 == 0o600
    assert resumed
    assert 0 < resumed[0] < damaged
