"""The table's countdown on an idle player, as each screen shows it: "the table is waiting
for you" on theirs, whom it waits for on the others'; and every key tells the host the
player is there (the picture itself: the `board_idle` snapshot)."""

from __future__ import annotations

from tests.app.fixtures import NOW, ScriptedSession, idle_state, settle
from tests.app.test_solo import until
from tests.app.test_table import app_for
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.table.clock import Deadline

WAITING_FOR_CARL = Deadline("writing", NOW + 25, 30, ("Carl",))


class KeptSession(ScriptedSession):
    """A scripted seat that counts the signs of life its app gave it."""

    signs = 0

    def still_here(self) -> None:
        self.signs += 1


async def test_the_idle_player_reads_that_the_table_waits_for_them_and_a_key_says_here():
    session = KeptSession("Carl", idle_state(), WAITING_FOR_CARL)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        timer = app.screen.query_one("#timer", Countdown)
        assert str(timer.render()).splitlines() == [
            "The table is waiting for you: 0:25",
            "(any key: still here)",
        ]
        assert timer.has_class("-hurry")
        signs = session.signs
        await pilot.press("right")  # any key at all, one that changes nothing too
        assert session.signs == signs + 1
        # The host heard: its note ends the countdown, and the round's own limit shows.
        session.show(session.state, Deadline("writing", NOW + 150, 180))
        await until(pilot, lambda: "Round closes: 2:30" in str(timer.render()))
        assert not timer.has_class("-hurry")


async def test_the_others_read_whom_the_table_waits_for():
    for me in ("Ann", None):  # a player who is done, and a spectator
        app = app_for(ScriptedSession(me, idle_state(), WAITING_FOR_CARL))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            timer = app.screen.query_one("#timer", Countdown)
            assert str(timer.render()).startswith("Waiting for Carl: 0:25")
            assert timer.has_class("-low")
