"""The game clocks on the tile board's panel: each player's time left, the running one
counting down from the wait's start (the host's deadline), overtime marked, in the panel's
columns at 80x24; the spectator's view has the same clocks."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Static

from tests.app.tile_fixtures import (
    FROZEN_NOW,
    TILE_SCENES,
    board_screen,
    clocked_tile_session,
    settle_tiles,
    until,
)
from tests.games.tiles.rules.test_clocks import after, clocked, time_up
from wordsy_tui.games.tiles.app.app import SIDE_WIDTH, TileApp
from wordsy_tui.games.tiles.app.panel import (
    clock_face,
    move_lines,
    scores_text,
    time_left_ms,
)
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.view import for_seat, state_for_seat
from wordsy_tui.table.clock import Deadline

SCENE = next(scene for scene in TILE_SCENES if scene.game_clock)


def test_a_clock_reads_in_minutes_and_seconds_over_time_with_a_minus() -> None:
    assert clock_face(25 * 60_000) == "25:00"
    assert clock_face(1_500) == "0:02"  # a clock shows a second until it is all gone
    assert clock_face(0) == "0:00"
    assert clock_face(-1) == "-0:01"
    assert clock_face(-15_000) == "-0:15"
    assert clock_face(-600_000) == "-10:00"


def test_only_the_running_clock_counts_down_from_the_waits_start() -> None:
    state = clocked(minutes=1).state  # ann's turn
    deadline = Deadline("turn", 400.0, 300, began=100.0)
    assert time_left_ms(state, "ann", deadline, now=130.0) == 30_000
    assert time_left_ms(state, "bob", deadline, now=130.0) == 60_000
    assert time_left_ms(state, "ann", None, now=130.0) == 60_000  # no wait: no count
    assert time_left_ms(clocked(minutes=0).state, "ann", deadline, 130.0) is None


def test_the_clocks_fit_the_panel_and_overtime_is_marked() -> None:
    state = clocked(minutes=1, players=("Bartholomew", "ann", "bob", "Maximiliana")).state
    deadline = Deadline("turn", 400.0, 300, began=100.0)
    text = scores_text(state, "ann", {"bob": False}, deadline=deadline, now=100.0 + 75)
    lines = text.plain.splitlines()
    assert len(lines) == 1 + len(state.players)  # a heading, then a line each
    assert all(len(line) < SIDE_WIDTH for line in lines)
    running = state.turn
    assert running is not None
    row = lines[1 + state.players.index(running)]
    assert "-0:15" in row
    assert any("reverse" in str(span.style) for span in text.spans)
    assert "off" in lines[1 + state.players.index("bob")]  # not connected


def test_the_end_says_who_lost_on_time_and_what_overtime_cost() -> None:
    table = clocked(minutes=1, overtime=1)
    time_up(table)
    lines = [(line.player, line.what, line.score) for line in move_lines(table.state)]
    assert lines[-2:] == [("ann", "lost on time", 0), ("ann", "time penalty", -10)]


def test_spectators_and_players_see_the_same_clocks() -> None:
    table = clocked(minutes=1)
    state = replace(table.state, clocks={"ann": 12_000, "bob": -3_000})
    assert state_for_seat(state, None).clocks == state.clocks
    assert state_for_seat(state, "bob").clocks == state.clocks
    assert for_seat(ev.ClockRan("ann", 500), None) == ev.ClockRan("ann", 500)


async def test_the_running_clock_ticks_on_the_board() -> None:
    now = [FROZEN_NOW]
    assert SCENE.clock_left is not None
    seat = clocked_tile_session(SCENE.game, SCENE.clock_left, game_clock=True)
    app = TileApp(seat, now=lambda: now[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_tiles(pilot, SCENE)
        screen = board_screen(app)

        def scores() -> str:
            return str(screen.query_one("#scores", Static).render())

        await until(pilot, lambda: "-0:15" in scores())
        now[0] += 1
        await until(pilot, lambda: "-0:16" in scores())
        assert "1:00" in scores()  # the other clock stands still


def test_the_results_say_who_ran_out_of_time_and_each_penalty() -> None:
    from wordsy_tui.games.tiles.app.dialogs import result_text

    table = clocked(minutes=1, overtime=1)
    time_up(table)  # ann's overtime runs out
    shown = result_text(table.state, "bob").plain
    assert "ann ran out of time: the game ended." in shown
    assert "Time" in shown.splitlines()[2]
    ann = next(line for line in shown.splitlines()[3:] if line.startswith("ann"))
    assert ann.split()[1:4] == ["0", str(table.state.adjustments["ann"]), "-10"]
    assert "You win!" in shown  # bob, whatever the scores


def test_a_replay_shows_each_clock_as_the_log_stamped_it_beside_the_racks() -> None:
    table = clocked(minutes=1)
    after(table, 75, "ann", cmd.Pass())
    long_names = replace(table.state, players=("Bartholomew", "Maximiliana"))
    assert all(
        len(line) < SIDE_WIDTH  # the names give way to the tiles
        for line in scores_text(long_names, None, racks=True).plain.splitlines()
    )
    lines = scores_text(table.state, None, racks=True).plain.splitlines()
    assert lines[0].split() == ["Player", "Score", "Clock", "Rack"]
    assert lines[1].split()[-3:] == ["0", "-0:15", "HNORXYZ"]  # (sorted)
    assert lines[2].split()[-3:] == ["0", "1:00", "AEEEEFM"]
