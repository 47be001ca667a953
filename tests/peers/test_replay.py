"""Twenty-One replayed from its host's log: the saved game as the list shows it, stepped
through at its app (under Pilot), and the `replay` command of the real program."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.app.tile_fixtures import until
from tests.games.madeup import rules as r
from tests.games.madeup.app import MadeUpApp
from tests.games.madeup.host import madeup_host
from tests.net.helpers import wait_until
from tests.peers.play import shown_on
from tests.terminal import Terminal
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import replay_of, saved_game_list
from wordsy_tui.words.digest import dictionary_hash


async def a_saved_game(folder: Path) -> tuple[Path, r.State]:
    """A game two computer players played to the end at a host; its log, and its end."""
    server = madeup_host(
        r.Config(), dictionary=dictionary_hash(), bind=LOOPBACK, port=0,
        log_path=folder / "played.log", bot_pace=0.0,
    )  # fmt: skip
    await server.start()
    try:
        await server.add_bot("easy")
        await server.add_bot("expert")
        assert await server.start_game() is None
        await wait_until(lambda: server.state.phase is r.Phase.OVER)
    finally:
        await server.stop()
    return server.log_path, server.state


async def test_a_saved_game_is_listed_and_stepped_through_to_its_end(made_up: Path) -> None:
    log, end = await a_saved_game(made_up / "games")
    (listed,) = saved_game_list(log.parent)
    assert (listed.title, listed.game, listed.finished) == ("Twenty-One", "madeup", True)
    assert listed.players == end.players
    game, seat = replay_of(log)
    assert game == "madeup"
    door = seat.door
    assert isinstance(door, Replaying)
    assert len(door.frames) == end.turns + 2  # the start, each turn, and the end
    app = MadeUpApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "replay 1/" in shown_on(app))
        assert "Count: 0" in shown_on(app)
        for _ in door.frames:
            await pilot.press("right")
        last = len(door.frames)
        await until(pilot, lambda: f"replay {last}/{last}" in shown_on(app))
        assert seat.state == end
        assert f"{end.winner} wins!" in shown_on(app)
        await pilot.press("left")
        await until(pilot, lambda: f"replay {last - 1}/{last}" in shown_on(app))
        assert seat.state.phase is r.Phase.PLAYING
        await pilot.press("1")  # nothing changes a replay
        assert seat.state == door.frames[-2].state


async def test_the_replay_command_shows_the_saved_game(made_up: Path, tmp_path: Path) -> None:
    log, end = await a_saved_game(made_up / "games")
    terminal = Terminal(tmp_path)
    try:
        terminal.run(sys.executable, "-m", "tests.games.madeup.program", "replay", str(log))
        terminal.wait_for("replay 1/")
        terminal.burst("n" * (end.turns + 1))
        screen = terminal.wait_for(f"{end.winner} wins!")
        assert "Count: 21" in screen
        terminal.keys("C-q")
        assert "[exited 0]" in terminal.wait_for("[exited")
    finally:
        terminal.close()
