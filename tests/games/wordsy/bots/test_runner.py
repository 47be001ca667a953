"""The one computer-player runner, with a fake seat and a fake mind: one move at a time,
stopping cancels the move in flight, a bot that cannot think passes and plays on, a
refused move becomes a pass, the mind may ask to look again later, and the pace."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from wordsy_tui.table.bots import ComputerPlayer, Move

WAIT = 30.0
"""Generous: what is awaited happens at once unless the runner is broken."""


@dataclass(frozen=True)
class View:
    number: int


@dataclass
class FakeSeat:
    """A seat (any game's view, any command) that records what its bot sent."""

    me: str = "Bot 1 (easy)"
    state: object = field(default_factory=lambda: View(0))
    started: bool = False
    stopped: bool = False
    sent: list[object] = field(default_factory=list)
    _updates: asyncio.Queue[object] = field(default_factory=asyncio.Queue)

    async def start(self) -> None:
        self.started = True

    async def stop(self) -> None:
        self.stopped = True

    async def updates(self) -> AsyncIterator[object]:
        while True:
            yield await self._updates.get()

    def change(self, number: int) -> None:
        """The host sent something: a new view."""
        self.state = View(number)
        self._updates.put_nowait(self.state)

    async def send(self, what: object) -> str | None:
        self.sent.append(what)
        return None


Step = Move[str] | float | None


class FakeMind:
    """Answers each look with `decide(view)`, and counts the looks."""

    def __init__(self, decide: Callable[[View], Step]) -> None:
        self.decide = decide
        self.looks: list[View] = []

    def next_move(self, view: View, pace: float) -> Step:
        self.looks.append(view)
        return self.decide(view)


async def until(check: Callable[[], bool]) -> None:
    async with asyncio.timeout(WAIT):
        while not check():
            await asyncio.sleep(0.01)


async def test_one_move_at_a_time_and_a_look_again_once_it_is_made() -> None:
    seat = FakeSeat()
    gate = asyncio.Event()
    in_flight: list[int] = []
    most = 0

    async def make(decision: str) -> str | None:
        nonlocal most
        in_flight.append(1)
        most = max(most, len(in_flight))
        await gate.wait()
        in_flight.pop()
        return await seat.send(decision)

    mind = FakeMind(lambda view: Move(make, think=lambda: f"move {view.number}"))
    bot = ComputerPlayer(seat, mind, pace=0)
    await bot.start()
    try:
        assert seat.started
        seat.change(1)
        await until(lambda: bool(in_flight))
        for number in (2, 3, 4):  # the table moves on while the bot is busy
            seat.change(number)
        await until(lambda: len(mind.looks) == 1 and seat._updates.empty())
        assert len(in_flight) == 1, "no second move while one is in flight"
        gate.set()
        # Made; then it looks at the view it missed, without waiting for another update.
        await until(lambda: seat.sent == ["move 1", "move 4"])
        assert most == 1
        assert [v.number for v in mind.looks] == [1, 4]
    finally:
        await bot.stop()


async def test_stop_cancels_the_move_in_flight_and_leaves_the_seat() -> None:
    seat = FakeSeat()
    began = asyncio.Event()
    cancelled = asyncio.Event()

    async def make(_: None) -> str | None:
        began.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return await seat.send("too late")

    bot = ComputerPlayer(seat, FakeMind(lambda _view: Move(make)), pace=0)
    await bot.start()
    seat.change(1)
    await asyncio.wait_for(began.wait(), WAIT)
    await asyncio.wait_for(bot.stop(), WAIT)
    assert cancelled.is_set()
    assert seat.stopped
    assert seat.sent == []
    assert not bot.moving


async def test_a_bot_that_cannot_think_passes_and_plays_on() -> None:
    seat = FakeSeat()

    def think(view: View) -> str:
        if view.number == 1:
            raise RuntimeError("no word scores on this board")
        return f"move {view.number}"

    def decide(view: View) -> Move[str]:
        return Move(seat.send, think=lambda: think(view), give_up=lambda: seat.send("pass"))

    bot = ComputerPlayer(seat, FakeMind(decide), pace=0)
    await bot.start()
    try:
        seat.change(1)
        await until(lambda: seat.sent == ["pass"])
        seat.change(2)
        await until(lambda: seat.sent == ["pass", "move 2"])
    finally:
        await bot.stop()


async def test_a_move_the_host_refused_becomes_a_pass_in_the_same_view() -> None:
    seat = FakeSeat()
    refusals = ["Not a word."]

    async def make(decision: str) -> str | None:
        await seat.send(decision)
        return refusals.pop() if refusals else None

    def decide(view: View) -> Move[str]:
        return Move(make, think=lambda: "SLORP", give_up=lambda: seat.send("pass"))

    bot = ComputerPlayer(seat, FakeMind(decide), pace=0)
    await bot.start()
    try:
        seat.change(1)
        await until(lambda: seat.sent == ["SLORP"])
        seat._updates.put_nowait(seat.state)  # the refusal's news: the view is unchanged
        await until(lambda: seat.sent == ["SLORP", "pass"])
        seat.change(2)  # a new view: the bot tries its move again
        await until(lambda: seat.sent == ["SLORP", "pass", "SLORP"])
    finally:
        await bot.stop()


async def test_the_mind_looks_again_when_it_asked_to_without_an_update() -> None:
    seat = FakeSeat()
    mind = FakeMind(lambda view: None)

    def decide(view: View) -> Step:
        # First: wait a moment for the people (say, to challenge); then play.
        if len(mind.looks) == 1:
            return 0.01
        return Move(seat.send, think=lambda: "play")

    mind.decide = decide
    bot = ComputerPlayer(seat, mind, pace=0)
    await bot.start()
    try:
        seat.change(1)
        await until(lambda: seat.sent == ["play"])
        assert [v.number for v in mind.looks] == [1, 1]
    finally:
        await bot.stop()


async def test_the_pace_multiplies_the_pauses() -> None:
    seat = FakeSeat()
    mind = FakeMind(lambda _view: Move(seat.send, think=lambda: "slow", pause=3600.0))
    fast = ComputerPlayer(seat, mind, pace=0)  # tests play fast bots: no pause at all
    await fast.start()
    try:
        seat.change(1)
        await until(lambda: seat.sent == ["slow"])
    finally:
        await fast.stop()
    slow_seat = FakeSeat()
    slow = ComputerPlayer(slow_seat, FakeMind(lambda _v: Move(slow_seat.send, pause=3600.0)))
    await slow.start()
    try:
        slow_seat.change(1)
        await until(lambda: slow.moving)
        await asyncio.sleep(0.05)
        assert slow_seat.sent == [], "at pace 1 it is still pausing"
    finally:
        await slow.stop()
