"""The tile games' clock in the rules: which wait runs, and what its TimeUp decides.

Time is data here: a test names the wait that ran out; nothing reads a clock.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from tests.games.tiles.rules.test_game import scrabble_table
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.config import (
    CHALLENGE_SECONDS,
    DEFAULT_TURN_SECONDS,
    TileGameConfig,
)
from wordsy_tui.games.tiles.rules.decide import decide
from wordsy_tui.games.tiles.rules.errors import ClockError, NotYourTurn
from wordsy_tui.games.tiles.rules.evolve import replay
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.rules.waits import Wait, waiting


def time_up(table: Table) -> list[ev.Event]:
    """The host's clock rings for the wait running now."""
    wait = waiting(table.state)
    assert wait is not None
    return table.do(None, wait.command)


def test_nothing_is_waited_for_before_the_game_or_after_it():
    assert waiting(Table(start=False).state) is None
    table = Table(GameName.WORDFEUD)
    for _ in range(3):
        time_up(table)
    assert table.state.phase is Phase.OVER
    assert waiting(table.state) is None


def test_a_turn_waits_for_its_player_with_the_configured_limit():
    table = Table(GameName.WWF)
    assert waiting(table.state) == Wait("ann", 0, False, DEFAULT_TURN_SECONDS)
    state = replace(table.state, config=TileGameConfig(GameName.WWF, turn_seconds=40))
    assert waiting(state) == Wait("ann", 0, False, 40)


def test_when_a_turn_runs_out_the_host_passes_for_the_player():
    table = Table(GameName.WWF)
    events = time_up(table)
    assert events[0] == ev.Passed("ann", timed_out=True)
    state = table.state
    assert state.turn == "bob"
    assert state.turns[-1].kind == "pass"
    assert state.turns[-1].timed_out
    assert len(state.rack("ann")) == 7  # the rack is kept
    assert waiting(state) == Wait("bob", 1, False, DEFAULT_TURN_SECONDS)


@pytest.mark.parametrize(
    ("elapsed", "early"),
    [(12.0, True), (DEFAULT_TURN_SECONDS - 0.05, False), (DEFAULT_TURN_SECONDS + 2, False)],
)
def test_a_pass_before_the_turns_limit_says_the_table_moved_on(elapsed: float, early: bool):
    """The host's measure of the wait tells the turn limit's pass from the table moving on
    without a player who has gone (no game clock needed: the host measures every wait)."""
    table = Table(GameName.WWF)
    wait = waiting(table.state)
    assert wait is not None
    events = decide(
        table.state, None, wait.command, rng=table.rng, words=table.words, elapsed=elapsed
    )
    assert events[0] == ev.Passed("ann", timed_out=True, early=early)
    assert replay([*table.log, *events]).turns[-1].early is early


def test_the_challenge_window_waits_for_the_table():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    assert waiting(table.state) == Wait("ann", 0, True, CHALLENGE_SECONDS)
    short = replace(table.state, config=TileGameConfig(turn_seconds=20))
    assert waiting(short) == Wait("ann", 0, True, 20)  # never longer than a turn


def test_when_the_challenge_window_runs_out_the_play_stands():
    table = scrabble_table()
    table.play("ann", "8H HORN")
    events = time_up(table)
    assert events[0] == ev.PlayAccepted(timed_out=True)
    state = table.state
    assert state.pending is None
    assert state.scores["ann"] == 14
    assert len(state.rack("ann")) == 7  # drew once the play stood
    assert state.turn == "bob"
    assert waiting(state) == Wait("bob", 1, False, DEFAULT_TURN_SECONDS)


def test_a_window_whose_next_player_lost_the_turn_still_closes():
    # cy lost her next turn to a failed challenge, and she is next after bob's play: no
    # move lets the play stand, only everyone's Accept. An absent player held the table.
    table = Table(players=("ann", "bob", "cy"), rng=FixedDraw(["A", "B", "C"]))
    table.give("ann", "HORNXYZ")
    table.play("ann", "8H HORN")
    table.do("cy", cmd.Challenge())  # a good word: cy loses her next turn
    assert table.state.turn == "bob"
    table.give("bob", "FAMEEEE")
    table.play("bob", "J6 FARM")
    with pytest.raises(NotYourTurn, match="challenged"):
        table.do("ann", cmd.Pass())
    events = time_up(table)
    assert events[0] == ev.PlayAccepted(timed_out=True)
    assert ev.TurnLost("cy") in events
    assert table.state.turn == "ann"


def test_an_alarm_for_a_wait_that_is_over_changes_nothing():
    table = scrabble_table()
    turn = waiting(table.state)
    assert turn is not None
    table.play("ann", "8H HORN")  # ann moved as her time ran out
    before = table.state
    with pytest.raises(ClockError, match="over"):
        table.do(None, turn.command)
    window = waiting(table.state)
    assert window is not None
    table.do("bob", cmd.Accept())
    with pytest.raises(ClockError):
        table.do(None, window.command)
    assert table.state.turn == "bob"
    assert before.pending is not None


def test_only_the_hosts_clock_says_time_is_up():
    table = Table(GameName.WWF)
    wait = waiting(table.state)
    assert wait is not None
    with pytest.raises(ClockError, match="host"):
        table.do("bob", wait.command)
    with pytest.raises(ClockError):
        table.do(None, cmd.TimeUp("ann", 0, challenges=True))  # no play is waiting
    assert table.state.turn == "ann"


def test_wordfeud_ends_after_three_timed_out_passes():
    table = Table(GameName.WORDFEUD)
    time_up(table)
    time_up(table)
    assert table.state.phase is Phase.PLAYING
    time_up(table)
    state = table.state
    assert state.phase is Phase.OVER
    assert state.out is None


def test_scrabble_ends_after_three_timed_out_turns_each():
    table = Table(rng=FixedDraw(["A", "B"]))
    for _ in range(5):
        time_up(table)
    assert table.state.phase is Phase.PLAYING
    time_up(table)
    assert table.state.phase is Phase.OVER


def test_wwf_ends_a_zero_zero_game_nobody_is_playing():
    # Passes by choice do not end a 0-0 game (the rule's exception); turns that only ran
    # out would never stop, so three of them in a row end it.
    table = Table(GameName.WWF)
    table.do("ann", cmd.Pass())
    time_up(table)
    time_up(table)
    assert table.state.phase is Phase.PLAYING  # one of the three was ann's own pass
    time_up(table)
    assert table.state.phase is Phase.OVER


def test_wwf_timed_out_passes_count_as_scoreless_turns_in_a_scored_game():
    table = Table(GameName.WWF)
    table.give("ann", "HORNXYE")
    table.play("ann", "8H HORN")
    time_up(table)
    table.do("ann", cmd.Pass())
    assert table.state.phase is Phase.PLAYING
    time_up(table)
    assert table.state.phase is Phase.OVER


def test_timed_out_turns_replay_to_the_same_state():
    table = scrabble_table()
    given, logged = table.state, len(table.log)  # (the racks were given outside the log)
    table.play("ann", "8H HORN")
    time_up(table)
    time_up(table)
    assert replay(table.log[logged:], given) == table.state


def test_whose_move_ends_each_wait():
    table = Table(players=("ann", "bob", "cy"), rng=FixedDraw(["A", "B", "C"]))
    table.give("ann", "HORNXYZ")
    turn = waiting(table.state)
    assert turn is not None
    assert turn.waits_for(table.state) == {"ann"}
    table.play("ann", "8H HORN")
    window = waiting(table.state)
    assert window is not None
    assert window.waits_for(table.state) == {"bob", "cy"}
    table.do("cy", cmd.Accept())
    assert window.waits_for(table.state) == {"bob"}
