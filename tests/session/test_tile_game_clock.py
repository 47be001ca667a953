"""The game clock at a real host (127.0.0.1): the host stamps each wait's time into the log,
so every seat, a seat that comes back and a resumed host have the same clocks.

The time a wait lasted is the host's input to the rules: these tests give it (the tile
rules' `stopwatch`), as the rules' own tests give `elapsed`, so nothing here waits for a
clock to run.
"""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from tests.games.tiles.rules.test_movegen import WORDS
from tests.net.helpers import FAST, wait_until
from tests.session.test_tile_clock import seated as at_the_table
from tests.session.test_tile_lan import DICTIONARY, join
from wordsy_tui.games.tiles.host import TileHost, tile_game_host
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seat import TileSeat

MINUTE = 60_000


def clocked_host(log: Path) -> TileHost:
    config = TileGameConfig(clock_minutes=25, clock_increment=5)
    server = tile_game_host(
        config,
        dictionary=DICTIONARY,
        bind="127.0.0.1",
        port=0,
        log_path=log,
        words=frozenset(WORDS),
        bot_pace=0,
    )
    server.host.config = dataclasses.replace(server.host.config, **FAST)
    return server


def thinking(server: TileHost, seconds: float) -> None:
    """From now on the host measures every wait as having lasted `seconds`."""
    server.part.rules.stopwatch = lambda: seconds  # type: ignore[attr-defined]


async def seated(server: TileHost) -> tuple[TileSeat, TileSeat]:
    """ann and bob at the table, the game started."""
    ann, bob = await at_the_table(server)
    assert await ann.start_game() is None
    await wait_until(lambda: bob.state.phase is Phase.PLAYING and bob.door.seq == server.host.seq)
    return ann, bob


async def passes(seat: TileSeat, server: TileHost) -> None:
    assert await seat.pass_turn() is None
    await wait_until(lambda: seat.door.seq == server.host.seq)


async def test_every_seat_sees_the_clocks_the_host_stamped(tmp_path: Path) -> None:
    server = clocked_host(tmp_path / "g.log")
    await server.start()
    ann, bob = await seated(server)
    try:
        first = server.state.turn
        assert first is not None
        # The host's own measure: how long its clock has run the wait on `first`.
        measured = server.part.rules.stopwatch  # type: ignore[attr-defined]
        assert measured is not None
        first_look = measured()
        second_look = server.clock.running_for()  # type: ignore[union-attr]
        assert first_look is not None
        assert second_look is not None
        assert 0 <= first_look <= second_look
        thinking(server, 42.5)
        await passes(ann if first == "ann" else bob, server)
        expected = {first: 25 * MINUTE - 42_500 + 5_000}
        assert {first: server.state.clock(first)} == expected
        await wait_until(lambda: ann.door.seq == bob.door.seq == server.host.seq)
        for seat in (ann, bob):
            assert seat.state.clocks == server.state.clocks
            # The running clock counts from the wait's start, as the host's does.
            assert seat.deadline is not None
            assert seat.deadline.began is not None
    finally:
        await ann.stop()
        await bob.stop()
        await server.stop()


async def test_a_seat_that_comes_back_has_the_clocks_and_the_running_count(
    tmp_path: Path,
) -> None:
    server = clocked_host(tmp_path / "g.log")
    await server.start()
    ann, bob = await seated(server)
    try:
        thinking(server, 70)
        await passes(ann if server.state.turn == "ann" else bob, server)
        # The wait has run 50 s by the host's clock when bob's program goes.
        alarm = server.game.rules.alarm(server.state)
        assert alarm is not None
        server.clock.told({"alarm": list(alarm.key), "left": alarm.seconds - 50}, live=True)  # type: ignore[union-attr]
        token = bob.door.client.token
        await bob.stop()
        back = join(server, "bob", token=token)
        await back.start()
        await wait_until(lambda: back.door.seq == server.host.seq and back.deadline is not None)
        assert back.state == state_for_seat(server.state, "bob")
        assert back.state.clocks == server.state.clocks
        host_deadline, deadline = server.clock.deadline, back.deadline  # type: ignore[union-attr]
        assert host_deadline is not None
        assert deadline is not None
        assert deadline.began is not None
        assert host_deadline.began is not None
        # The host's word on its countdown (its note, to a tenth of a second) carries the
        # wait's start over: the running clock goes on, it does not start again.
        assert abs(deadline.began - host_deadline.began) <= 0.2
        await back.stop()
    finally:
        await ann.stop()
        await server.stop()


async def test_a_resumed_host_gives_each_player_the_time_they_had_left(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    server = clocked_host(log)
    await server.start()
    ann, bob = await seated(server)
    try:
        thinking(server, 100)
        await passes(ann if server.state.turn == "ann" else bob, server)
        thinking(server, 30)
        await passes(ann if server.state.turn == "ann" else bob, server)
        before = dict(server.state.clocks)
        assert sorted(before.values()) == [25 * MINUTE - 95_000, 25 * MINUTE - 25_000]
    finally:
        await ann.stop()
        await bob.stop()
        await server.stop()

    resumed = clocked_host(log)
    down_until = asyncio.get_running_loop().time()
    await resumed.start()
    try:
        assert resumed.state.phase is Phase.PLAYING
        assert resumed.state.clocks == before  # not a fresh clock
        # The running clock counts from the resumed host's start: the time it was down
        # is not charged to the player on turn.
        deadline = resumed.clock.deadline  # type: ignore[union-attr]
        assert deadline is not None
        assert deadline.began is not None
        assert deadline.began >= down_until
    finally:
        await resumed.stop()
