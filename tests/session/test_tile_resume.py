"""A tile host stopped mid-game and started again on its log (`host --game ... --resume`):
the same game, the hosting player and the computer players in their seats, and the
people back in theirs with their kept tokens."""

from __future__ import annotations

from pathlib import Path

from tests.net.helpers import wait_until
from tests.session.test_tile_lan import act, join, tile_host
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.host import TileHost
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase
from wordsy_tui.games.tiles.seat import TileSeat


async def ann_hosts_bob(tmp_path: Path) -> tuple[TileHost, TileSeat, TileSeat]:
    """Ann hosts Words with Friends with a computer player; Bob has joined: all seated."""
    server = tile_host(tmp_path, GameName.WWF)
    ann = TileSeat.host("ann", server, [Level.EASY])
    await ann.start()
    bob = join(server, "bob")
    await bob.start()
    await wait_until(lambda: len(server.state.players) == 3)
    return server, ann, bob


async def test_a_stopped_tile_host_resumes_its_game_with_every_seat_taken_back(
    tmp_path: Path,
) -> None:
    server, ann, bob = await ann_hosts_bob(tmp_path)
    assert await ann.start_game() is None
    exchanged: set[str] = set()
    while len(server.state.turns) < 4:  # a few moves: a board, scores, smaller racks
        await wait_until(lambda: any(s.state.turn == s.me for s in (ann, bob)), timeout=60)
        for session in (ann, bob):
            await act(session, server, exchanged)
    await wait_until(lambda: server.state.turn in ("ann", "bob"), timeout=60)
    before, token = server.state, bob.door.client.token
    await ann.stop()  # the host ends the game for everyone: it stays saved
    assert bob.door.client.closed is not None
    assert "--game wwf --resume" in bob.door.client.closed.message
    assert bob.door.client.closed.resumable
    await bob.stop()

    again = tile_host(tmp_path, GameName.WWF)  # the same log
    ann = TileSeat.host("ann", again, [Level.EASY])
    await ann.start()
    try:
        assert again.state == before  # the bag and every rack, replayed from the log
        assert again.state.players == before.players  # no second computer player
        (bot,) = again.bots
        await wait_until(lambda: again.host.presence.get(bot) is True)
        await wait_until(lambda: ann.state.rack("ann") == before.rack("ann"))
        assert again.clock is not None
        assert again.clock.deadline is not None
        bob = join(again, "bob", token=token)
        await bob.start()
        await wait_until(lambda: bob.door.seq == again.host.seq)
        assert bob.state.rack("bob") == before.rack("bob")
        assert set(bob.state.rack("ann")) == {HIDDEN}
        assert bob.state.scores == before.scores
        turns = len(before.turns)
        # The game goes on, the bot's turn too, until it ends (with the tests' few words the
        # scoreless turns may end it: then nobody's turn comes again).
        while len(again.state.turns) <= turns + 1 and again.state.phase is not Phase.OVER:
            await wait_until(
                lambda: (
                    again.state.phase is Phase.OVER
                    or any(s.state.turn == s.me for s in (ann, bob))
                ),
                timeout=60,
            )
            for session in (ann, bob):
                await act(session, again, exchanged)
        assert again.state.phase in (Phase.PLAYING, Phase.OVER)
        await bob.stop()
    finally:
        await ann.stop()
