"""Stepping through a saved game, and the start menu's way into a solo game."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from textual.widgets import Select, Static

from tests.app.fixtures import FixedAdvisor, finished_table, settle
from tests.app.test_solo import until
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.company import CompanyScreen
from wordsy_tui.app.screens.menu import MenuScreen, RulesGameScreen, SoloGameScreen
from wordsy_tui.cli import replay
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.dialogs import TileHelpScreen
from wordsy_tui.games.tiles.app.solo import TileSolo
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.screens.help import HelpScreen
from wordsy_tui.games.wordsy.app.screens.results import ResultsScreen
from wordsy_tui.games.wordsy.app.screens.solo import DifficultyScreen
from wordsy_tui.games.wordsy.replay import ROUNDS, read_events
from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.local import Local
from wordsy_tui.table.replay import Replaying, frames_of


def test_round_frames_end_each_round_then_the_game() -> None:
    table = finished_table()
    frames = [f.state for f in frames_of(ROUNDS, table.log)]
    assert [f.round for f in frames] == [1, 2, 3, 4, 5, 6, 7, 7]
    assert all(f.phase is Phase.CHALLENGES for f in frames[:7])
    assert frames[-1] == table.state


async def test_a_replay_steps_round_by_round_and_changes_nothing() -> None:
    session = WordsySeat(Replaying.of_log(ROUNDS, finished_table().log))
    app = WordsyApp(session, advisor=FixedAdvisor())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.state.round == 1
        await pilot.press("right", "right", "left")
        await until(pilot, lambda: app.state.round == 2)
        await pilot.press(*["n"] * 7)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        # Said of the replay, not of a host that might offer a rematch.
        note = str(app.screen.query_one("#log-note", Static).render())
        assert note.startswith("A saved game, replayed"), note
        assert await session.send(object()) == "This is a replay: nothing can be changed."  # type: ignore[arg-type]
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.state.round == 7)


def replay_args(path: Path) -> tuple[argparse.Namespace, argparse.ArgumentParser]:
    parser = argparse.ArgumentParser(prog="wordsy-tui")
    replay.add_parser(parser.add_subparsers())
    args = parser.parse_args(["replay", str(path)])
    return args, args.parser


@pytest.mark.parametrize("content", [None, b"not a log at all"])
def test_replay_refuses_what_is_not_a_log(tmp_path, capsys, content: bytes | None) -> None:
    path = tmp_path / "game.log"
    if content is not None:
        path.write_bytes(content)
    args, parser = replay_args(path)
    with pytest.raises(SystemExit) as exit_:
        replay.run(args, parser)
    assert exit_.value.code == 2
    assert str(path) in capsys.readouterr().err


def saved_log(path: Path, events: list[object]) -> list[int]:
    """Write `events` as the host logs them; the byte offset of each record."""
    from net.log import encode_record
    from wordsy_tui.engine.codec import encode

    records = [
        encode_record({"k": "event", "seq": n, "body": encode(e)}) for n, e in enumerate(events, 1)
    ]
    path.write_bytes(b"".join(records))
    return [sum(len(r) for r in records[:i]) for i in range(len(records))]


async def test_a_replay_of_a_damaged_log_says_so(tmp_path) -> None:
    events = finished_table().log
    path = tmp_path / "game.log"
    offsets = saved_log(path, events)
    middle = len(events) // 2
    data = bytearray(path.read_bytes())
    data[offsets[middle] + 10] ^= 0x01  # a flipped bit in the middle record's payload
    path.write_bytes(bytes(data))
    note = replay.damage_note(path)
    assert note is not None
    assert f"damaged at record {middle + 1} (checksum mismatch)" in note
    assert f"{len(events) - middle - 1} later events cannot be shown" in note
    assert len(read_events(path)) == middle
    session = WordsySeat(Replaying.of_log(ROUNDS, read_events(path), note=note))
    app = WordsyApp(session, advisor=FixedAdvisor())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: any(n.message == note for n in app._notifications))


def test_a_whole_or_torn_log_has_no_damage_note(tmp_path) -> None:
    path = tmp_path / "game.log"
    saved_log(path, finished_table().log)
    assert replay.damage_note(path) is None
    path.write_bytes(path.read_bytes()[:-5])  # the host stopped mid-write: normal
    assert replay.damage_note(path) is None


async def test_the_menu_starts_a_solo_game_at_the_chosen_difficulty() -> None:
    app = Launcher(name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s")
        assert isinstance(app.screen, SoloGameScreen)
        await pilot.press("enter")  # Wordsy, the first choice
        assert isinstance(app.screen, DifficultyScreen)
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: not app.is_running)
    game = app.chosen  # the game's own app, once the launcher has closed
    assert isinstance(game, WordsyApp)
    async with game.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game.state.phase is Phase.WRITING)
        assert game.session is not None
        assert isinstance(game.session.door, Local)
        assert game.state.config.solo is Difficulty.HARD
        assert game.state.players == ("Ann",)
        # Leaving asks first, then the app closes: the launcher comes back to the menu.
        await pilot.press("ctrl+q", "y")
        await until(pilot, lambda: not game.is_running)
    assert game.comes_back
    assert app.again().place is Place.MENU


@pytest.mark.parametrize(
    "argv",
    [
        ["solo", "--difficulty", "silly"],
        ["solo", "--name", "a name far longer than twenty"],
        ["menu", "--name", "   "],
    ],
)
def test_bad_flags_get_a_clear_error_and_status_2(capsys, argv: list[str]) -> None:
    from wordsy_tui.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


async def test_the_menu_opens_a_solo_tile_game_against_the_chosen_computer_players() -> None:
    app = Launcher(name="Ann")  # no LAN needed
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "down", "down", "enter")  # Words with Friends
        await until(pilot, lambda: isinstance(app.screen, CompanyScreen))
        assert "Words with Friends" in str(app.screen.query_one("#solo-title").render())
        # Keys only: two computer players, then Tab to their level, one harder than medium.
        await pilot.press("space", "down", "enter", "tab", "space", "down", "enter")
        await until(pilot, lambda: app.screen.query_one("#solo-level", Select).value == "hard")
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    # Its board is its own app, run once the launcher has given the terminal back.
    game = app.chosen
    assert isinstance(game, TileApp)
    assert game.session.me == "Ann"
    bots = game.session.door.company  # the solo table's computer players
    assert bots.config == TileGameConfig(GameName.WWF)
    assert list(bots.names.values()) == [Level.HARD] * 2


def test_a_solo_tile_game_is_what_solo_game_plays() -> None:
    session = TileSolo("wordfeud", bots=3, level="expert").session("Ann")
    assert session.me == "Ann"
    bots = session.door.company  # the solo table's computer players
    assert bots.config == TileGameConfig(GameName.WORDFEUD)
    assert list(bots.names.values()) == [Level.EXPERT] * 3


async def test_esc_leaves_the_solo_choices_for_the_menu() -> None:
    app = Launcher(name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, CompanyScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("s", "escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert app.chosen is None


async def test_the_menu_shows_the_rules_of_the_game_chosen() -> None:
    app = Launcher(name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        assert isinstance(app.screen, RulesGameScreen)
        await pilot.press("enter")  # Wordsy, the first
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "Eight letter cards" in str(app.screen.query_one(".help-text").render())
        await pilot.press("question_mark")  # ? closes it again
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("question_mark", "down", "enter")  # Scrabble's, from anywhere
        await until(pilot, lambda: isinstance(app.screen, TileHelpScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert app.chosen is None
