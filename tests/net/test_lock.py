"""The host's lock on its own: commands go before newcomers, the door lets one newcomer in
per turn of the event loop, and a waiter cancelled as it is handed the lock passes it on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from net.lock import TableLock
from tests.net.helpers import wait_until


class Turns:
    """Counts turns of the event loop while it runs."""

    def __init__(self) -> None:
        self.now = 0
        self._loop = asyncio.get_running_loop()
        self._handle = self._loop.call_soon(self._tick)

    def _tick(self) -> None:
        self.now += 1
        self._handle = self._loop.call_soon(self._tick)

    def stop(self) -> None:
        self._handle.cancel()


async def _command(lock: TableLock, seen: list[str], name: str) -> None:
    async with lock:
        seen.append(name)


async def _newcomer(lock: TableLock, seen: list[str], name: str, then: Callable[[], None]) -> None:
    async with lock.door():
        seen.append(name)
        then()


async def test_a_command_goes_before_newcomers_who_waited_longer() -> None:
    lock = TableLock()
    seen: list[str] = []
    async with lock:
        newcomers = [
            asyncio.create_task(_newcomer(lock, seen, f"n{i}", lambda: None)) for i in range(3)
        ]
        await wait_until(lambda: lock.waiting == 3)
        command = asyncio.create_task(_command(lock, seen, "command"))
        await wait_until(lambda: lock.waiting == 4)
    await asyncio.gather(command, *newcomers)
    assert seen == ["command", "n0", "n1", "n2"]
    assert lock.waiting == 0


async def test_the_door_lets_one_newcomer_in_per_turn() -> None:
    lock = TableLock()
    turns = Turns()
    entered: list[int] = []
    try:
        await asyncio.gather(
            *(_newcomer(lock, [], f"n{i}", lambda: entered.append(turns.now)) for i in range(4))
        )
    finally:
        turns.stop()
    assert len(set(entered)) == 4, "each newcomer came in on a turn of its own"
    assert entered == sorted(entered)


async def test_commands_are_not_held_to_a_turn_each() -> None:
    lock = TableLock()
    turns = Turns()
    entered: list[int] = []

    async def command() -> None:
        async with lock:
            entered.append(turns.now)

    try:
        await asyncio.gather(*(command() for _ in range(4)))
    finally:
        turns.stop()
    # The door's pace is for newcomers only: commands on a free lock all go at once.
    assert len(entered) == 4
    assert len(set(entered)) == 1


async def test_a_waiter_cancelled_as_it_is_handed_the_lock_passes_it_on() -> None:
    lock = TableLock()
    seen: list[str] = []
    async with lock:
        first = asyncio.create_task(_command(lock, seen, "first"))
        second = asyncio.create_task(_command(lock, seen, "second"))
        await wait_until(lambda: lock.waiting == 2)
    # The lock was handed to `first` on release; it is cancelled before it runs again.
    first.cancel()
    await asyncio.gather(first, return_exceptions=True)
    await asyncio.wait_for(second, 5)
    assert seen == ["second"]
    async with lock:  # and it is free again afterwards
        seen.append("third")
    assert seen == ["second", "third"]
