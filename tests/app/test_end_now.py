"""The host ends a wait for everyone (F9): a key no text field uses, in the key bar, and
only once the host has said yes to what ending it does."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tests.app import fixtures as fx
from tests.app.test_fit import on_screen
from tests.app.test_solo import until
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.widgets.draft import WordInput
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.state import GameState


class EndingHostSession(fx.PlayingHostSession):
    """The hosting player's session, counting the phases it was asked to end."""

    def __init__(self, state: GameState) -> None:
        super().__init__("Ann", state, chat=())
        self.ended = 0

    async def end_phase(self) -> str | None:
        self.ended += 1
        return None


def writing() -> EndingHostSession:
    return EndingHostSession(fx.new_table().do(cmd.StartGame()).state)


def app_of(session: fx.ScriptedSession) -> WordsyApp:
    return fx.make_app(fx.Scene("end now", lambda: session))


async def test_ctrl_e_in_the_hosts_word_moves_to_its_end_and_ends_nothing() -> None:
    session = writing()
    app = app_of(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot, (*"ca", "home", "s", "ctrl+e", "t"))
        assert app.screen.query_one(WordInput).value == "SCAT"
        assert isinstance(app.screen, GameScreen)
        assert session.ended == 0


async def test_f9_is_in_the_hosts_key_bar_and_asks_before_ending_the_writing() -> None:
    session = writing()
    app = app_of(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot, tuple("cat"))
        assert "F9 End now" in on_screen(pilot).splitlines()[-1]
        await pilot.press("f9")
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#question", Static).render())
        assert "revealed as it stands, half-typed ones too" in question
        await pilot.press("n")
        await pilot.pause()
        assert session.ended == 0
        assert app.screen.query_one(WordInput).value == "CAT"
        await pilot.press("f9", "y")
        await until(pilot, lambda: session.ended == 1)


async def test_the_palette_asks_too() -> None:
    session = writing()
    app = app_of(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot)
        commands = {c.title: c.callback for c in app.get_system_commands(app.screen)}
        commands["End this phase now"]()
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert session.ended == 0
        await pilot.press("y")
        await until(pilot, lambda: session.ended == 1)


async def test_a_yes_for_a_wait_that_is_over_ends_nothing() -> None:
    table = fx.new_table().do(cmd.StartGame())
    session = EndingHostSession(table.state)
    app = app_of(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot, ("f9",))
        assert isinstance(app.screen, ConfirmScreen)
        session.show(table.play_round("Beth").state)  # the round's words are in meanwhile
        await until(pilot, lambda: app.state.round == 1 and app.state.phase.name == "CHALLENGES")
        await pilot.press("y")
        await pilot.pause()
        assert session.ended == 0


@pytest.mark.parametrize("who", ["guest", "solo"])
async def test_only_the_host_has_the_key(who: str) -> None:
    state = fx.writing_state() if who == "guest" else fx.solo_state()
    session = fx.ScriptedSession("Ann", state, chat=() if who == "guest" else None)
    app = app_of(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await fx.settle(pilot, ("f9",))
        assert isinstance(app.screen, GameScreen)
        assert "F9" not in on_screen(pilot).splitlines()[-1]


async def test_the_hosts_key_bar_keeps_the_help_at_80_columns_with_the_timer_to_flip() -> None:
    from tests.app.fixtures import PlayingHostSession, game_app, new_table, settle
    from tests.app.test_fit import on_screen
    from wordsy_tui.games.wordsy.rules import commands as cmd

    state = new_table().do(cmd.StartGame()).state  # nobody has flipped the timer yet
    app = game_app(PlayingHostSession("Carl", state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = on_screen(pilot).splitlines()[-1]
    for key in ("Lock in", "Flip", "F9 End now", "? Help"):
        assert key in bar
