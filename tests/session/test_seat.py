"""The seat every game's verbs stand on (`table.seat.Seat`), shown with a tiny game.

The game counts: its state is the numbers played so far, a command is a number, and
the event it causes is that number. Nothing of Wordsy's or the tile games' is in it, so
what it shows is the machinery itself: the updates reach the app in the order they were
told, a wait that is cancelled loses none, and a door refuses what only a host or a
table with other people can do.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.seat import TilesChanged, TileSeat
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.local import Local
from wordsy_tui.table.seat import (
    Door,
    PresenceChanged,
    Rejected,
    Seat,
    StateChanged,
    Update,
)

Numbers = tuple[int, ...]
STOP = 0
"""The counting game's command that leaves the table (its lobby is always open)."""


class Decided(Door[Numbers, int, int]):
    """The counting game decided in this process: a negative number is refused."""

    def __init__(self, me: str | None) -> None:
        super().__init__(me)
        self.sent: list[int] = []

    def fresh(self) -> Numbers:
        return ()

    async def start(self) -> None:
        self.seat.state_changed([])

    async def stop(self) -> None:
        return None

    async def send(self, command: int) -> str | None:
        self.sent.append(command)
        if command < 0:
            self.seat.publish(Rejected("Count up, not down."))
            return "Count up, not down."
        await self.seat.moved((*self.seat.state, command), [command])
        return None


class Timed(Decided):
    """The counting game with a host's clock: each state tells its deadline."""

    @property
    def deadline(self) -> Deadline | None:
        return Deadline("count", 100.0 + len(self.seat.state), 30.0)


class Counting(Seat[Numbers, int, int]):
    """A seat at the counting game (`farewell`: leaving sends STOP)."""

    def __init__(self, door: Decided, *, farewell: bool = False) -> None:
        super().__init__(door)
        self.sent = door.sent
        self.farewell = farewell

    def _farewell(self) -> int | None:
        return STOP if self.farewell else None


async def drain(seat: Seat[Numbers, int, int], count: int) -> list[Update[Numbers, int]]:
    heard: list[Update[Numbers, int]] = []
    async for update in seat.updates():
        heard.append(update)
        if len(heard) == count:
            return heard
    raise AssertionError("the updates ended")


async def test_the_app_hears_every_update_in_the_order_it_was_told() -> None:
    seat = Counting(Decided("Ann"))
    await seat.start()
    updates = seat.updates()
    heard = [await anext(updates)]
    for tell in (
        lambda: seat.send(3),
        lambda: seat.publish(PresenceChanged({"Ann": True, "Bob": False})),
        lambda: seat.send(-1),
        lambda: seat.send(5),
    ):
        told = tell()
        if told is not None:
            await told
        heard.append(await anext(updates))  # the app reads each as it comes
    assert heard == [
        StateChanged((), (), None),
        StateChanged((3,), (3,), None),
        PresenceChanged({"Ann": True, "Bob": False}),
        Rejected("Count up, not down."),
        StateChanged((3, 5), (5,), None),
    ]
    assert seat.state == (3, 5)


async def test_the_moves_that_wait_together_come_as_one() -> None:
    # A solo table's opening, or a catch-up: the app's frame shows where the game is, laid
    # out once, and no event is lost.
    seat = Counting(Timed("Ann"))
    await seat.start()
    await seat.send(3)
    await seat.send(4)
    seat.publish(PresenceChanged({"Ann": True}))
    await seat.send(5)
    assert await drain(seat, 3) == [
        StateChanged((3, 4), (3, 4), Deadline("count", 102.0, 30.0)),
        PresenceChanged({"Ann": True}),
        StateChanged((3, 4, 5), (5,), Deadline("count", 103.0, 30.0)),
    ]
    await seat.send(6)
    await seat.send(7)
    assert await drain(seat, 1) == [
        StateChanged((3, 4, 5, 6, 7), (6, 7), Deadline("count", 105.0, 30.0))
    ]


async def test_a_state_change_carries_the_deadline_the_session_runs() -> None:
    seat = Counting(Timed("Ann"))
    await seat.send(7)
    assert await seat.changed() == StateChanged((7,), (7,), Deadline("count", 101.0, 30.0))


async def test_a_cancelled_wait_for_the_next_update_loses_none() -> None:
    seat = Counting(Decided("Ann"))
    waiting = asyncio.create_task(seat.changed())
    await asyncio.sleep(0)  # the wait is under way
    await seat.send(4)  # its update wakes the wait, which is cancelled before it runs
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    await seat.send(6)
    assert await seat.changed() == StateChanged((4,), (4,), None)
    assert await seat.changed() == StateChanged((4, 6), (6,), None)


async def test_the_table_verbs_refuse_what_needs_a_host_or_other_people() -> None:
    seat = Counting(Decided("Ann"))
    assert not seat.hosting
    assert not seat.can_chat
    assert await seat.end_phase() == "Only the host can end a phase."
    assert await seat.rematch() == "Only the host can start a rematch."
    assert await seat.say("hello") == "There is nobody here to chat with."
    assert seat.deadline is None
    await seat.leave_table()
    assert seat.sent == []  # a game without a farewell gives nothing up
    assert seat.presence == {}
    assert seat._updates.empty()  # and none of it told the app anything


async def test_leaving_sends_the_games_farewell_where_it_has_one() -> None:
    seat = Counting(Decided("Ann"), farewell=True)
    await seat.leave_table()
    assert seat.sent == [STOP]


def test_every_games_seat_stands_on_the_one_seat_whatever_its_door() -> None:
    assert issubclass(WordsySeat, Seat)
    assert issubclass(TileSeat, Seat)
    assert isinstance(WordsySeat.local("Ann", GameConfig()).door, Local)
    assert isinstance(TileSeat.solo("Ann", TileGameConfig(), [Level.EASY]).door, Local)
    # One update for a changed state, whatever the game.
    assert TilesChanged is StateChanged


@dataclass(frozen=True, slots=True)
class Round:
    """A game with phases, as every game's state names them ("new" before anything)."""

    phase: str = "new"
    number: int = 0


class Rounds(Door[Round, int, int]):
    def fresh(self) -> Round:
        return Round()

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def send(self, command: int) -> str | None:
        raise AssertionError("nothing is sent here")


async def test_the_screens_draw_the_last_game_until_a_rematchs_first_state() -> None:
    seat = Seat(Rounds(None))
    assert seat.shown_state == Round()  # (nothing told yet: the app shows no table)
    last = Round("over", 1)
    await seat.moved(last, ())
    assert seat.shown_state is last
    seat.begin_again(Round())
    assert seat.state == Round()  # the new game's view folds from nothing
    assert seat.shown_state is last
    seat.begin_again(Round())  # (told twice before any state: still the last game)
    assert seat.shown_state is last
    lobby = Round("lobby", 2)
    await seat.moved(lobby, ())
    assert seat.shown_state is lobby
    seat.begin_again(Round())
    assert seat.shown_state is lobby
