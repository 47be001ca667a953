"""A browser tab at a Twenty-One host: the tab knows no game, so a game registered by its
program alone gets the same questions as every game, then its own app through its kit."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_pin import answer, asked
from tests.app.tile_fixtures import until
from tests.games.madeup import rules as r
from tests.games.madeup.app import MadeUpApp
from tests.games.madeup.host import madeup_host
from tests.peers.play import shown_on
from wordsy_tui.front.seat import read_token, seat_file_for
from wordsy_tui.front.web_tab import TabApp
from wordsy_tui.table.basics import LOOPBACK
from wordsy_tui.words.digest import dictionary_hash


async def test_a_tab_asks_its_questions_then_opens_the_made_up_games_app(made_up: Path) -> None:
    server = madeup_host(
        r.Config(), dictionary=dictionary_hash(), bind=LOOPBACK, port=0, pin="2468",
        log_path=made_up / "web.log",
    )  # fmt: skip
    await server.start()
    seats = made_up / "browser"
    try:
        tab = TabApp((LOOPBACK, server.port), "2468", seats=seats, game=r.GAME)
        async with tab.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: asked(tab, "Your name at the table"))
            await answer(pilot, "Ann")
            await until(pilot, lambda: asked(tab, "This game has a PIN"))
            await answer(pilot, "2468")
            await until(pilot, lambda: not tab.is_running)
        game = tab.chosen
        assert isinstance(game, MadeUpApp)
        async with game.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Ann" in server.state.players)
            await until(pilot, lambda: "Ann (you)" in shown_on(game))
        # The seat's token is kept where the browser's next tab finds it.
        assert read_token(seat_file_for(seats, "Ann")) is not None
    finally:
        await server.stop()
