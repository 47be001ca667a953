"""The host's clock: the challenge window keeps its time across a vote."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from tests.games.wordsy.rules.table import Table
from wordsy_tui.engine import Alarm
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.alarms import AFTER_VOTE_SECONDS, OFFER_SECONDS
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.games.wordsy.seam import WordsyRules
from wordsy_tui.table.away import Away
from wordsy_tui.table.clock import AlarmClock

Clock = AlarmClock[GameState, cmd.Command]


def wordsy_clock() -> Clock:
    return AlarmClock(WordsyRules().alarm)


class FrozenTime:
    """The event loop's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def install(self) -> None:
        asyncio.get_running_loop().time = lambda: self.now  # type: ignore[method-assign]


@pytest.fixture
async def time() -> FrozenTime:
    frozen = FrozenTime()
    frozen.install()
    return frozen


@pytest.fixture
def table() -> Table:
    t = Table(players=("Ann", "Bob", "Cat"))
    t.start()
    t.play_round({"Ann": "STRAND", "Bob": "SALT", "Cat": "CRISP"}, flipper="Ann", challenges=True)
    return t


def watch(clock: Clock, time: FrozenTime, at: float, state: GameState) -> tuple[str, float]:
    time.now = 1000.0 + at
    clock.observe(state)
    assert clock.deadline is not None
    return clock.deadline.label, clock.deadline.at - 1000.0


async def test_a_vote_pauses_the_challenge_window_and_it_goes_on_after(table, time):
    clock = wordsy_clock()
    window = table.state.config.challenge_seconds
    assert window == 60
    assert watch(clock, time, 0, table.state) == ("challenges", 60)
    table.do(cmd.Challenge("Bob", "Ann"))
    assert watch(clock, time, 20, table.state) == ("vote", 20 + 30)
    table.do(cmd.Vote("Cat", False))
    # 40 s of the window were left when the vote began: not a new full minute.
    assert watch(clock, time, 45, table.state) == ("challenges", 45 + 40)


def vote_on_anns_word(clock: Clock, time: FrozenTime, table: Table, raised_at: float) -> None:
    """The window opens at 0; Bob challenges Ann's word at `raised_at`; Cat votes."""
    watch(clock, time, 0, table.state)
    table.do(cmd.Challenge("Bob", "Ann"))
    watch(clock, time, raised_at, table.state)
    table.do(cmd.Vote("Cat", False))


async def test_after_a_late_vote_the_table_still_has_a_moment(table, time):
    clock = wordsy_clock()
    vote_on_anns_word(clock, time, table, raised_at=57)
    assert watch(clock, time, 70, table.state) == ("challenges", 70 + AFTER_VOTE_SECONDS)


async def test_a_player_whose_word_just_fell_has_time_to_offer_the_word_they_meant(time):
    from tests.games.wordsy.rules.test_meant_words import fallen_word

    t = fallen_word()
    clock = wordsy_clock()
    watch(clock, time, 0, t.state)
    t.do(cmd.Challenge("Bob", "Ann"))  # Bob's challenge of Ann's STRAND late in the window
    watch(clock, time, 57, t.state)
    t.do(cmd.Vote("Cat", True))
    t.do(cmd.Vote("Dan", True))
    assert watch(clock, time, 60, t.state) == ("challenges", 60 + OFFER_SECONDS)
    # The offer's vote is a vote of its own: its whole time, then the window goes on.
    t.do(cmd.OfferMeantWord("Ann", "CREAM"))
    assert watch(clock, time, 70, t.state) == ("vote", 70 + 30)
    assert clock.deadline is not None
    t.do(cmd.CloseVote())
    # Dan may still offer for his own fallen word: the window keeps the writer's time.
    assert watch(clock, time, 100, t.state) == ("challenges", 100 + OFFER_SECONDS)


async def test_two_programs_following_the_same_table_count_down_alike(table, time):
    host, guest = wordsy_clock(), wordsy_clock()
    states = [(0.0, table.state)]
    table.do(cmd.Challenge("Bob", "Ann"))
    states.append((12.0, table.state))
    table.do(cmd.Vote("Cat", False))
    states.append((30.0, table.state))
    for at, state in states:
        assert watch(host, time, at, state) == watch(guest, time, at, state)
    assert host.deadline is not None
    assert host.deadline.at - 1000.0 == 30 + 48


async def test_the_next_round_has_its_whole_window(table, time):
    clock = wordsy_clock()
    vote_on_anns_word(clock, time, table, raised_at=50)
    table.all_ready()
    table.play_round(
        {"Ann": "PLANTS", "Bob": "TRUST", "Cat": "DRIFT"}, flipper="Bob", challenges=True
    )
    assert table.state.round == 2
    assert watch(clock, time, 100, table.state) == ("challenges", 100 + 60)


async def test_a_late_joiner_counts_from_the_time_the_host_says_is_left(table, time):
    host, guest = wordsy_clock(), wordsy_clock()
    watch(host, time, 0, table.state)
    time.now += 25
    note = host.note()
    assert note == {"alarm": ["challenges", table.state.round], "left": 35.0}
    guest.told(note)
    assert watch(guest, time, 25, table.state) == ("challenges", 25 + 35)


async def test_a_late_joiner_is_told_the_alarms_own_time_beside_the_hurry(table, time):
    # The host hurries a wait whose people have all gone; whoever joins then must count
    # the alarm's own time, as the seats already there do: told only the hurried time, it
    # showed "0:00 left" for minutes once the absent came back and the host relaxed.
    host = wordsy_clock()
    watch(host, time, 0, table.state)
    time.now += 25
    assert host.move_on_without(Away(("Cat",), 5))
    own = {"alarm": ["challenges", table.state.round], "left": 35.0}
    assert host.note() == {**own, "away": {"seats": ["Cat"], "left": 5.0}}
    assert host.move_on_without(None)
    assert host.note() == own


@pytest.mark.parametrize(
    "note",
    [
        None,
        "soon",
        {"alarm": "x", "left": 5},
        {"alarm": ["challenges", 1], "left": -3},
        {"alarm": ["challenges", 1], "left": float("nan")},
        {"alarm": ["challenges", 1], "left": True},
    ],
)
async def test_a_note_that_makes_no_sense_leaves_the_whole_countdown(table, time, note):
    guest = wordsy_clock()
    guest.told(note)
    assert watch(guest, time, 0, table.state) == ("challenges", 60)


async def test_a_note_never_stretches_an_alarm_beyond_its_length(table, time):
    guest = wordsy_clock()
    guest.told({"alarm": ["challenges", table.state.round], "left": 1e9})
    assert watch(guest, time, 0, table.state) == ("challenges", 60)


async def test_a_late_joiner_counts_down_whom_the_table_moves_on_without(table, time):
    host, guest = wordsy_clock(), wordsy_clock()
    watch(host, time, 0, table.state)
    time.now += 25
    host.move_on_without(Away(("Cat",), 20))
    guest.told(host.note())
    watch(guest, time, 25, table.state)
    assert guest.deadline is not None
    assert (guest.deadline.at - 1000.0, guest.deadline.away) == (45, ("Cat",))
    # The host's next note: Cat pressed a key. The window's own time runs on.
    host.move_on_without(None)
    guest.told(host.note(), live=True)
    assert guest.deadline is not None
    assert (guest.deadline.at - 1000.0, guest.deadline.away) == (60, ())


async def test_a_live_note_for_an_alarm_not_reached_yet_waits_for_it(table, time):
    guest = wordsy_clock()
    note = {"alarm": ["challenges", table.state.round], "left": 50.0}
    guest.told({**note, "away": {"seats": ["Cat"], "left": 30.0}}, live=True)
    assert guest.deadline is None  # the events that lead to it come after
    assert watch(guest, time, 2, table.state) == ("challenges", 2 + 30)
    assert guest.deadline is not None
    assert guest.deadline.away == ("Cat",)


@pytest.mark.parametrize(
    "away",
    [
        "Cat",
        {"seats": "Cat", "left": 5},
        {"seats": [], "left": 5},
        {"seats": [7], "left": 5},
        {"seats": ["C" * 65], "left": 5},
        {"seats": ["Cat"] * 17, "left": 5},
        {"seats": ["Cat"], "left": -1},
        {"seats": ["Cat"], "left": True},
    ],
)
async def test_a_malformed_away_leaves_the_alarms_own_time(table, time, away):
    guest = wordsy_clock()
    guest.told({"alarm": ["challenges", table.state.round], "left": 40.0, "away": away})
    assert watch(guest, time, 0, table.state) == ("challenges", 40)
    assert guest.deadline is not None
    assert guest.deadline.away == ()


async def test_a_countdown_running_is_never_made_longer_but_by_a_sign_of_life(table, time):
    host = wordsy_clock()
    watch(host, time, 0, table.state)
    host.move_on_without(Away(("Cat",), 30))
    time.now += 27
    # Cat's program drops (a 10 s grace for the gone), then comes back, idle (30 s):
    # neither gives the table more than the 3 s it had left.
    for away in (Away(("Cat",), 10), Away(("Cat",), 30)):
        assert host.move_on_without(away)
        assert host.deadline is not None
        assert host.deadline.at - 1000.0 == 30
    assert host.move_on_without(None)  # a key: the window's own time
    assert host.deadline is not None
    assert host.deadline.at - 1000.0 == 60


async def test_an_alarm_waits_as_a_timer_and_sends_its_command_when_it_rings(table, time):
    sent: list[cmd.Command] = []

    async def submit(command: cmd.Command) -> None:
        sent.append(command)

    clock = AlarmClock(WordsyRules().alarm, submit=submit)
    tasks = asyncio.all_tasks()
    clock.observe(table.state)
    # A tile game sets a new alarm at every turn: waiting costs no task of its own.
    assert asyncio.all_tasks() == tasks
    time.now += 59.9
    await turns_of_the_loop(lambda: bool(sent))
    assert sent == []
    time.now += 0.1
    await turns_of_the_loop(lambda: bool(sent))
    assert sent == [cmd.EndRound()]


async def turns_of_the_loop(done: Callable[[], bool], turns: int = 10) -> None:
    """Let the loop run (its time frozen) until `done`, or `turns` times."""
    for _ in range(turns):
        if done():
            return
        await asyncio.sleep(0)


async def test_the_alarm_of_the_state_just_observed_is_not_worked_out_again(table, time):
    asked: list[GameState] = []

    def alarms(state: GameState) -> Alarm[cmd.Command] | None:
        asked.append(state)
        return WordsyRules().alarm(state)

    clock: Clock = AlarmClock(alarms)
    clock.observe(table.state)
    observed = clock.alarm(table.state)
    assert asked == [table.state]
    assert observed == WordsyRules().alarm(table.state)
    assert clock.alarm(GameState()) is None
    assert asked == [table.state, GameState()]
