"""Watching a tile game and chatting at its table, across the LAN (127.0.0.1).

A spectator's `TileSeat` follows a whole game between two people's sessions: at
every step it holds the host's state as the rules' view redacts it for spectators (every
rack a count, no bag) and it can act on nothing. Chat lines reach everyone at the table,
spectators included, and the hosting player's mute list keeps a muted line from all.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from tests.net.helpers import wait_until
from tests.session.test_tile_lan import act, assert_views, join, tile_host
from wordsy_tui.games.tiles.host import TileHost
from wordsy_tui.games.tiles.rules.legal import may_play
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.seat import TableUpdate, TileSeat
from wordsy_tui.table.chat import MUTED, ChatHeard, ChatRefused


async def heard(session: TileSeat, kind: type[ChatHeard | ChatRefused]) -> TableUpdate:
    """The next chat update of `kind` the session tells its app (game news skipped)."""
    while not isinstance(update := await session.changed(), kind):
        pass
    return update


async def play_out(
    server: TileHost,
    people: list[TileSeat],
    after: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """The people move from their own views (the host's computer players by themselves)
    until the game is over; `after` looks at the table after each round of moves."""
    exchanged: set[str] = set()
    for _round in range(400):
        if server.state.phase is Phase.OVER:
            return
        if not [s for s in people if await act(s, server, exchanged)]:
            await wait_until(
                lambda: (
                    server.state.phase is Phase.OVER
                    or any(s.asked_to_judge or may_play(s.state, s.me) for s in people)
                ),
                timeout=60,
            )
        elif after is not None:
            await after()
    raise AssertionError("the game never ended")


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[TileHost]:
    server = tile_host(tmp_path, GameName.WWF)
    await server.start()
    yield server
    await server.stop()


async def test_a_spectator_follows_a_whole_game_seeing_only_counts(server: TileHost) -> None:
    ann, bob = join(server, "ann"), join(server, "bob")
    watcher = join(server, "watch", spectate=True)
    await ann.start()
    await wait_until(lambda: "ann" in server.state.players)
    await bob.start()
    await watcher.start()
    assert watcher.me is None
    assert watcher.door.client.seat is None
    assert server.host.spectators == 1
    await wait_until(lambda: len(watcher.state.players) == 2)
    assert "watch" not in server.state.players  # a spectator takes no seat
    assert await ann.start_game() is None
    people = [ann, bob]

    async def counts_only() -> None:
        await wait_until(lambda: watcher.door.seq == server.host.seq)
        assert_views(server, [*people, watcher])
        if server.state.phase is Phase.PLAYING:
            for player in people:
                rack = watcher.state.rack(player.door.client.name)
                assert set(rack) <= {HIDDEN}
                assert len(rack) == len(server.state.rack(player.door.client.name))
            assert watcher.state.bag is None
            assert watcher.state.bag_count == server.state.bag_count

    await play_out(server, people, counts_only)
    await wait_until(lambda: watcher.state.phase is Phase.OVER)
    assert watcher.state == state_for_seat(server.state, None)
    assert watcher.state.winners
    # Watching is only watching: the host refuses a spectator's every command.
    assert await watcher.pass_turn() is not None
    assert not watcher.asked_to_judge
    for session in (*people, watcher):
        await session.stop()


async def test_chat_reaches_players_and_spectators_and_the_host_mutes(
    server: TileHost,
) -> None:
    # The hosting player's seat names itself to the host, whose mute list leaves it out.
    TileSeat.host("ann", server)
    ann = join(server, "ann")
    bob = join(server, "bob")
    watcher = join(server, "dora", spectate=True)
    for session in (ann, bob, watcher):
        await session.start()
    assert server.captain == "ann"
    assert ann.can_chat
    assert watcher.can_chat

    assert await bob.say("  good luck  ") is None
    for session in (ann, bob, watcher):
        assert await heard(session, ChatHeard) == ChatHeard("bob", "good luck")
    assert await watcher.say("go ann!") is None
    for session in (ann, bob, watcher):
        assert await heard(session, ChatHeard) == ChatHeard("dora", "go ann!", watching=True)

    assert await bob.say("\x1b[2J") is not None  # refused before it leaves
    assert server.talkers == [("bob", False), ("dora", True)]  # not the host's own
    assert server.mute("Ann") == "You cannot mute yourself."
    assert "reach nobody" in server.mute("dora")
    assert await watcher.say("boo") is None
    refused = await heard(watcher, ChatRefused)
    assert isinstance(refused, ChatRefused)
    assert refused.code == MUTED
    assert await bob.say("anyone?") is None
    assert await heard(ann, ChatHeard) == ChatHeard("bob", "anyone?")  # not dora's "boo"
    assert server.unmute("dora") == "dora may chat again."
    for session in (ann, bob, watcher):
        await session.stop()
