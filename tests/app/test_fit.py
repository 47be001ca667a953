"""Screens that fit any terminal: below 80x24 the game says so, on every screen."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.app import fixtures as fx
from wordsy_tui.app.screens.game import GameScreen
from wordsy_tui.app.screens.vote import VoteScreen
from wordsy_tui.app.widgets.fit import TooSmall
from wordsy_tui.session.clock import Deadline


def size_word_shown(pilot: Pilot[None]) -> str | None:
    """The too-small word on the screen on top, if it shows."""
    guards = pilot.app.screen.query(TooSmall)
    if not guards or not guards.first().display:
        return None
    return str(guards.first().render())


async def test_a_small_window_is_told_its_size_on_every_screen_and_the_game_comes_back() -> (
    None
):
    session = fx.ScriptedSession("Ann", fx.lobby_state())
    async with fx.make_app(fx.Scene("small", lambda: session)).run_test(size=(60, 20)) as pilot:
        await fx.settle(pilot)
        assert size_word_shown(pilot) == (
            "Make the window at least 80x24 (it is 60x20 now).\n\n"
            "The game goes on, and shows again once the window is large enough."
        )
        # The game moves on to another screen, then a dialog opens above it: still said.
        session.show(fx.vote_state(), Deadline("vote", fx.NOW + 25))
        await fx.settle(pilot)
        assert isinstance(pilot.app.screen, VoteScreen)
        assert size_word_shown(pilot) is not None
        await pilot.resize_terminal(79, 40)
        await pilot.pause()
        shown = size_word_shown(pilot)
        assert shown is not None
        assert "it is 79x40 now" in shown
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert size_word_shown(pilot) is None
        await pilot.press("escape")  # the vote, put off: the table under it draws again
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert size_word_shown(pilot) is None


async def test_a_dialog_opened_while_small_is_covered_too() -> None:
    session = fx.ScriptedSession("Ann", fx.writing_state(), Deadline("timer", fx.NOW + 20))
    async with fx.make_app(fx.Scene("small", lambda: session)).run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        assert size_word_shown(pilot) is None
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "HelpScreen"
        assert size_word_shown(pilot) is not None
