"""Replaying a saved tile game on its board: → and ← (n and p) step through the turns,
q quits; the list of saved games names each game and opens a tile game's board."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.app.fixtures import finished_table, settle
from tests.app.test_replay_and_menu import saved_log
from tests.app.test_solo import until
from tests.cli.test_export import saved
from tests.cli.test_score import run
from tests.games.tiles.rules.test_gcg import scripted_game
from tests.session.test_tile_replay import unfinished
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.menu import MenuScreen
from wordsy_tui.app.screens.saved import SavedGamesScreen
from wordsy_tui.games.tiles.app.app import ReplayBoardScreen, TileApp
from wordsy_tui.games.tiles.app.board import TileBoard
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import replay_of, saved_game_list


def shown_text(app: TileApp, widget: str) -> str:
    return str(app.board_screen.query_one(widget, Static).render())


def board_of(app: TileApp) -> str:
    return app.board_screen.query_one(TileBoard).picture.board


async def test_the_keys_step_through_a_finished_game_with_every_rack(tmp_path: Path) -> None:
    _, session = replay_of(saved(tmp_path / "g.log", scripted_game().log))
    frames = session.door.frames
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "replay 1/" in shown_text(app, "#title-bar"))
        assert isinstance(app.screen, ReplayBoardScreen)
        await pilot.press("right", "n")
        await until(pilot, lambda: session.door.index == 2)
        await pilot.pause()
        assert f"replay 3/{len(frames)}" in shown_text(app, "#title-bar")
        assert board_of(app) == frames[2].state.board
        scores = shown_text(app, "#scores")
        for player in ("ann", "bob"):  # each rack's tiles, not a count
            assert "".join(frames[2].state.rack(player)) in scores
        assert "tiles" not in scores
        moves = shown_text(app, "#moves")
        assert "HORN" in moves
        assert "FARM" in moves
        await pilot.press("left")
        await until(pilot, lambda: session.door.index == 1)
        await pilot.pause()
        assert "FARM" not in shown_text(app, "#moves")  # the move list as of that turn
        await pilot.press("p", "p")
        await until(pilot, lambda: session.door.index == 0)
        await pilot.press("x", "enter", "f3")  # no tile is laid, nothing is played
        await pilot.pause()
        assert board_of(app) == frames[0].state.board
        await pilot.press(*["right"] * len(frames))
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))  # the end's result
        await pilot.press("escape")
        await pilot.press("q")  # out, with no question
        await until(pilot, lambda: not app.is_running)


async def test_a_game_not_finished_shows_only_counts(tmp_path: Path) -> None:
    _, session = replay_of(saved(tmp_path / "g.log", unfinished()))
    assert not session.door.finished
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "replay 1/" in shown_text(app, "#title-bar"))
        await pilot.press(*["right"] * 3)
        await until(pilot, lambda: session.door.index == 3)
        await pilot.pause()
        assert "7 tiles" in shown_text(app, "#scores")
        assert "spectators" in shown_text(app, "#preview")


def test_replay_of_a_tile_log_opens_its_board(capsys, tmp_path, monkeypatch) -> None:
    opened: list[TileApp] = []

    async def run_async(self: TileApp, **_options: object) -> None:
        opened.append(self)

    monkeypatch.setattr(TileApp, "run_async", run_async)
    path = saved(tmp_path / "g.log", scripted_game().log)
    code, _out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert isinstance(opened[0].session.door, Replaying)


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """A Wordsy game and a finished Scrabble game, the Scrabble one played last."""
    saved_log(tmp_path / "wordsy.log", finished_table().log)
    saved(tmp_path / "scrabble.log", scripted_game().log)
    for name, played in (("wordsy", 1_000_000), ("scrabble", 2_000_000)):
        os.utime(tmp_path / f"{name}.log", (played, played))
    return tmp_path


async def pick_the_scrabble_game(app: Launcher) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, MenuScreen):
            await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        table = app.screen.query_one("#saved-games")
        assert "Scrabble" in str(table.get_row_at(0))  # type: ignore[attr-defined]
        assert "Wordsy" in str(table.get_row_at(1))  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)


@pytest.mark.parametrize("from_menu", [False, True])
async def test_the_list_opens_a_tile_game_on_its_board_then_comes_back(
    games: Path, from_menu: bool
) -> None:
    app = Launcher(
        name="Ann",
        place=Place.MENU if from_menu else Place.SAVED,
        only_saved=not from_menu,
        saved_games=lambda: saved_game_list(games),
    )
    await pick_the_scrabble_game(app)
    picked = app.chosen
    assert isinstance(picked, TileApp)
    assert isinstance(picked.session.door, Replaying)
    assert picked.session.door.frames[-1].state == scripted_game().state
    again = app.again()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, SavedGamesScreen)  # back to the list
        await pilot.press("escape")  # then where the list was opened from
        if from_menu:
            await until(pilot, lambda: isinstance(again.screen, MenuScreen))
        else:
            await until(pilot, lambda: not again.is_running)


@pytest.mark.parametrize("finished", [True, False])
async def test_unseen_is_the_bag_once_every_rack_is_shown(tmp_path: Path, finished: bool) -> None:
    """A finished game's replay shows every rack: only the bag is unseen (nothing, once
    the bag is empty); a game not finished hides the racks, so they are unseen too."""
    _, session = replay_of(
        saved(tmp_path / "g.log", scripted_game().log if finished else unfinished())
    )
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "replay 1/" in shown_text(app, "#title-bar"))
        for index, frame in enumerate(session.door.frames):
            await until(pilot, lambda index=index: session.door.index == index)  # type: ignore[misc]
            await pilot.pause()
            state = frame.state
            on_racks = sum(len(state.rack(p)) for p in state.players)
            count = state.bag_count + (0 if finished else on_racks)
            unseen = shown_text(app, "#unseen")
            assert unseen.startswith(f"Unseen {count}:"), (index, unseen)
            if finished:
                assert sorted("".join(unseen.split(":", 1)[1].split())) == sorted(state.bag)
            await pilot.press("right")


async def test_a_damaged_logs_note_is_shown_under_the_board(tmp_path: Path) -> None:
    path = saved(tmp_path / "g.log", scripted_game().log)
    data = bytearray(path.read_bytes())
    data[len(data) * 3 // 4] ^= 0x01  # a flipped bit three quarters in
    path.write_bytes(bytes(data))
    _, session = replay_of(path)
    assert session.door.note is not None
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "replay 1/" in shown_text(app, "#title-bar"))
        await until(pilot, lambda: "damaged at record" in shown_text(app, "#message"))
