"""One host path for every game: each game's options make its own server, its headless log
narrates its events, its keyboard has its own commands, and one loop serves them all."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

import pytest

from tests.frozen import frozen_before_the_loop
from tests.net.helpers import wait_until
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.cli.serve import desk_for, make_server, narrator, run_headless, serve_headless
from wordsy_tui.front.host import Fronts
from wordsy_tui.games.tiles.host import TileTable
from wordsy_tui.games.tiles.rules import events as tile_events
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.wordsy.host import WordsyTable
from wordsy_tui.games.wordsy.rules import events as wordsy_events
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.state import GameState

CONFIGS = [
    pytest.param(GameConfig(max_players=3), WordsyTable, id="wordsy"),
    *(
        pytest.param(TileGameConfig(game, max_players=3), TileTable, id=game.value)
        for game in GameName
    ),
]


def options_for(
    config: GameConfig | TileGameConfig, tmp_path: Path, **more: object
) -> HostOptions:
    where = {"bind": "127.0.0.1", "port": 0, "advertise": False}
    return HostOptions(config, None, log_path=tmp_path / "game.log", **(where | more))


@pytest.mark.parametrize(("config", "table"), CONFIGS)
def test_each_games_options_make_its_own_server(config, table, tmp_path):
    options = options_for(config, tmp_path, pin="4711")
    server = make_server(options)
    assert type(server.part) is table
    assert server.config == config
    assert server.pin == "4711"
    assert server.requirements["game"] == options.game
    with_fronts = make_server(options_for(config, tmp_path, ssh_port=0))
    assert isinstance(with_fronts.fronts, Fronts)
    assert type(with_fronts.part) is table
    assert server.fronts is None


def test_a_headless_host_keeps_what_it_imported_out_of_the_collectors_rounds(
    tmp_path, monkeypatch
):
    options = options_for(GameConfig(), tmp_path)
    # The rules', the table's and the network's objects, at least.
    assert frozen_before_the_loop(monkeypatch, lambda: run_headless(options)) > 10_000


def test_each_games_announcement_names_its_game(tmp_path):
    wordsy = HostOptions(GameConfig(), "Ann").announcer()
    scrabble = HostOptions(TileGameConfig(GameName.SCRABBLE), None).announcer()
    assert wordsy is not None
    assert scrabble is not None
    assert wordsy.game_name == "Ann's game"
    assert scrabble.game_name == "Scrabble"


def test_each_game_narrates_its_own_events_and_says_when_it_is_over(capsys):
    over = asyncio.Event()
    tell = narrator("wordsy", over)
    tell(GameState(players=("Ann",)), wordsy_events.PlayerJoined("Ann"))
    assert "Ann sat down (1 at the table)" in capsys.readouterr().out
    assert not over.is_set()

    tell = narrator("wwf", over)
    tell(TileGameState(), tile_events.TilesExchanged("Bob", (), (), 3))
    assert "Bob exchanged 3 tiles" in capsys.readouterr().out
    ended = tile_events.GameEnded(None, (), (("Bob", -3),), ("Bob",))
    tell(TileGameState(phase=Phase.OVER, scores={"Bob": 12}), ended)
    assert "Game over. Adjustments: Bob -3. Final: Bob 12. Won: Bob" in capsys.readouterr().out
    assert over.is_set()


@pytest.mark.parametrize(("config", "table"), CONFIGS)
async def test_each_games_desk_has_its_own_commands(config, table, tmp_path):
    server = make_server(options_for(config, tmp_path))
    desk = desk_for(server)
    told = await desk.obey("help")
    assert "'rematch'" in told
    assert "'players'" in told
    own = "'remove NAME'" if table is WordsyTable else "'start'"
    assert own in told
    assert await desk.obey("players") == "Seats: none yet"
    assert (await desk.obey("fly")).startswith("Unknown command 'fly'. Commands:")


@pytest.mark.parametrize(
    ("config", "first", "last"),
    [
        pytest.param(
            GameConfig(),
            "Type 'help' for the host's commands",
            "Host stopped. The game is saved (wordsy-tui host --resume).",
            id="wordsy",
        ),
        pytest.param(
            TileGameConfig(GameName.WORDFEUD),
            "Type 'start' once the players are seated",
            "(wordsy-tui host --game wordfeud --resume)",
            id="wordfeud",
        ),
    ],
)
async def test_one_headless_loop_serves_each_game_with_its_own_lines(
    config, first, last, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    options = HostOptions(config, None, port=0, bind="127.0.0.1", advertise=False)
    serving = asyncio.create_task(serve_headless(options, io.StringIO("players\n")))
    said: list[str] = []

    def heard(text: str) -> bool:
        said.append(capsys.readouterr().out)
        return text in "".join(said)

    try:
        await wait_until(lambda: heard("Seats: none yet"), timeout=60)
        assert heard(first)
        assert heard("Join with: wordsy-tui join --connect 127.0.0.1:")
    finally:
        serving.cancel()  # as Ctrl-C does
        with contextlib.suppress(asyncio.CancelledError):
            await serving
    assert heard(last)
