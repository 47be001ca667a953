"""The tile host's clock across the LAN (127.0.0.1): a seated player who never moves, or
who has left, never holds the table; a returning seat counts down from the host's time.

Limits here are a second (or two) so the games go on quickly; the tests wait on what the
host records, never on how long something took.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from tests.net.helpers import wait_until
from tests.session.test_tile_lan import act, join, tile_host
from wordsy_tui.games.tiles.host import TileHost
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import decode_event
from wordsy_tui.games.tiles.rules.legal import may_play
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.games.tiles.seat import TileSeat


def clocked_host(tmp_path: Path, game: GameName, seconds: int) -> TileHost:
    return tile_host(tmp_path, game, turn_seconds=seconds)


async def seated(server: TileHost) -> tuple[TileSeat, TileSeat]:
    """ann and bob at the table, ann first (the captain)."""
    ann, bob = join(server, "ann"), join(server, "bob")
    await ann.start()
    await wait_until(lambda: "ann" in server.state.players)
    await bob.start()
    await wait_until(lambda: len(server.state.players) == 2)
    return ann, bob


def logged(server: TileHost) -> list[ev.Event]:
    return [decode_event(body) for body in server.host.events]


def turns_started(server: TileHost, player: str) -> int:
    return sum(e == ev.TurnStarted(player) for e in logged(server))


async def play_until(server: TileHost, session: TileSeat, done: Callable[[], bool]) -> None:
    """`session`'s player plays whenever the rules let them, until `done` (or the end)."""
    exchanged: set[str] = set()

    def stop() -> bool:
        return done() or server.state.phase is Phase.OVER

    while not stop():
        await wait_until(
            lambda: stop() or session.asked_to_judge or may_play(session.state, session.me),
            timeout=60,
        )
        if not stop():
            await act(session, server, exchanged)


async def test_a_player_who_left_the_table_does_not_stall_it(tmp_path: Path) -> None:
    server = clocked_host(tmp_path, GameName.SCRABBLE, 1)
    await server.start()
    try:
        ann, bob = await seated(server)
        assert await ann.start_game() is None
        await wait_until(lambda: server.state.phase is Phase.PLAYING)
        await bob.stop()  # bob's program closed, and nobody comes back to his seat
        # ann plays on; bob's turns pass when their time is up, and ann's plays, which
        # bob never lets stand nor challenges, stand when the window closes.
        await play_until(
            server,
            ann,
            lambda: (
                turns_started(server, "ann") >= 3
                and ev.PlayAccepted(timed_out=True) in logged(server)
            ),
        )
        events = logged(server)
        assert ev.Passed("bob", timed_out=True) in events
        assert ev.PlayAccepted(timed_out=True) in events
        assert turns_started(server, "ann") >= 3  # the game went on past bob's silence
        await ann.stop()
    finally:
        await server.stop()


async def test_a_table_where_nobody_moves_still_finishes(tmp_path: Path) -> None:
    # Wordfeud: three passes in a row end the game, the host's passes too.
    server = clocked_host(tmp_path, GameName.WORDFEUD, 1)
    await server.start()
    try:
        ann, bob = await seated(server)
        assert await ann.start_game() is None
        await wait_until(lambda: ann.state.phase is Phase.OVER, timeout=60)
        timed_out = [e for e in logged(server) if isinstance(e, ev.Passed) and e.timed_out]
        assert [e.player for e in timed_out] == ["ann", "bob", "ann"]
        assert ann.state.out is None
        assert ann.state.turns[-1].timed_out  # the move list says why
        for session in (ann, bob):
            await session.stop()
    finally:
        await server.stop()


async def test_a_returning_seat_counts_down_from_the_hosts_time(tmp_path: Path) -> None:
    server = clocked_host(tmp_path, GameName.WWF, 600)
    await server.start()
    try:
        ann, bob = await seated(server)
        assert await ann.start_game() is None
        await wait_until(lambda: bob.deadline is not None and bob.state.turn == "ann")
        assert bob.deadline is not None
        assert bob.deadline.label == "turn"
        token = bob.door.client.token
        await bob.stop()
        clock = server.clock
        assert clock is not None
        note = clock.note()
        assert note is not None
        assert note["alarm"] == ["turn", "ann", 0]  # whose turn, after how many turns
        # As if ann had thought for most of her turn: the host says 7 s are left.
        clock.note = lambda: {**note, "left": 7.0}  # type: ignore[method-assign]
        back = join(server, "bob", token=token)
        await back.start()
        await wait_until(lambda: back.door.seq == server.host.seq and back.deadline is not None)
        deadline = back.deadline
        assert deadline is not None
        left = deadline.at - asyncio.get_running_loop().time()
        assert left <= 7.0  # not the whole 600 s of a turn that starts now
        for session in (ann, back):
            await session.stop()
    finally:
        await server.stop()


async def test_a_turn_whose_player_has_gone_ends_after_a_grace(tmp_path: Path) -> None:
    # A limit nobody waits out in a test: bob's turn ends because bob is gone, not timed.
    server = clocked_host(tmp_path, GameName.WWF, 3600)
    server.attendance.absent_grace = 0.2
    await server.start()
    try:
        ann, bob = await seated(server)
        assert await ann.start_game() is None
        await wait_until(lambda: bob.state.phase is Phase.PLAYING)
        await bob.stop()  # bob's program closed during ann's turn
        await wait_until(lambda: server.host.presence.get("bob") is False)
        assert server.state.turn == "ann"  # ann is here: her turn runs its own limit
        assert await ann.pass_turn() is None
        # The host's pass says the table moved on without bob: not the turn limit.
        moved_on = ev.Passed("bob", timed_out=True, early=True)
        await wait_until(lambda: moved_on in logged(server), timeout=30)
        await wait_until(lambda: server.state.turn == "ann")
        await ann.stop()
    finally:
        await server.stop()


async def test_no_countdown_runs_at_a_table_its_host_has_ended(tmp_path: Path) -> None:
    server = clocked_host(tmp_path, GameName.WORDFEUD, 60)
    await server.start()
    ann, bob = await seated(server)
    try:
        assert await server.start_game() is None
        await wait_until(lambda: ann.deadline is not None)
        await server.stop()
        await wait_until(lambda: ann.door.client.closed)
        # The host's last word came: its clock is not ours to count down any more.
        assert ann.deadline is None
    finally:
        await bob.stop()
        await ann.stop()
