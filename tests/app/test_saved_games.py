"""Replaying from the list of saved games: `wordsy-tui replay` alone, and the menu's entry."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.app.fixtures import Table, finish_round, finished_table, new_table, settle
from tests.app.test_replay_and_menu import saved_log
from tests.app.test_solo import until
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.menu import MenuScreen
from wordsy_tui.app.screens.saved import SavedGamesScreen
from wordsy_tui.cli import main, replay
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.widgets.board import BoardCards
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import saved_game_list


def three_rounds() -> Table:
    """Three rounds, the third's challenges closed by the clock with nobody ready, then the
    host stopped while the fourth was being written."""
    table = new_table(("Ann", "Carl")).do(cmd.StartGame())
    for player in ("Ann", "Carl"):
        finish_round(table.play_round(player))
    return table.play_round("Ann").do(cmd.EndRound()).write("Ann", "STOMP")


@pytest.fixture
def games(tmp_path) -> Path:
    """Three saved games, the unfinished one played last, and two files that are no game."""
    folder = tmp_path / "games"
    folder.mkdir()
    for name, events, played in (
        ("20261114-221003-0a1b2c", finished_table().log, 1_000_000),
        ("20261121-203015-a1b2c3", three_rounds().log, 3_000_000),
        ("20261120-190140-d4e5f6", finished_table(("Ann", "Beth")).log, 2_000_000),
        ("20261122-080000-ffffff", new_table(("Ann",)).log, 4_000_000),  # lobby only
    ):
        saved_log(folder / f"{name}.log", events)
        os.utime(folder / f"{name}.log", (played, played))
    (folder / "20261122-090000-000000.log").write_bytes(b"not a log at all")
    return folder


def replay_list_app(games: Path) -> Launcher:
    """`wordsy-tui replay` alone, over the games in `games`."""
    return Launcher(
        name="replay",
        place=Place.SAVED,
        only_saved=True,
        saved_games=lambda: saved_game_list(games),
    )


async def pick(app: Launcher, *keys: str) -> WordsyApp:
    """The game's app the keys pick in the launcher (which then closes)."""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await until(pilot, lambda: not app.is_running)
    assert isinstance(app.chosen, WordsyApp)
    return app.chosen


def test_the_list_has_the_last_played_first_and_says_how_far_each_went(games) -> None:
    listed = saved_game_list(games)
    assert [g.game_id for g in listed] == [
        "20261121-203015-a1b2c3",
        "20261120-190140-d4e5f6",
        "20261114-221003-0a1b2c",
    ]
    assert [(g.players, g.rounds, g.finished) for g in listed] == [
        (("Ann", "Carl"), 3, False),
        (("Ann", "Beth"), 7, True),
        (("Ann", "Beth", "Carl"), 7, True),
    ]


async def test_an_unfinished_game_replays_without_the_live_lines(games) -> None:
    app = await pick(replay_list_app(games), "enter")  # the first: stopped in round 4
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press(*["right"] * 2)
        await until(pilot, lambda: app.state.round == 3)
        await pilot.pause()
        assert app.screen.query_one(BoardCards).board == app.state.board
        assert app.state.ready == frozenset()  # the live table was still waiting for both
        status = str(app.screen.query_one("#reveal-status", Static).render())
        assert "Waiting for" not in status


async def test_replay_alone_lists_the_games_and_replays_the_one_picked(games) -> None:
    launcher = replay_list_app(games)
    async with launcher.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(launcher.screen, SavedGamesScreen)
    # the second: Ann and Beth's finished game
    app = await pick(replay_list_app(games), "down", "enter")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(getattr(app.session, "door", None), Replaying)
        assert app.state.players == ("Ann", "Beth")
        await pilot.press("right")
        await until(pilot, lambda: app.state.round == 2)
        await pilot.pause()
        # That round's board, and no line of a live game.
        assert app.screen.query_one(BoardCards).board == app.session.door.frames[1].state.board
        status = str(app.screen.query_one("#reveal-status", Static).render())
        assert "Waiting for" not in status
        assert "ready for the next round" not in status
        await pilot.press("ctrl+q")  # out of the replay: back to the list, then out
        await until(pilot, lambda: not app.is_running)
    again = launcher.again()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, SavedGamesScreen)
        await pilot.press("escape")
        await until(pilot, lambda: not again.is_running)
    assert again.chosen is None


async def test_the_menu_has_a_replay_entry_and_comes_back_to_the_menu(games) -> None:
    app = Launcher(name="Ann", saved_games=lambda: saved_game_list(games))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        assert len(app.screen.games) == 3
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_a_damaged_log_picked_from_the_list_says_so(games) -> None:
    path = games / "20261114-221003-0a1b2c.log"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    os.utime(path, (5_000_000, 5_000_000))  # now the last played
    launcher = Launcher(name="Ann", saved_games=lambda: saved_game_list(games))
    app = await pick(launcher, "p", "enter")
    assert app.session is not None
    assert isinstance(app.session.door, Replaying)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            pilot, lambda: any("This log is damaged" in n.message for n in app._notifications)
        )


def test_replay_alone_with_no_saved_games_says_so(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["replay"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No saved games to replay yet")
    assert str(tmp_path / "wordsy-tui" / "games") in out


def test_a_game_id_names_its_log_in_the_games_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = "20261121-203015-a1b2c3"
    assert replay.game_path(game) == tmp_path / "wordsy-tui" / "games" / f"{game}.log"
    assert replay.game_path("saved/game.log") == Path("saved/game.log")
