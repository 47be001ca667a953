"""The board screen of a LAN tile game shows the host's countdown, and says so when the
host passed for a player whose turn reached the turn limit (127.0.0.1; a tiny limit)."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from textual.widgets import Static

from tests.app.tile_fixtures import (
    FROZEN_NOW,
    ME,
    TILE_SEED,
    JudgedTileSeat,
    board_screen,
    until,
)
from tests.session.test_tile_clock import clocked_host
from tests.session.test_tile_lan import join
from wordsy_tui.app.widgets.line import Line
from wordsy_tui.app.widgets.waiting import STILL_HERE
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.panel import clock_text, move_lines
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.table.clock import Deadline


def text_of(app: TileApp, selector: str) -> str:
    return str(board_screen(app).query_one(selector, Static).render())


async def test_the_player_sees_the_time_left_and_the_hosts_pass(tmp_path: Path) -> None:
    server = clocked_host(tmp_path, GameName.WORDFEUD, 2)
    await server.start()
    ann, bob = join(server, "ann"), join(server, "bob")
    app = TileApp(ann)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "ann" in server.state.players, tries=6000)
            await bob.start()
            await until(pilot, lambda: len(ann.state.players) == 2, tries=6000)
            await pilot.press("f6")
            await until(pilot, lambda: ann.state.phase is Phase.PLAYING, tries=6000)
            await until(pilot, lambda: "limit" in text_of(app, "#title-bar"), tries=6000)
            title = text_of(app, "#title-bar")
            assert re.search(r"(your|bob.s) turn · turn limit 0:0\d", title)
            # Nobody moves: the host passes for ann, then bob, then ann; the game ends.
            said = "The turn limit (0:02) ended your turn: a pass."
            await until(pilot, lambda: said in text_of(app, "#message"), tries=6000)
            await until(pilot, lambda: ann.state.phase is Phase.OVER, tries=6000)
            lines = [line.what for line in move_lines(ann.state)]
            assert lines == ["passed (limit)"] * 3
            await pilot.press("escape")
            assert "limit" not in text_of(app, "#title-bar")  # no wait runs once it is over
    finally:
        await bob.stop()
        await ann.stop()
        await server.stop()


def test_the_countdown_reads_in_minutes_and_hurries_at_the_end() -> None:
    assert clock_text(None, 0.0).plain == ""
    # Named after what it counts: the game clock beside the scores is another m:ss.
    assert clock_text(Deadline("turn", 300.0, 300), 0.5).plain == "turn limit 5:00"
    assert clock_text(Deadline("turn", 75.0, 300), 0.0).plain == "turn limit 1:15"
    hurry = clock_text(Deadline("turn", 30.0, 300), 0.0)
    assert hurry.plain == "turn limit 0:30, hurry"
    assert hurry.style == "bold"  # and said in words, for terminals without colour
    # A short limit hurries in its last quarter only.
    assert clock_text(Deadline("challenges", 16.0, 20), 0.0).plain == "challenges 0:16"
    assert clock_text(Deadline("challenges", 5.0, 20), 0.0).plain == "challenges 0:05, hurry"
    assert clock_text(Deadline("vote", 20.0, 30), 0.0).plain == "vote 0:20"
    assert clock_text(Deadline("turn", 1.0, 300), 9.0).plain == "turn limit 0:00, hurry"


def test_the_tables_countdown_on_an_idle_player_says_whom_it_waits_for() -> None:
    waiting = Deadline("challenges", 25.0, 25.0, ("cat",))
    mine = clock_text(waiting, 0.0, "cat")
    assert mine.plain == "The table is waiting for you: 0:25 · any key: still here"
    assert mine.style == "bold reverse"
    assert clock_text(waiting, 0.0, "ann").plain == "Waiting for cat: 0:25"
    assert clock_text(waiting, 0.0, None).plain == "Waiting for cat: 0:25"  # a spectator


class RemindedSeat(JudgedTileSeat):
    """Bot 1's play waits for Ann's call, and the host says the table moves on without her
    in 25 s: she has let the window run idle while everyone else was done."""

    @property
    def deadline(self) -> Deadline | None:
        return Deadline("challenges", FROZEN_NOW + 25, 25.0, (ME,))


async def test_the_reminder_to_an_idle_player_fits_the_title_bar_at_80_columns() -> None:
    """The title's status gives way to the reminder inside the bar's padding: the screen's
    width cut its end ("any key: still he")."""
    config = TileGameConfig(GameName.SCRABBLE)
    seat = RemindedSeat.solo(ME, config, (Level.EASY,), seed=TILE_SEED, bot_pause=0)
    app = TileApp(seat, now=lambda: FROZEN_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: seat.asked_to_judge)
        await pilot.pause()
        bar = board_screen(app).query_one("#title-bar", Line)
        shown = str(bar.render())
        assert shown.endswith(f"The table is waiting for you: 0:25 · {STILL_HERE}")
        assert shown.startswith("Scrabble · bag")  # the status, cut to what fits
        assert cell_len(shown) <= bar.content_size.width == 78
