"""Playing Twenty-One in the tests: a person's moves, and what a finished game shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.pilot import Pilot
from textual.widgets import Static

from tests.app.tile_fixtures import until
from tests.games.madeup import rules as r
from tests.games.madeup.app import MadeUpApp
from tests.games.madeup.seat import MadeUpSeat
from tests.net.helpers import wait_until


def shown_on(app: MadeUpApp) -> str:
    return str(app.count_screen.query_one("#table", Static).render())


class Table(Protocol):
    """A seat, or a host: what either holds of the game now."""

    @property
    def state(self) -> r.State: ...


def moved_on(table: Table, turns: int) -> Callable[[], bool]:
    """Whether `table`'s game has gone past its `turns`th turn (or ended)."""
    return lambda: table.state.turns > turns


def due(table: Table, me: str) -> Callable[[], bool]:
    """Whether it is `me`'s turn at `table`, or its game is over."""
    return lambda: table.state.phase is r.Phase.OVER or table.state.turn == me


def best_key(seat: MadeUpSeat) -> str:
    """The key that adds the best amount now."""
    assert seat.me is not None
    return str(r.best(seat.state, seat.me))


async def play_to_the_end(seat: MadeUpSeat) -> None:
    """`seat` adds the best amount on each of its turns until the count is reached."""
    assert seat.me is not None
    while True:
        await wait_until(due(seat, seat.me))
        if seat.state.phase is r.Phase.OVER:
            return
        turns = seat.state.turns
        assert await seat.add(int(best_key(seat))) is None
        await wait_until(moved_on(seat, turns))


async def press_to_the_end(pilot: Pilot[None], seat: MadeUpSeat) -> None:
    """`seat`'s person presses the best amount's key on each of their turns, to the end."""
    assert seat.me is not None
    while True:
        await until(pilot, due(seat, seat.me))
        if seat.state.phase is r.Phase.OVER:
            return
        turns = seat.state.turns
        await pilot.press(best_key(seat))
        await until(pilot, moved_on(seat, turns))


def perfect_winner(state: r.State) -> str:
    """Who wins a game played perfectly by everyone: the first player when the target is not
    a multiple of 4 (their first move leaves the others a multiple of 4 to go)."""
    assert state.config.target % (r.MOST + 1) != 0
    return state.players[0]
