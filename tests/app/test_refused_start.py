"""A game the program was started into, refused at once: the program ends cleanly."""

from __future__ import annotations

import asyncio
import gc
import warnings

from tests.app.fixtures import FixedAdvisor, ScriptedSession
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules.state import GameState


class RefusedSession(ScriptedSession):
    """Turned away by the host, as `host --resume` under a name that has no seat was."""

    def __init__(self) -> None:
        super().__init__("Zed", GameState())
        self.stops = 0

    async def start(self) -> None:
        raise ConnectionRefusedError("The game has already started")

    async def stop(self) -> None:
        await asyncio.sleep(0.05)  # closing connections takes a moment: long enough to be cut
        self.stops += 1


async def test_a_refused_start_stops_the_session_exits_1_and_leaves_no_coroutine() -> None:
    session = RefusedSession()
    app = WordsyApp(session, advisor=FixedAdvisor())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        async with app.run_test(size=(80, 24)):
            pass  # the app ends by itself
        gc.collect()  # a coroutine never awaited is reported when it is collected
    assert app.return_code == 1
    assert session.stops >= 1, "the session's stop was cut short or never run"
    assert not [w for w in caught if "never awaited" in str(w.message)]
