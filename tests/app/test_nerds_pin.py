"""Word Nerds' app asks for the host's PIN as every game's does (the shell's question), and
sits down again with the answer."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_pin import PIN, answer, asked
from tests.app.test_solo import until
from tests.session.test_nerds_lan import join, nerds_host
from wordsy_tui.app.screens.waiting import WaitingScreen
from wordsy_tui.app.table import SeatAgain
from wordsy_tui.games.wordnerds.app.app import NerdsApp
from wordsy_tui.games.wordnerds.seat import NerdsSeat


async def test_a_guest_without_the_pin_is_asked_for_it_and_sits_down(tmp_path: Path) -> None:
    server = nerds_host(tmp_path, captain="Ann", pin=PIN)
    await server.start()
    try:

        def seat(pin: str | None) -> NerdsSeat:
            return join(server, "Bob", pin=pin)

        app = NerdsApp(seat(None), again=SeatAgain(seat, None))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: asked(app, "This game has a PIN."), timeout=30)
            # Over the wait, as at every game's table: no table before the game's first state.
            assert isinstance(app.screen_stack[-2], WaitingScreen)
            assert app.table_screen not in app.screen_stack
            await answer(pilot, "1111")
            await until(pilot, lambda: asked(app, "Wrong PIN."), timeout=30)
            await answer(pilot, PIN)
            await until(pilot, lambda: "Bob" in server.state.players, timeout=30)
            assert app.session.me == "Bob"
            assert app.screen is app.table_screen
    finally:
        await server.stop()
