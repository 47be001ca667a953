"""The game clock in the rules: time is an input (`elapsed`, the host's measure of the wait
so far), stamped into the log as `ClockRan` whenever the wait changes; the increment, the
overtime penalty and the loss on time follow from the log alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.clocks import penalty, running
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.errors import ClockError
from wordsy_tui.games.tiles.rules.evolve import evolve, replay
from wordsy_tui.games.tiles.rules.gcg import export_gcg
from wordsy_tui.games.tiles.rules.notation import parse_move
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.rules.waits import waiting

MINUTE = 60_000


def clocked(
    minutes: int = 1,
    increment: int = 0,
    overtime: int = 10,
    players: tuple[str, ...] = ("ann", "bob"),
    **options: object,
) -> Table:
    config = TileGameConfig(
        clock_minutes=minutes,
        clock_increment=increment,
        overtime_minutes=overtime,
        **options,  # type: ignore[arg-type]
    )
    draw = FixedDraw(["A", "B", "C", "D"][: len(players)])
    table = Table(rng=draw, players=players, config=config)
    table.give("ann", "HORNXYZ")
    table.give("bob", "FAMEEEE")
    return table


def after(table: Table, seconds: float, seat: str | None, command: cmd.Command) -> list[ev.Event]:
    """`command` from `seat` once the wait running now has lasted `seconds` (the host's
    measure, its input to the rules)."""
    events = decide(table.state, seat, command, rng=table.rng, words=table.words, elapsed=seconds)
    for event in events:
        table.state = evolve(table.state, event)
    table.log.extend(events)
    return events


def play(table: Table, seconds: float, seat: str, move: str) -> list[ev.Event]:
    return after(table, seconds, seat, cmd.Play(parse_move(table.state.board, move)))


def time_up(table: Table) -> list[ev.Event]:
    wait = waiting(table.state)
    assert wait is not None
    return table.do(None, wait.command)


def test_there_is_no_clock_unless_the_host_sets_one():
    table = Table(rng=FixedDraw(["A", "B"]))
    assert table.state.clocks == {}
    assert running(table.state) is None
    events = after(table, 30, "ann", cmd.Pass())
    assert not any(isinstance(event, ev.ClockRan) for event in events)
    assert TileGameConfig().options() == ("double challenge",)


def test_each_clock_starts_full_and_runs_down_only_for_the_player_on_turn():
    table = clocked(minutes=25)
    assert table.state.clocks == {"ann": 25 * MINUTE, "bob": 25 * MINUTE}
    assert running(table.state) == "ann"
    events = after(table, 20.25, "ann", cmd.Pass())
    assert events[0] == ev.ClockRan("ann", 20_250)
    assert table.state.clocks == {"ann": 25 * MINUTE - 20_250, "bob": 25 * MINUTE}
    assert running(table.state) == "bob"


def test_the_increment_is_added_after_each_of_your_turns():
    table = clocked(minutes=1, increment=5)
    after(table, 20, "ann", cmd.Pass())
    assert table.state.clock("ann") == MINUTE - 20_000 + 5_000
    table.do(None, waiting(table.state).command)  # the turn limit: the host passed for bob
    assert table.state.clock("bob") == MINUTE + 5_000  # (no time measured: none stamped)


def test_while_a_play_may_be_challenged_the_next_players_clock_runs():
    table = clocked()
    play(table, 10, "ann", "8H HORN")
    assert table.state.clock("ann") == MINUTE - 10_000
    assert running(table.state) == "bob"
    events = after(table, 3, "bob", cmd.Accept())
    assert events[0] == ev.ClockRan("bob", 3_000)
    after(table, 7, "bob", cmd.Pass())
    assert table.state.clock("bob") == MINUTE - 10_000


def test_letting_a_play_stand_while_others_may_still_challenge_it_stamps_nothing():
    """The window goes on, and with it its countdown, which every screen follows from the
    wait's start: the stamp comes when the window closes."""
    table = clocked(players=("ann", "bob", "cat"))
    play(table, 10, "ann", "8H HORN")
    assert after(table, 3, "cat", cmd.Accept()) == [ev.ChallengeWaived("cat")]
    events = after(table, 5, "bob", cmd.Accept())
    assert events[0] == ev.ClockRan("bob", 5_000)


def test_the_clock_stops_while_the_table_votes_on_a_challenge():
    table = clocked(players=("ann", "bob", "cat"), table_vote=True)
    play(table, 10, "ann", "8H HORN")
    after(table, 4, "bob", cmd.Challenge())
    assert table.state.vote is not None
    assert running(table.state) is None
    events = after(table, 25, "cat", cmd.Vote(uphold=False))
    assert not any(isinstance(event, ev.ClockRan) for event in events)
    assert table.state.clock("bob") == MINUTE - 4_000


@pytest.mark.parametrize(
    ("over_ms", "points"),
    [(0, 0), (1, 10), (1_000, 10), (60_000, 10), (61_000, 20), (600_000, 100)],
)
def test_the_penalty_is_ten_points_for_each_started_minute_over(over_ms: int, points: int):
    assert penalty(-over_ms) == points
    assert penalty(over_ms) == 0


def test_the_penalty_comes_off_the_final_score_of_each_player_over():
    table = clocked(minutes=1)
    after(table, 121, "ann", cmd.Pass())  # 1:01 over
    for seat in ("bob", "ann", "bob", "ann", "bob"):
        after(table, 1, seat, cmd.Pass())
    state = table.state
    assert state.phase is Phase.OVER
    assert state.out_of_time is None
    assert state.penalties == {"ann": 20}
    ann_rack = state.adjustments["ann"]
    assert state.scores["ann"] == ann_rack - 20
    ended = table.log[-1]
    assert isinstance(ended, ev.GameEnded)
    assert ended.penalties == (("ann", 20),)


def test_the_wait_ends_when_the_overtime_runs_out_if_that_comes_first():
    table = clocked(minutes=1, overtime=1)
    wait = waiting(table.state)
    assert wait is not None
    assert (wait.seconds, wait.flag) == (120, True)
    roomy = clocked(minutes=25)
    assert waiting(roomy.state).flag is False  # the turn's own limit comes first


def test_a_player_whose_overtime_runs_out_loses_on_time_and_the_game_ends():
    table = clocked(minutes=1, overtime=1)
    play(table, 10, "ann", "8H HORN")
    after(table, 2, "bob", cmd.Accept())
    after(table, 2, "bob", cmd.Pass())
    events = time_up(table)  # ann's two minutes ran out
    assert events[0] == ev.ClockRan("ann", 110_000)  # exactly to the flag, whatever the host
    state = table.state
    assert state.phase is Phase.OVER
    assert state.out_of_time == "ann"
    assert state.clock("ann") == -MINUTE
    assert state.penalties["ann"] == 10
    assert state.winners == ("bob",)  # whatever the scores
    assert state.out is None


def test_the_flag_alarm_sent_early_ends_the_wait_not_the_game():
    """The table moves on without a player who has gone (or the host ends the wait)
    before their overtime ran out: the host passes for them, for the time it lasted."""
    table = clocked(minutes=1, overtime=1)
    alarm = waiting(table.state)
    assert alarm is not None
    assert alarm.flag
    events = after(table, 30, None, alarm.command)
    assert events[:2] == [
        ev.ClockRan("ann", 30_000),
        ev.Passed("ann", timed_out=True, early=True),
    ]
    assert table.state.phase is Phase.PLAYING
    assert table.state.out_of_time is None
    assert table.state.turns[-1].early  # the move list and the board say the table moved on


def test_the_turn_limit_charges_the_clock_the_limit_not_the_hosts_late_wake():
    """The turn limit ends a turn at its time: a host that wakes a little late must not
    push a clock over, which would cost 10 points (here: two turns run to a 30 s limit
    on a one-minute clock leave it at 0:00, not -0:01)."""
    table = clocked(minutes=1, turn_seconds=30)
    limit = waiting(table.state)
    assert limit is not None
    assert not limit.flag  # the turn limit comes first: nobody loses on time here
    events = after(table, 30.3, None, limit.command)
    assert events[:2] == [ev.ClockRan("ann", 30_000), ev.Passed("ann", timed_out=True)]
    assert not table.state.turns[-1].early  # the turn limit's pass, not the table's
    after(table, 1, "bob", cmd.Pass())
    after(table, 30.3, None, waiting(table.state).command)
    assert table.state.clock("ann") == 0
    assert penalty(table.state.clock("ann")) == 0


def test_a_move_that_comes_after_the_overtime_ran_out_is_too_late():
    table = clocked(minutes=1, overtime=1)
    events = play(table, 120.4, "ann", "8H HORN")
    assert events[0] == ev.ClockRan("ann", 120_000)
    assert table.state.board == Table().state.board  # not played
    assert table.state.out_of_time == "ann"
    assert table.state.winners == ("bob",)


def test_overtime_running_out_in_the_challenge_window_lets_the_play_stand():
    table = clocked(minutes=1, overtime=0)
    play(table, 10, "ann", "8H HORN")
    events = after(table, 60, "bob", cmd.Challenge())
    assert [type(event) for event in events] == [ev.ClockRan, ev.PlayAccepted, ev.GameEnded]
    assert table.state.out_of_time == "bob"
    assert table.state.scores["ann"] == 14 + table.state.adjustments["ann"]


def test_a_stale_clock_alarm_is_refused():
    table = clocked(minutes=1, overtime=1)
    stale = waiting(table.state).command
    after(table, 5, "ann", cmd.Pass())
    with pytest.raises(ClockError):
        table.do(None, stale)


def test_the_time_left_is_a_fold_of_the_log():
    table = clocked(minutes=3, increment=2)
    play(table, 10, "ann", "8H HORN")
    after(table, 2, "bob", cmd.Accept())
    after(table, 30, "bob", cmd.Pass())
    after(table, 190, "ann", cmd.Pass())
    assert replay(table.log).clocks == table.state.clocks  # (the racks were set by hand)
    assert table.state.clocks == {
        "ann": 180_000 - 200_000 + 4_000,
        "bob": 180_000 - 32_000 + 2_000,
    }


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"clock_minutes": 181}, "The clock is 0 to 180 minutes, not 181."),
        ({"clock_minutes": 5, "clock_increment": -1}, "The increment is 0 to 600 seconds"),
        ({"clock_minutes": 5, "overtime_minutes": 61}, "The overtime is 0 to 60 minutes"),
        ({"clock_increment": 5}, "An increment needs a clock"),
    ],
)
def test_a_clock_out_of_bounds_is_refused(options: dict[str, int], words: str):
    problem = TileGameConfig(**options).problem()  # type: ignore[arg-type]
    assert problem is not None
    assert words in problem


def test_the_clock_is_among_the_options_every_player_sees():
    config = TileGameConfig(GameName.WWF, clock_minutes=25, clock_increment=5)
    assert config.options() == ("25 min clock +5 s, 10 min overtime",)
    assert replace(config, clock_increment=0).summary() == "25 min clock, 10 min overtime"


def test_the_record_of_a_game_lost_on_time_carries_the_penalty_as_the_tools_read_it():
    table = clocked(minutes=1, overtime=1)
    play(table, 10, "ann", "8H HORN")
    after(table, 2, "bob", cmd.Accept())
    after(table, 2, "bob", cmd.Pass())
    time_up(table)
    record = export_gcg(table.log)  # the scores add up, the penalty counted
    ann, rack = table.state.scores["ann"], "".join(table.state.racks["ann"])
    assert f">ann: {rack} (time) -10 {ann}" in record.splitlines()
    assert "#note ann ran out of time: the game ended" in record
