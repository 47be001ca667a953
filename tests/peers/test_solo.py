"""Twenty-One alone, against a computer player: its app under Pilot to the end, and the
`solo` command of the real program with the game registered, in a real terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.app.tile_fixtures import until
from tests.games.madeup.app import MadeUpApp
from tests.games.madeup.replay import TURNS
from tests.games.madeup.seat import MadeUpSeat
from tests.peers.play import perfect_winner, press_to_the_end, shown_on
from tests.terminal import Terminal
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.local import Local
from wordsy_tui.table.replay import frames_of


@pytest.mark.parametrize("seed", [1, 2])
async def test_a_solo_game_is_played_with_keys_to_its_end(seed: int) -> None:
    seat = MadeUpSeat.solo("Ann", [Level.EXPERT], seed=seed)
    app = MadeUpApp(seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_to_the_end(pilot, seat)
        state = seat.state
        # Both played perfectly: whoever the host's draw let begin won.
        assert state.winner == perfect_winner(state)
        assert state.count == state.config.target
        await until(pilot, lambda: "win" in shown_on(app))
        shown = shown_on(app)
        assert ("You win!" if state.winner == "Ann" else "Bot 1 (expert) wins!") in shown
        assert "Count: 21" in shown
        # The host's log (here, in this process) folds to the same end.
        door = seat.door
        assert isinstance(door, Local)
        assert frames_of(TURNS, door.log)[-1].state == state


def no_longer(line: str) -> Callable[[str], bool]:
    return lambda screen: line not in screen


def over(screen: str) -> bool:
    return "wins!" in screen or "You win!" in screen


def test_the_solo_command_plays_the_registered_game_in_a_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path)
    try:
        terminal.run(
            sys.executable, "-m", "tests.games.madeup.program", "solo", "--game", "madeup",
            "--name", "Ann",
        )  # fmt: skip
        while True:
            screen = terminal.wait_for(lambda shown: "Your turn" in shown or over(shown))
            if over(screen):
                break
            count = screen.split("Count: ")[1].split("\n")[0]
            terminal.burst("1")
            terminal.wait_for(no_longer(f"Count: {count}\n"))
        assert "Twenty-One · count to 21" in screen
        assert "Count: 21" in screen
        terminal.keys("C-q")
        assert "[exited 0]" in terminal.wait_for("[exited")
    finally:
        terminal.close()
